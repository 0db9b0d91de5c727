//! The solver's entry points: each one whole search from an empty table, so
//! its position count depends only on the position (docs/players.md §6).

use super::{BestMove, CORNERS, INF, MoveValue, Outcome, Solver};
use crate::moves::{flips, legal_moves};
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
        let v = self.root_search::<true>(pos.player().0, pos.opponent().0, -64, 64);
        self.finish(v)
    }

    /// Is the value of `pos` at least `bound`? (One null-window search.)
    pub fn value_at_least(&mut self, pos: &Position, bound: i32) -> bool {
        self.begin(None);
        self.root_search::<true>(pos.player().0, pos.opponent().0, bound - 1, bound) >= bound
    }

    /// Every legal move with its exact value, best first (ties in square order).
    /// Empty when the mover has no legal move.
    pub fn move_values(&mut self, pos: &Position) -> Vec<MoveValue> {
        self.begin(None);
        let (p, o) = (pos.player().0, pos.opponent().0);
        let mut out: Vec<MoveValue> = pos
            .legal_moves()
            .map(|sq| {
                let f = flips(p, o, sq.index());
                let value = -self.root_search::<true>(o ^ f, p | f | sq.bit(), -64, 64);
                MoveValue { square: sq, value }
            })
            .collect();
        out.sort_by_key(|m| (-m.value, m.square));
        out
    }

    /// The game's computer move: an optimal move, the first in square order
    /// among equals, searched with root moves in square order and at most
    /// `budget` positions.
    pub fn first_best_move(&mut self, pos: &Position, budget: Option<u64>) -> Outcome<BestMove> {
        self.begin(budget);
        let (p, o) = (pos.player().0, pos.opponent().0);
        let moves = legal_moves(p, o);
        self.nodes = 1;
        if moves == 0 {
            let value = -self.root_search::<false>(o, p, -64, 64);
            return self.finish(BestMove { square: None, value });
        }
        let mut best = BestMove { square: None, value: -INF };
        for sq in crate::bitboard::Bitboard(moves) {
            let f = flips(p, o, sq.index());
            let (cp, co) = (o ^ f, p | f | sq.bit());
            let v = if best.square.is_none() {
                -self.root_search::<false>(cp, co, -64, 64)
            } else {
                // Only a strictly better move replaces the first best one.
                let probe = -self.root_search::<false>(cp, co, -best.value - 1, -best.value);
                if probe > best.value { -self.root_search::<false>(cp, co, -64, -best.value) } else { probe }
            };
            if self.aborted {
                return Outcome::OutOfBudget;
            }
            if best.square.is_none() || v > best.value {
                best = BestMove { square: Some(sq), value: v };
            }
        }
        self.finish(best)
    }

    /// A best move and its exact value (any best move when several tie),
    /// searched with the solver's own move ordering: the fastest way to the
    /// value. `None` when the mover has no legal move.
    pub fn fast_best_move(&mut self, pos: &Position) -> Option<MoveValue> {
        self.begin(None);
        let (p, o) = (pos.player().0, pos.opponent().0);
        let mut order: Vec<(i32, Square)> = pos
            .legal_moves()
            .map(|sq| {
                let f = flips(p, o, sq.index());
                let replies = legal_moves(o ^ f, p | f | sq.bit());
                ((replies.count_ones() + (replies & CORNERS).count_ones()) as i32, sq)
            })
            .collect();
        order.sort();
        let mut best: Option<MoveValue> = None;
        for (_, sq) in order {
            let f = flips(p, o, sq.index());
            let (cp, co) = (o ^ f, p | f | sq.bit());
            let value = match best {
                None => -self.root_search::<true>(cp, co, -64, 64),
                Some(b) => {
                    let probe = -self.root_search::<true>(cp, co, -b.value - 1, -b.value);
                    if probe > b.value { -self.root_search::<true>(cp, co, -64, -probe + 1) } else { probe }
                }
            };
            if best.is_none_or(|b| value > b.value) {
                best = Some(MoveValue { square: sq, value });
            }
        }
        best
    }
}
