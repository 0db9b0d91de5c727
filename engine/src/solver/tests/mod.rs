use super::*;
use crate::isa::Portable;
use crate::solver::mode::{FastSteps, ReferenceSteps};
use crate::symmetry::Transform;
use crate::{moves::play, position::Position};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

mod team;

/// The exact value (passes included) by the plain search below: the reference.
fn minimax(pos: &Position, scoring: Scoring) -> i32 {
    alpha_beta(pos, -INF, INF, scoring)
}

/// Plain fail-hard alpha-beta in square order, no table, no cutoffs but
/// beta: the oracle stays obvious, and with the full window it is exact.
fn alpha_beta(pos: &Position, mut alpha: i32, beta: i32, scoring: Scoring) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        if pos.opponent_moves().is_empty() {
            let d = pos.mover_margin();
            let v = match scoring {
                Scoring::Margin => d,
                Scoring::EmptiesToWinner => d + d.signum() * pos.empty_count() as i32,
            };
            return v.clamp(alpha, beta);
        }
        return -alpha_beta(&pos.pass(), -beta, -alpha, scoring);
    }
    for sq in moves {
        alpha = alpha.max(-alpha_beta(&pos.play_unchecked(sq), -beta, -alpha, scoring));
        if alpha >= beta {
            return beta;
        }
    }
    alpha
}

/// A seeded random position with `empties` empty squares reached by random play.
fn random_position(rng: &mut ChaCha8Rng, empties: u32) -> Option<Position> {
    let pos = crate::testing::down_to_empties(rng, empties);
    (pos.empty_count() == empties).then_some(pos)
}

fn positions(seed: u64, count: usize, max_empties: u32) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for tries in 1.. {
        if out.len() == count {
            break;
        }
        // Random play reaches most empty counts at once; a broken move generator may never.
        assert!(tries <= 100 * count, "random play reached {} of {count} positions", out.len());
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
                pos.legal_moves().iter().find(|&sq| values.iter().any(|m| m.square == sq && m.value == first.value));
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
        let values = solver.move_values(&pos);
        let all = solver.positions();
        assert_eq!(
            solver.move_values_within(&pos, Some(all)),
            Outcome::Exact(values),
            "{pos}: every move's search within"
        );
        if all > 0 {
            assert_eq!(solver.move_values_within(&pos, Some(all - 1)), Outcome::OutOfBudget, "{pos}: one short");
        }
    }
}

