//! The exact endgame solver.
//!
//! Negamax alpha-beta with null-window (PVS) re-search, hand-written solvers
//! for the last 1–4 empty squares (no move generation, parity order),
//! fastest-first ordering above, a bounded transposition table and stability
//! cutoffs. Every position visited counts one; an optional budget caps the
//! count exactly and turns the answer into [`Outcome::OutOfBudget`].
//!
//! Two searches (docs/solver.md#two-searches-one-set-of-answers): the *reference* search of
//! [`Solver::first_best_move`], whose ordering and position counts are part
//! of the data, and the *fast* search of every other entry point, which
//! adds the game's evaluation to the ordering from 12 empties up, uses the
//! table from 7 empties, and finds values by MTD(f) from a guessing pass.

mod crew;
mod last_moves;
mod learned;
mod mode;
mod node;
mod parallel;
mod root;
mod search;
mod team;
mod tt;

pub use parallel::Team;

use crate::alphabeta::Window;
use crate::isa::{Isa, twins};
use crate::square::Square;
use crate::stability::settled_one;
use learned::{LEARNED_ORDER_MIN_EMPTIES, learned_key};
use mode::{Count, Mode, Search, Steps};
use std::ops::ControlFlow;
use team::InTeam;
use tt::Table;

/// How a finished game is scored (docs/rules.md#scoring-two-conventions).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Scoring {
    /// Mover's discs minus opponent's; empty squares count for nobody (the game's rule).
    Margin,
    /// Empty squares go to the winner (the OBF / Edax convention).
    EmptiesToWinner,
}

/// The result of a search that may run out of its position budget. An exact
/// value can only be had by matching `Exact`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome<T> {
    /// The search finished: an exact answer.
    Exact(T),
    /// The search ran out of its position budget: no answer.
    OutOfBudget,
}

impl<T> Outcome<T> {
    /// The exact answer, if the search finished.
    pub fn exact(self) -> Option<T> {
        match self {
            Outcome::Exact(v) => Some(v),
            Outcome::OutOfBudget => None,
        }
    }
}

/// Solver settings.
#[derive(Clone, Copy, Debug)]
pub struct SolverConfig {
    /// How finished games are scored.
    pub scoring: Scoring,
    /// The transposition table holds `2^table_bits` entries of 32 bytes.
    pub table_bits: u32,
    /// The instruction set the searches run with (default: the fastest this
    /// CPU has; one it lacks falls back to [`Isa::Portable`]). Answers never
    /// depend on it.
    pub isa: Isa,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig { scoring: Scoring::Margin, table_bits: 18, isa: Isa::detect() }
    }
}

/// A move and its exact value for the side that plays it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveValue {
    /// The move.
    pub square: Square,
    /// Its exact value for the side that plays it.
    pub value: i32,
}

/// The best move chosen the way the game's computer does (docs/puzzles.md#the-computers-reply).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BestMove {
    /// `None` when the mover must pass (or the game is over).
    pub square: Option<Square>,
    /// The exact value of the position for the mover.
    pub value: i32,
}

const INF: i32 = 127;

/// A guessing pass searches 2 moves per node from this many empties, 4 from
/// `SELECTIVE_WIDE_EMPTIES` (docs/solver.md#guess-then-mtdf).
const SELECTIVE_MIN_EMPTIES: u32 = 7;
const SELECTIVE_WIDE_EMPTIES: u32 = 12;
/// The fast search also tries a stability cutoff at 4 empties from this alpha.
const FAST_STABILITY_4: i32 = 14;
/// A window that stores no bound, only the best move.
const NO_BOUNDS: Window = Window::new(64, -64);
/// From this many empties the threads of a [`Team`] put off a move another
/// thread is searching (docs/solver.md#several-threads-for-one-position).
const TEAM_MIN_EMPTIES: u32 = 11;
/// A thread of a team looks up the team nodes it is in every this many
/// positions, to leave one another thread has settled.
const SETTLED_CHECK_POSITIONS: u64 = 5000;
/// In a test, a thread of a team of two or more uses the shared table from
/// this many empties, one more than the fast search alone: on two threads
/// the probes of the table's most numerous positions, of 7 empties, cost
/// more than their hits save (docs/solver.md#several-threads-for-one-position).
/// One thread keeps 7: its counts are the ones recorded and compared.
const TEAM_TABLE_MIN_EMPTIES: u32 = 8;

