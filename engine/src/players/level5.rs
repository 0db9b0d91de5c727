//! Level 5 (docs/players.md#level-5): exact play at 10 or fewer empty squares,
//! otherwise iterative deepening on the expert evaluation within a budget of
//! positions.
//!
//! The search makes its positions count the way strong engines do: a
//! transposition table kept across the iterations of one move (its best
//! moves order the next iteration), principal-variation search (null windows
//! for every move after the first), and cheap move ordering (hash move, then
//! the opponent's club score after the move, corners first among equals;
//! the square-value table two plies from the leaves).
//! Every position entered counts against the budget, table hits included.
//! The table starts empty for every move, so a move depends only on the
//! position and the settings.

use super::{Choice, Player, PlayerKind, terminal_score};
use crate::alphabeta::{Research, Window, apply_bounds, position_hash, pvs};
use crate::eval::Eval;
use crate::isa::{Isa, twins, with_kernel};
use crate::levels::Levels;
use crate::moves::play;
use crate::position::Position;
use crate::solver::{Outcome, Scoring, Solver, SolverConfig};
use crate::square::Square;
use rand_chacha::ChaCha8Rng;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// A wall clock for Level 5's optional time limit: milliseconds since any
/// fixed origin. Native runs read [`system_clock`]; a browser passes its own
/// (`performance.now`), where `std::time` has no clock.
pub type Clock = fn() -> f64;

/// Milliseconds since this process first asked, from `std::time::Instant`.
pub fn system_clock() -> f64 {
    static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1e3
}

/// Level 5 settings: its levels (evaluation, budget, exact threshold) and
/// how this run uses them.
#[derive(Clone, Copy, Debug)]
pub struct Level5Config {
    /// The settings it plays by (docs/players.md#level-5).
    pub levels: Levels,
    /// Wall-clock limit per move; `None` in batch runs (no clock).
    pub time_limit: Option<Duration>,
    /// The clock the limit is read from (only with a limit).
    pub clock: Clock,
    /// The instruction set its searches run with (default: detected).
    pub isa: Isa,
}

impl Level5Config {
    /// Level 5 as `levels` sets it, for batch runs: no clock.
    pub fn batch(levels: &Levels) -> Level5Config {
        Level5Config { levels: *levels, time_limit: None, clock: system_clock, isa: Isa::detect() }
    }

    /// Level 5 as `levels` sets it, with the game's clock (`level5.time_limit_ms`).
    pub fn interactive(levels: &Levels) -> Level5Config {
        let limit = Duration::from_millis(u64::from(levels.level5.time_limit_ms));
        Level5Config { time_limit: Some(limit), ..Level5Config::batch(levels) }
    }
}

impl Default for Level5Config {
    /// The game's settings ([`Levels::GAME`]), no clock.
    fn default() -> Level5Config {
        Level5Config::batch(&Levels::GAME)
    }
}

/// How a Level 5 move was found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level5Method {
    /// Exact solve: the move with the best final margin.
    /// Exact solve: the move with the best final margin, `value` for the mover.
    Exact {
        /// The exact value for the mover.
        value: i32,
    },
    /// Iterative deepening; the deepest completed depth.
    /// Iterative deepening; `depth` is the deepest completed iteration.
    Deepening {
        /// The deepest completed iteration.
        depth: u32,
    },
}

/// Iterative deepening up to the position budget with the full evaluation;
/// exact play at 10 or fewer empty squares.
pub struct Level5 {
    config: Level5Config,
    eval: Eval,
    solver: Solver,
    table: MidTable,
    /// How the last move was chosen.
    pub last_method: Option<Level5Method>,
}

impl Level5 {
    /// A Level 5 player with `config`.
    pub fn new(config: Level5Config) -> Level5 {
        Level5 {
            config,
            eval: Eval::new(&config.levels, config.levels.level4.mobility_weight),
            solver: Solver::new(SolverConfig { scoring: Scoring::Margin, table_bits: 16, isa: config.isa }),
            table: MidTable::new(16),
            last_method: None,
        }
    }
}

