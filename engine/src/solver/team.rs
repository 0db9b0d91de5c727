//! One thread's search in a [`Team`] (docs/solver.md#several-threads-for-one-position): the
//! steps of [`Solver::search`] with ABDADA's put-off moves, and the return from nodes another
//! thread has settled.

use super::search::{Node, Ordered, selective_width};
use super::*;
use crate::alphabeta::{Window, apply_bounds};
use std::ops::ControlFlow::{Break, Continue};

impl Solver {
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
    pub(super) fn search_team<K: SolverTwins>(&mut self, p: u64, o: u64, w: Window, n: u32) -> i32 {
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
    fn team_node<K: SolverTwins>(&mut self, team: &parallel::Busy, p: u64, o: u64, w: Window, n: u32) -> i32 {
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
    fn team_move<K: SolverTwins>(
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
