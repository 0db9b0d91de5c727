//! The search from five empty squares up (docs/solver.md#the-search and #move-ordering): move
//! generation, stability cutoffs, the table and enhanced transposition
//! cutoffs, ordering by `order_key`, and null-window re-search (PVS).
//!
//! [`Search::search`] reads as its steps: count the node, pass, stability
//! cutoff, table bounds, the table's move first, then the other moves in
//! parity order (below seven empties) or ordered by key, and store.

use super::mode::FastSteps;
use super::node::Node;
use super::*;
use crate::alphabeta::{Research, Window, apply_bounds, pvs};
use std::mem::MaybeUninit;
use std::ops::ControlFlow::{self, Break, Continue};

/// The moves of a node with seven or more empties in order of their keys,
/// lowest first, produced lazily: each child's key with its index (square
/// order) in the low bits, so equal keys keep square order, and the next
/// child is the least key left (most nodes cut after one or two children,
/// before a full sort would pay off). Unused keys stay at the maximum, so
/// the minimum is taken over the first eight keys when the node has at most
/// eight moves (most do), otherwise over the whole array (a few vector
/// instructions: 32-bit keys, as AVX2 has no minimum of 64-bit integers);
/// the children themselves are written only as far as they go (no
/// 768-byte clear per node).
pub(super) struct Ordered {
    keys: [i32; 32],
    kids: [MaybeUninit<(u8, u64, u64)>; 32],
    pub(super) len: usize,
}

impl Ordered {
    #[inline(always)]
    pub(super) fn new() -> Ordered {
        Ordered { keys: [i32::MAX; 32], kids: [const { MaybeUninit::uninit() }; 32], len: 0 }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, key: i32, x: u8, cp: u64, co: u64) {
        // Keys stay far inside 2^26 (replies, discs, the learned score at
        // most ~11 points per disc), so the shift never overflows.
        self.keys[self.len] = key << 5 | self.len as i32;
        self.kids[self.len].write((x, cp, co));
        self.len += 1;
    }

    /// The child with the least key left, taken out.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> (u8, u64, u64) {
        // Most nodes have at most eight moves: one vector of keys is enough then
        // (over all 32 it was about 7% of the time at 14-16 empties).
        let keys = if self.len <= 8 { &self.keys[..8] } else { &self.keys[..] };
        let next = keys.iter().copied().min().unwrap_or(i32::MAX);
        let i = (next & 31) as usize;
        self.keys[i] = i32::MAX;
        // SAFETY: `pop` is called at most `len` times, so a key below the maximum
        // is left, and it belongs to a child `i < len`, written by `push`.
        unsafe { self.kids[i].assume_init() }
    }
}