impl Player for Level5 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level5
    }

    fn choose_move(&mut self, pos: &Position, _rng: &mut ChaCha8Rng) -> Choice {
        let (budget, exact_empties) = (self.config.levels.level5.budget, self.config.levels.level5.exact_empties);
        let mut spent = 0;
        if pos.empty_count() <= exact_empties {
            let result = self.solver.first_best_move(pos, Some(budget));
            spent = self.solver.positions();
            if let Outcome::Exact(best) = result {
                self.last_method = Some(Level5Method::Exact { value: best.value });
                return Choice { square: best.square, positions: spent };
            }
        }
        self.table.clear();
        let mut s = ExpertSearch {
            positions: 0,
            budget: budget.saturating_sub(spent).max(1),
            deadline: self.config.time_limit.map(|t| (self.config.clock)() + t.as_secs_f64() * 1e3),
            clock: self.config.clock,
            out_of_budget: false,
            isa: self.config.isa.or_portable(),
            table: &mut self.table,
            eval: &self.eval,
        };
        let mut order: Vec<Square> = pos.legal_moves().iter().collect();
        let mut depth_done = 0;
        for depth in 1..=pos.empty_count() {
            let Some(best) = s.root(pos, &order, depth) else { break };
            // The best move leads the next iteration; the rest keep their order.
            order.retain(|&sq| sq != best);
            order.insert(0, best);
            depth_done = depth;
        }
        self.last_method = Some(Level5Method::Deepening { depth: depth_done });
        Choice { square: Some(order[0]), positions: spent + s.positions }
    }

    fn last_depth(&self) -> Option<u32> {
        match self.last_method? {
            Level5Method::Exact { .. } => None,
            Level5Method::Deepening { depth } => Some(depth),
        }
    }
}

/// One entry of the midgame table: bounds of a position's value searched to `depth`.
#[derive(Clone, Copy, Default)]
struct MidEntry {
    player: u64,
    opponent: u64,
    generation: u32,
    lower: i32,
    upper: i32,
    depth: u8,
    /// The best move found, if any.
    best: Option<u8>,
}

/// A direct-mapped table of full positions (a hit is never a collision),
/// cleared in O(1) by a generation stamp.
struct MidTable {
    entries: Vec<MidEntry>,
    mask: usize,
    generation: u32,
}

impl MidTable {
    fn new(bits: u32) -> MidTable {
        let size = 1usize << bits;
        MidTable { entries: vec![MidEntry::default(); size], mask: size - 1, generation: 1 }
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(MidEntry::default());
            self.generation = 1;
        }
    }

    #[inline(always)]
    fn slot(&self, p: u64, o: u64) -> usize {
        position_hash(p, o) as usize & self.mask
    }

    #[inline(always)]
    fn probe(&self, p: u64, o: u64) -> Option<&MidEntry> {
        let e = &self.entries[self.slot(p, o)];
        (e.generation == self.generation && e.player == p && e.opponent == o).then_some(e)
    }

    /// Stores the result `value` of a search of `(p, o)` to `depth` in the
    /// window `w`; a deeper entry of another position stays.
    fn store(&mut self, p: u64, o: u64, depth: u32, w: Window, value: i32, best: Option<u8>) {
        let i = self.slot(p, o);
        let e = &mut self.entries[i];
        let same = e.generation == self.generation && e.player == p && e.opponent == o;
        if e.generation == self.generation && !same && u32::from(e.depth) > depth {
            return;
        }
        let (lower, upper) = if value <= w.alpha {
            (i32::MIN, value)
        } else if value >= w.beta {
            (value, i32::MAX)
        } else {
            (value, value)
        };
        *e = MidEntry { player: p, opponent: o, generation: self.generation, lower, upper, depth: depth as u8, best };
    }
}

const CORNERS: u64 = crate::bitboard::Bitboard::CORNERS.0;

twins! {
    /// Level 5's recursion in each instruction set.
    pub(crate) trait ExpertTwins {
        fn expert_search(s: &mut ExpertSearch<'_, '_>, p: u64, o: u64, depth: u32, w: Window) -> i32 = K => s.pvs::<K>(p, o, depth, w);
    }
}

/// From this depth on, moves are ordered by the opponent's club score after
/// them; below it (two plies left), by the square-value table alone, which
/// costs nothing.
const ORDER_BY_SCORE_DEPTH: u32 = 3;

/// The budgeted principal-variation search on the expert evaluation.
pub(crate) struct ExpertSearch<'t, 'e> {
    positions: u64,
    budget: u64,
    /// When the clock (in its milliseconds) passes this, the search stops.
    deadline: Option<f64>,
    clock: Clock,
    out_of_budget: bool,
    isa: Isa,
    table: &'t mut MidTable,
    eval: &'e Eval,
}

