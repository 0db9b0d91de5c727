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
//!   root moves in order and decides each test; the others, started once
//!   for all of them ([`super::crew`]), only fill the shared table and stop
//!   when it is done. So the answer — the first move
//!   in the fast order that reaches the best value — is the same for any
//!   thread count. Its position count, and the guess, depend on timing.

use super::crew::{Board, Job, Lead, serve};
use super::mode::{Exact, GuessFor, Search};
use super::root::{Child, children, mtd, root_test};
use super::team::{Busy, Crew, InTeam};
use super::tt::Table;
use super::{MoveValue, SETTLED_CHECK_POSITIONS, Solver, SolverConfig};
use crate::alphabeta::Window;
use crate::moves::play;
use crate::position::Position;
use crate::square::Square;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

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
    /// Every how many positions a thread looks up its team nodes.
    check_every: u64,
    /// Team nodes the threads left because another had settled them, since the team was made.
    settled: u64,
}

impl Team {
    /// `threads` solvers (at least one) with `config`.
    pub fn new(config: SolverConfig, threads: usize) -> Team {
        Team {
            solvers: (0..threads.max(1)).map(|_| Solver::new(config)).collect(),
            shared: Arc::new(Table::new(config.table_bits)),
            positions: 0,
            check_every: SETTLED_CHECK_POSITIONS,
            settled: 0,
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
        self.check_every = positions;
    }

    /// The table the threads share in `best_move`.
    #[cfg(test)]
    pub(super) fn shared(&self) -> &Table {
        &self.shared
    }

    /// Team nodes the threads left because another had settled them, since the team was made.
    #[cfg(test)]
    pub(super) fn settled(&self) -> u64 {
        self.settled
    }

    /// The guessing pass by every thread at once: each node's bounds kept in
    /// `guesses` (shared, so that a thread can use what another guessed),
    /// its best moves in the shared table for the tests. Its value depends
    /// on the threads' timing; the answer of the tests that follow does not.
    /// One thread: the guessing pass of a [`Solver`].
    #[cfg(test)]
    pub(super) fn guess_together(&mut self, p: u64, o: u64, guesses: &Table, busy: &Busy) -> i32 {
        self.searches(p, o, &[], guesses, busy, |s| s.guess())
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
                let done = (MoveValue { square: sq, value }, solver.positions());
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
    fn best_move_shared(&mut self, pos: &Position, guesses: &Table) -> Option<MoveValue> {
        for solver in &mut self.solvers {
            solver.begin(None);
        }
        let (p, o) = (pos.player().0, pos.opponent().0);
        let kids = children(p, o);
        if kids.is_empty() {
            return None;
        }
        let busy = Busy::new();
        let (value, i) = self.searches(p, o, &kids, guesses, &busy, |s| {
            let guess = s.guess();
            // The value a test passed with, if the last one passed: the next test, one above it,
            // is expected to fail low (`Crew::fails_low`).
            let mut passed: Option<i32> = None;
            mtd(guess, |beta| {
                let (v, i) = s.test(beta, passed == Some(beta - 1));
                passed = (v >= beta).then_some(v);
                Some((v, i))
            })
            .expect("no budget")
        });
        self.positions = self.solvers.iter().map(|s| s.positions()).sum();
        self.settled += busy.settled();
        Some(MoveValue { square: Square::new_unchecked(kids[i.unwrap_or(0)].square), value })
    }

    /// Runs `work` with the searches of the root `(p, o)` (children `kids`):
    /// on the first solver alone, or with every other solver a helper on a
    /// thread of its own, started once for all of them ([`super::crew`]).
    fn searches<T>(
        &mut self,
        p: u64,
        o: u64,
        kids: &[Child],
        guesses: &Table,
        busy: &Busy,
        work: impl FnOnce(&mut Searches<'_>) -> T,
    ) -> T {
        let root = Root { p, o, kids, guesses, tests: &self.shared, busy, check_every: self.check_every };
        let (main, helpers) = self.solvers.split_first_mut().expect("a team has a solver");
        if helpers.is_empty() {
            return work(&mut Searches { main, lead: None, root });
        }
        let board = Board::new();
        let count = helpers.len();
        std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let board = &board;
                scope.spawn(move || serve(helper, board, |s, job| root.helper_share(s, job)));
            }
            let lead = Lead::new(&board, busy, count);
            work(&mut Searches { main, lead: Some(lead), root })
        })
    }
}

