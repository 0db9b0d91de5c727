//! The checks of one board record against the verifier's own rules and
//! search: moves, flips, values, replies, par and the puzzle rules
//! (docs/verification.md#what-it-checks, docs/puzzles.md#the-puzzle-rules and #the-computers-reply).

use crate::data::{BoardRecord, MoveRecord};
use crate::levels::Levels;
use crate::rules::{Board, parse_square, square_name};
use crate::search::Searcher;

/// The fewest and most empty squares a puzzle board has (docs/puzzles.md#the-sets).
pub const MIN_EMPTIES: u32 = 6;
/// See [`MIN_EMPTIES`].
pub const MAX_EMPTIES: u32 = 12;

/// Level 2's score without the wobble, in hundredths, of Dark playing `sq`,
/// as `levels` sets it (docs/players.md#levels).
fn level2_score(b: &Board, sq: u8, levels: &Levels) -> i64 {
    let after = b.after(sq); // Light to move: own = Light
    let (dark, light) = (after.other, after.own);
    let mut s = 0i64;
    for q in 0..64u8 {
        let bit = 1u64 << q;
        if dark & bit != 0 {
            s += i64::from(levels.square_value(dark | light, q));
        } else if light & bit != 0 {
            s -= i64::from(levels.square_value(dark | light, q));
        }
    }
    let dark_moves = Board { own: dark, other: light }.legal().len() as i64;
    let light_moves = after.legal().len() as i64;
    let mobility = if levels.level2_own_mobility { dark_moves } else { dark_moves - light_moves };
    100 * s + levels.level2_mobility_hundredths * mobility
}

/// The squares tied for the highest score, ascending.
fn tied_best(squares: &[u8], score: impl Fn(u8) -> i64) -> Vec<u8> {
    let scored: Vec<(u8, i64)> = squares.iter().map(|&s| (s, score(s))).collect();
    let best = scored.iter().map(|x| x.1).max();
    scored.into_iter().filter(|x| Some(x.1) == best).map(|x| x.0).collect()
}

pub(crate) fn names(sqs: &[u8]) -> Vec<String> {
    sqs.iter().map(|&s| square_name(s)).collect()
}

/// The symmetry-invariant key of a board: the least (own, other) image.
pub(crate) fn canonical(b: &Board) -> (u64, u64) {
    let map = |x: u64, t: u8| -> u64 {
        let mut out = 0;
        for sq in 0..64u8 {
            if x & (1 << sq) != 0 {
                let (c, r) = (sq % 8, sq / 8);
                let (c, r) = match t {
                    0 => (c, r),
                    1 => (7 - c, r),
                    2 => (c, 7 - r),
                    3 => (7 - c, 7 - r),
                    4 => (r, c),
                    5 => (7 - r, c),
                    6 => (r, 7 - c),
                    _ => (7 - r, 7 - c),
                };
                out |= 1 << (r * 8 + c);
            }
        }
        out
    };
    (0..8).map(|t| (map(b.own, t), map(b.other, t))).min().unwrap()
}

/// Checks one board record against its board with the verifier's own
/// search; returns what differs, one line each (empty: the record holds).
pub fn check_board(rec: &BoardRecord, b: &Board, margin: &mut Searcher, levels: &Levels) -> Vec<String> {
    let mut bad = Vec::new();
    if rec.empties != b.empties() {
        bad.push(format!("empties is {}, the board has {}", rec.empties, b.empties()));
    }
    // Puzzle boards have 6 to 12 empty squares; an exact search of a board
    // with many more would run for hours, so such a board fails unproven.
    if !(MIN_EMPTIES..=MAX_EMPTIES).contains(&b.empties()) {
        bad.push(format!(
            "the board has {} empty squares; puzzle boards have {MIN_EMPTIES} to {MAX_EMPTIES}, not proven",
            b.empties()
        ));
        return bad;
    }
    let legal = b.legal();
    let recorded: Vec<u8> = rec.moves.iter().filter_map(|m| parse_square(&m.square)).collect();
    let mut sorted = recorded.clone();
    sorted.sort();
    if sorted != legal {
        bad.push(format!("moves listed {:?}, legal moves are {:?}", names(&sorted), names(&legal)));
        return bad;
    }
    for (m, &sq) in rec.moves.iter().zip(&recorded) {
        check_move(m, sq, b, margin, levels.reply_limit, &mut bad);
    }
    let at_par = check_par_and_rules(rec, &legal, &recorded, &mut bad);
    check_traps(rec, b, &legal, &at_par, levels, &mut bad);
    match &rec.solution {
        None => bad.push("no solution (par lines and difficulty)".to_string()),
        Some(sol) => bad.extend(crate::solution::check(sol, *b, rec.par, margin)),
    }
    bad.extend(crate::teach::check_themes(rec, b));
    bad.extend(crate::teach::check_trap_lines(rec, b, margin));
    bad
}

