//! The puzzle rules of docs/puzzles.md#the-puzzle-rules as `judge` applies them, against a
//! plain reference built from every move's exact value: on thousands of
//! sampled candidates, the same verdict and the same first failed rule in the
//! documented order (2, 1, 5, 6, 3, 4, then the reply limit).

use engine::{Position, Scoring, Solver, Square};
use engine::{biggest_flips, level2_best};
use generator::puzzles::rules::{Reject, Workbench, judge};
use generator::puzzles::sampling::candidate;
use std::collections::BTreeMap;

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
