//! One thread's search in a [`Team`] (docs/solver.md#several-threads-for-one-position): its
//! mode, [`InTeam`], and its nodes from [`TEAM_MIN_EMPTIES`] up: the steps of [`Search::search`]
//! with ABDADA's put-off moves, and the return from nodes another thread has settled.

use super::mode::{Mode, Search};
use super::node::Node;
use super::search::{Ordered, selective_width};
use super::*;
use crate::alphabeta::{Window, position_hash};
use std::ops::ControlFlow::{Break, Continue};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// What a thread of a team is given for one test or guessing pass: the
/// marks the threads share, every how many positions it looks up its team
/// nodes, and whether the test is expected to fail low.
#[derive(Clone, Copy)]
pub(super) struct Crew<'t> {
    pub(super) busy: &'t Busy,
    pub(super) check_every: u64,
    /// The test is expected to fail low (it follows a test that passed, its
    /// beta one above the value found there): the root is expected to have
    /// every move refuted, so each root move's node, the first one's too, is
    /// expected to cut. Otherwise the root is expected to cut.
    pub(super) fails_low: bool,
}

/// The mode of a team's thread: the steps of `P` (the fast exact search or
/// a team's guessing pass) below [`TEAM_MIN_EMPTIES`], and from there the
/// team node of [`Search::search_team`], with the state it needs.
pub(super) struct InTeam<'t, P> {
    crew: Crew<'t>,
    /// Whether the team node entered next is expected to cut (its first move refutes it),
    /// set by its parent: Knuth and Moore's node types, the first child of a node expected to
    /// cut expected to fail low and every other child expected to cut (the root's first move
    /// fails low, the others cut; in a test expected to fail low, every root move cuts).
    pub(super) cut: bool,
    /// The team nodes this thread is in, outermost first, with their windows.
    ancestors: Vec<(u64, u64, Window)>,
    /// The level in `ancestors` this thread is returning to, and the value it takes there
    /// (another thread settled that node).
    unwind: Option<(usize, i32)>,
    /// When (in positions) this thread looks up its team nodes next.
    next_check: u64,
    /// Team nodes left because another thread had settled them.
    settled: u64,
    pass: P,
}

impl<'t, P: Mode> InTeam<'t, P> {
    /// A thread of `crew` running `pass`.
    pub(super) fn new(crew: Crew<'t>, pass: P) -> InTeam<'t, P> {
        InTeam { crew, cut: true, ancestors: Vec::with_capacity(64), unwind: None, next_check: 0, settled: 0, pass }
    }

    /// The marks the threads share.
    pub(super) fn busy(&self) -> &'t Busy {
        self.crew.busy
    }

    /// Whether the test is expected to fail low ([`Crew::fails_low`]).
    pub(super) fn fails_low(&self) -> bool {
        self.crew.fails_low
    }
}

impl<P> Drop for InTeam<'_, P> {
    /// The thread's count of settled nodes goes to the team's.
    fn drop(&mut self) {
        self.crew.busy.add_settled(self.settled);
    }
}

impl<P: Mode> Mode for InTeam<'_, P> {
    type Steps = P::Steps;
    const GUESS: bool = P::GUESS;
    const TABLE_MIN_EMPTIES: u32 = if P::GUESS { P::TABLE_MIN_EMPTIES } else { TEAM_TABLE_MIN_EMPTIES };

    #[inline(always)]
    fn store(&self, table: &Table, p: u64, o: u64, n: u32, node: &Node) {
        self.pass.store(table, p, o, n, node);
    }

    #[inline(always)]
    fn team_node<K: SolverTwins>(s: &mut Search<'_, Self>, p: u64, o: u64, w: Window, n: u32) -> Option<i32> {
        Some(K::search_team::<P>(s, p, o, w, n))
    }

    #[inline(always)]
    fn root_move(&mut self, first: bool, p: u64, o: u64) {
        self.crew.busy.enter(p, o);
        self.cut = !first || self.crew.fails_low;
    }
}