impl<M: Mode> Search<'_, M> {
    /// A whole search of `(p, o)` with `n` empties: the last moves, the fast
    /// search's five and six empties, a team thread's node, or [`Search::search`].
    #[inline(always)]
    pub(super) fn search_any<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32) -> i32 {
        match n {
            0 => {
                if !self.count.count_node() {
                    return 0;
                }
                self.count.final_score(p, o)
            }
            1 => self.count.solve_1::<K>(p, o, (!(p | o)).trailing_zeros() as usize),
            2..=4 => {
                if M::FAST
                    && n == 4
                    && let Some(bound) = stability_cut_4(p, o, w.alpha)
                {
                    return bound;
                }
                K::solve_small::<M::Steps>(&mut self.count, p, o, w, odd_quadrants(!(p | o)))
            }
            _ if M::FAST && n < M::Steps::KEY_ORDER_MIN_EMPTIES => K::shallow(&mut self.count, p, o, w, n, false),
            _ => {
                if n >= TEAM_MIN_EMPTIES
                    && let Some(v) = M::team_node::<K>(self, p, o, w, n)
                {
                    return v;
                }
                K::search::<M>(self, p, o, w, n, false)
            }
        }
    }

    /// Five or more empty squares (seven or more in the fast search).
    #[inline(always)]
    pub(super) fn search<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 {
        let use_table = n >= M::TABLE_MIN_EMPTIES;
        let (moves, mut node, table_move) = match self.open::<K>(p, o, w, n, passed, use_table) {
            Continue(opened) => opened,
            Break(value) => return value,
        };
        let rest = match self.table_move_first::<K>(p, o, moves, table_move, &mut node, n) {
            Continue(rest) => rest,
            Break(value) => return value,
        };
        if n < M::Steps::KEY_ORDER_MIN_EMPTIES {
            return self.in_parity_order::<K>(p, o, rest, node, n);
        }
        let mut ordered = Ordered::new();
        if let Break(value) = self.order::<K>(p, o, rest, &node, n, &mut ordered) {
            return value;
        }
        let count = if M::GUESS { selective_width(ordered.len, n) } else { ordered.len };
        for _ in 0..count {
            let (x, cp, co) = ordered.pop();
            let v = self.pvs_child::<K>(cp, co, node.window, n, node.searched == 0);
            if self.count.aborted {
                return 0;
            }
            if node.take(v, x).is_break() {
                break;
            }
        }
        if use_table {
            return self.end(p, o, n, &node);
        }
        node.best
    }

    /// A node's first steps, the same for every mode: count it, pass when
    /// the mover has no move, the stability cutoff, then (`use_table`) the
    /// table's bounds. `Break` with the node's value when one of them decides
    /// it, otherwise its legal moves, its state and the table's best move.
    #[inline(always)]
    pub(super) fn open<K: SolverTwins>(
        &mut self,
        p: u64,
        o: u64,
        w: Window,
        n: u32,
        passed: bool,
        use_table: bool,
    ) -> ControlFlow<i32, (u64, Node, Option<u8>)> {
        if !self.count.count_node() {
            return Break(0);
        }
        if use_table {
            self.table.prefetch(p, o); // on its way while the moves are generated
        }
        let moves = K::legal_moves(p, o);
        if moves == 0 {
            return Break(self.pass::<K>(p, o, w, n, passed));
        }
        let mut w = stability_cut::<M::Steps>(p, o, w, n)?;
        let mut table_move = None;
        if use_table && let Some(b) = self.table.probe(p, o) {
            w = apply_bounds(b.lower, b.upper, w)?;
            table_move = b.best;
        }
        Continue((moves, Node::new(w), table_move))
    }

    /// No legal move: the final score when the opponent cannot move either,
    /// otherwise the opponent's value with the same empties.
    #[inline(always)]
    pub(super) fn pass<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 {
        if passed {
            return self.count.final_score(p, o); // neither side can move
        }
        -K::search::<M>(self, o, p, w.negated(), n, true)
    }

    /// Stores the node's result in the table, as the mode stores, and returns its value.
    #[inline(always)]
    pub(super) fn end(&mut self, p: u64, o: u64, n: u32, node: &Node) -> i32 {
        self.mode.store(self.table, p, o, n, node);
        node.best
    }

    /// The table's best move first, before the cost of ordering the rest:
    /// the other moves, or `Break` with the node's value (stored) on its
    /// cutoff, or 0 when the budget ran out.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn table_move_first<K: SolverTwins>(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        table_move: Option<u8>,
        node: &mut Node,
        n: u32,
    ) -> ControlFlow<i32, u64> {
        let Some(x) = table_move.filter(|&x| moves >> x & 1 != 0) else { return Continue(moves) };
        let (cp, co) = K::play(p, o, x as usize);
        let v = self.pvs_child::<K>(cp, co, node.window, n, true);
        if self.count.aborted {
            return Break(0);
        }
        if node.take(v, x).is_break() {
            return Break(self.end(p, o, n, node));
        }
        Continue(moves & !(1u64 << x))
    }

    /// Below seven empties (the reference search only): the moves in odd
    /// quadrants first, each part in square order; no table.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn in_parity_order<K: SolverTwins>(&mut self, p: u64, o: u64, moves: u64, mut node: Node, n: u32) -> i32 {
        let odd = odd_quadrants(!(p | o));
        for part in [moves & odd, moves & !odd] {
            for x in crate::bitboard::Bitboard(part) {
                let (cp, co) = K::play(p, o, x.index());
                let v = self.pvs_child::<K>(cp, co, node.window, n, node.searched == 0);
                if self.count.aborted {
                    return 0;
                }
                if node.take(v, x.index() as u8).is_break() {
                    break;
                }
            }
            if node.best >= node.window.beta {
                break;
            }
        }
        node.best
    }

    /// The moves into `ordered` by `order_key`, each child probed for an
    /// enhanced transposition cutoff on the way: a child already known to be
    /// bad enough for the opponent proves this node fails high (`Break` with
    /// the value, stored).
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    pub(super) fn order<K: SolverTwins>(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        node: &Node,
        n: u32,
        ordered: &mut Ordered,
    ) -> ControlFlow<i32> {
        let (table_min, etc_min) = (M::TABLE_MIN_EMPTIES, M::Steps::ETC_MIN_EMPTIES);
        let odd = odd_quadrants(!(p | o));
        for x in crate::bitboard::Bitboard(moves) {
            let x = x.index();
            let (cp, co) = K::play(p, o, x);
            if n > etc_min
                && let Some(b) = self.table.probe(cp, co)
                && -b.upper >= node.window.beta
            {
                self.table.store(p, o, n, node.entered, -b.upper, Some(x as u8));
                return Break(-b.upper);
            }
            if n > table_min && n <= etc_min {
                self.table.prefetch(cp, co); // the child will probe it
            }
            ordered.push(order_key::<K, M::Steps>(cp, co, x, odd, n), x as u8, cp, co);
        }
        Continue(())
    }

    /// A child's value for the mover by PVS: the first child with the full
    /// window, later ones with a null window first.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    pub(super) fn pvs_child<K: SolverTwins>(&mut self, cp: u64, co: u64, w: Window, n: u32, first: bool) -> i32 {
        pvs!(w, first, Research::FromProbe, stopped: self.count.aborted, |w| -self.search_any::<K>(cp, co, w.negated(), n - 1))
    }
}