#[test]
fn fast_best_move_finds_a_best_move_and_its_value() {
    for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
        let mut solver = Solver::with_scoring(scoring);
        for pos in positions(11, 600, 10) {
            let want = pos.legal_moves().iter().map(|sq| -minimax(&pos.play_unchecked(sq), scoring)).max();
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

/// Seeded positions with exactly `empties` empty squares and a legal move.
fn positions_at(seed: u64, count: usize, empties: u32) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for tries in 1.. {
        if out.len() == count {
            break;
        }
        assert!(tries <= 100 * count, "random play reached {} of {count} positions", out.len());
        if let Some(p) = random_position(&mut rng, empties).filter(|p| !p.legal_moves().is_empty()) {
            out.push(p);
        }
    }
    out
}

#[test]
fn the_fast_search_agrees_with_the_reference_search_where_their_orders_differ() {
    // The orders differ from 12 empties up; the fast search also guesses and uses MTD(f).
    let mut solver = Solver::with_scoring(Scoring::Margin);
    for empties in [12, 13, 14] {
        for pos in positions_at(17 + empties as u64, 25, empties) {
            let reference = solver.first_best_move(&pos, None).exact().unwrap();
            assert_eq!(solver.value(&pos), reference.value, "{pos}");
            let values = solver.move_values(&pos);
            assert_eq!(values[0].value, reference.value, "{pos}");
            for m in &values {
                let after = pos.play_unchecked(m.square);
                assert_eq!(-solver.first_best_move(&after, None).exact().unwrap().value, m.value, "{pos} {}", m.square);
            }
        }
    }
}

#[test]
fn the_fast_search_tries_the_stability_cutoff_from_a_lower_alpha() {
    // Positions whose settled discs bound the value at an alpha the reference
    // search does not try but the fast search does: only the fast search cuts,
    // and the bound holds.
    let mut solver = Solver::with_scoring(Scoring::Margin);
    let mut found = 0;
    for empties in [6, 8, 10] {
        for pos in positions_at(70 + empties as u64, 400, empties) {
            let (p, o) = (pos.player().0, pos.opponent().0);
            let bound = 64 - 2 * settled_one(o, p | o).count_ones() as i32;
            let n = empties as usize;
            if bound < STABILITY_THRESHOLD[n] - FastSteps::STABILITY_EARLIER || bound >= STABILITY_THRESHOLD[n] {
                continue;
            }
            found += 1;
            let w = Window::new(bound, bound + 1);
            assert_eq!(stability_cut::<ReferenceSteps>(p, o, w, empties), ControlFlow::Continue(w), "{pos}");
            assert_eq!(stability_cut::<FastSteps>(p, o, w, empties), ControlFlow::Break(bound), "{pos}");
            assert!(solver.value(&pos) <= bound, "{pos}: settled discs bound the value by {bound}");
        }
    }
    assert!(found >= 5, "only {found} positions with a bound between the two thresholds");
}

#[test]
fn a_move_whose_neighbours_are_all_the_opponent_has_is_found() {
    // Two empty squares, d4 and a1; the opponent holds exactly the eight squares
    // around d4 and nothing else. Playing d4 flips all eight (the last-moves
    // solver's neighbour test must not skip it).
    let d4 = 27;
    let opponent = crate::moves::NEIGHBOURS[d4];
    let player = !opponent & !(1u64 << d4) & !1;
    let pos = Position::from_mover_unchecked(player, opponent, crate::square::Color::Dark);
    for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
        let want = minimax(&pos, scoring);
        assert_eq!(Solver::with_scoring(scoring).value(&pos), want, "{pos} under {scoring:?}");
        let best = Solver::with_scoring(scoring).first_best_move(&pos, None).exact().unwrap();
        assert_eq!((best.square.map(|s| s.index()), best.value), (Some(d4), want), "{pos}");
    }
}

/// Every position visited counts one: a root with one or two empty squares
/// and a single legal move counts itself and its child, a finished game
/// included (docs/solver.md#the-search). (With more moves, re-searches add counts.)
#[test]
fn tiny_roots_count_themselves_and_their_child() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut seen = [0; 3];
    for _ in 0..6000 {
        let empties = 1 + rng.next_u32() % 2;
        let Some(pos) = random_position(&mut rng, empties).filter(|p| p.legal_moves().count() == 1) else {
            continue;
        };
        let best = solver.first_best_move(&pos, None).exact().expect("no budget");
        assert_eq!(best.value, minimax(&pos, Scoring::Margin), "{pos}");
        assert_eq!(solver.positions(), 2, "{pos}");
        seen[empties as usize] += 1;
    }
    assert!(seen[1] > 50 && seen[2] > 50, "{seen:?}");
}

/// Finished games with empty squares left: under the OBF rule the empties go
/// to the winner and to nobody on a draw; under the game's rule they count
/// for nobody (docs/rules.md#scoring-two-conventions). Dark's and Light's discs never touch, or one
/// side has none, so neither side can move.
#[test]
fn finished_games_with_empty_squares_score_by_each_rule() {
    use crate::bitboard::Bitboard;
    use crate::square::Color;
    let (a1, b1, c1, f8, g8, h8) = (1u64, 1 << 1, 1 << 2, 1 << 61, 1 << 62, 1 << 63);
    let all_but = |k: u32| u64::MAX >> k;
    let cases = [
        (a1 | b1 | c1, g8 | h8, 1, 60),
        (a1 | b1, f8 | g8 | h8, -1, -60),
        (a1 | b1, g8 | h8, 0, 0),
        (all_but(3), 0, 61, 64),
        (0, all_but(2), -62, -64),
        (all_but(4), 0, 60, 64),
    ];
    for (dark, light, margin, obf) in cases {
        let pos = Position::from_discs(Bitboard(dark), Bitboard(light), Color::Dark).expect("no overlap");
        assert!(pos.is_game_over(), "{pos}");
        for (scoring, want) in [(Scoring::Margin, margin), (Scoring::EmptiesToWinner, obf)] {
            let mut solver = Solver::with_scoring(scoring);
            assert_eq!(solver.value(&pos), want, "{pos} under {scoring:?}");
            assert_eq!(solver.first_best_move(&pos, None).exact().map(|b| b.value), Some(want), "{pos}");
        }
    }
}