/// One first move `m` (square `sq`): its flips, its exact value, its reply
/// search's size, and its reply.
fn check_move(m: &MoveRecord, sq: u8, b: &Board, margin: &mut Searcher, reply_limit: u64, bad: &mut Vec<String>) {
    let flips = b.captures(sq).count_ones();
    if m.flips != flips {
        bad.push(format!("move {}: flips {} recorded, {} actual", m.square, m.flips, flips));
    }
    let after = b.after(sq);
    if !margin.value_is(&after, -m.value) {
        bad.push(format!("move {}: value {} recorded, exact value is {}", m.square, m.value, -margin.value(&after)));
        return;
    }
    if m.reply_positions > reply_limit {
        bad.push(format!(
            "move {}: reply search used {} positions, over the {reply_limit} limit",
            m.square, m.reply_positions
        ));
    }
    check_reply(m, &after, margin, bad);
}

/// The reply to `m` on `after` (Light to move): a pass exactly when Light
/// must pass, else legal, optimal, and the first optimal one in square order.
fn check_reply(m: &MoveRecord, after: &Board, margin: &mut Searcher, bad: &mut Vec<String>) {
    let replies = after.legal();
    if replies.is_empty() {
        if m.reply != "pass" {
            bad.push(format!("move {}: reply {} recorded, but Light must pass", m.square, m.reply));
        }
        return;
    }
    let Some(r) = parse_square(&m.reply).filter(|r| replies.contains(r)) else {
        bad.push(format!("move {}: reply {} is not a legal Light move", m.square, m.reply));
        return;
    };
    // Light's reply keeps Dark to the move's value; every earlier reply gives Dark more.
    if !margin.value_is(&after.after(r), m.value) {
        bad.push(format!("move {}: reply {} is not an optimal Light reply", m.square, m.reply));
    }
    for &earlier in replies.iter().filter(|&&x| x < r) {
        if !margin.at_least(&after.after(earlier), m.value + 1) {
            bad.push(format!(
                "move {}: reply {} is optimal but {} is optimal too and comes first in square order",
                m.square,
                m.reply,
                square_name(earlier)
            ));
            break;
        }
    }
}

/// `par` and `par_move` against the recorded values, and rules 1 to 4 of
/// docs/puzzles.md#the-puzzle-rules; returns the moves reaching par.
fn check_par_and_rules(rec: &BoardRecord, legal: &[u8], recorded: &[u8], bad: &mut Vec<String>) -> Vec<u8> {
    let values: Vec<i32> = rec.moves.iter().map(|m| m.value).collect();
    let par = values.iter().copied().max().unwrap_or(i32::MIN);
    if rec.par != par {
        bad.push(format!("par {} recorded, best move value is {par}", rec.par));
    }
    let at_par: Vec<u8> = recorded.iter().zip(&values).filter(|(_, v)| **v == par).map(|(s, _)| *s).collect();
    if at_par.len() == 1 && square_name(at_par[0]) != rec.par_move.to_ascii_lowercase() {
        bad.push(format!("par move {} recorded, the move reaching par is {}", rec.par_move, square_name(at_par[0])));
    }
    if par <= 0 {
        bad.push(format!("rule 1: Dark cannot win (par {par})"));
    }
    if legal.len() < 3 {
        bad.push(format!("rule 2: only {} legal first moves", legal.len()));
    }
    if at_par.len() != 1 {
        bad.push(format!("rule 3: {} moves reach par ({:?})", at_par.len(), names(&at_par)));
    }
    if !values.iter().any(|&v| v <= 0) {
        bad.push("rule 4: every first move wins".to_string());
    }
    at_par
}

/// Rules 5 and 6: `biggest_flip` and `level2` equal the verifier's own tied
/// sets, and none of their moves reaches par.
fn check_traps(rec: &BoardRecord, b: &Board, legal: &[u8], at_par: &[u8], levels: &Levels, bad: &mut Vec<String>) {
    let biggest = tied_best(legal, |s| b.captures(s).count_ones() as i64);
    let level2 = tied_best(legal, |s| level2_score(b, s, levels));
    for (rule, name, recorded_set, actual) in
        [(5, "biggest_flip", &rec.biggest_flip, &biggest), (6, "level2", &rec.level2, &level2)]
    {
        let mut got: Vec<String> = recorded_set.iter().map(|s| s.to_ascii_lowercase()).collect();
        got.sort_by_key(|s| parse_square(s));
        if got != names(actual) {
            bad.push(format!("{name} {:?} recorded, actual {:?}", recorded_set, names(actual)));
        }
        for &s in actual.iter() {
            if at_par.contains(&s) {
                bad.push(format!("rule {rule}: {name} move {} reaches par", square_name(s)));
            }
        }
    }
}

#[cfg(test)]
mod tests;
