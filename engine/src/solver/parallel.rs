//! One position on several threads (docs/solver.md#several-threads-for-one-position): a team of solvers,
//! one per thread, each with its own table.
//!
//! - [`Team::move_values`] gives each root move to the next free thread and
//!   solves it from an empty table, so values *and* position counts are the
//!   same for every thread count.
//! - [`Team::best_move`] puts every thread on one shared table and runs the
//!   same guessing pass and MTD(f) tests as [`Solver::fast_best_move`],
//!   every thread on each at once (ABDADA): from 11 empties a thread puts
//!   off a move after the first that another thread is searching, and
//!   leaves a node another thread has settled. The first thread takes the
//!   root moves in order and decides each test; the others only fill the
//!   shared table and stop when it is done. So the answer — the first move
//!   in the fast order that reaches the best value — is the same for any
//!   thread count. Its position count, and the guess, depend on timing.

use super::root::{Child, children, mtd};
use super::tt::Table;
use super::{MoveValue, Solver, SolverConfig};
use crate::alphabeta::{Window, position_hash};
use crate::moves::play;
use crate::position::Position;
use crate::square::Square;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

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

    /// Every thread looks up its team nodes every `positions` positions
    /// (the search's default: `SETTLED_CHECK_POSITIONS`).
    #[cfg(test)]
    pub(super) fn check_settled_every(&mut self, positions: u64) {
        for s in &mut self.solvers {
            s.settled_check = positions;
        }
    }

    /// Team nodes the threads left because another had settled them, since the team was made.
    #[cfg(test)]
    pub(super) fn settled(&self) -> u64 {
        self.solvers.iter().map(|s| s.settled).sum()
    }

    /// The guessing pass by every thread at once: each node's bounds kept in
    /// `guesses` (shared, so that a thread can use what another guessed),
    /// its best moves in the shared table for the tests. Its value depends
    /// on the threads' timing; the answer of the tests that follow does not.
    fn guess_together(&mut self, p: u64, o: u64, guesses: &Arc<Table>, busy: &Arc<Busy>) -> i32 {
        guesses.clear();
        for s in &mut self.solvers {
            s.table = Arc::clone(guesses);
            s.moves_to = Some(Arc::clone(&self.shared));
            s.cut = false; // the root of the pass is a principal-variation node
        }
        let guess = together(
            &mut self.solvers,
            busy,
            |s| s.guess(p, o),
            |s| {
                s.guess(p, o);
            },
        );
        for s in &mut self.solvers {
            s.table = Arc::clone(&self.shared);
            s.moves_to = None;
        }
        guess
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
        let bits = pos.empty_count().max(BEST_MOVE_MIN_TABLE_BITS);
        self.shared.use_entries(bits);
        let own: Vec<Arc<Table>> =
            self.solvers.iter_mut().map(|s| std::mem::replace(&mut s.table, Arc::clone(&self.shared))).collect();
        // The guessing pass of two or more threads keeps its bounds in a table of its own:
        // the first solver's, idle meanwhile.
        own[0].use_entries(bits);
        let best = self.best_move_shared(pos, &own[0]);
        own[0].use_entries(u32::BITS); // all of it again, for `move_values`
        for (solver, table) in self.solvers.iter_mut().zip(own) {
            solver.table = table;
        }
        best
    }

    /// [`Team::best_move`] with every solver on the shared table, and
    /// `guesses` for a guessing pass on two or more threads.
    fn best_move_shared(&mut self, pos: &Position, guesses: &Arc<Table>) -> Option<MoveValue> {
        for solver in &mut self.solvers {
            solver.begin(None);
        }
        let (p, o) = (pos.player().0, pos.opponent().0);
        let kids = children(p, o);
        if kids.is_empty() {
            return None;
        }
        let busy = Arc::new(Busy::new());
        let guess = if self.solvers.len() == 1 {
            self.solvers[0].guess(p, o)
        } else {
            self.guess_together(p, o, guesses, &busy)
        };
        let (value, i) = mtd(guess, |beta| {
            Some(together(&mut self.solvers, &busy, |s| root_test(s, &kids, beta), |s| help(s, &kids, beta, &busy)))
        })
        .expect("no budget");
        self.positions = self.solvers.iter().map(|s| s.nodes).sum();
        Some(MoveValue { square: Square::new_unchecked(kids[i.unwrap_or(0)].square), value })
    }
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

