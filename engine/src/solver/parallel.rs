//! One position on several threads (docs/solver.md#several-threads-for-one-position): a team of solvers,
//! one per thread, each with its own table.
//!
//! - [`Team::move_values`] gives each root move to the next free thread and
//!   solves it from an empty table, so values *and* position counts are the
//!   same for every thread count.
//! - [`Team::best_move`] puts every thread on one shared table and runs the
//!   same MTD(f) tests as
//!   [`Solver::fast_best_move`], each test split along the principal
//!   variation: at each node of the first-move path with 12 or more empties
//!   the first child is tested first, recursively, and then the other
//!   children share the threads. A root test reports the earliest move in
//!   the fast order that passed it, so the answer — the first move in that
//!   order that reaches the best value — is the same for any thread count.
//!   Its position count depends on timing.

use super::root::{Child, children, mtd};
use super::tt::Table;
use super::{MoveValue, Solver, SolverConfig};
use crate::alphabeta::Window;
use crate::moves::play;
use crate::position::Position;
use crate::square::Square;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Below this many empties a node is searched by one thread.
const SPLIT_MIN_EMPTIES: u32 = 12;
/// `best_move` on a root with `n` empty squares uses `2^max(n, 16)` entries
/// of the shared table (at most all of them): a search of 14–18 empties is
/// faster in a table that stays in the caches (docs/solver.md, Choices).
const BEST_MOVE_MIN_TABLE_BITS: u32 = 16;

/// A solver per thread.
pub struct Team {
    solvers: Vec<Solver>,
    /// The table the threads share in `best_move`.
    shared: Arc<Table>,
    positions: u64,
}

impl Team {
    /// `threads` solvers (at least one) with `config`.
    pub fn new(config: SolverConfig, threads: usize) -> Team {
        Team {
            solvers: (0..threads.max(1)).map(|_| Solver::new(config)).collect(),
            shared: Arc::new(Table::new(config.table_bits)),
            positions: 0,
        }
    }

    /// How many threads the team uses.
    pub fn threads(&self) -> usize {
        self.solvers.len()
    }

    /// Positions visited by the last call, over all threads.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The exact value of `pos` for the side to move, on one thread (for
    /// positions without a legal move, whose search is a pass).
    pub fn value(&mut self, pos: &Position) -> i32 {
        let v = self.solvers[0].value(pos);
        self.positions = self.solvers[0].positions();
        v
    }

    /// Every legal move with its exact value, best first (ties in square
    /// order), each move solved from an empty table: the values and the
    /// position count do not depend on the thread count. Empty when the
    /// mover has no legal move.
    pub fn move_values(&mut self, pos: &Position) -> Vec<MoveValue> {
        let (p, o) = (pos.player().0, pos.opponent().0);
        let moves: Vec<Square> = pos.legal_moves().iter().collect();
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<(MoveValue, u64)>> = Mutex::new(Vec::new());
        on_every_thread(&mut self.solvers, |solver| {
            while let Some(&sq) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
                let (cp, co) = play(p, o, sq.index());
                solver.begin(None);
                let value = -solver.mtd_value(cp, co);
                let done = (MoveValue { square: sq, value }, solver.nodes);
                results.lock().expect("no thread panicked").push(done);
            }
        });
        let mut out = results.into_inner().expect("no thread panicked");
        self.positions = out.iter().map(|&(_, n)| n).sum();
        out.sort_by_key(|&(m, _)| (-m.value, m.square));
        out.into_iter().map(|(m, _)| m).collect()
    }

    /// A best move and its exact value: the first move in the fast search's
    /// order that reaches the best value, the same for every thread count.
    /// `None` when the mover has no legal move.
    pub fn best_move(&mut self, pos: &Position) -> Option<MoveValue> {
        self.shared.use_entries(pos.empty_count().max(BEST_MOVE_MIN_TABLE_BITS));
        let own: Vec<Arc<Table>> =
            self.solvers.iter_mut().map(|s| std::mem::replace(&mut s.table, Arc::clone(&self.shared))).collect();
        let best = self.best_move_shared(pos);
        for (solver, table) in self.solvers.iter_mut().zip(own) {
            solver.table = table;
        }
        best
    }

    /// [`Team::best_move`] with every solver on the shared table.
    fn best_move_shared(&mut self, pos: &Position) -> Option<MoveValue> {
        for solver in &mut self.solvers {
            solver.begin(None);
        }
        let (p, o) = (pos.player().0, pos.opponent().0);
        let kids = children(p, o);
        let (first, rest) = kids.split_first()?;
        let guess = self.solvers[0].guess(p, o);
        let (value, i) = mtd(guess, |beta| {
            // The first move on every thread (split along its first moves), then the others.
            let v = -split(&mut self.solvers, first.p, first.o, 1 - beta);
            if v >= beta {
                return Some((v, Some(0)));
            }
            let (v, passed) = test_rest(&mut self.solvers, rest, beta, v);
            Some((v, passed.map(|i| i + 1)))
        })
        .expect("no budget");
        self.positions = self.solvers.iter().map(|s| s.nodes).sum();
        Some(MoveValue { square: Square::new_unchecked(kids[i.unwrap_or(0)].square), value })
    }
}

