//! The strength layer, above the puzzles: the level ladder and its replays
//! ([`ladder`]), the Level 5 vs Level 4 openings suite (`openings`), Level 5
//! on ten-empty positions (`level5`), the rule checks ([`checks`]) and
//! a matchup's results (`summary`).

pub(crate) mod calibration;
pub mod checks;
pub mod ladder;
pub(crate) mod level5;
pub mod openings;
pub(crate) mod summary;
