//! The checks of a board's `solution` with the verifier's own rules and
//! search (docs/puzzles.md#par-lines-and-difficulty, docs/verification.md#what-it-checks): every listed Dark
//! move keeps par, every Light move is the first optimal reply in square
//! order, no par line is missing, and the counts, the random par chance, the
//! difficulty and the tier are computed again.

use crate::data::{SolutionRecord, TriesRecord};
use crate::rules::{Board, parse_square, square_name};
use crate::search::Searcher;
use std::collections::HashMap;

/// Par lines listed at most.
pub const MAX_LINES: usize = 50;
/// The players whose tries are recorded, in order, and the tries each.
pub const TRY_PLAYERS: [&str; 6] = ["level1", "level2", "level3", "level4", "level5", "flip-grabber"];
/// Tries per player.
pub const TRIES: u32 = 20;

/// The difficulty formula of docs/puzzles.md#par-lines-and-difficulty, written again from the
/// documentation: (score, tier).
pub fn difficulty(
    empties: u32,
    random_par_chance: f64,
    levels: &[TriesRecord],
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

/// The par-line tree as the verifier computes it.
struct Tree<'s> {
    search: &'s mut Searcher,
    par: i32,
    /// Per board with Dark to move: (line count, chance of random play).
    memo: HashMap<(u64, u64), (u64, f64)>,
    /// Per board: Dark's par-keeping moves, or Light's reply.
    keeping: HashMap<(u64, u64), Vec<u8>>,
    replies: HashMap<(u64, u64), Option<u8>>,
    lines: Vec<Vec<String>>,
}

fn over(b: &Board) -> bool {
    !b.has_move() && !b.passed().has_move()
}

impl Tree<'_> {
    /// Dark's legal moves that keep par (Light's value after them is −par).
    fn keeping(&mut self, b: &Board) -> Vec<u8> {
        if let Some(k) = self.keeping.get(&(b.own, b.other)) {
            return k.clone();
        }
        let par = self.par;
        let k: Vec<u8> = b.legal().into_iter().filter(|&m| self.search.value_is(&b.after(m), -par)).collect();
        self.keeping.insert((b.own, b.other), k.clone());
        k
    }

    /// Light's first reply in square order that holds Dark to par; `None` for a pass.
    fn reply(&mut self, b: &Board) -> Option<u8> {
        if let Some(&r) = self.replies.get(&(b.own, b.other)) {
            return r;
        }
        let par = self.par;
        let r = b.legal().into_iter().find(|&r| self.search.value_is(&b.after(r), par));
        self.replies.insert((b.own, b.other), r);
        r
    }

    /// A par line ends here (the game is over): listed while fewer than
    /// [`MAX_LINES`] are; one line, reached with certainty from here.
    fn line_ends(&mut self, prefix: &[String]) -> (u64, f64) {
        if self.lines.len() < MAX_LINES {
            self.lines.push(prefix.to_vec());
        }
        (1, 1.0)
    }

    /// Dark to move on `b`: lines below it are listed behind `prefix`.
    fn dark(&mut self, b: Board, prefix: &mut Vec<String>) -> (u64, f64) {
        if over(&b) {
            return self.line_ends(prefix);
        }
        let listing = self.lines.len() < MAX_LINES;
        if !listing && let Some(&v) = self.memo.get(&(b.own, b.other)) {
            return v;
        }
        let legal = b.legal();
        let result = if legal.is_empty() {
            prefix.push("pass".into());
            let r = self.light(b.passed(), prefix);
            prefix.pop();
            r
        } else {
            let mut total = (0u64, 0f64);
            for m in self.keeping(&b) {
                prefix.push(square_name(m));
                let (n, p) = self.light(b.after(m), prefix);
                prefix.pop();
                total.0 += n;
                total.1 += p / legal.len() as f64;
            }
            total
        };
        self.memo.insert((b.own, b.other), result);
        result
    }

    /// Light to move on `b`: its one reply, or a pass.
    fn light(&mut self, b: Board, prefix: &mut Vec<String>) -> (u64, f64) {
        if over(&b) {
            return self.line_ends(prefix);
        }
        let next = match self.reply(&b) {
            Some(r) => {
                prefix.push(square_name(r));
                b.after(r)
            }
            None => {
                prefix.push("pass".into());
                b.passed()
            }
        };
        let v = self.dark(next, prefix);
        prefix.pop();
        v
    }
}

