//! The presentation layer's one error type: the review page and `show`
//! reading the data and reports.

use format::FormatError;
use std::path::PathBuf;

/// Why the data or reports could not be presented.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A data file could not be read or parsed.
    #[error(transparent)]
    Read(#[from] FormatError),
    /// The levels file cannot be used.
    #[error(transparent)]
    Levels(#[from] format::LevelsFileError),
    /// A file parses but does not hold what the page or command needs.
    #[error("{}: {what}", file.display())]
    Shape {
        /// The file.
        file: PathBuf,
        /// What is wrong, and where (a board's id, a field).
        what: String,
    },
    /// A report could not be read as CSV.
    #[error("{}: {source}", file.display())]
    Csv {
        /// The file.
        file: PathBuf,
        /// The cause.
        source: csv::Error,
    },
    /// The engine's WebAssembly module could not be read, or is not one.
    #[error("{}: {what} (the review page inlines the engine's module: scripts/build-web builds it, --module names it)", file.display())]
    Module {
        /// The file.
        file: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// No board with that id or board string.
    #[error("no board `{0}` in endgame.json or daily.json (give an id such as e10-0123456789ab or a 64-square board)")]
    Unknown(String),
}
