//! The solver's entry points: each one whole search from an empty table, so
//! its position count depends only on the position (docs/players.md#position-counts).

use super::mode::{Exact, Guess, Mode, Reference, Search};
use super::{BestMove, INF, MoveValue, Outcome, Solver};
use crate::alphabeta::{Research, Window, pvs};
use crate::moves::{legal_moves, play};
use crate::position::Position;
use crate::square::Square;

impl Solver {
    /// The exact value of `pos` for the side to move.
    pub fn value(&mut self, pos: &Position) -> i32 {
        self.value_within(pos, None).exact().expect("no budget")
    }

    /// The exact value, or `OutOfBudget` if it needs more than `budget` positions.
    pub fn value_within(&mut self, pos: &Position, budget: Option<u64>) -> Outcome<i32> {
        self.begin(budget);
        let v = self.mtd_value(pos.player().0, pos.opponent().0);
        self.finish(v)
    }

    /// The value of `(p, o)` from a guessing pass: the fast search with few
    /// moves per node (docs/solver.md#guess-then-mtdf). Not exact; it only sets where the
    /// exact search starts. Its table entries keep best moves, no bounds.
    pub(super) fn guess(&mut self, p: u64, o: u64) -> i32 {
        self.start(Guess).root(p, o, Window::new(-64, 64))
    }

    /// The exact value of `(p, o)` by MTD(f) from the guessing pass's value:
    /// null-window tests only, the table kept between them.
    pub(super) fn mtd_value(&mut self, p: u64, o: u64) -> i32 {
        let guess = self.guess(p, o);
        let mut s = self.start(Exact);
        mtd(guess, |beta| {
            let v = s.root(p, o, Window::new(beta - 1, beta));
            (!s.count.aborted).then_some((v, None))
        })
        .map_or(0, |(v, _)| v)
    }

    /// Is the value of `pos` at least `bound`? (One null-window search.)
    pub fn value_at_least(&mut self, pos: &Position, bound: i32) -> bool {
        self.begin(None);
        self.start(Exact).root(pos.player().0, pos.opponent().0, Window::new(bound - 1, bound)) >= bound
    }

    /// Every legal move with its exact value, best first (ties in square order).
    /// Empty when the mover has no legal move.
    pub fn move_values(&mut self, pos: &Position) -> Vec<MoveValue> {
        self.move_values_within(pos, None).exact().expect("no budget")
    }

    /// [`Solver::move_values`], or `OutOfBudget` if all the moves' searches
    /// together need more than `budget` positions.
    pub fn move_values_within(&mut self, pos: &Position, budget: Option<u64>) -> Outcome<Vec<MoveValue>> {
        self.begin(budget);
        let (p, o) = (pos.player().0, pos.opponent().0);
        let mut out = Vec::new();
        for sq in pos.legal_moves().iter() {
            let (cp, co) = play(p, o, sq.index());
            let value = -self.mtd_value(cp, co);
            if self.count.aborted {
                return Outcome::OutOfBudget;
            }
            out.push(MoveValue { square: sq, value });
        }
        out.sort_by_key(|m| (-m.value, m.square));
        self.finish(out)
    }

    /// The game's computer move: an optimal move, the first in square order
    /// among equals, searched with root moves in square order and at most
    /// `budget` positions.
    pub fn first_best_move(&mut self, pos: &Position, budget: Option<u64>) -> Outcome<BestMove> {
        self.begin(budget);
        let (p, o) = (pos.player().0, pos.opponent().0);
        let moves = legal_moves(p, o);
        self.count.nodes = 1;
        let best = {
            let mut s = self.start(Reference);
            if moves == 0 {
                BestMove { square: None, value: -s.root(o, p, Window::new(-64, 64)) }
            } else {
                let mut best = BestMove { square: None, value: -INF };
                for sq in crate::bitboard::Bitboard(moves) {
                    let (cp, co) = play(p, o, sq.index());
                    // Only a strictly better move replaces the first best one.
                    let first = best.square.is_none();
                    let w = Window::new(if first { -64 } else { best.value }, 64);
                    let v = pvs!(w, first, Research::Whole, stopped: s.count.aborted, |w| -s.root(cp, co, w.negated()));
                    if s.count.aborted {
                        break;
                    }
                    if best.square.is_none() || v > best.value {
                        best = BestMove { square: Some(sq), value: v };
                    }
                }
                best
            }
        };
        self.finish(best)
    }

