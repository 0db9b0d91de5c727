//! What the verifier reports: failures by board or file, the summary line,
//! and input it cannot check at all (docs/verification.md#output-and-exit-codes).

use std::fmt;
use std::path::PathBuf;

/// Input that cannot be checked at all: missing, unreadable or malformed.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The data directory itself is missing (or is not a directory).
    #[error("{}: no such directory", .0.display())]
    NoDir(PathBuf),
    #[error("{}: file is missing", .0.display())]
    /// A file is missing.
    Missing(PathBuf),
    /// A file could not be read.
    #[error("{}: cannot read: {source}", file.display())]
    Io {
        /// The file.
        file: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file is not valid JSON.
    #[error("{}: malformed JSON at line {line}, column {column}: {message}", file.display())]
    Json {
        /// The file.
        file: PathBuf,
        /// Line of the error (1-based).
        line: usize,
        /// Column of the error (1-based).
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A file's content is malformed.
    #[error("{}: {place}: {message}", file.display())]
    Malformed {
        /// The file.
        file: PathBuf,
        /// Where in the file.
        place: String,
        /// The parser's message.
        message: String,
    },
}

/// One check that did not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The board id, or the file or section the failure concerns.
    pub subject: String,
    /// What differs.
    pub what: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.subject, self.what)
    }
}

/// Every failure found, and how many boards were checked.
#[derive(Debug, Default)]
pub struct Report {
    /// Boards checked.
    pub boards: usize,
    /// What did not hold, in the order found.
    pub failures: Vec<Failure>,
}

impl Report {
    /// Writes each failure, then the summary line (once), to `out`.
    pub fn print(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        for f in &self.failures {
            writeln!(out, "{f}")?;
        }
        writeln!(out, "{}", self.summary())
    }

    /// `verified N boards: F failures`.
    pub fn summary(&self) -> String {
        format!("verified {} boards: {} failures", self.boards, self.failures.len())
    }

    pub(crate) fn fail(&mut self, subject: impl Into<String>, what: impl Into<String>) {
        self.failures.push(Failure { subject: subject.into(), what: what.into() });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_prints_each_failure_then_one_summary_line() {
        let mut report = Report { boards: 3, ..Report::default() };
        report.fail("e08-0123456789ab", "par is 4, the exact value is 6");
        let mut out = Vec::new();
        report.print(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "e08-0123456789ab: par is 4, the exact value is 6\nverified 3 boards: 1 failures\n");
        assert_eq!(Report { boards: 2160, ..Report::default() }.summary(), "verified 2160 boards: 0 failures");
    }
}
