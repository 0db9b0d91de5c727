//! The last one to four empty squares, solved without move generation:
//! the squares are listed (odd quadrants first, for parity) and tried in
//! order; one empty square needs only the flip count of its last move.

use super::kernel::SolverKernel;
use super::{Scoring, Solver};
use crate::isa::Kernel;
use crate::moves::flips;

/// The empty squares of a position with at most four, odd quadrants first.
pub(super) fn collect_empties(p: u64, o: u64, out: &mut [u8; 4]) -> usize {
    let empty = !(p | o);
    let odd = super::odd_quadrants(empty);
    let mut k = 0;
    // Squares in odd quadrants first (parity order), then the rest.
    for part in [empty & odd, empty & !odd] {
        let mut m = part;
        while m != 0 {
            out[k] = m.trailing_zeros() as u8;
            m &= m - 1;
            k += 1;
        }
    }
    k
}

impl Solver {
    /// One empty square `x`.
    #[inline(always)]
    pub(super) fn solve_1<K: Kernel>(&mut self, p: u64, o: u64, x: usize) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let diff = p.count_ones() as i32 - o.count_ones() as i32;
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

    /// Two to four empty squares, listed in `sq` (parity order); no move generation.
    #[inline(always)]
    pub(super) fn solve_small<K: SolverKernel>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        sq: &[u8],
        passed: bool,
    ) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let k = sq.len();
        let mut best = -super::INF;
        let mut rest = [0u8; 4];
        for i in 0..k {
            let x = sq[i] as usize;
            let f = flips(p, o, x);
            if f == 0 {
                continue;
            }
            let (cp, co) = (o ^ f, p | f | (1 << x));
            let v = if k == 2 {
                -self.solve_1::<K>(cp, co, sq[1 - i] as usize)
            } else {
                let mut j = 0;
                for (t, &s) in sq.iter().enumerate() {
                    if t != i {
                        rest[j] = s;
                        j += 1;
                    }
                }
                -K::solve_small(self, cp, co, -beta, -alpha, &rest[..k - 1], false)
            };
            if v > best {
                best = v;
                if v >= beta {
                    return v;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        if best != -super::INF {
            return best;
        }
        if passed {
            return self.final_score(p, o); // neither side can move
        }
        -K::solve_small(self, o, p, -beta, -alpha, sq, true)
    }
}
