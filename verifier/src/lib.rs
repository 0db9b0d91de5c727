//! The independent checker of the shipped puzzle data (docs/verification.md).
//!
//! It has its own rules ([`rules`]), its own exact search ([`search`]) and its
//! own reading of the data format ([`data`]); it depends on no engine code.

pub mod blocklist;
pub mod board;
pub mod calibration;
pub mod check;
pub mod data;
pub mod game;
pub mod input;
pub mod layout;
pub mod levels;
pub mod obf;
pub mod pairing;
pub mod report;
pub mod rules;
pub mod search;
pub mod solution;
pub mod sums;
pub mod teach;

pub use check::{verify_dir, verify_dir_sized, verify_release};
pub use report::{Failure, InputError, Report};

/// How a run of either command ends, and its exit code
/// (docs/cli.md#exit-codes): the one mapping `discflip` and
/// `discflip-verify` both use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exit {
    /// Everything held (0).
    Success,
    /// A check failed or the data differ (1).
    CheckFailed,
    /// Usage, unreadable or malformed input, or a file that could not be written (2).
    BadInput,
}

impl Exit {
    /// The verdict of a verification: a check failed when it holds any failure.
    pub fn of_report(report: &Report) -> Exit {
        if report.failures.is_empty() { Exit::Success } else { Exit::CheckFailed }
    }

    /// The process exit code.
    pub const fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::CheckFailed => 1,
            Exit::BadInput => 2,
        }
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> std::process::ExitCode {
        std::process::ExitCode::from(exit.code())
    }
}
