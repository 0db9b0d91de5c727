//! The search from five empty squares up (docs/solver.md#the-search and #move-ordering): move
//! generation, stability cutoffs, the table and enhanced transposition
//! cutoffs, ordering by `order_key`, and null-window re-search (PVS).
//!
//! [`Solver::search`] reads as its steps: count the node, pass, stability
//! cutoff, table bounds, the table's move first, then the other moves in
//! parity order (below seven empties) or ordered by key, and store.

use super::*;
use crate::alphabeta::{Research, Window, apply_bounds, pvs};
use std::mem::MaybeUninit;
use std::ops::ControlFlow::{self, Break, Continue};

/// The empty counts from which a search uses the table, and from which
/// (above) it tries enhanced transposition cutoffs: the fast search's or the
/// reference one's.
#[inline(always)]
const fn table_limits(fast: bool) -> (u32, u32) {
    if fast { (FAST_TABLE_MIN_EMPTIES, FAST_ETC_MIN_EMPTIES) } else { (TABLE_MIN_EMPTIES, ETC_MIN_EMPTIES) }
}

/// One node's search state: its window, the window it was entered with
/// after the table's bounds (what a stored result proves), and the best
/// value and move so far.
struct Node {
    window: Window,
    entered: Window,
    best: i32,
    best_move: Option<u8>,
    searched: u32,
}

impl Node {
    #[inline(always)]
    fn new(window: Window) -> Node {
        Node { window, entered: window, best: -INF, best_move: None, searched: 0 }
    }

    /// Takes the value `v` of move `x`: raises the best and alpha; `Break`
    /// on a cutoff.
    #[inline(always)]
    fn take(&mut self, v: i32, x: u8) -> ControlFlow<()> {
        self.searched += 1;
        if v > self.best {
            self.best = v;
            self.best_move = Some(x);
            if v >= self.window.beta {
                return Break(());
            }
            self.window.alpha = self.window.alpha.max(v);
        }
        Continue(())
    }
}

/// The moves of a node with seven or more empties in order of their keys,
/// lowest first, produced lazily: each child's key with its index (square
/// order) in the low bits, so equal keys keep square order, and the next
/// child is the least key left (most nodes cut after one or two children,
/// before a full sort would pay off). Unused keys stay at the maximum, so
/// the minimum is taken over the whole array (a few vector instructions:
/// 32-bit keys, as AVX2 has no minimum of 64-bit integers);
/// the children themselves are written only as far as they go (no
/// 768-byte clear per node).
struct Ordered {
    keys: [i32; 32],
    kids: [MaybeUninit<(u8, u64, u64)>; 32],
    len: usize,
}

