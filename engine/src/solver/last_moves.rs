//! The last one to four empty squares, solved without move generation:
//! the squares are listed once (odd quadrants first, for parity) and tried
//! in that order by one function per count; a square with no opponent disc
//! next to it is skipped without computing flips; one empty square needs
//! only the flip count of its last move.

use super::mode::{Count, Steps};
use super::{INF, Scoring, SolverTwins};
use crate::alphabeta::Window;
use crate::moves::{NEIGHBOURS, after};

/// The empty squares of a position with at most four, odd quadrants first
/// (parity order): square `i` in byte `i` of `squares`, `len` of them (in
/// registers, not memory: the list is built right before it is read).
#[derive(Clone, Copy)]
struct Empties {
    squares: u32,
    len: u32,
}

impl Empties {
    /// The squares of `empty` (at most four), those in `odd` first.
    #[inline(always)]
    fn with_odd(empty: u64, odd: u64) -> Empties {
        let mut e = Empties { squares: 0, len: 0 };
        // Squares in odd quadrants first (parity order), then the rest.
        for part in [empty & odd, empty & !odd] {
            let mut m = part;
            while m != 0 {
                e.squares |= m.trailing_zeros() << (8 * e.len);
                m &= m - 1;
                e.len += 1;
            }
        }
        e
    }

    /// Square `i` of the list.
    #[inline(always)]
    fn square(self, i: u32) -> usize {
        (self.squares >> (8 * i) & 0xFF) as usize
    }
}

/// A node's window and the best value found so far.
struct Node {
    window: Window,
    best: i32,
}

/// Three empty squares with the one alone in its quadrant first when the
/// other two share one (the only case where parity orders them); otherwise
/// as given.
#[inline(always)]
fn parity_order_3(x: [usize; 3]) -> [usize; 3] {
    // Two squares share a quadrant when their column's bit 2 and row's bit 2 (square bits 2 and 5) agree.
    let apart = |s: usize, t: usize| (s ^ t) & 0b10_0100 != 0;
    let (ab, bc, ac) = (apart(x[0], x[1]), apart(x[1], x[2]), apart(x[0], x[2]));
    if !ab && bc {
        [x[2], x[0], x[1]]
    } else if !ac && ab {
        [x[1], x[0], x[2]]
    } else {
        x
    }
}

/// The discs the mover flips by playing `x`, skipping the flip computation
/// when no opponent disc touches `x` (then nothing can flip).
#[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
fn flips_near<K: SolverTwins>(p: u64, o: u64, x: usize) -> u64 {
    if NEIGHBOURS[x] & o == 0 { 0 } else { K::flips(p, o, x) }
}

