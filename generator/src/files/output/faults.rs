//! Failure points: every step of the output code that touches the disk asks
//! its [`Faults`] first, so a test can stop a run at the k-th step (a counted
//! point, not a timer) as a crash or a full disk would.

use std::fmt;
use std::io;
use std::path::Path;

/// A step of the output code that touches the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Creating a directory.
    CreateDir,
    /// Writing a file's bytes (asked halfway through, so a failure leaves a torn file).
    Write,
    /// Syncing a written file.
    Sync,
    /// Linking (or copying) a file the new release keeps from the old one.
    Link,
    /// Syncing a directory's entries.
    SyncDir,
    /// Renaming a directory into place.
    Rename,
    /// Exchanging the staging directory and the live one in one step.
    Exchange,
    /// Removing a staging directory, an old release or a file about to be replaced.
    Remove,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::CreateDir => "creating",
            Step::Write => "writing",
            Step::Sync => "syncing",
            Step::Link => "linking",
            Step::SyncDir => "syncing directory",
            Step::Rename => "renaming",
            Step::Exchange => "exchanging",
            Step::Remove => "removing",
        })
    }
}

/// Asked before every disk step; an error stops the step as the OS would.
pub trait Faults: Send + Sync {
    /// `Ok` lets `step` on `path` go ahead.
    fn check(&self, step: Step, path: &Path) -> io::Result<()>;
}

/// The production failure points: none.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoFaults;

impl Faults for NoFaults {
    fn check(&self, _: Step, _: &Path) -> io::Result<()> {
        Ok(())
    }
}