/// A test's progress over a node's children after the first.
struct ChildTest {
    /// The next move to test.
    next: usize,
    /// The earliest move that passed the test, with its fail-soft value.
    passed: Option<(usize, i32)>,
    /// The best fail-soft value of the moves that failed.
    best: i32,
}

impl ChildTest {
    /// Records move `i`'s fail-soft value `v` in the test "value ≥ `beta`":
    /// a pass is kept if no earlier move has passed (threads finish in any order).
    fn record(&mut self, i: usize, v: i32, beta: i32) {
        if v >= beta {
            if self.passed.is_none_or(|(j, _)| i < j) {
                self.passed = Some((i, v));
            }
        } else {
            self.best = self.best.max(v);
        }
    }
}

/// The next child to test: none once one has passed (every child taken so
/// far comes before the next one).
fn next_child(state: &Mutex<ChildTest>, len: usize) -> Option<usize> {
    let mut st = state.lock().expect("no thread panicked");
    let i = st.next;
    if i >= len || st.passed.is_some() {
        return None;
    }
    st.next += 1;
    Some(i)
}

/// Runs `work` once per solver, each on its own thread; the first solver's
/// share runs on the calling thread (one solver: no thread is started).
fn on_every_thread(solvers: &mut [Solver], work: impl Fn(&mut Solver) + Sync) {
    let (first, rest) = solvers.split_first_mut().expect("a team has a solver");
    if rest.is_empty() {
        work(first);
        return;
    }
    std::thread::scope(|s| {
        for solver in rest {
            let work = &work;
            s.spawn(move || work(solver));
        }
        work(first);
    });
}

/// Tests the children after the first ("value ≥ `beta`" for the node, a
/// null window each), shared by the threads; `first` is the first child's
/// fail-soft value. Returns the node's fail-soft value and the earliest
/// child (counted in `rest`) that passed, the same for any thread count.
fn test_rest(team: &mut [Solver], rest: &[Child], beta: i32, first: i32) -> (i32, Option<usize>) {
    let state = Mutex::new(ChildTest { next: 0, passed: None, best: first });
    on_every_thread(team, |solver| {
        while let Some(i) = next_child(&state, rest.len()) {
            let v = -solver.root_search::<true>(rest[i].p, rest[i].o, Window::new(-beta, 1 - beta));
            state.lock().expect("no thread panicked").record(i, v, beta);
        }
    });
    let st = state.into_inner().expect("no thread panicked");
    match st.passed {
        Some((i, v)) => (v, Some(i)),
        None => (st.best, None),
    }
}

/// The fail-soft value of `(p, o)` in the test "value ≥ `beta`" (the null
/// window `(beta − 1, beta)`, the only one MTD(f) uses), split along the
/// first moves while 12 or more squares are empty.
fn split(team: &mut [Solver], p: u64, o: u64, beta: i32) -> i32 {
    let n = (p | o).count_zeros();
    let kids = if team.len() > 1 && n >= SPLIT_MIN_EMPTIES { children(p, o) } else { Vec::new() };
    let Some((first, rest)) = kids.split_first() else {
        return team[0].root_search::<true>(p, o, Window::new(beta - 1, beta)); // one thread, few empties, or a pass
    };
    let best = -split(team, first.p, first.o, 1 - beta);
    if best >= beta {
        return best;
    }
    test_rest(team, rest, beta, best).0
}

#[cfg(test)]
mod tests {
    use super::ChildTest;

    #[test]
    fn a_root_test_keeps_the_earliest_move_that_passed_in_any_finishing_order() {
        let mut t = ChildTest { next: 3, passed: None, best: -10 };
        t.record(2, 3, 2);
        t.record(1, -4, 2);
        assert_eq!((t.passed, t.best), (Some((2, 3)), -4), "move 2 passed (3 ≥ 2), move 1 failed with −4");
        t.record(0, 2, 2);
        assert_eq!(t.passed, Some((0, 2)), "move 0 passed too, and comes first");
        t.record(1, 5, 2);
        assert_eq!((t.passed, t.best), (Some((0, 2)), -4), "a later pass changes nothing");
        t.record(1, 1, 2);
        assert_eq!(t.best, 1, "a failed test's value only raises the best");
    }
}
