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
    pub(super) fn guess_together(&mut self, p: u64, o: u64, guesses: &Table, busy: &Busy) -> i32 {
        if self.solvers.len() > 1 {
            guesses.clear();
        }
        let tests: &Table = &self.shared;
        let pass = |s: &mut Solver, crew| {
            let mut s = s.start_in(guesses, InTeam::new(crew, GuessFor { tests }));
            s.mode.cut = false; // the root of the pass is a principal-variation node
            s.root(p, o, Window::new(-64, 64))
        };
        together(
            &mut self.solvers,
            busy,
            self.check_every,
            false,
            |s, crew| match crew {
                None => s.guess(p, o),
                Some(crew) => pass(s, crew),
            },
            |s, crew| {
                pass(s, crew);
            },
        )
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
        let guess = self.guess_together(p, o, guesses, &busy);
        // The value a test passed with, if the last one passed: the next test, one above it,
        // is expected to fail low (`Crew::fails_low`).
        let mut passed: Option<i32> = None;
        let (value, i) = mtd(guess, |beta| {
            let (v, i) = together(
                &mut self.solvers,
                &busy,
                self.check_every,
                passed == Some(beta - 1),
                |s, crew| match crew {
                    None => root_test(&mut s.start(Exact), &kids, beta),
                    Some(crew) => root_test(&mut s.start(InTeam::new(crew, Exact)), &kids, beta),
                },
                |s, crew| help(&mut s.start(InTeam::new(crew, Exact)), &kids, beta),
            );
            passed = (v >= beta).then_some(v);
            Some((v, i))
        })
        .expect("no budget");
        self.positions = self.solvers.iter().map(|s| s.positions()).sum();
        self.settled += busy.settled();
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

/// One search of the root by every solver of the team at once: an MTD(f)
/// test or the guessing pass. The first solver runs `lead` (for a test:
/// the root moves in order) and its result is the answer; the others run
/// `help` on the same shared table, putting off what another thread is on,
/// and stop when the first is done. Each is handed its [`Crew`]; one solver
/// runs `lead` alone, with none, as a [`Solver`] would.
fn together<'b, T>(
    team: &mut [Solver],
    busy: &'b Busy,
    check_every: u64,
    fails_low: bool,
    lead: impl FnOnce(&mut Solver, Option<Crew<'b>>) -> T,
    help: impl Fn(&mut Solver, Crew<'b>) + Sync,
) -> T {
    let (main, helpers) = team.split_first_mut().expect("a team has a solver");
    if helpers.is_empty() {
        return lead(main, None);
    }
    busy.set_stopped(false);
    let crew = |helper| Crew { busy, helper, check_every, fails_low };
    let result = std::thread::scope(|scope| {
        for helper in helpers.iter_mut() {
            let help = &help;
            scope.spawn(move || help(helper, crew(true)));
        }
        let result = lead(main, Some(crew(false)));
        busy.set_stopped(true);
        result
    });
    for s in team.iter_mut() {
        s.count.aborted = false; // a helper told to stop has stored nothing
    }
    result
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
