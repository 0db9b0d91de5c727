//! What a board teaches (docs/puzzles.md#themes and #the-why-of-every-trap): the
//! themes it shows, computed from the board and its exact record, and for each
//! trap move the line that refutes it. The verifier computes both again with
//! its own code.

use crate::puzzles::solution::Lines;
use engine::{Position, Square};
use format::{BoardRecord, Theme};

/// The four corners: a1, h1, a8, h8.
const CORNERS: [u8; 4] = [0, 7, 56, 63];

/// The corner a square is beside (its three neighbours: b1, a2, b2 for a1), if any.
fn corner_beside(sq: Square) -> Option<u8> {
    let (c, r) = (sq.column(), sq.row());
    let near = |x: u8| match x {
        0 | 1 => Some(0),
        6 | 7 => Some(7),
        _ => None,
    };
    let (cc, cr) = (near(c)?, near(r)?);
    let corner = cr * 8 + cc;
    (corner != sq.index() as u8).then_some(corner)
}

/// Whether `sq` is on an edge, neither a corner nor beside one (c1–f1, a3–a6, …).
fn plain_edge(sq: Square) -> bool {
    let (c, r) = (sq.column(), sq.row());
    let middle = |x: u8| (2..=5).contains(&x);
    ((c == 0 || c == 7) && middle(r)) || ((r == 0 || r == 7) && middle(c))
}

/// The themes `rec` (a solved record of `pos`, Dark to move) shows, in [`Theme::ALL`]'s order.
pub fn themes(pos: &Position, rec: &BoardRecord) -> Vec<Theme> {
    let par_move = rec.par_move;
    let par_record = rec.moves.iter().find(|m| m.square == par_move).expect("the par move is a first move");
    let others = || rec.moves.iter().filter(|m| m.square != par_move);
    let light_moves = |sq: Square| pos.play_unchecked(sq).legal_moves().count();
    let lines = rec.solution.as_ref().map_or(&[][..], |s| &s.lines[..]);
    let has = |theme: Theme| -> bool {
        match theme {
            Theme::Corner => CORNERS.contains(&(par_move.index() as u8)),
            Theme::RiskySquare => corner_beside(par_move).is_some_and(|c| pos.empties().0 & (1 << c) != 0),
            Theme::Edge => plain_edge(par_move),
            Theme::Quiet => others().all(|m| par_record.flips < m.flips),
            Theme::Mobility => others().all(|m| light_moves(par_move) < light_moves(m.square)),
            Theme::GivesCorner => par_record.reply.is_some_and(|r| CORNERS.contains(&(r.index() as u8))),
            Theme::OnlyWin => others().all(|m| m.value <= 0),
            Theme::Tempo => !lines.is_empty() && lines.iter().all(|l| l.iter().skip(1).step_by(2).any(Option::is_none)),
            Theme::Wipeout => lines.iter().any(|l| end_of(*pos, l).light().count() == 0),
        }
    };
    Theme::ALL.into_iter().filter(|&t| has(t)).collect()
}

/// The position a line of moves from `pos` ends in.
fn end_of(pos: Position, line: &[Option<Square>]) -> Position {
    line.iter().fold(pos, |p, m| m.map_or_else(|| p.pass(), |sq| p.play_unchecked(sq)))
}