/// What every thread's searches of one root share.
#[derive(Clone, Copy)]
struct Root<'a> {
    p: u64,
    o: u64,
    kids: &'a [Child],
    /// The guessing pass's bounds (two or more threads).
    guesses: &'a Table,
    /// The shared table of the tests.
    tests: &'a Table,
    busy: &'a Busy,
    check_every: u64,
}

impl<'a> Root<'a> {
    fn crew(&self, fails_low: bool) -> Crew<'a> {
        Crew { busy: self.busy, check_every: self.check_every, fails_low }
    }

    /// The guessing pass on a team's thread, its bounds in `guesses`.
    fn guess_pass(&self, s: &mut Solver) -> i32 {
        let mut s = s.start_in(self.guesses, InTeam::new(self.crew(false), GuessFor { tests: self.tests }));
        s.mode.cut = false; // the root of the pass is a principal-variation node
        s.root(self.p, self.o, Window::new(-64, 64))
    }

    /// A helper's share of `job`.
    fn helper_share(&self, s: &mut Solver, job: Job) {
        match job {
            Job::Guess => {
                self.guess_pass(s);
            }
            Job::Test { beta, fails_low } => {
                help(&mut s.start(InTeam::new(self.crew(fails_low), Exact)), self.kids, beta);
            }
        }
    }
}

/// The searches of one root as the first thread sees them: alone, or
/// leading its helpers.
struct Searches<'a> {
    main: &'a mut Solver,
    lead: Option<Lead<'a>>,
    root: Root<'a>,
}

impl Searches<'_> {
    /// The guessing pass's value: one solver's, or every thread's at once
    /// (`guesses` emptied first).
    fn guess(&mut self) -> i32 {
        let root = self.root;
        match &mut self.lead {
            None => self.main.guess(root.p, root.o),
            Some(lead) => {
                root.guesses.clear();
                lead.run(Job::Guess, self.main, |s| root.guess_pass(s))
            }
        }
    }

    /// The MTD(f) test of `beta` (`fails_low`: the root is expected to fail low): its value and
    /// the index of the move that passed it, if one did.
    fn test(&mut self, beta: i32, fails_low: bool) -> (i32, Option<usize>) {
        let root = self.root;
        match &mut self.lead {
            None => root_test(&mut self.main.start(Exact), root.kids, beta),
            Some(lead) => lead.run(Job::Test { beta, fails_low }, self.main, |s| {
                root_test(&mut s.start(InTeam::new(root.crew(fails_low), Exact)), root.kids, beta)
            }),
        }
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

/// A helper's share of a root test: the moves in order, those another
/// thread is on put off until the rest are done, none after a move that
/// passed (the first solver stops there); then the put-off moves, joining
/// the threads on them. Its values only reach the shared table.
fn help(s: &mut Search<'_, InTeam<'_, Exact>>, kids: &[Child], beta: i32) {
    let busy = s.mode.busy();
    let mut later = Vec::new();
    for (i, c) in kids.iter().enumerate() {
        if i > 0 && busy.busy(c.p, c.o) {
            later.push(c);
            continue;
        }
        busy.enter(c.p, c.o);
        s.mode.cut = i > 0 || s.mode.fails_low();
        let v = -s.root(c.p, c.o, Window::new(-beta, 1 - beta));
        busy.leave(c.p, c.o);
        if s.count.aborted {
            return;
        }
        if v >= beta {
            break;
        }
    }
    for c in later {
        s.mode.cut = true;
        let _ = s.root(c.p, c.o, Window::new(-beta, 1 - beta));
        if s.count.aborted {
            return;
        }
    }
}
