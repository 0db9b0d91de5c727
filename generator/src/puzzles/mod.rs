//! The puzzles layer (the bottom one): how candidates are sampled, the puzzle
//! rules and the record they make, the sets and their duplicates, every
//! board's solution and difficulty, the Daily's balance and calendar, dates
//! and the seeded streams. It knows no files.

pub(crate) mod balance;
pub(crate) mod blocklist;
pub mod dates;
pub mod rules;
pub mod sampling;
pub(crate) mod schedule;
pub mod seeds;
pub mod sets;
pub mod solution;
pub mod teach;
