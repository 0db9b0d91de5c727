//! The verifier refuses tampered solutions (docs/verification.md#what-it-checks): a
//! dropped par line, a wrong computer reply, a Dark move that loses par, a
//! wrong line count, a wrong random par chance, a difficulty the formula does
//! not give. Each is caught on a board of the small release beside these
//! tests, and the untouched one passes. The boards are read with the
//! verifier's own loader, so these tests build with the verifier alone.

mod common;

use verifier::data::{BoardRecord, EndgameFile, SolutionRecord};
use verifier::input::{parse_board, parse_json};
use verifier::rules::{Board, parse_square, square_name};
use verifier::search::{Rule, Searcher};
use verifier::solution::check;

/// The board of `rec` (read from `file`) with its par and solution.
fn parts(file: &std::path::Path, rec: BoardRecord) -> (BoardRecord, Board, i32, SolutionRecord) {
    let b = parse_board(file, &rec).unwrap();
    let sol = rec.solution.clone().unwrap();
    let par = rec.par;
    (rec, b, par, sol)
}

/// The fixture's first Endgame board with two to fifty par lines, all listed.
fn board_with_several_lines() -> (BoardRecord, Board, i32, SolutionRecord) {
    let dir = common::fixture();
    let endgame: EndgameFile = parse_json(&dir, "endgame.json").unwrap();
    let rec = endgame
        .boards
        .into_iter()
        .find(|r| r.solution.as_ref().is_some_and(|s| (2..=50).contains(&s.line_count)))
        .expect("a board with two to fifty par lines");
    parts(&dir.join("endgame.json"), rec)
}

/// A board with more par lines than a record lists (147): one record of the
/// game's release, `tests/many_lines.json` (4 of its 2,160 boards have over 50).
fn board_with_many_lines() -> (BoardRecord, Board, i32, SolutionRecord) {
    let dir = common::crate_dir().join("tests");
    let rec: BoardRecord = parse_json(&dir, "many_lines.json").unwrap();
    parts(&dir.join("many_lines.json"), rec)
}

fn failures(sol: &SolutionRecord, b: Board, par: i32) -> Vec<String> {
    check(sol, b, par, &mut Searcher::new(Rule::Margin))
}

fn expect(sol: &SolutionRecord, b: Board, par: i32, phrase: &str) {
    let f = failures(sol, b, par);
    assert!(f.iter().any(|x| x.contains(phrase)), "expected {phrase:?}, got {f:#?}");
}

#[test]
fn the_untouched_solution_passes() {
    let (_, b, par, sol) = board_with_several_lines();
    assert_eq!(failures(&sol, b, par), Vec::<String>::new());
}

/// More par lines than are listed: only the first fifty, and that is right.
#[test]
fn a_board_with_more_lines_than_listed_passes() {
    let (_, b, par, sol) = board_with_many_lines();
    assert!(sol.line_count > 50, "{}", sol.line_count);
    assert_eq!(sol.lines.len(), 50);
    assert_eq!(failures(&sol, b, par), Vec::<String>::new());
    let mut more = sol.clone();
    more.lines.push(more.lines[49].clone());
    expect(&more, b, par, "not the first 50 par lines");
}

#[test]
fn a_dropped_line_is_caught() {
    let (_, b, par, mut sol) = board_with_several_lines();
    let dropped = sol.lines.pop().unwrap();
    expect(&sol, b, par, &format!("par line {} is missing", dropped.join(" ")));
}

#[test]
fn a_wrong_count_is_caught() {
    let (_, b, par, mut sol) = board_with_several_lines();
    sol.line_count += 1;
    expect(&sol, b, par, "line_count");
}

#[test]
fn a_dark_move_that_loses_par_is_caught() {
    let (rec, b, par, mut sol) = board_with_several_lines();
    let losing = rec.moves.iter().find(|m| m.value < par).unwrap();
    let last = sol.lines.len() - 1;
    sol.lines[last][0] = losing.square.clone();
    expect(&sol, b, par, &format!("solution line {}: Dark's move 1 ({}) does not keep par", last + 1, losing.square));
}

#[test]
fn a_wrong_reply_is_caught() {
    let (_, b, par, mut sol) = board_with_several_lines();
    // The first Light turn along line 0 with a choice: play another legal move there.
    let mut pos = b;
    let line = sol.lines[0].clone();
    let mut changed = false;
    for (k, m) in line.iter().enumerate() {
        if k % 2 == 1 && pos.legal().len() >= 2 {
            let other = pos.legal().into_iter().find(|&s| square_name(s) != *m).unwrap();
            sol.lines[0][k] = square_name(other);
            changed = true;
            break;
        }
        pos = parse_square(m).map_or(pos.passed(), |sq| pos.after(sq));
    }
    assert!(changed, "line 0 has a Light turn with a choice");
    expect(&sol, b, par, "is not the computer's reply");
}

#[test]
fn a_wrong_chance_or_difficulty_is_caught() {
    let (_, b, par, sol) = board_with_several_lines();
    let mut chance = sol.clone();
    chance.random_par_chance += 0.001;
    expect(&chance, b, par, "random_par_chance");
    let mut difficulty = sol.clone();
    difficulty.difficulty += 1;
    expect(&difficulty, b, par, "the formula gives");
    let mut levels = sol;
    levels.levels[0].par = levels.levels[0].won + 1;
    expect(&levels, b, par, "out of range");
}
