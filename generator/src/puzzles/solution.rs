//! Every board's par lines and its offline difficulty (docs/puzzles.md#par-lines-and-difficulty).
//!
//! A par line is a whole game from the board: Dark plays a move that keeps
//! par, Light answers with the computer's reply (the first optimal move in
//! square order), and so on to the end, passes included. Along a par line
//! the position's exact value for Dark stays par, so a Dark move keeps par
//! exactly when its value equals par.

use crate::puzzles::seeds::{self, Stream};
use engine::{Levels, Player, PlayerKind, Position, Scoring, Solver, SolverConfig, Square};
use format::{Solution, Tries};
use std::collections::HashMap;

/// At most this many par lines are listed (all are counted).
pub(crate) const MAX_LINES: usize = 50;
/// Seeded tries per player in `levels`.
pub(crate) const TRIES: u32 = 20;
/// The players whose tries are recorded, in record order.
pub(crate) const TRY_PLAYERS: [PlayerKind; 6] = [
    PlayerKind::Level1,
    PlayerKind::Level2,
    PlayerKind::Level3,
    PlayerKind::Level4,
    PlayerKind::Level5,
    PlayerKind::FlipGrabber,
];

/// The documented difficulty formula (docs/puzzles.md#par-lines-and-difficulty), from recorded
/// fields only: 40 points for how rarely random play reaches par (on a log
/// scale: 1 in 10 or more scores 0, 1 in 100,000 or less scores 40), 25 for
/// how rarely the six players do (a third of the tries or more scores 0), 15
/// for the share of only-moves among Dark's decisions, 20 for the empty
/// squares (6 scores 0, 12 scores 20). Tier = 1 + score / 20, at most 5.
pub(crate) fn difficulty(
    empties: u32,
    random_par_chance: f64,
    levels: &[Tries],
    decisions: u32,
    only_moves: u32,
) -> (u32, u32) {
    let random = ((-random_par_chance.max(1e-6).log10() - 1.0) / 4.0).clamp(0.0, 1.0);
    let tries: u32 = levels.iter().map(|t| t.tries).sum();
    let par: u32 = levels.iter().map(|t| t.par).sum();
    let players = if tries == 0 { 0.0 } else { f64::from(par) / f64::from(tries) };
    let players = 1.0 - (3.0 * players).min(1.0);
    let only = if decisions == 0 { 0.0 } else { f64::from(only_moves) / f64::from(decisions) };
    let size = ((f64::from(empties) - 6.0) / 6.0).clamp(0.0, 1.0);
    let score = (100.0 * (0.40 * random + 0.25 * players + 0.15 * only + 0.20 * size)).round() as u32;
    (score, (1 + score / 20).min(5))
}

/// The exact solver's view of positions along the par lines, with caches:
/// positions recur across lines and tries.
/// The players' tries follow `levels`.
pub struct Lines {
    solver: Solver,
    replies: HashMap<Position, Option<Square>>,
    values: HashMap<Position, Vec<(Square, i32)>>,
    levels: Levels,
}

impl Default for Lines {
    /// Lines with the game's built-in levels.
    fn default() -> Lines {
        Lines::new(&Levels::GAME)
    }
}

impl Lines {
    /// Lines whose players' tries follow `levels`.
    pub(crate) fn new(levels: &Levels) -> Lines {
        Lines {
            solver: Solver::new(SolverConfig { scoring: Scoring::Margin, table_bits: 16, ..SolverConfig::default() }),
            replies: HashMap::new(),
            values: HashMap::new(),
            levels: *levels,
        }
    }
}

/// What a subtree of par lines holds: its line count and the chance that
/// random Dark play follows one of them.
#[derive(Clone, Copy)]
struct Subtree {
    count: u64,
    chance: f64,
}

impl Lines {
    /// The computer's reply for the side to move (Light along a par line).
    fn reply(&mut self, pos: &Position) -> Option<Square> {
        if let Some(&r) = self.replies.get(pos) {
            return r;
        }
        let r = self.solver.first_best_move(pos, None).exact().expect("no budget").square;
        self.replies.insert(*pos, r);
        r
    }

    /// Each legal move of the side to move with its exact value, in square order.
    fn values(&mut self, pos: &Position) -> Vec<(Square, i32)> {
        if let Some(v) = self.values.get(pos) {
            return v.clone();
        }
        let mut v: Vec<(Square, i32)> = self.solver.move_values(pos).into_iter().map(|m| (m.square, m.value)).collect();
        v.sort_by_key(|m| m.0);
        self.values.insert(*pos, v.clone());
        v
    }