impl<P: Mode> Search<'_, InTeam<'_, P>> {
    /// [`Search::search`] for one thread of a [`Team`] searching one test
    /// or guessing pass with the others (from [`TEAM_MIN_EMPTIES`], the fast
    /// search): the same steps, but a move after the first that another
    /// thread is searching is put off until the others are done (ABDADA,
    /// J.-C. Weill 1996), and a thread told to stop returns at once without
    /// storing anything. A thread puts off the first move too, unless the
    /// node is expected to cut (`InTeam::cut`) or has a wide window (the
    /// guessing pass's principal variation): there it joins the first move
    /// rather than speculate on a second that is seldom needed, or searched
    /// in a window not yet narrowed. The first thread too: the helpers start
    /// with it, and one that is ahead would otherwise lead it into the same
    /// moves.
    ///
    /// A node another thread has settled is left at once (docs/solver.md#several-threads-for-one-position):
    /// between its moves a thread looks its node up in the table, and every
    /// [`SETTLED_CHECK_POSITIONS`] positions it looks up the team nodes it is
    /// in; where the table's bounds already decide one, the thread returns to
    /// it, storing nothing on the way, and takes the table's bound as its value.
    #[inline(always)] // into its twin, so that it runs with the twin's features
    pub(super) fn search_team<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32) -> i32 {
        if self.count.nodes >= self.mode.next_check {
            self.mode.next_check = self.count.nodes + self.mode.crew.check_every;
            if let Some(settled) = self.settled_ancestor() {
                self.mode.unwind = Some(settled);
                self.count.aborted = true;
                return 0;
            }
        }
        let level = self.mode.ancestors.len();
        self.mode.ancestors.push((p, o, w));
        let v = self.team_node::<K>(p, o, w, n);
        self.mode.ancestors.pop();
        match self.mode.unwind {
            Some((to, value)) if to == level => {
                self.mode.unwind = None;
                self.mode.settled += 1;
                if self.mode.crew.busy.stopped() {
                    return 0; // still aborted: the test is over
                }
                self.count.aborted = false;
                value
            }
            _ => v,
        }
    }

    /// The outermost team node this thread is in that the table's bounds
    /// decide, with its level and the bound.
    #[cold]
    fn settled_ancestor(&self) -> Option<(usize, i32)> {
        self.mode
            .ancestors
            .iter()
            .enumerate()
            .find_map(|(level, &(p, o, w))| Some((level, settled(self.table.probe(p, o)?, w)?)))
    }

    /// The team node's own lookup between its moves: the table's bound if it
    /// decides the node (another thread has settled it meanwhile).
    #[inline(always)]
    fn settled_meanwhile(&mut self, p: u64, o: u64, node: &Node) -> Option<i32> {
        let v = settled(self.table.probe(p, o)?, node.entered)?;
        self.mode.settled += 1;
        Some(v)
    }

    /// The body of [`Search::search_team`].
    #[cfg_attr(not(target_family = "wasm"), inline(always))] // wasm: one copy (module size)
    fn team_node<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32) -> i32 {
        let cut = self.mode.cut;
        if self.mode.crew.busy.stopped() {
            self.count.aborted = true;
            return 0;
        }
        let (moves, mut node, table_move) = match self.open::<K>(p, o, w, n, false, true) {
            Continue(opened) => opened,
            Break(value) => return value,
        };
        let mut rest = moves;
        if let Some(x) = table_move.filter(|&x| moves >> x & 1 != 0) {
            let (cp, co) = K::play(p, o, x as usize);
            if let Some(v) = self.team_move::<K>(cp, co, &node, n, cut) {
                if self.count.aborted {
                    return 0;
                }
                if node.take(v, x).is_break() {
                    return self.end(p, o, n, &node);
                }
                rest &= !(1u64 << x);
            }
        }
        let mut ordered = Ordered::new();
        if let Break(value) = self.order::<K>(p, o, rest, &node, n, &mut ordered) {
            return value;
        }
        let count = if P::GUESS { selective_width(ordered.len, n) } else { ordered.len };
        let mut later = Ordered::new();
        for _ in 0..count {
            if node.searched > 0
                && let Some(v) = self.settled_meanwhile(p, o, &node)
            {
                return v;
            }
            let (x, cp, co) = ordered.pop();
            let Some(v) = self.team_move::<K>(cp, co, &node, n, cut) else {
                later.push(later.len as i32, x, cp, co);
                continue;
            };
            if self.count.aborted {
                return 0;
            }
            if node.take(v, x).is_break() {
                return self.end(p, o, n, &node);
            }
        }
        self.put_off_moves::<K>(p, o, n, cut, node, later)
    }

    /// The moves a team node put off, last: each joined whoever is on it
    /// (by now mostly answered by the shared table); then the node's store.
    #[inline(always)] // into `team_node`
    fn put_off_moves<K: SolverTwins>(
        &mut self,
        p: u64,
        o: u64,
        n: u32,
        cut: bool,
        mut node: Node,
        mut later: Ordered,
    ) -> i32 {
        for _ in 0..later.len {
            if node.searched > 0
                && let Some(v) = self.settled_meanwhile(p, o, &node)
            {
                return v;
            }
            let (x, cp, co) = later.pop();
            self.mode.cut = !(cut && node.searched == 0); // the child's type (`InTeam::cut`)
            let v = self.pvs_child::<K>(cp, co, node.window, n, node.searched == 0);
            if self.count.aborted {
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
    /// and it is not the node's first move, or it is the first at a node
    /// not expected to cut with a null window — otherwise its value,
    /// searched under this thread's mark with the child's type set
    /// (`InTeam::cut`: the first child of a node expected to cut is expected
    /// to fail low, every other child to cut).
    #[inline(always)]
    fn team_move<K: SolverTwins>(&mut self, cp: u64, co: u64, node: &Node, n: u32, cut: bool) -> Option<i32> {
        let busy = self.mode.crew.busy;
        let first = node.searched == 0;
        let null_window = node.window.beta - node.window.alpha == 1;
        if (!first || (!cut && null_window)) && busy.busy(cp, co) {
            return None;
        }
        busy.enter(cp, co);
        self.mode.cut = !(cut && first);
        let v = self.pvs_child::<K>(cp, co, node.window, n, first);
        busy.leave(cp, co);
        Some(v)
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

/// What the threads of a team are searching while they test one position
/// together, and the signal that the test is decided (ABDADA's "exclusive"
/// marks, docs/solver.md#several-threads-for-one-position). A mark is a hint:
/// a lost or stale one costs time, never an answer.
pub(super) struct Busy {
    slots: Box<[AtomicU32]>,
    stop: AtomicBool,
    /// Team nodes the threads left because another had settled them.
    settled: AtomicU64,
}

/// The marks table holds `2^BUSY_BITS` positions.
const BUSY_BITS: u32 = 14;

impl Busy {
    pub(super) fn new() -> Busy {
        Busy {
            slots: (0..1usize << BUSY_BITS).map(|_| AtomicU32::new(0)).collect(),
            stop: AtomicBool::new(false),
            settled: AtomicU64::new(0),
        }
    }

    /// Tells the helpers the test is decided (`true`), or that a new one starts.
    pub(super) fn set_stopped(&self, stopped: bool) {
        self.stop.store(stopped, Ordering::Relaxed);
    }

    /// Team nodes the threads left because another had settled them.
    pub(super) fn settled(&self) -> u64 {
        self.settled.load(Ordering::Relaxed)
    }

    /// Adds a thread's count of team nodes left as settled (once, when its search ends).
    pub(super) fn add_settled(&self, settled: u64) {
        self.settled.fetch_add(settled, Ordering::Relaxed);
    }

    /// The slot of `(p, o)` and the word that marks it (never 0).
    #[inline(always)]
    fn slot(&self, p: u64, o: u64) -> (&AtomicU32, u32) {
        let h = position_hash(p, o);
        (&self.slots[(h >> 40) as usize & ((1 << BUSY_BITS) - 1)], h as u32 | 1)
    }

    /// Is another thread searching `(p, o)`?
    #[inline(always)]
    pub(super) fn busy(&self, p: u64, o: u64) -> bool {
        let (slot, mark) = self.slot(p, o);
        slot.load(Ordering::Relaxed) == mark
    }

    /// Marks `(p, o)` as being searched.
    #[inline(always)]
    pub(super) fn enter(&self, p: u64, o: u64) {
        let (slot, mark) = self.slot(p, o);
        slot.store(mark, Ordering::Relaxed);
    }

    /// Clears the mark of `(p, o)` (if it is still there).
    #[inline(always)]
    pub(super) fn leave(&self, p: u64, o: u64) {
        let (slot, mark) = self.slot(p, o);
        let _ = slot.compare_exchange(mark, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Is the test decided (the helpers stop)?
    #[inline(always)]
    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions `(p, 0)` for `p` = 1, 2, 3, …: the busy map's keys.
    fn positions(n: u64) -> impl Iterator<Item = (u64, u64)> {
        (1..=n).map(|p| (p, 0))
    }

    fn slot_index(p: u64, o: u64) -> u64 {
        (position_hash(p, o) >> 40) & ((1 << BUSY_BITS) - 1)
    }

    /// A mark is set by `enter`, seen by `busy` for that position only, and
    /// cleared by `leave`; positions in different slots are marked at once,
    /// and a fresh map marks nothing (a mark is never 0, an empty slot's word).
    #[test]
    fn busy_marks_what_is_entered_until_it_is_left() {
        let busy = Busy::new();
        assert!(positions(5_000).all(|(p, o)| !busy.busy(p, o)), "a fresh map marks nothing");
        let mut apart: Vec<(u64, u64)> = Vec::new();
        for (p, o) in positions(5_000) {
            if apart.len() < 200 && apart.iter().all(|&(q, r)| slot_index(q, r) != slot_index(p, o)) {
                apart.push((p, o));
            }
        }
        assert_eq!(apart.len(), 200);
        for &(p, o) in &apart {
            busy.enter(p, o);
        }
        assert!(apart.iter().all(|&(p, o)| busy.busy(p, o)), "200 positions in 200 slots are marked at once");
        let (p, o) = apart[7];
        busy.leave(p, o);
        assert!(!busy.busy(p, o));
        assert!(
            apart.iter().filter(|&&x| x != (p, o)).all(|&(q, r)| busy.busy(q, r)),
            "leave clears its own mark only"
        );
    }

    /// Two positions that share a slot: the later mark replaces the earlier
    /// (a lost mark costs only time), and leaving the earlier one keeps the later.
    #[test]
    fn a_shared_slot_keeps_the_latest_mark() {
        let busy = Busy::new();
        let a = (1, 0);
        let b =
            positions(1 << 20).skip(1).find(|&(p, o)| slot_index(p, o) == slot_index(a.0, a.1)).expect("a neighbour");
        busy.enter(a.0, a.1);
        busy.enter(b.0, b.1);
        assert!(!busy.busy(a.0, a.1) && busy.busy(b.0, b.1));
        busy.leave(a.0, a.1);
        assert!(busy.busy(b.0, b.1), "a's leave does not clear b's mark");
    }

    #[test]
    fn the_stop_signal_and_the_settled_count() {
        let busy = Busy::new();
        assert!(!busy.stopped());
        busy.set_stopped(true);
        assert!(busy.stopped());
        busy.set_stopped(false);
        assert!(!busy.stopped());
        assert_eq!(busy.settled(), 0);
        busy.add_settled(3);
        busy.add_settled(4);
        assert_eq!(busy.settled(), 7);
    }

    /// The stored bound that decides a node searched in window `w`: a lower
    /// bound at or above beta, an upper bound at or below alpha, or an exact
    /// value anywhere, wide windows included; otherwise none.
    #[test]
    fn which_stored_bound_settles_a_node() {
        let bounds = |lower, upper| tt::Bounds { lower, upper, best: None };
        let null = Window::new(9, 10);
        assert_eq!(settled(bounds(10, 64), null), Some(10), "fails high at beta");
        assert_eq!(settled(bounds(12, 20), null), Some(12));
        assert_eq!(settled(bounds(-64, 9), null), Some(9), "fails low at alpha");
        assert_eq!(settled(bounds(-64, 3), null), Some(3));
        assert_eq!(settled(bounds(9, 10), Window::new(8, 11)), None, "between the bounds");
        let wide = Window::new(-64, 64);
        assert_eq!(settled(bounds(10, 10), wide), Some(10), "an exact value inside a wide window");
        assert_eq!(settled(bounds(-64, 64), wide), None, "nothing known");
        assert_eq!(settled(bounds(5, 12), wide), None);
        assert_eq!(settled(bounds(64, 64), Window::new(-3, 5)), Some(64));
        assert_eq!(settled(bounds(-2, -2), Window::new(-3, 5)), Some(-2));
    }
}