/// Stability cutoffs are tried when alpha reaches this value (by empties);
/// in the fast search from `Steps::STABILITY_EARLIER` lower. The reference
/// search's counts, and so the shipped data, follow it (`mode.rs`'s reference block).
const STABILITY_THRESHOLD: [i32; 65] = {
    let mut t = [99; 65];
    let mut n = 5;
    while n < 65 {
        let v = if n < 10 {
            2 * n as i32 - 2
        } else if n < 24 {
            2 * n as i32
        } else {
            48 + (n as i32 - 24)
        };
        t[n] = if v < 64 { v } else { 64 };
        n += 1;
    }
    t
};

/// Quadrant masks for parity ordering.
const QUADRANTS: [u64; 4] =
    [0x0000_0000_0F0F_0F0F, 0x0000_0000_F0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];

const CORNERS: u64 = crate::bitboard::Bitboard::CORNERS.0;
/// The X- and C-squares (next to a corner): the fast search's last six
/// empties try them last within each parity group.
const NEAR_CORNERS: u64 = 0x42C3_0000_0000_C342;

/// The ordering key of the move `x` (lower first) that led to the child
/// `(cp, co)` from a node with `n` empties and odd quadrants `odd`, in the
/// fast search's order or (`fast` false) the reference one's:
/// fastest-first (fewest replies, corners counted twice, few empty squares
/// next to the mover's discs), parity and corners, and in the fast search
/// from [`LEARNED_ORDER_MIN_EMPTIES`] up the learned evaluation of the child
/// ([`learned_key`]; 0 without the `learned-ordering` feature).
#[inline(always)]
fn order_key<K: SolverTwins, S: Steps>(cp: u64, co: u64, x: usize, odd: u64, n: u32) -> i32 {
    let parity_bonus = ((odd >> x) & 1) as i32;
    let replies = K::legal_moves(cp, co);
    let potential = (crate::moves::neighbours(co) & !(cp | co)).count_ones() as i32;
    let eval = if S::FAST && n >= LEARNED_ORDER_MIN_EMPTIES { learned_key::<K>(cp, co, replies, n) } else { 0 };
    (replies.count_ones() + (replies & CORNERS).count_ones()) as i32 * S::W_MOB + potential * S::W_POT
        - parity_bonus * S::W_PAR
        - ((CORNERS >> x) & 1) as i32 * S::W_CORNER
        + eval
}

/// The quadrant mask of each square.
const QUADRANT_OF: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut q = 0;
        while q < 4 {
            if QUADRANTS[q] >> sq & 1 == 1 {
                t[sq] = QUADRANTS[q];
            }
            q += 1;
        }
        sq += 1;
    }
    t
};

/// The stability cutoff from 5 empties up (docs/solver.md#the-search): the
/// opponent's settled discs bound the mover's score. `Break(bound)` when the
/// bound is at most `alpha` (the node fails low), otherwise `Continue`
/// with `beta` lowered to the bound. Skipped below the alpha threshold for `n` empties
/// (lower in the `fast` search), and when even all of the opponent's discs settled would
/// leave the bound at or above `beta` (no cut, no narrowing).
#[inline(always)]
fn stability_cut<S: Steps>(p: u64, o: u64, w: Window, n: u32) -> ControlFlow<i32, Window> {
    let threshold = STABILITY_THRESHOLD[n as usize] - S::STABILITY_EARLIER;
    if w.alpha < threshold || 64 - 2 * (o.count_ones() as i32) >= w.beta {
        return ControlFlow::Continue(w);
    }
    let max = 64 - 2 * settled_one(o, p | o).count_ones() as i32;
    if max <= w.alpha { ControlFlow::Break(max) } else { ControlFlow::Continue(Window::new(w.alpha, w.beta.min(max))) }
}

/// The fast search's stability test at 4 empties (from alpha
/// [`FAST_STABILITY_4`]): the bound, when the settled discs prove a fail low.
#[inline(always)]
fn stability_cut_4(p: u64, o: u64, alpha: i32) -> Option<i32> {
    if alpha < FAST_STABILITY_4 || 64 - 2 * (o.count_ones() as i32) > alpha {
        return None;
    }
    let max = 64 - 2 * settled_one(o, p | o).count_ones() as i32;
    (max <= alpha).then_some(max)
}

