//! Level 5 on 200 seeded positions with exactly 10 empty squares (docs/ladder.md#level-5-endgame-report).

use crate::puzzles::sampling;
use crate::puzzles::seeds::{self, Stream};
use crate::table::Table;
use engine::Square;
use engine::{Level5, Level5Config, Level5Method, Levels, Player};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Positions in the report (docs/ladder.md#level-5-endgame-report).
pub(crate) const POSITIONS: usize = 200;

/// One position's row of `level5_endgame.csv`.
pub(crate) struct Level5Row {
    /// The position string.
    pub(crate) board: String,
    /// The move Level 5 chose (`None` for a pass).
    pub(crate) chosen: Option<Square>,
    /// Positions the move used.
    pub(crate) positions: u64,
    /// The exact value, when the exact solve finished within the budget.
    pub(crate) value: Option<i32>,
    /// Wall time of the move (for `timings.csv` only).
    pub(crate) time: Duration,
}

/// Runs Level 5 on `count` positions (candidates of the sampler under a
/// stream of its own), in order.
pub(crate) fn run(seed: u64, count: usize, levels: &Levels) -> Vec<Level5Row> {
    let base = seeds::stream(seed, Stream::Level5Report, &[]);
    let mut positions = Vec::new();
    let mut i = 0u64;
    while positions.len() < count {
        if let Some((pos, _)) = sampling::candidate(base, 10, i, levels)
            && !pos.legal_moves().is_empty()
        {
            positions.push((i, pos));
        }
        i += 1;
    }
    positions
        .into_par_iter()
        .map(|(index, pos)| {
            let mut l5 = Level5::new(Level5Config::batch(levels));
            let start = Instant::now();
            let c = l5.choose(&pos, &mut seeds::rng(index));
            let time = start.elapsed();
            let value = match l5.last_method {
                Some(Level5Method::Exact { value }) => Some(value),
                _ => None,
            };
            Level5Row { board: pos.to_string(), chosen: c.square, positions: c.positions, value, time }
        })
        .collect()
}

impl Level5Row {
    /// Whether the exact solve finished within the budget.
    pub(crate) fn exact(&self) -> bool {
        self.value.is_some()
    }
}

/// `level5_endgame.csv`.
pub(crate) fn csv(rows: &[Level5Row]) -> Vec<u8> {
    let mut w = Table::new(["position", "board", "move", "positions", "exact", "value"]);
    for (n, r) in rows.iter().enumerate() {
        w.row([
            n.to_string(),
            r.board.clone(),
            format::move_name(&r.chosen),
            r.positions.to_string(),
            r.exact().to_string(),
            r.value.map_or(String::new(), |v| v.to_string()),
        ]);
    }
    w.into_bytes()
}

/// `level5_summary.csv`: the largest position count against the budget.
pub(crate) fn summary_csv(rows: &[Level5Row], budget: u64) -> Vec<u8> {
    let largest = rows.iter().map(|r| r.positions).max().unwrap_or(0);
    let exact = rows.iter().filter(|r| r.exact()).count();
    let mut w = Table::new(["positions_tested", "solved_exactly", "largest_positions", "budget"]);
    w.row([rows.len().to_string(), exact.to_string(), largest.to_string(), budget.to_string()]);
    w.into_bytes()
}
