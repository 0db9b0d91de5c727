//! The search from five empty squares up (docs/solver.md#the-search and #move-ordering): move
//! generation, stability cutoffs, the table and enhanced transposition
//! cutoffs, ordering by `order_key`, and null-window re-search (PVS).

use super::*;

impl Solver {
    /// Five or more empty squares.
    #[inline(always)]
    pub(super) fn search<K: SolverKernel, const FAST: bool>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        if FAST && n < FASTEST_FIRST_MIN_EMPTIES {
            return self.shallow::<K>(p, o, alpha, beta, n, passed);
        }
        if !self.count_node() {
            return 0;
        }
        let use_table = n >= if FAST { FAST_TABLE_MIN_EMPTIES } else { TABLE_MIN_EMPTIES };
        if use_table {
            self.table.prefetch(p, o); // on its way while the moves are generated
        }
        let mut moves = K::legal_moves(p, o);
        if moves == 0 {
            if passed {
                return self.final_score(p, o); // neither side can move
            }
            return -K::search::<FAST>(self, o, p, -beta, -alpha, n, true);
        }

        beta = match stability_cut(p, o, alpha, beta, n) {
            Ok(beta) => beta,
            Err(bound) => return bound,
        };

        let mut table_move = 64u8;
        if use_table && let Some(b) = self.table.probe(p, o) {
            (alpha, beta) = match apply_bounds(b.lower, b.upper, alpha, beta) {
                Ok(window) => window,
                Err(value) => return value,
            };
            table_move = b.best;
        }
        let (alpha0, beta0) = (alpha, beta);

        let mut best = -INF;
        let mut best_move = 64u8;
        let mut searched = 0;

