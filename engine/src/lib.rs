//! The Disc Flip engine: rules, symmetry, settled discs, evaluation, the
//! computer players and the exact solver. No I/O, no serde, no clap.
//!
//! Squares are numbered a1 = 0 … h8 = 63 with row 1 at the **top** (see
//! [`Square`]).
//!
//! Every public item lives at the crate root, one path each; the modules
//! are private and only organise the source:
//! - the board: [`Square`], [`Color`], [`Bitboard`] (and [`bitboard!`]),
//!   [`Position`] with its errors, [`Transform`] (the eight symmetries);
//! - the exact solver: [`Solver`], [`SolverConfig`], [`Scoring`],
//!   [`Outcome`], [`BestMove`], [`MoveValue`], and [`Team`] for several
//!   threads;
//! - the players: the [`Player`] trait, [`PlayerKind`], the bots and
//!   [`Level1`], [`Level2`], [`Club`] (Levels 3 and 4), [`Level5`], all
//!   built from a [`Levels`] (the levels file's settings), seeded helpers ([`random_playout`],
//!   [`uniform_index`]) and the scores the tests and reports check;
//! - [`perft`] and the instruction sets ([`Isa`]).

mod alphabeta;
mod bitboard;
mod eval;
mod isa;
mod levels;
mod moves;
#[cfg(feature = "learned-ordering")]
pub mod ordering;
mod perft;
mod players;
mod position;
mod solver;
mod square;
mod stability;
mod symmetry;
pub mod testing;

pub use bitboard::{Bitboard, Squares};
pub use isa::Isa;
pub use levels::{
    ClubSettings, Level1Settings, Level2Settings, Level5Settings, Levels, LevelsError, MAX_CLUB_DEPTH,
    MAX_SQUARE_VALUE, Mobility, SquareTable,
};
pub use perft::{PERFT_START_COUNTS, perft, perft_with};
pub use players::{
    Choice, Clock, Club, CornerBot, FlipGrabber, Level1, Level2, Level5, Level5Config, Level5Method, Player,
    PlayerKind, RandomBot, UnknownPlayer, biggest_flips, level2_base_score, level2_best, level4_hint, level4_score,
    random_playout, system_clock, uniform_index, uniform_unit,
};
pub use position::{IllegalMove, OverlapError, ParseBoardError, ParseErrorKind, Position};
pub use solver::{BestMove, MoveValue, Outcome, Scoring, Solver, SolverConfig, Team};
pub use square::{Color, ParseSquareError, Square};
pub use symmetry::Transform;