impl Count {
    /// One empty square `x`.
    #[inline(always)]
    pub(super) fn solve_1<K: SolverTwins>(&mut self, p: u64, o: u64, x: usize) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let diff = 2 * p.count_ones() as i32 - 63; // 63 discs on the board: p and o
        let f = K::last_flip_count(p, x) as i32;
        if f != 0 {
            return diff + 1 + 2 * f;
        }
        let g = K::last_flip_count(o, x) as i32;
        if g != 0 {
            return diff - 1 - 2 * g;
        }
        match self.scoring {
            Scoring::Margin => diff,
            Scoring::EmptiesToWinner => diff + diff.signum(),
        }
    }

    /// Two to four empty squares, `e`.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    pub(super) fn solve_small<K: SolverTwins, S: Steps>(&mut self, p: u64, o: u64, w: Window, odd: u64) -> i32 {
        let e = Empties::with_odd(!(p | o), odd);
        let x = |i| e.square(i);
        match e.len {
            2 => self.solve_2::<K, false>(p, o, w, x(0), x(1)),
            3 => self.solve_3::<K, S, false>(p, o, w, [x(0), x(1), x(2)]),
            _ => self.solve_4::<K, S, false>(p, o, w, [x(0), x(1), x(2), x(3)]),
        }
    }

    /// Two empty squares, tried `a` then `b`. (The one-square children are
    /// exact: the window only decides whether `b` is needed.)
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn solve_2<K: SolverTwins, const PASSED: bool>(&mut self, p: u64, o: u64, w: Window, a: usize, b: usize) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let mut best = -INF;
        let f = flips_near::<K>(p, o, a);
        if f != 0 {
            let (cp, co) = after(p, o, f, a);
            best = -self.solve_1::<K>(cp, co, b);
            if best >= w.beta {
                return best;
            }
        }
        let f = flips_near::<K>(p, o, b);
        if f != 0 {
            let (cp, co) = after(p, o, f, b);
            best = best.max(-self.solve_1::<K>(cp, co, a));
        }
        if best != -INF {
            return best;
        }
        if PASSED {
            return self.final_score(p, o); // neither side can move
        }
        -self.solve_2::<K, true>(o, p, w.negated(), a, b)
    }

    /// Three empty squares, tried in the order given (the fast search
    /// first re-sorts them for this node's parity). The three moves are
    /// written out one by one (as a loop over them, the squares stayed in
    /// memory: 3–4% slower in all), except after a pass, which is rare.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn solve_3<K: SolverTwins, S: Steps, const PASSED: bool>(
        &mut self,
        p: u64,
        o: u64,
        w: Window,
        x: [usize; 3],
    ) -> i32 {
        if !self.count_node() {
            return 0;
        }
        // The fast search sorts again for this node's parity: when two of
        // the three squares share a quadrant, the lone one first.
        let x = if S::FAST && !PASSED { parity_order_3(x) } else { x };
        // Each move with the two squares left after it.
        let moves = [[x[0], x[1], x[2]], [x[1], x[0], x[2]], [x[2], x[0], x[1]]];
        let mut node = Node { window: w, best: -INF };
        if PASSED {
            // A loop keeps this rare copy small.
            for m in moves {
                if self.solve_3_move::<K>(p, o, m, &mut node) {
                    return node.best;
                }
            }
        } else if self.solve_3_move::<K>(p, o, moves[0], &mut node)
            || self.solve_3_move::<K>(p, o, moves[1], &mut node)
            || self.solve_3_move::<K>(p, o, moves[2], &mut node)
        {
            return node.best;
        }
        if node.best != -INF {
            return node.best;
        }
        if PASSED {
            return self.final_score(p, o); // neither side can move
        }
        -self.solve_3::<K, S, true>(o, p, w.negated(), x)
    }

    /// One move of [`Count::solve_3`]: `x` played, then `a` and `b` left.
    /// Raises the node's best value and alpha; true on a cutoff.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn solve_3_move<K: SolverTwins>(&mut self, p: u64, o: u64, [x, a, b]: [usize; 3], node: &mut Node) -> bool {
        let f = flips_near::<K>(p, o, x);
        if f == 0 {
            return false;
        }
        let (cp, co) = after(p, o, f, x);
        let v = -self.solve_2::<K, false>(cp, co, node.window.negated(), a, b);
        if v > node.best {
            node.best = v;
            if v >= node.window.beta {
                return true;
            }
            node.window.alpha = node.window.alpha.max(v);
        }
        false
    }

    /// Four empty squares, tried in the order given.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn solve_4<K: SolverTwins, S: Steps, const PASSED: bool>(
        &mut self,
        p: u64,
        o: u64,
        w: Window,
        x: [usize; 4],
    ) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let (mut alpha, beta, mut best) = (w.alpha, w.beta, -INF);
        let rests = [[x[1], x[2], x[3]], [x[0], x[2], x[3]], [x[0], x[1], x[3]], [x[0], x[1], x[2]]];
        for (i, rest) in rests.into_iter().enumerate() {
            let f = flips_near::<K>(p, o, x[i]);
            if f == 0 {
                continue;
            }
            let (cp, co) = after(p, o, f, x[i]);
            let v = -self.solve_3::<K, S, false>(cp, co, Window::new(-beta, -alpha), rest);
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                alpha = alpha.max(v);
            }
        }
        if best != -INF {
            return best;
        }
        if PASSED {
            return self.final_score(p, o); // neither side can move
        }
        -self.solve_4::<K, S, true>(o, p, w.negated(), x)
    }
}

#[cfg(test)]
mod tests {
    use super::parity_order_3;

    #[test]
    fn parity_order_puts_the_lone_square_first() {
        // a1 = 0 and b1 = 1 share the a1 quadrant; h8 = 63 is alone in its own.
        assert_eq!(parity_order_3([0, 1, 63]), [63, 0, 1]);
        assert_eq!(parity_order_3([0, 63, 1]), [63, 0, 1]);
        assert_eq!(parity_order_3([63, 0, 1]), [63, 0, 1]);
        // e1 = 4 is in the h1 quadrant, a5 = 32 in the a8 one, e5 = 36 in the h8 one.
        assert_eq!(parity_order_3([32, 36, 4]), [32, 36, 4], "three quadrants: all odd, order kept");
        assert_eq!(parity_order_3([36, 4, 63]), [4, 36, 63], "e5 and h8 share a quadrant");
        assert_eq!(parity_order_3([0, 1, 9]), [0, 1, 9], "one quadrant: all odd, order kept");
        // a1 = 0 and a3 = 16 share a quadrant though their rows are two apart.
        assert_eq!(parity_order_3([0, 16, 63]), [63, 0, 16], "a1 and a3 share a quadrant");
        assert_eq!(parity_order_3([16, 63, 0]), [63, 16, 0], "a3 and a1 share a quadrant");
    }
}