/// Why each step of a listed line fails, if one does.
fn walk_line(tree: &mut Tree, start: Board, line: &[String], n: usize) -> Option<String> {
    let mut b = start;
    let mut dark = true;
    for (k, m) in line.iter().enumerate() {
        if over(&b) {
            return Some(format!("solution line {n}: move {} ({m}) comes after the end of the game", k + 1));
        }
        let legal = b.legal();
        if m == "pass" {
            if !legal.is_empty() {
                return Some(format!("solution line {n}: move {} passes but a move is legal", k + 1));
            }
            b = b.passed();
        } else {
            let Some(sq) = parse_square(m).filter(|s| legal.contains(s)) else {
                return Some(format!("solution line {n}: move {} ({m}) is not legal", k + 1));
            };
            if dark && !tree.keeping(&b).contains(&sq) {
                return Some(format!("solution line {n}: Dark's move {} ({m}) does not keep par", k + 1));
            }
            if !dark && tree.reply(&b) != Some(sq) {
                let want = tree.reply(&b).map_or("pass".to_string(), square_name);
                return Some(format!(
                    "solution line {n}: Light's move {} ({m}) is not the computer's reply {want}",
                    k + 1
                ));
            }
            b = b.after(sq);
        }
        dark = !dark;
    }
    (!over(&b)).then(|| format!("solution line {n} stops before the end of the game"))
}

/// Checks `sol` for the board `b` (Dark to move) of par `par`; what differs.
pub fn check(sol: &SolutionRecord, b: Board, par: i32, search: &mut Searcher) -> Vec<String> {
    let mut bad = Vec::new();
    let mut tree =
        Tree { search, par, memo: HashMap::new(), keeping: HashMap::new(), replies: HashMap::new(), lines: Vec::new() };
    for (n, line) in sol.lines.iter().enumerate() {
        if let Some(what) = walk_line(&mut tree, b, line, n + 1) {
            bad.push(what);
        }
    }
    let (count, chance) = tree.dark(b, &mut Vec::new());
    let lines = std::mem::take(&mut tree.lines);
    if sol.line_count != count {
        bad.push(format!("solution: line_count {} recorded, {count} par lines exist", sol.line_count));
    }
    if sol.lines != lines {
        match lines.iter().find(|l| !sol.lines.contains(l)) {
            Some(missing) => bad.push(format!("solution: par line {} is missing", missing.join(" "))),
            None => bad.push(format!("solution: lines not the first {} par lines in square order", lines.len())),
        }
    }
    let want = (chance * 1e6).round() / 1e6;
    if (sol.random_par_chance - want).abs() > 1e-9 {
        bad.push(format!("solution: random_par_chance {} recorded, {want} computed", sol.random_par_chance));
    }
    if let Some(first) = lines.first() {
        let (d, o) = decisions(&mut tree, b, first);
        if (sol.decisions, sol.only_moves) != (d, o) {
            bad.push(format!(
                "solution: decisions/only_moves {}/{} recorded, {d}/{o} along the first line",
                sol.decisions, sol.only_moves
            ));
        }
    }
    let names: Vec<&str> = sol.levels.iter().map(|t| t.player.as_str()).collect();
    if names != TRY_PLAYERS {
        bad.push(format!("solution: levels for {names:?}, expected {TRY_PLAYERS:?}"));
    }
    for t in &sol.levels {
        if t.tries != TRIES || t.par > t.won || t.won > t.tries {
            bad.push(format!("solution: {} tries {} par {} won {} out of range", t.player, t.tries, t.par, t.won));
        }
    }
    let (score, tier) = difficulty(b.empties(), sol.random_par_chance, &sol.levels, sol.decisions, sol.only_moves);
    if (sol.difficulty, sol.tier) != (score, tier) {
        bad.push(format!(
            "solution: difficulty {} tier {} recorded, the formula gives {score} tier {tier}",
            sol.difficulty, sol.tier
        ));
    }
    bad
}

/// Dark turns with two or more legal moves along `line`, and those with one par-keeping move.
fn decisions(tree: &mut Tree, start: Board, line: &[String]) -> (u32, u32) {
    let (mut d, mut o) = (0, 0);
    let mut b = start;
    for (k, m) in line.iter().enumerate() {
        if k % 2 == 0 && b.legal().len() >= 2 {
            d += 1;
            o += u32::from(tree.keeping(&b).len() == 1);
        }
        b = match parse_square(m) {
            Some(sq) => b.after(sq),
            None => b.passed(),
        };
    }
    (d, o)
}
