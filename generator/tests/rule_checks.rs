//! The rule checks of docs/ladder.md#rule-checks run in the test suite, as `discflip checks` runs them.

use engine::Bitboard;
use generator::puzzles::seeds::DEFAULT_SEED;
use generator::strength::checks::{all_rows, flip_preview_row_with};

#[test]
fn perft_flip_previews_and_settled_discs_hold() {
    let rows = all_rows(DEFAULT_SEED);
    assert_eq!(rows.len(), 9);
    for r in &rows {
        assert_eq!(r.failures, 0, "{}: {}", r.check, r.detail);
    }
    // Every case is a position actually checked; positions have several moves each.
    let flips = rows.iter().find(|r| r.check == "flip_previews").unwrap();
    let moves: u64 = flips.detail.split_whitespace().next().unwrap().parse().unwrap();
    assert!(moves > 5 * flips.cases, "{}", flips.detail);
}

#[test]
fn the_flip_preview_check_catches_a_wrong_preview() {
    // A preview that forgets one flipped disc must fail on most positions.
    let forgetful = |pos: &engine::Position, sq| {
        let f = pos.flips(sq);
        Bitboard(f.0 & (f.0 - 1))
    };
    let row = flip_preview_row_with(DEFAULT_SEED, 200, forgetful);
    assert_eq!(row.cases, 200);
    assert!(row.failures > 100, "{} failures: {}", row.failures, row.detail);
    assert_eq!(flip_preview_row_with(DEFAULT_SEED, 200, |pos, sq| pos.flips(sq)).failures, 0);
}

/// `discflip checks` says what each check did on standard error, a line per
/// check and a total, whether or not standard error is a terminal
/// (docs/cli.md#command-line), and writes the table to the reports directory.
#[test]
fn discflip_checks_reports_each_check_on_standard_error() {
    let reports = tempfile::tempdir().unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["checks", "--reports", reports.path().to_str().unwrap()])
        .output()
        .expect("discflip runs");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(o.stdout, b"");
    let rows = all_rows(DEFAULT_SEED);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), rows.len() + 1, "{err}");
    for (line, row) in lines.iter().zip(&rows) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..5], [row.check.as_str(), &row.cases.to_string(), "cases", "0", "failures"], "{line}");
    }
    let cases: u64 = rows.iter().map(|r| r.cases).sum();
    assert!(lines[rows.len()].starts_with(&format!("rule checks: {cases} cases, 0 failures in ")), "{err}");
    assert!(reports.path().join("rule_checks.csv").exists());
}
