//! A search's context and its modes (docs/solver.md#modes-and-the-search-context).
//!
//! A [`Solver`] keeps what lasts between searches; each search runs in a
//! [`Search`] made for it, generic over its [`Mode`]: the reference search,
//! the fast exact search, a guessing pass, or a thread of a team (`team.rs`).
//! A mode's state lives in its type and exists only while that mode runs;
//! the compiler picks each mode's steps.

use super::node::Node;
use super::tt::Table;
use super::{NO_BOUNDS, Scoring, Solver, SolverTwins};
use crate::alphabeta::Window;
use crate::isa::{Isa, with_kernel};

/// The positions a search counts against its budget, and how it scores a
/// finished game: all that the last moves (`last_moves.rs`) and the fast
/// search's five and six empties need.
#[derive(Clone, Copy, Debug)]
pub(super) struct Count {
    pub(super) scoring: Scoring,
    pub(super) nodes: u64,
    pub(super) budget: u64,
    /// The budget ran out, or (in a team) the thread was told to stop: the
    /// search returns at once with no answer.
    pub(super) aborted: bool,
}

impl Count {
    /// Counts one position; false when the budget is spent (and marks the abort).
    #[inline(always)]
    pub(super) fn count_node(&mut self) -> bool {
        if self.nodes >= self.budget {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// The score of the finished game `(p, o)` for the mover.
    #[inline(always)]
    pub(super) fn final_score(&self, p: u64, o: u64) -> i32 {
        let np = p.count_ones() as i32;
        let no = o.count_ones() as i32;
        let diff = np - no;
        match self.scoring {
            Scoring::Margin => diff,
            Scoring::EmptiesToWinner => {
                let e = 64 - np - no;
                if diff > 0 {
                    diff + e
                } else if diff < 0 {
                    diff - e
                } else {
                    0
                }
            }
        }
    }
}

/// The steps of the reference search or of the fast one
/// (docs/solver.md#two-searches-one-set-of-answers): the choices that are
/// algorithms are branches on [`Steps::FAST`] (the last six empties' order,
/// the 3- and 4-empty extras, the learned evaluation); the ones that are
/// numbers are these constants, each search's in its own block below.
pub(super) trait Steps {
    /// The fast search's steps.
    const FAST: bool;
    /// From this many empties the search uses the table.
    const TABLE_MIN_EMPTIES: u32;
    /// Above this many empties a node probes its children in the table
    /// before searching them (enhanced transposition cutoffs).
    const ETC_MIN_EMPTIES: u32;
    /// From this many empties moves are ordered by key; below, by parity.
    const KEY_ORDER_MIN_EMPTIES: u32;
    /// The stability cutoff is tried from this much below
    /// [`super::STABILITY_THRESHOLD`]'s alpha.
    const STABILITY_EARLIER: i32;
    /// The move ordering's key (docs/solver.md#move-ordering), per reply
    /// (corners twice), per empty square next to the mover's discs, off for
    /// an odd quadrant, off for a corner.
    const W_MOB: i32;
    /// See [`Steps::W_MOB`].
    const W_POT: i32;
    /// See [`Steps::W_MOB`].
    const W_PAR: i32;
    /// See [`Steps::W_MOB`].
    const W_CORNER: i32;
}

/// The reference search's steps, whose position counts the data records.
pub(super) enum ReferenceSteps {}

/// The fast search's steps.
pub(super) enum FastSteps {}

// The reference search's numbers. Its position counts are shipped data —
// every board's `reply_positions` — and decide Level 5's budgeted moves:
// changing any value here (or `super::STABILITY_THRESHOLD`) changes the
// shipped data. `tests/tests/reply_counts.rs` fails until `discflip release`
// is run again.
impl Steps for ReferenceSteps {
    const FAST: bool = false;
    const TABLE_MIN_EMPTIES: u32 = 8;
    const ETC_MIN_EMPTIES: u32 = 10;
    const KEY_ORDER_MIN_EMPTIES: u32 = 7;
    const STABILITY_EARLIER: i32 = 0;
    const W_MOB: i32 = 16;
    const W_POT: i32 = 1;
    const W_PAR: i32 = 4;
    const W_CORNER: i32 = 6;
}

// The fast search's numbers: its counts are recorded nowhere and no answer
// depends on them, so they are free to tune (engine/tests/search_effort.rs
// pins its counts on the benchmark sets; a change updates them with a reason).
impl Steps for FastSteps {
    const FAST: bool = true;
    const TABLE_MIN_EMPTIES: u32 = 7;
    const ETC_MIN_EMPTIES: u32 = 12;
    const KEY_ORDER_MIN_EMPTIES: u32 = 7;
    /// More positions cut (FFO #40–#49 −7%) for about the time the extra
    /// settled-disc counts cost.
    const STABILITY_EARLIER: i32 = 12;
    const W_MOB: i32 = 16;
    const W_POT: i32 = 1;
    const W_PAR: i32 = 4;
    const W_CORNER: i32 = 6;
}

/// What a search does differently by mode: its steps, how wide it searches,
/// what it stores, and (a team's thread) its nodes from
/// [`super::TEAM_MIN_EMPTIES`] up.
pub(super) trait Mode: Sized {
    /// The reference search's steps or the fast one's.
    type Steps: Steps;
    /// Whether the search runs the fast search's steps.
    const FAST: bool = <Self::Steps as Steps>::FAST;
    /// A guessing pass (docs/solver.md#guess-then-mtdf): a few moves per node.
    const GUESS: bool = false;
    /// From this many empties the search uses the table: its steps' number,
    /// or in a team's test [`super::TEAM_TABLE_MIN_EMPTIES`] (a team's
    /// guessing pass keeps its steps' number).
    const TABLE_MIN_EMPTIES: u32 = <Self::Steps as Steps>::TABLE_MIN_EMPTIES;

    /// Stores a node's result in the search's table: its bounds and best move.
    #[inline(always)]
    fn store(&self, table: &Table, p: u64, o: u64, n: u32, node: &Node) {
        table.store(p, o, n, node.entered, node.best, node.best_move);
    }

    /// A team thread's search of a node with `n` empties (at least
    /// [`super::TEAM_MIN_EMPTIES`]); `None` in a mode that searches alone.
    #[inline(always)]
    fn team_node<K: SolverTwins>(s: &mut Search<'_, Self>, p: u64, o: u64, w: Window, n: u32) -> Option<i32> {
        let _ = (s, p, o, w, n);
        None
    }

    /// Before the search of a root move (`first`: the root's first move, to
    /// `(p, o)`) in an MTD(f) test; a team's thread marks it.
    #[inline(always)]
    fn root_move(&mut self, first: bool, p: u64, o: u64) {
        let _ = (first, p, o);
    }
}

/// The reference search (docs/solver.md#two-searches-one-set-of-answers).
pub(super) struct Reference;

/// The fast exact search.
pub(super) struct Exact;

/// A guessing pass of the fast search alone: its table keeps best moves
/// only, no bounds, so that nothing it stores can mislead the exact search.
pub(super) struct Guess;

/// A team's guessing pass: its table (the pass's own, shared by the
/// threads) keeps its bounds, and `tests`, the table the tests will use,
/// gets its best moves (docs/solver.md#several-threads-for-one-position).
pub(super) struct GuessFor<'t> {
    pub(super) tests: &'t Table,
}

impl Mode for Reference {
    type Steps = ReferenceSteps;
}

impl Mode for Exact {
    type Steps = FastSteps;
}

impl Mode for Guess {
    type Steps = FastSteps;
    const GUESS: bool = true;