/// Records on `rec` (of `pos`) its themes and, on each trap move (a biggest
/// flip or one of Level 2's moves), the line that refutes it: the move, then
/// each side's first optimal move in square order to the end.
pub fn teach(rec: &mut BoardRecord, pos: Position, lines: &mut Lines) {
    for m in &mut rec.moves {
        let trap = rec.biggest_flip.contains(&m.square) || rec.level2.contains(&m.square);
        m.line = trap.then(|| {
            let mut line = vec![Some(m.square)];
            line.extend(lines.principal(pos.play_unchecked(m.square)));
            line
        });
    }
    rec.themes = Some(themes(&pos, rec));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::rules::{Workbench, judge};
    use crate::puzzles::sampling::candidate;
    use engine::Levels;
    use verifier::search::{Rule, Searcher};

    /// Boards the rules accept (8 empties, seed 11), taught, against the
    /// verifier's own themes and its check of every trap line: they agree on
    /// every board, and between them the boards show most themes.
    #[test]
    fn themes_and_trap_lines_agree_with_the_verifiers() {
        let (mut bench, mut lines) = (Workbench::default(), Lines::default());
        let mut search = Searcher::new(Rule::Margin);
        let (mut boards, mut seen) = (0, std::collections::BTreeSet::new());
        for index in 0..400 {
            let Some((pos, provenance)) = candidate(11, 8, index, &Levels::GAME) else { continue };
            let Ok(judged) = judge(&pos, &mut bench, provenance) else { continue };
            let mut rec = judged.puzzle.record;
            rec.solution = Some(lines.solve(pos, rec.par, 11));
            teach(&mut rec, pos, &mut lines);
            let theirs: verifier::data::BoardRecord =
                serde_json::from_value(serde_json::to_value(&rec).unwrap()).unwrap();
            let b = verifier::rules::Board { own: pos.player().0, other: pos.opponent().0 };
            let ours: Vec<&str> = rec.themes.iter().flatten().map(|t| t.name()).collect();
            assert_eq!(ours, verifier::teach::themes(&theirs, &b), "{}", rec.board);
            assert_eq!(
                verifier::teach::check_trap_lines(&theirs, &b, &mut search),
                Vec::<String>::new(),
                "{}",
                rec.board
            );
            let traps = rec.moves.iter().filter(|m| m.line.is_some()).count();
            let tied: std::collections::BTreeSet<Square> =
                rec.biggest_flip.iter().chain(&rec.level2).copied().collect();
            assert_eq!(traps, tied.len(), "{}: a line on every trap move and no other", rec.board);
            seen.extend(ours.iter().map(|t| t.to_string()));
            boards += 1;
        }
        assert!(boards >= 20, "{boards} boards");
        assert!(seen.len() >= 6, "themes seen: {seen:?}");
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A wipeout, which no shipped board shows: Dark a1, Light b1, Dark plays c1
    /// and Light has no disc left. The one first move is vacuously quiet,
    /// mobile and the only win; c1 is a plain edge square. The verifier agrees.
    #[test]
    fn a_line_that_leaves_light_no_disc_is_a_wipeout() {
        let pos = Position::from_board_str(&format!("XO{}", "-".repeat(62)), engine::Color::Dark).unwrap();
        let mut rec = crate::puzzles::rules::template().record;
        let c1 = sq("c1");
        rec.board = pos.board_string();
        rec.par_move = c1;
        rec.moves =
            vec![format::MoveRecord { square: c1, value: 3, flips: 1, reply: None, reply_positions: 1, line: None }];
        rec.solution.as_mut().unwrap().lines = vec![vec![Some(c1)]];
        let want = [Theme::Edge, Theme::Quiet, Theme::Mobility, Theme::OnlyWin, Theme::Wipeout];
        assert_eq!(themes(&pos, &rec), want);
        let theirs: verifier::data::BoardRecord = serde_json::from_value(serde_json::to_value(&rec).unwrap()).unwrap();
        let b = verifier::rules::Board { own: pos.player().0, other: pos.opponent().0 };
        assert_eq!(verifier::teach::themes(&theirs, &b), want.map(Theme::name));
        // Light passing on the one listed line makes it tempo as well; an empty list is no tempo.
        rec.solution.as_mut().unwrap().lines = vec![vec![Some(c1), None]];
        assert!(themes(&pos, &rec).contains(&Theme::Tempo));
        rec.solution.as_mut().unwrap().lines = vec![];
        assert!(!themes(&pos, &rec).contains(&Theme::Tempo));
    }

    #[test]
    fn corners_their_neighbours_and_the_plain_edge() {
        for (s, corner) in [("b1", 0), ("a2", 0), ("b2", 0), ("g1", 7), ("h2", 7), ("g2", 7)] {
            assert_eq!(corner_beside(sq(s)), Some(corner), "{s}");
        }
        for (s, corner) in [("a7", 56), ("b8", 56), ("b7", 56), ("g8", 63), ("h7", 63), ("g7", 63)] {
            assert_eq!(corner_beside(sq(s)), Some(corner), "{s}");
        }
        for s in ["a1", "h8", "c1", "c3", "d4", "a3", "f8"] {
            assert_eq!(corner_beside(sq(s)), None, "{s}");
        }
        let edges: Vec<String> =
            (0..64u8).map(Square::new_unchecked).filter(|&s| plain_edge(s)).map(|s| s.to_string()).collect();
        let want = ["c1", "d1", "e1", "f1", "a3", "h3", "a4", "h4", "a5", "h5", "a6", "h6", "c8", "d8", "e8", "f8"];
        assert_eq!(edges, want);
    }
}