impl Count {
    /// The fast search's five and six empty squares: the legal moves in
    /// parity order (a square alone in its quadrant first, then the other
    /// odd quadrants, then the rest; X- and C-squares last within the last
    /// two), no table, the same in every mode; a child with four empties gets
    /// its odd quadrants from this node's (the played square's quadrant
    /// flipped) instead of counting them again.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    pub(super) fn shallow<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let w = match stability_cut::<FastSteps>(p, o, w, n) {
            Continue(w) => w,
            Break(bound) => return bound,
        };
        let (odd, single) = quadrant_parity(!(p | o));
        let odd3 = odd & !single;
        let moves = K::legal_moves(p, o);
        let mut node = Node::new(w);
        let (far, near) = (moves & !NEAR_CORNERS, moves & NEAR_CORNERS);
        for part in [moves & single, far & odd3, near & odd3, far & !odd, near & !odd] {
            for x in crate::bitboard::Bitboard(part) {
                let x = x.index();
                let (cp, co) = K::play(p, o, x);
                // The child's odd quadrants (used when it has four empties).
                let odd_rest = odd ^ QUADRANT_OF[x];
                let v = pvs!(node.window, node.searched == 0, Research::FromProbe, stopped: self.aborted, |w| -self.shallow_child::<K>(cp, co, w.negated(), n - 1, odd_rest));
                if node.take(v, x as u8).is_break() {
                    return node.best;
                }
            }
        }
        if node.searched > 0 {
            return node.best;
        }
        if passed {
            return self.final_score(p, o); // neither side can move
        }
        -K::shallow(self, o, p, w.negated(), n, true)
    }

    /// A child of [`Count::shallow`] with `n` empty squares: four of them
    /// (odd quadrants `odd`) go to the last-moves solver after the fast
    /// search's stability cutoff at four, five to `shallow` again.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn shallow_child<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32, odd: u64) -> i32 {
        if n > 4 {
            return K::shallow(self, p, o, w, n, false);
        }
        if let Some(bound) = stability_cut_4(p, o, w.alpha) {
            return bound;
        }
        K::solve_small::<FastSteps>(self, p, o, w, odd)
    }
}

/// How many ordered moves a guessing pass searches at a node with `n`
/// empties and `len` moves left after the table's (docs/solver.md#guess-then-mtdf).
#[inline(always)]
pub(super) fn selective_width(len: usize, n: u32) -> usize {
    match n {
        _ if n < SELECTIVE_MIN_EMPTIES => len,
        _ if n < SELECTIVE_WIDE_EMPTIES => len.min(2),
        _ => len.min(4),
    }
}
