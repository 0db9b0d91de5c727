//! A board's themes and its traps' lines (docs/puzzles.md#themes and
//! #the-why-of-every-trap), computed again with the verifier's own rules and
//! search from the board and the record's proven fields: a wrong, missing or
//! extra theme fails the board by name, and so does a trap line that is not
//! the trap move followed by each side's first optimal move to the end.

use crate::data::{BoardRecord, MoveRecord};
use crate::rules::{Board, parse_square, square_name};
use crate::search::Searcher;

/// Every theme in the order the files list them, with the help page's tip
/// (written again here from docs/puzzles.md#themes).
pub const THEMES: [(&str, Option<&str>); 9] = [
    ("corner", Some("Take the corners.")),
    ("risky-square", Some("Be careful beside an empty corner.")),
    ("edge", None),
    ("quiet", Some("Count moves, not discs.")),
    ("mobility", Some("Count moves, not discs.")),
    ("gives-corner", Some("A corner given for the count.")),
    ("only-win", None),
    ("tempo", Some("Count the empty squares near the end.")),
    ("wipeout", None),
];

const CORNERS: [&str; 4] = ["a1", "h1", "a8", "h8"];
/// The twelve squares beside a corner, each with its corner.
const BESIDE: [(&str, &str); 12] = [
    ("b1", "a1"),
    ("a2", "a1"),
    ("b2", "a1"),
    ("g1", "h1"),
    ("h2", "h1"),
    ("g2", "h1"),
    ("a7", "a8"),
    ("b8", "a8"),
    ("b7", "a8"),
    ("g8", "h8"),
    ("h7", "h8"),
    ("g7", "h8"),
];
/// The edge squares that are neither corners nor beside one.
const EDGE: [&str; 16] =
    ["c1", "d1", "e1", "f1", "c8", "d8", "e8", "f8", "a3", "a4", "a5", "a6", "h3", "h4", "h5", "h6"];

fn bit(name: &str) -> u64 {
    1 << parse_square(name).expect("a square name")
}

/// The themes of `rec` on `b` (Dark to move), in [`THEMES`]' order.
pub fn themes(rec: &BoardRecord, b: &Board) -> Vec<&'static str> {
    let par = rec.par_move.to_ascii_lowercase();
    let Some(p) = parse_square(&par).filter(|s| b.legal().contains(s)) else { return Vec::new() };
    let par_record = rec.moves.iter().find(|m| m.square.eq_ignore_ascii_case(&par));
    let others: Vec<u8> = b.legal().into_iter().filter(|&s| s != p).collect();
    let flips = |s: u8| b.captures(s).count_ones();
    let replies = |s: u8| b.after(s).legal().len();
    let lines = rec.solution.as_ref().map_or(&[][..], |s| &s.lines[..]);
    let occupied = b.own | b.other;
    let mut out = Vec::new();
    for (name, _) in THEMES {
        let has = match name {
            "corner" => CORNERS.contains(&par.as_str()),
            "risky-square" => BESIDE.iter().any(|&(s, c)| s == par && occupied & bit(c) == 0),
            "edge" => EDGE.contains(&par.as_str()),
            "quiet" => others.iter().all(|&s| flips(p) < flips(s)),
            "mobility" => others.iter().all(|&s| replies(p) < replies(s)),
            "gives-corner" => par_record.is_some_and(|m| CORNERS.contains(&m.reply.to_ascii_lowercase().as_str())),
            "only-win" => rec.moves.iter().all(|m| m.square.eq_ignore_ascii_case(&par) || m.value <= 0),
            "tempo" => !lines.is_empty() && lines.iter().all(|l| l.iter().skip(1).step_by(2).any(|m| m == "pass")),
            _ => lines.iter().any(|l| light_discs_at_end(b, l) == Some(0)),
        };
        if has {
            out.push(name);
        }
    }
    out
}

/// Light's discs where `line` (moves from `b`, Dark first) ends; `None` if it is not legal.
fn light_discs_at_end(b: &Board, line: &[String]) -> Option<u32> {
    let (mut board, mut dark_to_move) = (*b, true);
    for m in line {
        board = if m == "pass" {
            board.passed()
        } else {
            board.after(parse_square(m).filter(|s| board.legal().contains(s))?)
        };
        dark_to_move = !dark_to_move;
    }
    Some(if dark_to_move { board.other } else { board.own }.count_ones())
}