/// A root whose mover must pass: no best square, and the value of the
/// opponent's position after the pass, negated.
#[test]
fn a_root_that_must_pass_is_solved_through_the_pass() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut found = 0;
    for _ in 0..4000 {
        let empties = 3 + rng.next_u32() % 8;
        let Some(pos) = random_position(&mut rng, empties) else { continue };
        for root in [pos, pos.pass()].into_iter().filter(Position::must_pass) {
            found += 1;
            for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
                let want = minimax(&root, scoring);
                let best = Solver::with_scoring(scoring).first_best_move(&root, None).exact().expect("no budget");
                assert_eq!((best.square, best.value), (None, want), "{root} under {scoring:?}");
                assert_eq!(Solver::with_scoring(scoring).value(&root), want, "{root} under {scoring:?}");
            }
        }
    }
    assert!(found >= 20, "{found} roots that must pass");
}

#[test]
fn the_guessing_pass_is_exact_below_seven_empties() {
    // Below SELECTIVE_MIN_EMPTIES every node searches all its moves (and
    // the fast search uses no table): its guess is the exact value.
    for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
        let mut solver = Solver::with_scoring(scoring);
        let mut nonzero = 0;
        for pos in positions(41, 300, SELECTIVE_MIN_EMPTIES - 1) {
            solver.begin(None);
            let want = minimax(&pos, scoring);
            assert_eq!(solver.guess(pos.player().0, pos.opponent().0), want, "{pos} under {scoring:?}");
            nonzero += (want.abs() > 1) as u32;
        }
        assert!(nonzero > 200, "most values are not 0 or ±1 ({nonzero} of 300)");
    }
}

#[test]
fn the_guessing_pass_keeps_best_moves_and_no_bounds() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    for pos in positions_at(47, 20, 16) {
        let (p, o) = (pos.player().0, pos.opponent().0);
        solver.begin(None);
        solver.guess(p, o);
        let root = solver.table.probe(p, o).expect("the pass stores its root");
        assert_eq!((root.lower, root.upper), (-64, 64), "{pos}: no bounds");
        let best = root.best.expect("a best move");
        assert!(pos.legal_moves().contains(Square::new_unchecked(best)), "{pos}: {best}");
    }
}

/// The learned score of the child `after` for its mover, searched `plies`
/// deeper by plain minimax (the position API, not the solver's code).
#[cfg(feature = "learned-ordering")]
fn learned_minimax(after: &Position, plies: u32) -> i32 {
    let moves = after.legal_moves();
    if plies == 0 || moves.is_empty() {
        return crate::ordering::score(after.player().0, after.opponent().0);
    }
    moves.iter().map(|sq| -learned_minimax(&after.play_unchecked(sq), plies - 1)).max().expect("a move")
}

#[test]
#[cfg(feature = "learned-ordering")]
fn the_fast_order_adds_the_learned_evaluation_from_twelve_empties() {
    // docs/solver.md#learned-move-ordering: 1/16 of the child's learned score from 12 empties,
    // of its best reply's from 17, searched two plies from 19 (and 1/6 of it), three from 20.
    let cases = [
        (11, None, 16),
        (12, Some(0), 16),
        (16, Some(0), 16),
        (17, Some(1), 16),
        (18, Some(1), 16),
        (19, Some(2), 6),
        (20, Some(3), 6),
        (22, Some(3), 6),
    ];
    for (n, plies, divisor) in cases {
        for (pos, sq, fast, reference) in both_keys(n) {
            let eval = plies.map_or(0, |d| learned_minimax(&pos.play_unchecked(sq), d) / divisor);
            assert_eq!(fast - reference, eval, "{pos} {sq} at {n} empties");
        }
    }
}