impl ExpertSearch<'_, '_> {
    /// One iteration at `depth` over the root moves in `order`; the best move
    /// (the first in `order` among equals), or `None` if the budget ran out.
    fn root(&mut self, pos: &Position, order: &[Square], depth: u32) -> Option<Square> {
        let (p, o) = (pos.player().0, pos.opponent().0);
        if !self.count() {
            return None;
        }
        let mut best: Option<(Square, i32)> = None;
        for &sq in order {
            let (cp, co) = play(p, o, sq.index());
            let w = Window::new(best.map_or(-INF, |(_, b)| b), INF);
            let v = pvs!(w, best.is_none(), Research::Whole, stopped: self.out_of_budget, |w| -self.search(cp, co, depth - 1, w.negated()));
            if self.out_of_budget {
                return None;
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((sq, v));
            }
        }
        best.map(|b| b.0)
    }

    /// Counts one position; false once the budget (or the deadline) is spent.
    #[inline(always)]
    fn count(&mut self) -> bool {
        if self.positions >= self.budget {
            self.out_of_budget = true;
            return false;
        }
        self.positions += 1;
        if self.positions & 1023 == 0 && self.deadline.is_some_and(|d| (self.clock)() >= d) {
            self.out_of_budget = true;
            return false;
        }
        true
    }

    /// A whole search below a root move, in this search's instruction set.
    fn search(&mut self, p: u64, o: u64, depth: u32, w: Window) -> i32 {
        with_kernel!(self.isa, K => K::expert_search(self, p, o, depth, w))
    }

    /// The search body, written once over the kernel `K`. A pass uses a
    /// ply, like a move.
    #[inline(always)]
    fn pvs<K: ExpertTwins>(&mut self, p: u64, o: u64, depth: u32, w: Window) -> i32 {
        if !self.count() {
            return 0;
        }
        let moves = K::legal_moves(p, o);
        if moves == 0 {
            if K::legal_moves(o, p) == 0 {
                return terminal_score(p, o);
            }
            if depth == 0 {
                return self.eval.expert_score::<K>(p, o);
            }
            return -K::expert_search(self, o, p, depth - 1, w.negated());
        }
        if depth == 0 {
            return self.eval.expert_score::<K>(p, o);
        }
        let (mut w, mut hash_move) = (w, None);
        if let Some(e) = self.table.probe(p, o) {
            if u32::from(e.depth) >= depth {
                w = match apply_bounds(e.lower, e.upper, w) {
                    ControlFlow::Continue(w) => w,
                    ControlFlow::Break(value) => return value,
                };
            }
            hash_move = e.best;
        }
        let entered = w;

        let (list, count) = search_order::<K>(self.eval, p, o, moves, depth, hash_move);
        let (mut best, mut best_move) = (-INF, None);
        for (i, &(x, _)) in list[..count].iter().enumerate() {
            let (cp, co) = K::play(p, o, x as usize);
            let v = pvs!(w, i == 0, Research::FromProbe, stopped: self.out_of_budget, |w| -K::expert_search(self, cp, co, depth - 1, w.negated()));
            if self.out_of_budget {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(x);
                if v >= w.beta {
                    break;
                }
                w.alpha = w.alpha.max(v);
            }
        }
        self.table.store(p, o, depth, entered, best, best_move);
        best
    }
}

/// The order in which `pvs` searches `moves` (docs/players.md#level-5), `depth`
/// plies above the leaves: `hash_move` first; then, three or more plies up,
/// by the opponent's club score after the move (lowest first), corners first
/// among equals; two plies up, by the corner-empty square value (highest
/// first); at the last ply, in square order. Ties keep square order.
/// Returns the squares with their keys, and how many there are.
#[inline(always)]
fn search_order<K: ExpertTwins>(
    eval: &Eval,
    p: u64,
    o: u64,
    moves: u64,
    depth: u32,
    hash_move: Option<u8>,
) -> ([(u8, i32); 64], usize) {
    let mut list = [(0u8, 0i32); 64];
    let mut count = 0;
    let mut rest = moves;
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let key = if hash_move == Some(x as u8) {
            i32::MIN
        } else if depth >= ORDER_BY_SCORE_DEPTH {
            let (cp, co) = K::play(p, o, x);
            // Scores are whole points: 4 × score keeps a corner's −2 a tie-break.
            4 * eval.club_score::<K>(cp, co) - 2 * ((CORNERS >> x) & 1) as i32
        } else if depth >= 2 {
            -eval.corner_empty_value(x)
        } else {
            0
        };
        // Insertion sort, stable: an equal key stays behind.
        let mut j = count;
        while j > 0 && list[j - 1].1 > key {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = (x as u8, key);
        count += 1;
    }
    (list, count)
}

/// Wider than any score (evaluations and `terminal_score` stay within ±20,000).
const INF: i32 = 1_000_000;

#[cfg(test)]
#[path = "level5_tests.rs"]
mod tests;
