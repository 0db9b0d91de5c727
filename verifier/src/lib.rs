//! The independent checker of the shipped puzzle data (docs/verification.md).
//!
//! It has its own rules ([`rules`]), its own exact search ([`search`]) and its
//! own reading of the data format ([`data`]); it depends on no engine code.

pub mod board;
pub mod check;
pub mod data;
pub mod input;
pub mod layout;
pub mod obf;
pub mod pairing;
pub mod report;
pub mod rules;
pub mod search;
pub mod solution;
pub mod sums;

pub use check::{verify_dir, verify_release};
pub use report::{Failure, InputError, Report};

/// Runs the verifier as a command does: prints failures and the summary line,
/// returns the exit code (0 all holds, 1 a check failed, 2 bad input).
pub fn run(dir: &std::path::Path, reports: Option<&std::path::Path>) -> u8 {
    match verify_release(dir, reports) {
        Ok(report) => {
            // A reader that closed the pipe early changes nothing about the verdict.
            let _ = report.print(&mut std::io::stdout().lock());
            if report.failures.is_empty() { 0 } else { 1 }
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