    #[inline(always)]
    fn store(&self, table: &Table, p: u64, o: u64, n: u32, node: &Node) {
        table.store(p, o, n, NO_BOUNDS, node.best, node.best_move);
    }
}

impl Mode for GuessFor<'_> {
    type Steps = FastSteps;
    const GUESS: bool = true;

    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn store(&self, table: &Table, p: u64, o: u64, n: u32, node: &Node) {
        table.store(p, o, n, node.entered, node.best, node.best_move);
        self.tests.store(p, o, n, NO_BOUNDS, node.best, node.best_move);
    }
}

/// One search's context: its count (copied from the solver, written back
/// when the search ends), its table and its mode's state.
pub(super) struct Search<'a, M: Mode> {
    pub(super) count: Count,
    pub(super) table: &'a Table,
    pub(super) mode: M,
    isa: Isa,
    /// The solver's count, which gets this search's when it ends.
    home: &'a mut Count,
}

impl Solver {
    /// A search in `mode` on this solver's table.
    pub(super) fn start<M: Mode>(&mut self, mode: M) -> Search<'_, M> {
        Search { count: self.count, table: &self.table, mode, isa: self.isa, home: &mut self.count }
    }

    /// A search in `mode` on `table` (a team's guessing pass: the threads' shared one).
    pub(super) fn start_in<'a, M: Mode>(&'a mut self, table: &'a Table, mode: M) -> Search<'a, M> {
        Search { count: self.count, table, mode, isa: self.isa, home: &mut self.count }
    }
}

impl<M: Mode> Search<'_, M> {
    /// One whole search from a root child, run with the solver's instruction
    /// set (through `with_kernel!`).
    pub(super) fn root(&mut self, p: u64, o: u64, w: Window) -> i32 {
        with_kernel!(self.isa, K => K::enter::<M>(self, p, o, w, (p | o).count_zeros()))
    }
}

impl<M: Mode> Drop for Search<'_, M> {
    /// The search's count goes back to its solver.
    fn drop(&mut self) {
        *self.home = self.count;
    }
}