#[test]
#[cfg(not(feature = "learned-ordering"))]
fn without_the_learned_ordering_the_fast_order_is_the_reference_order() {
    // docs/web.md#sizes: the WebAssembly module's fast search orders as the reference search.
    for n in [11, 12, 17, 20] {
        for (pos, sq, fast, reference) in both_keys(n) {
            assert_eq!(fast, reference, "{pos} {sq} at {n} empties");
        }
    }
}

/// Every move of twelve seeded positions of `n` empties with the fast and
/// the reference ordering key of its child.
fn both_keys(n: u32) -> Vec<(Position, Square, i32, i32)> {
    let mut out = Vec::new();
    for pos in positions_at(43, 12, n) {
        let (p, o) = (pos.player().0, pos.opponent().0);
        let odd = odd_quadrants(!(p | o));
        for sq in pos.legal_moves() {
            let (cp, co) = play(p, o, sq.index());
            let fast = order_key::<Portable, FastSteps>(cp, co, sq.index(), odd, n);
            out.push((pos, sq, fast, order_key::<Portable, ReferenceSteps>(cp, co, sq.index(), odd, n)));
        }
    }
    out
}

#[test]
fn fast_best_move_reports_the_first_best_move_in_the_fast_order() {
    // docs/solver.md#guess-then-mtdf: among equally good moves, the first in the order of
    // `order_key` at the root (ties in square order).
    let mut solver = Solver::with_scoring(Scoring::EmptiesToWinner);
    let mut ties = 0;
    for pos in positions_at(47, 200, 10).into_iter().chain(positions_at(53, 40, 12)) {
        let (p, o) = (pos.player().0, pos.opponent().0);
        let n = pos.empty_count();
        let odd = odd_quadrants(!(p | o));
        let mut order: Vec<(i32, Square, i32)> = pos
            .legal_moves()
            .iter()
            .map(|sq| {
                let after = pos.play_unchecked(sq);
                let key = order_key::<Portable, FastSteps>(after.player().0, after.opponent().0, sq.index(), odd, n);
                (key, sq, -minimax(&after, Scoring::EmptiesToWinner))
            })
            .collect();
        order.sort_by_key(|&(key, sq, _)| (key, sq));
        let best = order.iter().map(|m| m.2).max().expect("a legal move");
        ties += (order.iter().filter(|m| m.2 == best).count() > 1) as u32;
        let first = order.iter().find(|m| m.2 == best).expect("a best move").1;
        assert_eq!(solver.fast_best_move(&pos), Some(MoveValue { square: first, value: best }), "{pos}");
    }
    assert!(ties >= 30, "positions with several best moves: {ties} of 240");
}

#[test]
fn quadrant_parity_worked_by_hand() {
    let squares = |names: &[&str]| names.iter().map(|s| s.parse::<Square>().expect("a square").bit()).sum::<u64>();
    let [a1_d4, e1_h4, a5_d8, e5_h8] = QUADRANTS;
    // a1, b1, c2: three empties (odd); e1 alone (odd, single); a5, a6: two (even); none in e5–h8.
    let empty = squares(&["a1", "b1", "c2", "e1", "a5", "a6"]);
    assert_eq!(quadrant_parity(empty), (a1_d4 | e1_h4, e1_h4));
    assert_eq!(odd_quadrants(empty), a1_d4 | e1_h4, "the odd part alone");
    // One empty square in each quadrant: all four odd and single.
    let corners = squares(&["a1", "h1", "a8", "h8"]);
    let all = a1_d4 | e1_h4 | a5_d8 | e5_h8;
    assert_eq!(quadrant_parity(corners), (all, all));
    // Two or three empties in a quadrant, or none on the board: no single.
    assert_eq!(quadrant_parity(squares(&["e5", "h8", "a1", "d4", "c3"])), (a1_d4, 0), "two or three per quadrant");
    assert_eq!(quadrant_parity(0), (0, 0));
}