/// What the threads of a team are searching while they test one position
/// together, and the signal that the test is decided (ABDADA's "exclusive"
/// marks, docs/solver.md#several-threads-for-one-position). A mark is a hint:
/// a lost or stale one costs time, never an answer.
pub(crate) struct Busy {
    slots: Box<[AtomicU32]>,
    stop: AtomicBool,
}

/// The marks table holds `2^BUSY_BITS` positions.
const BUSY_BITS: u32 = 14;

impl Busy {
    fn new() -> Busy {
        Busy { slots: (0..1usize << BUSY_BITS).map(|_| AtomicU32::new(0)).collect(), stop: AtomicBool::new(false) }
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

/// One search of the root by every solver of the team at once: an MTD(f)
/// test or the guessing pass. The first solver runs `lead` (for a test:
/// the root moves in order) and its result is the answer; the others run
/// `help` on the same shared table, putting off what another thread is on,
/// and stop when the first is done. One solver: `lead` alone, as a
/// [`Solver`] would.
fn together<T>(
    team: &mut [Solver],
    busy: &Arc<Busy>,
    lead: impl FnOnce(&mut Solver) -> T,
    help: impl Fn(&mut Solver) + Sync,
) -> T {
    let (main, helpers) = team.split_first_mut().expect("a team has a solver");
    if helpers.is_empty() {
        return lead(main);
    }
    busy.stop.store(false, Ordering::Relaxed);
    for s in std::iter::once(&mut *main).chain(helpers.iter_mut()) {
        s.team = Some(Arc::clone(busy));
        s.next_settled_check = s.nodes;
    }
    for h in helpers.iter_mut() {
        h.helper = true;
    }
    let result = std::thread::scope(|scope| {
        for helper in helpers.iter_mut() {
            let help = &help;
            scope.spawn(move || help(helper));
        }
        let result = lead(main);
        busy.stop.store(true, Ordering::Relaxed);
        result
    });
    for s in team.iter_mut() {
        s.team = None;
        s.helper = false;
        s.aborted = false; // a helper told to stop has stored nothing
        s.selective = false; // nor finished its guessing pass
        s.unwind = None;
        s.ancestors.clear();
    }
    result
}

/// One MTD(f) test "value ≥ `beta`" of the root whose children (in the
/// fast order) are `kids`, by the first solver of a team: each move in
/// order until one passes. Returns the fail-soft value and the first move
/// in order that passed: this solver's answer alone, the same for any
/// thread count.
fn root_test(s: &mut Solver, kids: &[Child], beta: i32) -> (i32, Option<usize>) {
    let mut best = -64;
    for (i, c) in kids.iter().enumerate() {
        if let Some(b) = &s.team {
            b.enter(c.p, c.o);
        }
        s.cut = i > 0;
        let v = -s.root_search::<true>(c.p, c.o, Window::new(-beta, 1 - beta));
        if v >= beta {
            return (v, Some(i));
        }
        best = best.max(v);
    }
    (best, None)
}

/// A helper's share of a root test: the moves in order, those another
/// thread is on put off until the rest are done, none after a move that
/// passed (the first solver stops there); then the put-off moves, joining
/// the threads on them. Its values only reach the shared table.
fn help(s: &mut Solver, kids: &[Child], beta: i32, busy: &Busy) {
    let mut later = Vec::new();
    for (i, c) in kids.iter().enumerate() {
        if i > 0 && busy.busy(c.p, c.o) {
            later.push(c);
            continue;
        }
        busy.enter(c.p, c.o);
        s.cut = i > 0;
        let v = -s.root_search::<true>(c.p, c.o, Window::new(-beta, 1 - beta));
        busy.leave(c.p, c.o);
        if s.aborted {
            return;
        }
        if v >= beta {
            break;
        }
    }
    for c in later {
        s.cut = true;
        let _ = s.root_search::<true>(c.p, c.o, Window::new(-beta, 1 - beta));
        if s.aborted {
            return;
        }
    }
}