impl Ordered {
    #[inline(always)]
    fn new() -> Ordered {
        Ordered { keys: [i32::MAX; 32], kids: [const { MaybeUninit::uninit() }; 32], len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, key: i32, x: u8, cp: u64, co: u64) {
        // Keys stay far inside 2^26 (replies, discs, the learned score at
        // most ~11 points per disc), so the shift never overflows.
        self.keys[self.len] = key << 5 | self.len as i32;
        self.kids[self.len].write((x, cp, co));
        self.len += 1;
    }

    /// The child with the least key left, taken out.
    #[inline(always)]
    fn pop(&mut self) -> (u8, u64, u64) {
        let next = self.keys.iter().copied().min().unwrap_or(i32::MAX);
        let i = (next & 31) as usize;
        self.keys[i] = i32::MAX;
        // SAFETY: `pop` is called at most `len` times, so a key below the maximum
        // is left, and it belongs to a child `i < len`, written by `push`.
        unsafe { self.kids[i].assume_init() }
    }
}

impl Solver {
    /// Five or more empty squares.
    #[inline(always)]
    pub(super) fn search<K: Kernel, const FAST: bool>(
        &mut self,
        p: u64,
        o: u64,
        w: Window,
        n: u32,
        passed: bool,
    ) -> i32 {
        if FAST && n < FASTEST_FIRST_MIN_EMPTIES {
            return self.shallow::<K>(p, o, w, n, passed);
        }
        if !self.count_node() {
            return 0;
        }
        let use_table = n >= table_limits(FAST).0;
        if use_table {
            self.table.prefetch(p, o); // on its way while the moves are generated
        }
        let moves = K::legal_moves(p, o);
        if moves == 0 {
            return self.pass::<K, FAST>(p, o, w, n, passed);
        }
        let mut w = match stability_cut(p, o, w, n, FAST) {
            Continue(w) => w,
            Break(bound) => return bound,
        };
        let mut table_move = None;
        if use_table && let Some(b) = self.table.probe(p, o) {
            w = match apply_bounds(b.lower, b.upper, w) {
                Continue(w) => w,
                Break(value) => return value,
            };
            table_move = b.best;
        }
        let mut node = Node::new(w);
        let rest = match self.table_move_first::<K, FAST>(p, o, moves, table_move, &mut node, n) {
            Continue(rest) => rest,
            Break(value) => return value,
        };
        if n < FASTEST_FIRST_MIN_EMPTIES {
            return self.in_parity_order::<K, FAST>(p, o, rest, node, n);
        }
        let mut ordered = Ordered::new();
        if let Break(value) = self.order::<K, FAST>(p, o, rest, &node, n, &mut ordered) {
            return value;
        }
        let count = if FAST && self.selective { selective_width(ordered.len, n) } else { ordered.len };
        for _ in 0..count {
            let (x, cp, co) = ordered.pop();
            let v = self.pvs_child::<K, FAST>(cp, co, node.window, n, node.searched == 0);
            if self.aborted {
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

    /// [`Solver::search`] for one thread of a [`Team`] searching one test
    /// or guessing pass with the others (from [`TEAM_MIN_EMPTIES`], the fast
    /// search): the same steps, but a move after the first that another
    /// thread is searching is put off until the others are done (ABDADA,
    /// J.-C. Weill 1996), and a thread told to stop returns at once without
    /// storing anything. A helper puts off the first move too, unless the
    /// node is expected to cut (`Solver::cut`) or has a wide window (the
    /// guessing pass's principal variation): there it joins the first move
    /// rather than speculate on a second that is seldom needed, or searched
    /// in a window not yet narrowed.
    ///
    /// A node another thread has settled is left at once (docs/solver.md#several-threads-for-one-position):
    /// between its moves a thread looks its node up in the table, and every
    /// [`SETTLED_CHECK_POSITIONS`] positions it looks up the team nodes it is
    /// in; where the table's bounds already decide one, the thread returns to
    /// it, storing nothing on the way, and takes the table's bound as its value.
    #[inline(always)] // into its twin, so that it runs with the twin's features
    pub(super) fn search_team<K: Kernel>(&mut self, p: u64, o: u64, w: Window, n: u32) -> i32 {
        let team: *const parallel::Busy = std::sync::Arc::as_ptr(self.team.as_ref().expect("a team search"));
        // SAFETY: `self.team` holds the `Arc` for the whole test (it is set before and cleared
        // after, never during a search), so the marks outlive this node. A plain reference
        // instead of a clone: the count of a shared `Arc` would bounce between the threads' caches.
        let team = unsafe { &*team };
        if self.nodes >= self.next_settled_check {
            self.next_settled_check = self.nodes + self.settled_check;
            if let Some(settled) = self.settled_ancestor() {
                self.unwind = Some(settled);
                self.aborted = true;
                return 0;
            }
        }
        let level = self.ancestors.len();
        self.ancestors.push((p, o, w));
        let v = self.team_node::<K>(team, p, o, w, n);
        self.ancestors.pop();
        match self.unwind {
            Some((to, value)) if to == level => {
                self.unwind = None;
                self.settled += 1;
                if team.stopped() {
                    return 0; // still aborted: the test is over
                }
                self.aborted = false;
                value
            }
            _ => v,
        }
    }

    /// The outermost team node this thread is in that the table's bounds
    /// decide, with its level and the bound.
    #[cold]
    fn settled_ancestor(&self) -> Option<(usize, i32)> {
        self.ancestors
            .iter()
            .enumerate()
            .find_map(|(level, &(p, o, w))| Some((level, settled(self.table.probe(p, o)?, w)?)))
    }

    /// The team node's own lookup between its moves: the table's bound if it
    /// decides the node (another thread has settled it meanwhile).
    #[inline(always)]
    fn settled_meanwhile(&mut self, p: u64, o: u64, node: &Node) -> Option<i32> {
        let v = settled(self.table.probe(p, o)?, node.entered)?;
        self.settled += 1;
        Some(v)
    }

    /// The body of [`Solver::search_team`].
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy (module size)
    fn team_node<K: Kernel>(&mut self, team: &parallel::Busy, p: u64, o: u64, w: Window, n: u32) -> i32 {
        let cut = self.cut;
        if team.stopped() {
            self.aborted = true;
            return 0;
        }
        if !self.count_node() {
            return 0;
        }
        self.table.prefetch(p, o);
        let moves = K::legal_moves(p, o);
        if moves == 0 {
            return self.pass::<K, true>(p, o, w, n, false);
        }
        let mut w = match stability_cut(p, o, w, n, true) {
            Continue(w) => w,
            Break(bound) => return bound,
        };
        let mut table_move = None;
        if let Some(b) = self.table.probe(p, o) {
            w = match apply_bounds(b.lower, b.upper, w) {
                Continue(w) => w,
                Break(value) => return value,
            };
            table_move = b.best;
        }
        let mut node = Node::new(w);
        let mut rest = moves;
        if let Some(x) = table_move.filter(|&x| moves >> x & 1 != 0) {
            let (cp, co) = K::play(p, o, x as usize);
            if let Some(v) = self.team_move::<K>(team, cp, co, &node, n, cut) {
                if self.aborted {
                    return 0;
                }
                if node.take(v, x).is_break() {
                    return self.end(p, o, n, &node);
                }
                rest &= !(1u64 << x);
            }
        }
        let mut ordered = Ordered::new();
        if let Break(value) = self.order::<K, true>(p, o, rest, &node, n, &mut ordered) {
            return value;
        }
        let count = if self.selective { selective_width(ordered.len, n) } else { ordered.len };
        let mut later = Ordered::new();
        for _ in 0..count {
            if node.searched > 0
                && let Some(v) = self.settled_meanwhile(p, o, &node)
            {
                return v;
            }
            let (x, cp, co) = ordered.pop();
            let Some(v) = self.team_move::<K>(team, cp, co, &node, n, cut) else {
                later.push(later.len as i32, x, cp, co);
                continue;
            };
            if self.aborted {
                return 0;
            }
            if node.take(v, x).is_break() {
                return self.end(p, o, n, &node);
            }
        }
        for _ in 0..later.len {
            if node.searched > 0
                && let Some(v) = self.settled_meanwhile(p, o, &node)
            {
                return v;
            }
            let (x, cp, co) = later.pop();
            self.cut = !(cut && node.searched == 0); // the child's type (`Solver::cut`)
            let v = self.pvs_child::<K, true>(cp, co, node.window, n, node.searched == 0);
            if self.aborted {
                return 0;
            }
            if node.take(v, x).is_break() {
                break;
            }
        }
        self.end(p, o, n, &node)
    }

    /// One move of a team node (`cut`: the node is expected to cut) to the
    /// child `(cp, co)`: `None` when it is put off — another thread is on it
    /// and it is not the node's first move, or it is the first and this is
    /// a helper at a node not expected to cut with a null window — otherwise its value,
    /// searched under this thread's mark with the child's type set
    /// (`Solver::cut`: the first child of a node expected to cut is expected
    /// to fail low, every other child to cut).
    #[inline(always)]
    fn team_move<K: Kernel>(
        &mut self,
        team: &parallel::Busy,
        cp: u64,
        co: u64,
        node: &Node,
        n: u32,
        cut: bool,
    ) -> Option<i32> {
        let first = node.searched == 0;
        let null_window = node.window.beta - node.window.alpha == 1;
        if (!first || (self.helper && !cut && null_window)) && team.busy(cp, co) {
            return None;
        }
        team.enter(cp, co);
        self.cut = !(cut && first);
        let v = self.pvs_child::<K, true>(cp, co, node.window, n, first);
        team.leave(cp, co);
        Some(v)
    }

    /// No legal move: the final score when the opponent cannot move either,
    /// otherwise the opponent's value with the same empties.
    #[inline(always)]
    fn pass<K: Kernel, const FAST: bool>(&mut self, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 {
        if passed {
            return self.final_score(p, o); // neither side can move
        }
        -K::search::<FAST>(self, o, p, w.negated(), n, true)
    }

    /// Stores the node's result in the table and returns its value.
    #[inline(always)]
    fn end(&mut self, p: u64, o: u64, n: u32, node: &Node) -> i32 {
        if self.selective {
            self.store_guess(p, o, n, node);
        } else {
            self.table.store(p, o, n, node.entered, node.best, node.best_move);
        }
        node.best
    }

    /// A guessing pass's result: its best move only, no bounds, so that
    /// nothing it stores can mislead the exact search; a team's pass
    /// (`Solver::moves_to`) also keeps its bounds, in a table of its own
    /// that the threads share (docs/solver.md#several-threads-for-one-position).
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy (module size)
    fn store_guess(&self, p: u64, o: u64, n: u32, node: &Node) {
        if let Some(tests) = &self.moves_to {
            self.table.store(p, o, n, node.entered, node.best, node.best_move);
            tests.store(p, o, n, NO_BOUNDS, node.best, node.best_move);
        } else {
            self.table.store(p, o, n, NO_BOUNDS, node.best, node.best_move);
        }
    }

    /// The table's best move first, before the cost of ordering the rest:
    /// the other moves, or `Break` with the node's value (stored) on its
    /// cutoff, or 0 when the budget ran out.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn table_move_first<K: Kernel, const FAST: bool>(
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
        let v = self.pvs_child::<K, FAST>(cp, co, node.window, n, true);
        if self.aborted {
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
    fn in_parity_order<K: Kernel, const FAST: bool>(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        mut node: Node,
        n: u32,
    ) -> i32 {
        let odd = odd_quadrants(!(p | o));
        for part in [moves & odd, moves & !odd] {
            for x in crate::bitboard::Bitboard(part) {
                let (cp, co) = K::play(p, o, x.index());
                let v = self.pvs_child::<K, FAST>(cp, co, node.window, n, node.searched == 0);
                if self.aborted {
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
    fn order<K: Kernel, const FAST: bool>(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        node: &Node,
        n: u32,
        ordered: &mut Ordered,
    ) -> ControlFlow<i32> {
        let (table_min, etc_min) = table_limits(FAST);
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
            ordered.push(order_key::<K, FAST>(cp, co, x, odd, n), x as u8, cp, co);
        }
        Continue(())
    }

    /// The fast search's five and six empty squares: the legal moves in
    /// parity order (a square alone in its quadrant first, then the other
    /// odd quadrants, then the rest; X- and C-squares last within the last
    /// two), no table; a child with four empties gets its odd quadrants
    /// from this node's (the played square's quadrant flipped) instead of
    /// counting them again.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn shallow<K: Kernel>(&mut self, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 {
        if !self.count_node() {
            return 0;
        }
        let w = match stability_cut(p, o, w, n, true) {
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
        self.pass::<K, true>(p, o, w, n, passed)
    }

    /// A child of [`Solver::shallow`] with `n` empty squares: four of them
    /// (odd quadrants `odd`) go to the last-moves solver after the fast
    /// search's stability cutoff at four, five to `shallow` again.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn shallow_child<K: Kernel>(&mut self, p: u64, o: u64, w: Window, n: u32, odd: u64) -> i32 {
        if n > 4 {
            return K::search::<true>(self, p, o, w, n, false);
        }
        if let Some(bound) = stability_cut_4(p, o, w.alpha) {
            return bound;
        }
        K::solve_small::<true>(self, p, o, w, odd)
    }

    /// A child's value for the mover by PVS: the first child with the full
    /// window, later ones with a null window first.
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy, not inlined (module size)
    fn pvs_child<K: Kernel, const FAST: bool>(&mut self, cp: u64, co: u64, w: Window, n: u32, first: bool) -> i32 {
        pvs!(w, first, Research::FromProbe, stopped: self.aborted, |w| -self.search_any::<K, FAST>(cp, co, w.negated(), n - 1))
    }
}

/// How many ordered moves a guessing pass searches at a node with `n`
/// empties and `len` moves left after the table's (docs/solver.md#guess-then-mtdf).
#[inline(always)]
fn selective_width(len: usize, n: u32) -> usize {
    match n {
        _ if n < SELECTIVE_MIN_EMPTIES => len,
        _ if n < SELECTIVE_WIDE_EMPTIES => len.min(2),
        _ => len.min(4),
    }
}

/// The bound of `b` that decides a node searched in window `w`, if one does.
#[inline(always)]
fn settled(b: tt::Bounds, w: Window) -> Option<i32> {
    if b.lower >= w.beta || b.lower == b.upper {
        Some(b.lower)
    } else if b.upper <= w.alpha {
        Some(b.upper)
    } else {
        None
    }
}
