//! The data-files layer, above the puzzles: the data files' bytes
//! ([`write`](mod@write), through the `format` crate's wire types), output directories
//! replaced whole ([`output`]), the Daily days kept from an older release
//! (`keep`) and what a new data directory changes ([`diff`]).

mod error;

pub use error::Error;

pub(crate) mod blocklist;
pub mod diff;
pub(crate) mod keep;
pub mod output;
pub mod write;
