//! The puzzle rules of docs/puzzles.md#the-puzzle-rules as `judge` applies them, against a
//! plain reference built from every move's exact value: on thousands of
//! sampled candidates, the same verdict and the same first failed rule in the
//! documented order (2, 1, 5, 6, 3, 4, then the reply limit).

use engine::{Position, Scoring, Solver, Square};
use engine::{biggest_flips, level2_best};
use format::BoardRecord;
use generator::puzzles::rules::{Reject, Workbench, board_id, judge, obf_line, restore};
use generator::puzzles::sampling::candidate;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The first rule `pos` fails, checked in the documented order, from the
/// exact values of all its moves.
fn reference(pos: &Position, solver: &mut Solver) -> Option<Reject> {
    let legal: Vec<Square> = pos.legal_moves().iter().collect();
    if legal.len() < 3 {
        return Some(Reject::FewMoves);
    }
    let values = solver.move_values(pos);
    let par = values[0].value;
    let reaches = |sq: &Square| values.iter().any(|m| m.square == *sq && m.value == par);
    if par <= 0 {
        return Some(Reject::NoWin);
    }
    if biggest_flips(pos).iter().any(reaches) {
        return Some(Reject::BiggestFlipSolves);
    }
    if level2_best(&engine::Levels::GAME, pos).iter().any(reaches) {
        return Some(Reject::Level2Solves);
    }
    if legal.iter().filter(|sq| reaches(sq)).count() > 1 {
        return Some(Reject::ManyPar);
    }
    if values.iter().all(|m| m.value > 0) {
        return Some(Reject::AllWin);
    }
    for sq in legal {
        solver.first_best_move(&pos.play_unchecked(sq), None);
        if solver.positions() > engine::Levels::GAME.reply_limit {
            return Some(Reject::ReplyLimit);
        }
    }
    None
}

#[test]
fn judge_agrees_with_the_reference_on_every_rule_and_its_order() {
    let mut bench = Workbench::default();
    let mut solver = Solver::with_scoring(Scoring::Margin);
    let mut seen: BTreeMap<Option<Reject>, u32> = BTreeMap::new();
    for empties in [8, 10] {
        for i in 0..1500 {
            let Some((pos, prov)) = candidate(2026, empties, i, &engine::Levels::GAME) else { continue };
            let judged = judge(&pos, &mut bench, prov);
            if let Ok(j) = &judged {
                // An accepted board's record holds every legal move with its exact value and flips.
                let values = solver.move_values(&pos);
                let recorded: Vec<(Square, i32, u32)> =
                    j.puzzle.moves.iter().map(|m| (m.square, m.value, m.flips)).collect();
                let want: Vec<(Square, i32, u32)> = pos
                    .legal_moves()
                    .iter()
                    .map(|sq| {
                        let v = values.iter().find(|m| m.square == sq).expect("a legal move").value;
                        (sq, v, pos.flips(sq).count())
                    })
                    .collect();
                assert_eq!(recorded, want, "{empties} empties, candidate {i}: {pos}");
            }
            let got = judged.err();
            assert_eq!(got, reference(&pos, &mut solver), "{empties} empties, candidate {i}: {pos}");
            *seen.entry(got).or_default() += 1;
        }
    }
    for reason in [
        Reject::FewMoves,
        Reject::NoWin,
        Reject::BiggestFlipSolves,
        Reject::Level2Solves,
        Reject::ManyPar,
        Reject::AllWin,
    ] {
        assert!(seen.get(&Some(reason)).is_some_and(|&n| n > 0), "{reason:?} never met: {seen:?}");
    }
    assert!(seen.get(&None).is_some_and(|&n| n > 0), "some candidates pass: {seen:?}");
}

/// A file of the repository, from the workspace root.
fn repo_file(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Each shipped board's id is the hash of its canonical form (regression
/// data: the ids were made by this code, and boards are kept by id across
/// releases, so they must not change).
#[test]
fn board_ids_are_those_of_the_shipped_boards() {
    let endgame: serde_json::Value = serde_json::from_str(&repo_file("data/endgame.json")).expect("JSON");
    let boards = endgame["boards"].as_array().expect("boards");
    for rec in boards.iter().step_by(20) {
        let pos: Position = format!("{} X", rec["board"].as_str().expect("board")).parse().expect("a board");
        let (canonical, _) = pos.canonical();
        assert_eq!(board_id(&canonical), rec["id"].as_str().expect("id"), "{pos}");
    }
}

/// The rejection columns of `generation.csv` are the ones docs/formats.md
/// documents, in its order.
#[test]
fn rejection_columns_are_the_documented_ones() {
    let formats = repo_file("docs/formats.md");
    let row = formats.lines().find(|l| l.starts_with("| `generation.csv`")).expect("generation.csv row");
    let documented: Vec<&str> = row.split('`').skip(3).step_by(2).filter(|c| c.starts_with("failed_")).collect();
    let columns: Vec<&str> = Reject::ALL.iter().map(|r| r.column()).collect();
    assert_eq!(columns, documented);
}

/// A shipped board's OBF line, rebuilt from its JSON record (the OBF values
/// solved again), is the shipped `endgame.obf` line (regression data).
#[test]
fn obf_lines_are_the_shipped_ones() {
    let endgame: serde_json::Value = serde_json::from_str(&repo_file("data/endgame.json")).expect("JSON");
    let obf = repo_file("data/endgame.obf");
    let lines: Vec<&str> = obf.lines().filter(|l| !l.starts_with('%')).collect();
    let mut bench = Workbench::default();
    for (rec, line) in endgame["boards"].as_array().expect("boards").iter().zip(&lines).take(30) {
        let record: BoardRecord = serde_json::from_value(rec.clone()).expect("a board record");
        let restored = restore(record, &mut bench).expect("a shipped board restores");
        assert_eq!(obf_line(&restored), *line);
    }
}