/// The quadrants with an odd number of empty squares.
#[inline(always)]
fn odd_quadrants(empty: u64) -> u64 {
    quadrant_parity(empty).0
}

/// The quadrants with an odd number of empty squares, and among them those
/// with exactly one (a move there leaves the quadrant full: the strongest
/// parity).
#[inline(always)]
fn quadrant_parity(empty: u64) -> (u64, u64) {
    let (mut odd, mut single) = (0, 0);
    for q in QUADRANTS {
        let n = (empty & q).count_ones();
        if n & 1 == 1 {
            odd |= q;
        }
        if n == 1 {
            single |= q;
        }
    }
    (odd, single)
}

twins! {
    /// The solver's recursive functions in each instruction set: the search
    /// in each mode, a team thread's node, and the mode-free last six empties.
    trait SolverTwins {
        /// A whole search from a root child.
        fn enter<M: Mode>(s: &mut Search<'_, M>, p: u64, o: u64, w: Window, n: u32) -> i32 = K => s.search_any::<K>(p, o, w, n);
        fn search<M: Mode>(s: &mut Search<'_, M>, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 = K => s.search::<K>(p, o, w, n, passed);
        fn search_team<P: Mode>(s: &mut Search<'_, InTeam<'_, P>>, p: u64, o: u64, w: Window, n: u32) -> i32 = K => s.search_team::<K>(p, o, w, n);
        fn shallow(c: &mut Count, p: u64, o: u64, w: Window, n: u32, passed: bool) -> i32 = K => c.shallow::<K>(p, o, w, n, passed);
        fn solve_small<S: Steps>(c: &mut Count, p: u64, o: u64, w: Window, odd: u64) -> i32 = K => c.solve_small::<K, S>(p, o, w, odd);
    }
}

/// The exact solver: a transposition table, a position counter and an optional budget.
/// Every root call starts from an empty table.
///
/// ```
/// use engine::{Position, Solver, SolverConfig};
///
/// // Eight empty squares, Dark to move (the shipped board e08-bc71c9e8a241).
/// let pos: Position = "XXXXOX-XOOOOOXX-XOXOXOXXXOXXOOOXXXXXXO-XXXOXOX-XXXXO--X-XXXXXX-X X".parse().unwrap();
/// let mut solver = Solver::new(SolverConfig::default());
/// assert_eq!(solver.value(&pos), 6);
/// let values: Vec<String> = solver.move_values(&pos).iter().map(|m| format!("{}:{:+}", m.square, m.value)).collect();
/// assert_eq!(values[0], "e7:+6");
/// assert!(values.contains(&"g5:-12".to_string()));
/// // The computer's reply rule: the first best move in square order, searched
/// // within a budget, its position count recorded.
/// let best = solver.first_best_move(&pos, Some(300_000)).exact().unwrap();
/// assert_eq!((best.square.map(|sq| sq.to_string()), best.value), (Some("e7".to_string()), 6));
/// assert!(solver.positions() > 0);
/// ```
pub struct Solver {
    isa: Isa,
    table: std::sync::Arc<Table>,
    /// The last search's count, its budget and the scoring.
    count: Count,
}

impl Solver {
    /// A solver with `config`.
    pub fn new(config: SolverConfig) -> Solver {
        Solver {
            isa: config.isa.or_portable(),
            table: std::sync::Arc::new(Table::new(config.table_bits)),
            count: Count { scoring: config.scoring, nodes: 0, budget: u64::MAX, aborted: false },
        }
    }

    /// A solver for `scoring` with the default table size and instruction set.
    pub fn with_scoring(scoring: Scoring) -> Solver {
        Solver::new(SolverConfig { scoring, ..SolverConfig::default() })
    }

    /// How this solver scores finished games.
    pub fn scoring(&self) -> Scoring {
        self.count.scoring
    }

    /// The instruction set this solver's searches run with.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// Positions visited by the last root call.
    pub fn positions(&self) -> u64 {
        self.count.nodes
    }

    /// Starts a root call: empty table, zero count, the budget set.
    fn begin(&mut self, budget: Option<u64>) {
        self.table.clear();
        self.count.nodes = 0;
        self.count.budget = budget.unwrap_or(u64::MAX);
        self.count.aborted = false;
    }

    fn finish<T>(&self, v: T) -> Outcome<T> {
        if self.count.aborted { Outcome::OutOfBudget } else { Outcome::Exact(v) }
    }
}

#[cfg(test)]
mod tests;