/// What differs between the recorded themes and the verifier's, one line each.
pub fn check_themes(rec: &BoardRecord, b: &Board) -> Vec<String> {
    let Some(recorded) = &rec.themes else { return vec!["no themes".to_string()] };
    let want = themes(rec, b);
    let mut bad = Vec::new();
    for t in recorded.iter().filter(|t| !THEMES.iter().any(|(n, _)| n == t)) {
        bad.push(format!("theme {t:?} is not a theme"));
    }
    for t in &want {
        if !recorded.iter().any(|r| r == t) {
            bad.push(format!("theme {t} missing: the board shows it"));
        }
    }
    for t in recorded.iter().filter(|t| THEMES.iter().any(|(n, _)| n == t) && !want.contains(&t.as_str())) {
        bad.push(format!("theme {t} recorded: the board does not show it"));
    }
    if bad.is_empty() && recorded.iter().map(String::as_str).ne(want.iter().copied()) {
        bad.push(format!("themes {recorded:?} are not in the order {want:?}"));
    }
    bad
}

/// Each trap move (a biggest flip or one of Level 2's moves) has its line and
/// no other move has one; each line is the move, then each side's first
/// optimal move in square order (a pass only when forced) to the end of the
/// game, which ends at the move's value.
pub fn check_trap_lines(rec: &BoardRecord, b: &Board, search: &mut Searcher) -> Vec<String> {
    let mut bad = Vec::new();
    for m in &rec.moves {
        let trap = rec.biggest_flip.iter().chain(&rec.level2).any(|t| t.eq_ignore_ascii_case(&m.square));
        match (&m.line, trap) {
            (None, true) => bad.push(format!("move {}: a trap without its line", m.square)),
            (Some(_), false) => bad.push(format!("move {}: a line, but the move is no trap", m.square)),
            (Some(line), true) => {
                if let Some(why) = walk_trap_line(m, line, b, search) {
                    bad.push(format!("move {}: trap line {}: {why}", m.square, line.join(" ")));
                }
            }
            (None, false) => {}
        }
    }
    bad
}

