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

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Position, Scoring, Solver};

    /// Each reported position has exactly 10 empty squares and a move for the
    /// side to move; Level 5 solves it exactly within its budget, and the value
    /// reported is the exact solver's, reached by the move chosen.
    #[test]
    fn each_row_is_a_ten_empty_position_solved_exactly() {
        let levels = Levels::GAME;
        let rows = run(5, 4, &levels);
        assert_eq!(rows.len(), 4);
        let mut solver = Solver::with_scoring(Scoring::Margin);
        for r in &rows {
            let pos: Position = r.board.parse().unwrap();
            assert_eq!(pos.empty_count(), 10, "{}", r.board);
            let values = solver.move_values(&pos);
            let best = values[0].value;
            assert_eq!(r.value, Some(best), "{}", r.board);
            let chosen = r.chosen.expect("a move: the position has one");
            assert_eq!(values.iter().find(|m| m.square == chosen).map(|m| m.value), Some(best), "{}", r.board);
            assert!(r.exact() && r.positions > 0);
        }
        let boards: Vec<&str> = rows.iter().map(|r| r.board.as_str()).collect();
        let again: Vec<String> = run(5, 4, &levels).into_iter().map(|r| r.board).collect();
        assert_eq!(boards, again, "the same seed, the same positions");
        assert_ne!(run(6, 1, &levels)[0].board, boards[0], "the seed matters");
    }

    /// The report's positions are the sampler's candidates of the report's
    /// own stream, in index order, those without a move for the mover left out.
    #[test]
    fn rows_are_the_report_streams_candidates_in_order() {
        let levels = Levels::GAME;
        let base = seeds::stream(5, Stream::Level5Report, &[]);
        let expected: Vec<String> = (0u64..)
            .filter_map(|i| sampling::candidate(base, 10, i, &levels))
            .filter(|(pos, _)| !pos.legal_moves().is_empty())
            .take(3)
            .map(|(pos, _)| pos.to_string())
            .collect();
        let boards: Vec<String> = run(5, 3, &levels).into_iter().map(|r| r.board).collect();
        assert_eq!(boards, expected);
    }

    fn row(board: &str, chosen: Option<&str>, positions: u64, value: Option<i32>) -> Level5Row {
        Level5Row {
            board: board.into(),
            chosen: chosen.map(|s| s.parse().unwrap()),
            positions,
            value,
            time: Duration::ZERO,
        }
    }

    /// The two files on hand-made rows: one solved exactly, one not, one pass.
    #[test]
    fn the_csv_files_worked_by_hand() {
        let rows =
            [row("B1", Some("h3"), 6808, Some(16)), row("B2", Some("a1"), 70_001, None), row("B3", None, 1, Some(-2))];
        assert_eq!(
            String::from_utf8(csv(&rows)).unwrap(),
            "position,board,move,positions,exact,value\n0,B1,h3,6808,true,16\n1,B2,a1,70001,false,\n2,B3,pass,1,true,-2\n"
        );
        assert_eq!(
            String::from_utf8(summary_csv(&rows, 70_000)).unwrap(),
            "positions_tested,solved_exactly,largest_positions,budget\n3,2,70001,70000\n"
        );
        assert_eq!(
            String::from_utf8(summary_csv(&[], 5)).unwrap(),
            "positions_tested,solved_exactly,largest_positions,budget\n0,0,0,5\n"
        );
    }
}