    /// A best move and its exact value: the first move in the fast search's
    /// order that reaches the best value (docs/solver.md#guess-then-mtdf). `None` when the
    /// mover has no legal move.
    pub fn fast_best_move(&mut self, pos: &Position) -> Option<MoveValue> {
        self.begin(None);
        let (p, o) = (pos.player().0, pos.opponent().0);
        let kids = children(p, o);
        if kids.is_empty() {
            return None;
        }
        let guess = self.guess(p, o);
        let mut s = self.start(Exact);
        let (value, i) = mtd(guess, |beta| Some(root_test(&mut s, &kids, beta))).expect("no budget");
        Some(MoveValue { square: Square::new_unchecked(kids[i.unwrap_or(0)].square), value })
    }
}

/// One MTD(f) test "value ≥ `beta`" of the root whose children (in the
/// fast order) are `kids`: each move in order until one passes. Returns the
/// fail-soft value and the first move in order that passed (in a team: the
/// deciding thread's answer alone, the same for any thread count).
pub(super) fn root_test<M: Mode>(s: &mut Search<'_, M>, kids: &[Child], beta: i32) -> (i32, Option<usize>) {
    let mut best = -64;
    for (i, c) in kids.iter().enumerate() {
        s.mode.root_move(i == 0, c.p, c.o);
        let v = -s.root(c.p, c.o, Window::new(-beta, 1 - beta));
        if v >= beta {
            return (v, Some(i));
        }
        best = best.max(v);
    }
    (best, None)
}

/// MTD(f): the exact value from null-window tests, starting at `guess`.
/// `test(beta)` tests "value ≥ beta" and returns a fail-soft value (≥ beta:
/// a lower bound; < beta: an upper bound) with the root move that passed, or
/// `None` if the search was stopped. Returns the value and the move of the
/// last passed test: the first move in test order that reaches the value,
/// since every move before it failed a test at or below the value.
pub(super) fn mtd(
    guess: i32,
    mut test: impl FnMut(i32) -> Option<(i32, Option<usize>)>,
) -> Option<(i32, Option<usize>)> {
    let (mut lower, mut upper, mut g, mut chosen) = (-64, 64, guess.clamp(-64, 64), None);
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        let (v, i) = test(beta)?;
        if v >= beta {
            lower = v;
            chosen = i;
        } else {
            upper = v;
        }
        g = v;
    }
    Some((g, chosen))
}

/// A child position and the move that leads to it.
#[derive(Clone, Copy)]
pub(super) struct Child {
    pub square: u8,
    pub p: u64,
    pub o: u64,
}

/// The children of `(p, o)` in the fast search's order.
pub(super) fn children(p: u64, o: u64) -> Vec<Child> {
    let n = (p | o).count_zeros();
    let odd = super::odd_quadrants(!(p | o));
    let mut out: Vec<(i32, Child)> = crate::bitboard::Bitboard(legal_moves(p, o))
        .iter()
        .map(|sq| {
            let x = sq.index();
            let (cp, co) = play(p, o, x);
            (
                super::order_key::<crate::isa::Portable, super::mode::FastSteps>(cp, co, x, odd, n),
                Child { square: x as u8, p: cp, o: co },
            )
        })
        .collect();
    out.sort_by_key(|&(key, c)| (key, c.square));
    out.into_iter().map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::mtd;

    /// The tests of a root whose moves, in test order, have the values `values`,
    /// answered fail-hard (`beta` when a move reaches it, naming the first that
    /// does; `beta - 1` when none does): the least a test can tell, one disc a test.
    fn fail_hard(values: &[i32], betas: &mut Vec<i32>, beta: i32) -> Option<(i32, Option<usize>)> {
        betas.push(beta);
        Some(match values.iter().position(|&v| v >= beta) {
            Some(i) => (beta, Some(i)),
            None => (beta - 1, None),
        })
    }

    /// docs/solver.md#guess-then-mtdf: the tests start at the guess (kept within
    /// -64..=64) and move until the bounds meet; the move is the first in test
    /// order that reaches the value.
    #[test]
    fn mtd_tests_from_the_guess_until_the_bounds_meet() {
        let values = [3, 7, -2, 7];
        let cases: [(i32, Vec<i32>); 5] = [
            (7, vec![7, 8]),
            (5, vec![5, 6, 7, 8]),
            (9, vec![9, 8, 7]),
            (100, (7..=64).rev().collect()),
            (-100, (-63..=8).collect()),
        ];
        for (guess, want) in cases {
            let mut betas = Vec::new();
            let got = mtd(guess, |beta| fail_hard(&values, &mut betas, beta));
            assert_eq!(got, Some((7, Some(1))), "guess {guess}");
            assert_eq!(betas, want, "guess {guess}");
        }
    }
}
