use super::*;
use crate::position::Position;
use crate::symmetry::Transform;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Plain minimax over every move sequence, passes included: the reference.
fn minimax(pos: &Position, scoring: Scoring) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if pos.opponent_moves().is_empty() {
            let d = pos.mover_margin();
            return match scoring {
                Scoring::Margin => d,
                Scoring::EmptiesToWinner => d + d.signum() * pos.empty_count() as i32,
            };
        }
        return -minimax(&pos.pass(), scoring);
    }
    moves.map(|sq| -minimax(&pos.play_unchecked(sq), scoring)).max().unwrap()
}

/// A seeded random position with `empties` empty squares reached by random play.
fn random_position(rng: &mut ChaCha8Rng, empties: u32) -> Option<Position> {
    let pos = crate::players::random_playout(Position::start(), rng, |p| p.empty_count() > empties);
    (pos.empty_count() == empties).then_some(pos)
}

fn positions(seed: u64, count: usize, max_empties: u32) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let e = 1 + rng.next_u32() % max_empties;
        if let Some(p) = random_position(&mut rng, e) {
            out.push(p);
        }
    }
    out
}

#[test]
fn equals_minimax_on_random_positions_under_both_rules() {
    for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
        let mut solver = Solver::with_scoring(scoring);
        for (i, pos) in positions(7, 2_000, 10).iter().enumerate() {
            let expect = minimax(pos, scoring);
            assert_eq!(solver.value(pos), expect, "case {i}: {pos} under {scoring:?}");
        }
    }
}

#[test]
fn move_values_and_best_move_agree_with_minimax() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    for pos in positions(11, 300, 9) {
        let values = solver.move_values(&pos);
        for mv in &values {
            assert_eq!(mv.value, -minimax(&pos.play_unchecked(mv.square), Scoring::Margin), "{pos} {}", mv.square);
        }
        let best = solver.first_best_move(&pos, None).exact().unwrap();
        if let Some(first) = values.first() {
            let first_best =
                pos.legal_moves().find(|&sq| values.iter().any(|m| m.square == sq && m.value == first.value));
            assert_eq!(best.square, first_best, "{pos}: first optimal move in square order");
            assert_eq!(best.value, first.value);
        } else {
            assert_eq!(best.square, None);
        }
    }
}

#[test]
fn symmetric_positions_have_equal_values() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    for pos in positions(3, 200, 12) {
        let v = solver.value(&pos);
        for t in Transform::ALL {
            assert_eq!(solver.value(&t.position(&pos)), v, "{pos} under {t:?}");
        }
    }
}

#[test]
fn budgets_are_honoured_exactly() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    for pos in positions(5, 50, 12) {
        let full = solver.first_best_move(&pos, None).exact().unwrap();
        let needed = solver.positions();
        assert_eq!(solver.first_best_move(&pos, Some(needed)), Outcome::Exact(full), "{pos}: exactly enough");
        assert_eq!(solver.positions(), needed);
        if needed > 1 {
            assert_eq!(solver.first_best_move(&pos, Some(needed - 1)), Outcome::OutOfBudget, "{pos}: one short");
            assert!(solver.positions() < needed);
        }
        let v = solver.value(&pos);
        let n = solver.positions();
        assert_eq!(solver.value_within(&pos, Some(n)), Outcome::Exact(v));
        assert!(n >= 1, "{pos}: a search visits its root");
        assert_eq!(solver.value_within(&pos, Some(n / 2)), Outcome::OutOfBudget, "{pos}: fewer positions than needed");
    }
}

#[test]
fn fast_best_move_finds_a_best_move_and_its_value() {
    for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
        let mut solver = Solver::with_scoring(scoring);
        for pos in positions(11, 600, 10) {
            let want = pos.legal_moves().map(|sq| -minimax(&pos.play_unchecked(sq), scoring)).max();
            match solver.fast_best_move(&pos) {
                None => assert_eq!(want, None, "{pos}: a legal move exists"),
                Some(best) => {
                    assert_eq!(Some(best.value), want, "{pos}: value under {scoring:?}");
                    assert_eq!(
                        -minimax(&pos.play_unchecked(best.square), scoring),
                        best.value,
                        "{pos}: the move reaches it"
                    );
                }
            }
        }
    }
}

#[test]
fn value_at_least_is_the_exact_comparison() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    for pos in positions(13, 300, 10) {
        let v = minimax(&pos, Scoring::Margin);
        for bound in [v - 2, v - 1, v, v + 1, v + 2] {
            assert_eq!(solver.value_at_least(&pos, bound), v >= bound, "{pos}: value {v} vs bound {bound}");
        }
    }
}