/// Why the line of trap move `m` on `b` fails, if it does.
fn walk_trap_line(m: &MoveRecord, line: &[String], b: &Board, search: &mut Searcher) -> Option<String> {
    if line.first().map(|s| s.to_ascii_lowercase()) != Some(m.square.to_ascii_lowercase()) {
        return Some("does not start with the move".to_string());
    }
    let first = parse_square(&m.square)?;
    // Walk with the mover's value: Dark's is the move's value, Light's its negation.
    let (mut board, mut dark_to_move) = (b.after(first), false);
    for (i, step) in line.iter().enumerate().skip(1) {
        let over = !board.has_move() && !board.passed().has_move();
        if over {
            return Some(format!("goes on after the game is over (step {})", i + 1));
        }
        let legal = board.legal();
        if legal.is_empty() {
            if step != "pass" {
                return Some(format!("step {} is {step}, but the side to move must pass", i + 1));
            }
            board = board.passed();
        } else {
            let best = if dark_to_move { m.value } else { -m.value };
            let first_best = legal.iter().copied().find(|&s| search.value_is(&board.after(s), -best));
            let Some(want) = first_best else {
                return Some(format!("no move keeps the value {} at step {}", m.value, i + 1));
            };
            if parse_square(step) != Some(want) {
                return Some(format!("step {} is {step}, the first optimal move is {}", i + 1, square_name(want)));
            }
            board = board.after(want);
        }
        dark_to_move = !dark_to_move;
    }
    if board.has_move() || board.passed().has_move() {
        return Some("stops before the end of the game".to_string());
    }
    let (dark, light) = if dark_to_move { (board.own, board.other) } else { (board.other, board.own) };
    let margin = dark.count_ones() as i32 - light.count_ones() as i32;
    (margin != m.value).then(|| format!("ends at {margin:+}, the move's value is {:+}", m.value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::SolutionRecord;

    /// Dark a1 and Light b1 (and `more` Light discs), Dark to move: c1 is its one move.
    fn tiny(more: u64, lines: Vec<Vec<&str>>) -> (BoardRecord, Board) {
        let b = Board { own: 1, other: 2 | more };
        let solution = SolutionRecord {
            lines: lines.into_iter().map(|l| l.into_iter().map(String::from).collect()).collect(),
            line_count: 1,
            decisions: 0,
            only_moves: 0,
            random_par_chance: 1.0,
            levels: Vec::new(),
            difficulty: 0,
            tier: 1,
        };
        let c1 = MoveRecord {
            square: "c1".into(),
            value: 3,
            flips: 1,
            reply: "pass".into(),
            reply_positions: 1,
            line: None,
        };
        let rec = BoardRecord {
            id: "tiny".into(),
            board: String::new(),
            empties: 61,
            par: 3,
            par_move: "c1".into(),
            moves: vec![c1],
            biggest_flip: vec!["c1".into()],
            level2: vec!["c1".into()],
            solution: Some(solution),
            themes: None,
            display: serde::de::IgnoredAny,
            provenance: serde::de::IgnoredAny,
        };
        (rec, b)
    }

    /// A wipeout, which no shipped board shows: after c1 Light has no disc, with
    /// or without a pass written after it; with a Light disc left, or on a line
    /// that is not legal, it is none. The one move is vacuously quiet, mobile and
    /// the only win, on a plain edge square.
    #[test]
    fn a_line_that_leaves_light_no_disc_is_a_wipeout() {
        let all = ["edge", "quiet", "mobility", "only-win", "wipeout"];
        assert_eq!(themes(&tiny(0, vec![vec!["c1"]]).0, &tiny(0, vec![]).1), all);
        let (rec, b) = tiny(0, vec![vec!["c1", "pass"]]);
        assert_eq!(themes(&rec, &b), ["edge", "quiet", "mobility", "only-win", "tempo", "wipeout"]);
        let (rec, b) = tiny(1 << 63, vec![vec!["c1"]]);
        assert_eq!(themes(&rec, &b), ["edge", "quiet", "mobility", "only-win"], "Light keeps h8");
        assert_eq!(light_discs_at_end(&b, &["c1".to_string()]), Some(1));
        assert_eq!(light_discs_at_end(&b, &["d4".to_string()]), None, "not a legal move");
        let (rec, b) = tiny(0, vec![]);
        assert_eq!(themes(&rec, &b), ["edge", "quiet", "mobility", "only-win"], "no listed line: no tempo, no wipeout");
    }

    /// The recorded themes must be the board's, each once, in [`THEMES`]' order:
    /// the right names in another order fail by the order alone, an unknown,
    /// missing or extra name by name.
    #[test]
    fn the_right_themes_in_another_order_fail_by_their_order() {
        let (mut rec, b) = tiny(0, vec![vec!["c1"]]);
        let right = ["edge", "quiet", "mobility", "only-win", "wipeout"];
        let set =
            |rec: &mut BoardRecord, names: &[&str]| rec.themes = Some(names.iter().map(|s| s.to_string()).collect());
        set(&mut rec, &right);
        assert_eq!(check_themes(&rec, &b), Vec::<String>::new());
        set(&mut rec, &["quiet", "edge", "mobility", "only-win", "wipeout"]);
        assert_eq!(
            check_themes(&rec, &b),
            [
                r#"themes ["quiet", "edge", "mobility", "only-win", "wipeout"] are not in the order ["edge", "quiet", "mobility", "only-win", "wipeout"]"#
            ]
        );
        set(&mut rec, &["edge", "quiet", "mobility", "only-win", "wipeout", "edge"]);
        assert_eq!(check_themes(&rec, &b).len(), 1, "a theme twice is out of order");
        set(&mut rec, &["edge", "quiet", "mobility", "only-win", "wipeout", "dull"]);
        assert_eq!(check_themes(&rec, &b), [r#"theme "dull" is not a theme"#]);
        set(&mut rec, &["edge", "quiet", "mobility", "only-win"]);
        assert_eq!(check_themes(&rec, &b), ["theme wipeout missing: the board shows it"]);
        set(&mut rec, &["corner", "edge", "quiet", "mobility", "only-win", "wipeout"]);
        assert_eq!(check_themes(&rec, &b), ["theme corner recorded: the board does not show it"]);
        rec.themes = None;
        assert_eq!(check_themes(&rec, &b), ["no themes"]);
    }
}
