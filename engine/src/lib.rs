//! The Disc Flip engine: rules, symmetry, settled discs, evaluation, the
//! computer players and the exact solver. No I/O, no serde, no clap.
//!
//! Squares are numbered a1 = 0 … h8 = 63 with row 1 at the **top** (see
//! [`square`]).

mod alphabeta;
pub mod bitboard;
pub mod eval;
pub mod isa;
mod moves;
pub mod perft;
pub mod players;
pub mod position;
pub mod solver;
pub mod square;
pub mod stability;
pub mod symmetry;

pub use bitboard::Bitboard;
pub use isa::Isa;
pub use players::{Choice, Player, PlayerKind};
pub use position::{IllegalMove, OverlapError, ParseBoardError, ParseErrorKind, Position};
pub use solver::parallel::Team;
pub use solver::{BestMove, MoveValue, Outcome, Scoring, Solver, SolverConfig};
pub use square::{Color, Square};
pub use symmetry::Transform;