    /// Dark's moves that keep `par` in `pos` (Dark to move), in square order.
    fn keeping(&mut self, pos: &Position, par: i32) -> Vec<Square> {
        self.values(pos).into_iter().filter(|m| m.1 == par).map(|m| m.0).collect()
    }

    /// The par-line subtree below `pos` with Dark to move; lines are listed
    /// into `out` (up to [`MAX_LINES`]) behind `prefix`.
    fn dark(
        &mut self,
        pos: Position,
        par: i32,
        prefix: &mut Vec<Option<Square>>,
        out: &mut Vec<Vec<Option<Square>>>,
    ) -> Subtree {
        if pos.is_game_over() {
            if out.len() < MAX_LINES {
                out.push(prefix.clone());
            }
            return Subtree { count: 1, chance: 1.0 };
        }
        let legal = pos.legal_moves().count();
        if legal == 0 {
            prefix.push(None);
            let s = self.light(pos.pass(), par, prefix, out);
            prefix.pop();
            return s;
        }
        let mut total = Subtree { count: 0, chance: 0.0 };
        for sq in self.keeping(&pos, par) {
            prefix.push(Some(sq));
            let s = self.light(pos.play_unchecked(sq), par, prefix, out);
            prefix.pop();
            total.count += s.count;
            total.chance += s.chance / f64::from(legal);
        }
        total
    }

    /// The same below `pos` with Light to move: its one reply, or a pass.
    fn light(
        &mut self,
        pos: Position,
        par: i32,
        prefix: &mut Vec<Option<Square>>,
        out: &mut Vec<Vec<Option<Square>>>,
    ) -> Subtree {
        if pos.is_game_over() {
            if out.len() < MAX_LINES {
                out.push(prefix.clone());
            }
            return Subtree { count: 1, chance: 1.0 };
        }
        let reply = self.reply(&pos);
        prefix.push(reply);
        let next = match reply {
            Some(sq) => pos.play_unchecked(sq),
            None => pos.pass(),
        };
        let s = self.dark(next, par, prefix, out);
        prefix.pop();
        s
    }

    /// Perfect play from `pos` to the end: each side's first optimal move in
    /// square order, `None` for a pass (a trap's line, docs/puzzles.md#the-why-of-every-trap).
    pub(crate) fn principal(&mut self, mut pos: Position) -> Vec<Option<Square>> {
        let mut line = Vec::new();
        while !pos.is_game_over() {
            let m = self.reply(&pos);
            line.push(m);
            pos = m.map_or_else(|| pos.pass(), |sq| pos.play_unchecked(sq));
        }
        line
    }

    /// Plays `player` as Dark from `start` against the perfect reply; the final margin.
    fn try_player(&mut self, start: Position, player: &mut dyn Player, rng: &mut rand_chacha::ChaCha8Rng) -> i32 {
        let mut pos = start;
        while !pos.is_game_over() {
            let m = if pos.side() == engine::Color::Dark { player.choose(&pos, rng).square } else { self.reply(&pos) };
            pos = match m {
                Some(sq) => pos.play_unchecked(sq),
                None => pos.pass(),
            };
        }
        pos.margin()
    }

    /// The full solution of the board `pos` (Dark to move) whose par is `par`.
    pub fn solve(&mut self, pos: Position, par: i32, seed: u64) -> Solution {
        let mut lines = Vec::new();
        let tree = self.dark(pos, par, &mut Vec::new(), &mut lines);
        let (decisions, only_moves) = self.first_line_decisions(pos, par, &lines[0]);
        let random_par_chance = (tree.chance * 1e6).round() / 1e6;
        let (canon, _) = pos.canonical();
        let levels: Vec<Tries> = TRY_PLAYERS
            .iter()
            .enumerate()
            .map(|(k, &kind)| {
                let mut t = Tries { player: kind, tries: TRIES, par: 0, won: 0 };
                for i in 0..TRIES {
                    let coords = [canon.player().0, canon.opponent().0, k as u64, u64::from(i)];
                    let mut rng = seeds::rng(seeds::stream(seed, Stream::SolutionTries, &coords));
                    let margin = self.try_player(pos, &mut *kind.build(&self.levels), &mut rng);
                    let weight = if i == 0 && rng.get_word_pos() == 0 { TRIES } else { 1 };
                    t.par += weight * u32::from(margin == par);
                    t.won += weight * u32::from(margin > 0);
                    if weight == TRIES {
                        break; // no random number drawn: every try would be the same
                    }
                }
                t
            })
            .collect();
        let (difficulty, tier) = difficulty(pos.empty_count(), random_par_chance, &levels, decisions, only_moves);
        Solution { lines, line_count: tree.count, decisions, only_moves, random_par_chance, levels, difficulty, tier }
    }

