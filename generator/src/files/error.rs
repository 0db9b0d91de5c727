//! The data-files layer's one error type: reading a data directory, keeping
//! days from an older one, and replacing an output directory.

use crate::files::output::Step;
use crate::puzzles::rules::RestoreError;
use format::FormatError;
use std::io;
use std::path::PathBuf;

/// Why a data-files step failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A data file could not be read or parsed.
    #[error(transparent)]
    Read(#[from] FormatError),
    /// A levels file cannot be used.
    #[error(transparent)]
    Levels(#[from] format::LevelsFileError),
    /// A file parses but does not hold what the step needs.
    #[error("{}: {what}", file.display())]
    Shape {
        /// The file.
        file: PathBuf,
        /// What is wrong, and where in the file.
        what: String,
    },
    /// A kept Daily board is unusable.
    #[error("{}: day {day}, board {id}: {source}", file.display())]
    KeptBoard {
        /// The old `daily.json`.
        file: PathBuf,
        /// The day.
        day: usize,
        /// The board's id.
        id: String,
        /// The cause.
        source: RestoreError,
    },
    /// Another run writes into the output directory.
    #[error("{} is in use: another run holds {}{}", dir.display(), lock.display(), holder.map(|p| format!(" (process {p})")).unwrap_or_default())]
    Locked {
        /// The directory the lock guards.
        dir: PathBuf,
        /// The lock file.
        lock: PathBuf,
        /// The holding process, as its lock file names it.
        holder: Option<u32>,
    },
    /// The lock file could not be opened or locked.
    #[error("cannot lock {}: {source}", lock.display())]
    Lock {
        /// The lock file.
        lock: PathBuf,
        /// The cause, as the OS gives it.
        source: io::Error,
    },
    /// A disk step failed before the new release was in place.
    #[error("cannot write {}: {step} {}: {source}; {} is left as it was", dir.display(), path.display(), dir.display())]
    Write {
        /// The output directory.
        dir: PathBuf,
        /// The step that failed.
        step: Step,
        /// What it worked on.
        path: PathBuf,
        /// The cause, as the OS gives it.
        source: io::Error,
    },
    /// The new release is in place but could not be made durable.
    #[error("{} holds the new release, but syncing {} failed: {source}", dir.display(), path.display())]
    Durability {
        /// The output directory.
        dir: PathBuf,
        /// The directory that could not be synced.
        path: PathBuf,
        /// The cause, as the OS gives it.
        source: io::Error,
    },
    /// The directory cannot be an output directory.
    #[error("{}: {what}", dir.display())]
    BadDir {
        /// The directory.
        dir: PathBuf,
        /// What is wrong.
        what: String,
    },
}
