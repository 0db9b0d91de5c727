//! The discflip pipeline, in layers whose arrows point only down
//! (ARCHITECTURE.md): [`pipeline`] (the jobs) over [`present`] (reports,
//! review page, `show`) over [`strength`] (ladder, openings, Level 5, rule
//! checks) and [`files`] (data files, output directories, kept days, diff),
//! all over [`puzzles`] (sampling, rules, sets, solutions, schedule).
//!
//! Shared by every layer: [`progress`] (how work reports) and [`table`] (the
//! one CSV writer).

// An item is `pub` only when another crate (the binary, the tests) uses it.
#![warn(unreachable_pub)]

pub mod files;
pub mod pipeline;
pub mod present;
pub mod progress;
pub mod puzzles;
pub mod strength;
pub mod table;