    /// Along the first line: Dark turns with two or more legal moves, and
    /// those where exactly one move keeps par.
    fn first_line_decisions(&mut self, start: Position, par: i32, line: &[Option<Square>]) -> (u32, u32) {
        let (mut decisions, mut only) = (0, 0);
        let mut pos = start;
        for m in line {
            if pos.side() == engine::Color::Dark && pos.legal_moves().count() >= 2 {
                decisions += 1;
                only += u32::from(self.keeping(&pos, par).len() == 1);
            }
            pos = match m {
                Some(sq) => pos.play_unchecked(*sq),
                None => pos.pass(),
            };
        }
        (decisions, only)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::random_playout;
    use verifier::search::{Rule, Searcher};

    /// Seeded late-game positions, Dark to move with a winning par: (position, par).
    fn boards(empties: u32, count: usize) -> Vec<(Position, i32)> {
        let mut solver = Solver::new(SolverConfig { scoring: Scoring::Margin, ..SolverConfig::default() });
        let mut out = Vec::new();
        for seed in 0.. {
            let mut rng = seeds::rng(seed);
            let pos = random_playout(Position::start(), &mut rng, |p| p.empty_count() > empties);
            if pos.is_game_over() || pos.side() != engine::Color::Dark || pos.legal_moves().count() < 2 {
                continue;
            }
            let par = solver.move_values(&pos).iter().map(|m| m.value).max().unwrap();
            if par > 0 {
                out.push((pos, par));
            }
            if out.len() == count {
                break;
            }
        }
        out
    }

    /// What the verifier, written apart from the engine, finds wrong with `sol`
    /// as the solution of `pos` (Dark to move) at `par`.
    fn verifier_finds(sol: &Solution, pos: Position, par: i32) -> Vec<String> {
        let record: verifier::data::SolutionRecord =
            serde_json::from_value(serde_json::to_value(sol).unwrap()).unwrap();
        let board = verifier::rules::Board { own: pos.player().0, other: pos.opponent().0 };
        verifier::solution::check(&record, board, par, &mut Searcher::new(Rule::Margin))
    }

    /// The verifier, written apart from the engine, recomputes the lines, their
    /// count, the random chance, the decisions along the first line and the
    /// difficulty of every solution, and finds nothing wrong.
    #[test]
    fn solutions_pass_the_verifiers_check() {
        let mut lines = Lines::default();
        let mut several = 0;
        for (pos, par) in boards(9, 12) {
            let sol = lines.solve(pos, par, 7);
            several += usize::from(sol.line_count > 1);
            assert_eq!(verifier_finds(&sol, pos, par), Vec::<String>::new(), "{pos}");
        }
        assert!(several >= 3, "some boards have several par lines ({several})");
    }

    /// The tries played out one by one, all twenty for every player, against
    /// the solver's first best reply (docs/puzzles.md#par-lines-and-difficulty): (par, won) per
    /// player. No caches and no shortcut for players that draw no number.
    fn tries_one_by_one(pos: Position, par: i32, seed: u64) -> Vec<(u32, u32)> {
        let mut solver = Solver::new(SolverConfig { scoring: Scoring::Margin, ..SolverConfig::default() });
        let (canon, _) = pos.canonical();
        let mut out = Vec::new();
        for (k, kind) in TRY_PLAYERS.iter().enumerate() {
            let (mut reached, mut won) = (0, 0);
            for i in 0..TRIES {
                let coords = [canon.player().0, canon.opponent().0, k as u64, u64::from(i)];
                let mut rng = seeds::rng(seeds::stream(seed, Stream::SolutionTries, &coords));
                let mut player = kind.build(&Levels::GAME);
                let mut p = pos;
                while !p.is_game_over() {
                    let m = match p.side() {
                        engine::Color::Dark => player.choose(&p, &mut rng).square,
                        engine::Color::Light => solver.first_best_move(&p, None).exact().unwrap().square,
                    };
                    p = m.map_or(p.pass(), |sq| p.play_unchecked(sq));
                }
                reached += u32::from(p.margin() == par);
                won += u32::from(p.margin() > 0);
            }
            out.push((reached, won));
        }
        out
    }

    /// Every player's tries as counted one by one; Level 5 plays the last
    /// empty squares exactly (docs/players.md), so it always reaches par; the
    /// random Level 1 reaches it on some tries only, and loses some.
    #[test]
    fn tries_count_as_played_one_by_one() {
        let mut lines = Lines::default();
        let (mut level1_partly, mut level1_lost) = (false, false);
        for (pos, par) in boards(9, 12) {
            let sol = lines.solve(pos, par, 7);
            let counted: Vec<(u32, u32)> = sol.levels.iter().map(|t| (t.par, t.won)).collect();
            assert_eq!(counted, tries_one_by_one(pos, par, 7), "{pos}");
            assert!(sol.levels.iter().all(|t| t.tries == TRIES));
            assert_eq!(sol.levels[4].player, PlayerKind::Level5);
            assert_eq!((sol.levels[4].par, sol.levels[4].won), (TRIES, TRIES), "{pos}");
            let level1 = &sol.levels[0];
            level1_partly |= level1.par > 0 && level1.par < TRIES;
            level1_lost |= level1.won < TRIES;
        }
        assert!(level1_partly && level1_lost, "random play reaches par on some tries only, and loses some");
    }

    /// A shipped board with more par lines than are listed (147: 4 of the
    /// 2,160 boards have over 50; `tests/data/many_lines.json`, held to the
    /// shipped record by the end-to-end crate): the first fifty are listed,
    /// all are counted, as shipped. A board with fewer lists every one.
    #[test]
    fn a_board_with_more_lines_than_listed() {
        let record = |name: &str| -> format::BoardRecord {
            let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
            let path = std::path::Path::new(&dir).join("tests/data").join(name);
            serde_json::from_slice(&std::fs::read(&path).expect("a test record")).expect("a board record")
        };
        let rec = record("many_lines.json");
        let pos = Position::from_board_str(&rec.board, engine::Color::Dark).unwrap();
        let shipped = rec.solution.as_ref().expect("solved");
        assert!(shipped.line_count > MAX_LINES as u64, "{}", shipped.line_count);
        let sol = Lines::default().solve(pos, rec.par, 7);
        assert_eq!((sol.lines.len(), sol.line_count), (MAX_LINES, shipped.line_count));
        assert_eq!(sol.lines, shipped.lines);
        assert!(!sol.lists_every_line(), "50 of {} listed", sol.line_count);
        let few = record("record.json").solution.expect("solved");
        assert!(few.line_count <= MAX_LINES as u64 && few.lists_every_line());
    }

    /// A sampled 12-empty board with 54 par lines, some ending on Dark's
    /// move and some on Light's: the listing stops at fifty whichever side
    /// ends the line that would be the 51st, and the verifier agrees.
    #[test]
    fn the_listing_stops_at_fifty_on_either_sides_move() {
        let board = "OOOOOOO--OOOXOO-OOOOOOOOXOOOXXXX-OOOOXO--OOOXOXO-OOOOOOX--X-XX--";
        let pos = Position::from_board_str(board, engine::Color::Dark).unwrap();
        let sol = Lines::default().solve(pos, 16, 7);
        assert_eq!((sol.lines.len(), sol.line_count), (MAX_LINES, 54));
        let lengths: Vec<usize> = sol.lines.iter().map(Vec::len).collect();
        assert!(lengths.iter().any(|n| n % 2 == 0) && lengths.iter().any(|n| n % 2 == 1), "{lengths:?}");
        assert_eq!(verifier_finds(&sol, pos, 16), Vec::<String>::new());
    }

    /// The formula of docs/puzzles.md#par-lines-and-difficulty, worked by hand.
    #[test]
    fn difficulty_by_hand() {
        let tries = |par: u32| Tries { player: PlayerKind::Level1, tries: 20, par, won: 20 };
        // 1 in 1,000: random = (3 − 1) / 4 = 0.5 → 20; players 6 of 60 = 0.1 → 1 − 0.3 = 0.7 → 17.5;
        // only 1 of 4 → 3.75; 9 empties → 0.5 → 10. Sum 51.25 → 51, tier 3.
        assert_eq!(difficulty(9, 0.001, &[tries(2), tries(4), tries(0)], 4, 1), (51, 3));
        // Random play always reaches par, everyone does, no decisions, 6 empties: 0, tier 1.
        assert_eq!(difficulty(6, 1.0, &[tries(20)], 0, 0), (0, 1));
        // Never by chance (below 10⁻⁶), nobody, every decision an only move, 14 empties: 100, tier 5.
        assert_eq!(difficulty(14, 0.0, &[tries(0)], 3, 3), (100, 5));
        // No tries recorded count as nobody reaching par: 25 points; 1 in 10 scores nothing.
        assert_eq!(difficulty(6, 0.1, &[], 0, 0), (25, 2));
        // 1 in 100 (random 0.25 → 10), a third of the tries (20 of 60: 0), 12 empties (20): 30, tier 2.
        assert_eq!(difficulty(12, 0.01, &[tries(7), tries(7), tries(6)], 2, 0), (30, 2));
        // Just under a third (13 of 40: 1 − 0.975 = 0.025 → 0.625): 30.625 → 31.
        assert_eq!(difficulty(12, 0.01, &[tries(7), tries(6)], 2, 0), (31, 2));
    }
}