        // The table's best move first, before the cost of ordering the rest.
        if table_move < 64 && moves & (1u64 << table_move) != 0 {
            let x = table_move as usize;
            moves &= !(1u64 << x);
            let (cp, co) = K::play(p, o, x);
            let v = -self.search_any::<K, FAST>(cp, co, -beta, -alpha, n - 1);
            if self.aborted {
                return 0;
            }
            best = v;
            best_move = x as u8;
            searched = 1;
            if v >= beta {
                let window = if self.selective { NO_BOUNDS } else { (alpha0, beta0) };
                self.table.store(p, o, n, window, best, best_move);
                return best;
            }
            alpha = alpha.max(v);
        }

        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        if n < FASTEST_FIRST_MIN_EMPTIES {
            // Parity order: moves in odd quadrants first, each part in square order.
            for part in [moves & odd, moves & !odd] {
                let mut m = part;
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let (cp, co) = K::play(p, o, x);
                    let v = self.pvs_child::<K, FAST>(cp, co, alpha, beta, n, searched == 0);
                    searched += 1;
                    if self.aborted {
                        return 0;
                    }
                    if v > best {
                        best = v;
                        if v >= beta {
                            return best;
                        }
                        alpha = alpha.max(v);
                    }
                }
            }
            return best;
        }

        // Order the rest by `order_key`, lazily: each child's key with its
        // index (square order) in the low bits, so equal keys keep square
        // order, and the next child is the least key left (most nodes cut
        // after one or two children, before a full sort would pay off).
        // Unused keys stay at the maximum, so the minimum is taken over the
        // whole array (a few vector instructions); the children themselves
        // are written only as far as they go (no 768-byte clear per node).
        let mut keys = [i64::MAX; 32];
        let mut kids = [std::mem::MaybeUninit::<(u8, u64, u64)>::uninit(); 32];
        let mut count = 0;
        while moves != 0 {
            let x = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (cp, co) = K::play(p, o, x);
            // Enhanced transposition cutoff: a child already known to be
            // bad enough for the opponent proves this node fails high.
            if n > if FAST { FAST_ETC_MIN_EMPTIES } else { ETC_MIN_EMPTIES }
                && let Some(b) = self.table.probe(cp, co)
                && -b.upper >= beta
            {
                self.table.store(p, o, n, (alpha0, beta0), -b.upper, x as u8);
                return -b.upper;
            }
            let (table_min, etc_min) = if FAST {
                (FAST_TABLE_MIN_EMPTIES, FAST_ETC_MIN_EMPTIES)
            } else {
                (TABLE_MIN_EMPTIES, ETC_MIN_EMPTIES)
            };
            if n > table_min && n <= etc_min {
                self.table.prefetch(cp, co); // the child will probe it
            }
            keys[count] = (order_key::<K, FAST>(cp, co, x, odd, n) as i64) << 5 | count as i64;
            kids[count].write((x as u8, cp, co));
            count += 1;
        }

        let count = if FAST && self.selective && n >= SELECTIVE_MIN_EMPTIES {
            count.min(if n >= SELECTIVE_WIDE_EMPTIES { 4 } else { 2 })
        } else {
            count
        };
        for _ in 0..count {
            let next = keys.iter().copied().min().unwrap_or(i64::MAX);
            let i = (next & 31) as usize;
            keys[i] = i64::MAX;
            // SAFETY: a key below the maximum belongs to a child `i < count`,
            // and every such child was written above.
            let (x, cp, co) = unsafe { kids[i].assume_init() };
            let v = self.pvs_child::<K, FAST>(cp, co, alpha, beta, n, searched == 0);
            searched += 1;
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = x;
                if v >= beta {
                    break;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
        if use_table {
            let window = if self.selective { NO_BOUNDS } else { (alpha0, beta0) };
            self.table.store(p, o, n, window, best, best_move);
        }
        best
    }

    /// The fast search's five and six empty squares: the legal moves in
    /// parity order (a square alone in its quadrant first, then the other
    /// odd quadrants, then the rest; X- and C-squares last within the last
    /// two), no table; a child with four empties gets its odd quadrants
    /// from this node's (the played square's quadrant flipped) instead of
    /// counting them again.
    #[inline(always)]
    fn shallow<K: SolverKernel>(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, n: u32, passed: bool) -> i32 {
        if !self.count_node() {
            return 0;
        }
        beta = match stability_cut(p, o, alpha, beta, n) {
            Ok(beta) => beta,
            Err(bound) => return bound,
        };
        let empty = !(p | o);
        let (odd, single) = quadrant_parity(empty);
        let odd3 = odd & !single;
        let moves = K::legal_moves(p, o);
        let mut best = -INF;
        let (far, near) = (moves & !NEAR_CORNERS, moves & NEAR_CORNERS);
        for part in [moves & single, far & odd3, near & odd3, far & !odd, near & !odd] {
            let mut m = part;
            while m != 0 {
                let x = m.trailing_zeros() as usize;
                m &= m - 1;
                let (cp, co) = K::play(p, o, x);
                // The child's odd quadrants (used when it has four empties).
                let odd_rest = odd ^ QUADRANT_OF[x];
                let v = if best == -INF {
                    -self.shallow_child::<K>(cp, co, -beta, -alpha, n - 1, odd_rest)
                } else {
                    let probe = -self.shallow_child::<K>(cp, co, -alpha - 1, -alpha, n - 1, odd_rest);
                    if probe > alpha && probe < beta {
                        -self.shallow_child::<K>(cp, co, -beta, -probe, n - 1, odd_rest)
                    } else {
                        probe
                    }
                };
                if v > best {
                    best = v;
                    if v >= beta {
                        return best;
                    }
                    alpha = alpha.max(v);
                }
            }
        }
        if best != -INF {
            return best;
        }
        if passed {
            return self.final_score(p, o); // neither side can move
        }
        -K::search::<true>(self, o, p, -beta, -alpha, n, true)
    }

    /// A child of [`Solver::shallow`] with `n` empty squares: four of them
    /// (odd quadrants `odd`) go to the last-moves solver after the fast
    /// search's stability cutoff at four, five to `shallow` again.
    #[inline(always)]
    fn shallow_child<K: SolverKernel>(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, odd: u64) -> i32 {
        if n > 4 {
            return K::search::<true>(self, p, o, alpha, beta, n, false);
        }
        if let Some(bound) = stability_cut_4(p, o, alpha) {
            return bound;
        }
        K::solve_small::<true>(self, p, o, alpha, beta, odd)
    }

    /// A child's value for the mover: the first child with the full window,
    /// later ones with a null window first (PVS), re-searched when inside.
    #[inline(always)]
    fn pvs_child<K: SolverKernel, const FAST: bool>(
        &mut self,
        cp: u64,
        co: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        first: bool,
    ) -> i32 {
        if first {
            return -self.search_any::<K, FAST>(cp, co, -beta, -alpha, n - 1);
        }
        let probe = -self.search_any::<K, FAST>(cp, co, -alpha - 1, -alpha, n - 1);
        if probe > alpha && probe < beta && !self.aborted {
            -self.search_any::<K, FAST>(cp, co, -beta, -probe, n - 1)
        } else {
            probe
        }
    }
}
