//! The `discflip` binary: exit codes and messages for good and bad input.

use std::process::{Command, Output};

fn discflip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).args(args).output().expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = discflip(&["perft", "5"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "1 4\n2 12\n3 56\n4 244\n5 1396\n");
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let o = discflip(&["perft", "abc"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("abc"), "{}", stderr(&o));

    let short = format!("{} X", "-".repeat(63));
    let o = discflip(&["solve", &short]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("64 squares, found 63"), "{}", stderr(&o));

    let odd = format!("{}?{} X", "-".repeat(10), "-".repeat(53));
    let o = discflip(&["solve", &odd]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'?' at position 10"), "{}", stderr(&o));

    let o = discflip(&["daily", "--date", "2025-02-30"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("2025-02-30"), "{}", stderr(&o));

    let o = discflip(&["play", "--dark", "level9", "--light", "random"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn solve_lists_every_move_best_first_and_reads_stdin() {
    use std::io::Write;
    let pos = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"; // FFO #1
    let mut child = Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["solve", "--empties-to-winner"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{pos}").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains(": g8:+18 "), "FFO #1 is g8 +18 under the OBF rule: {text}");
    assert!(text.contains("positions"));
}

#[test]
fn daily_prints_the_trio_and_unwritable_output_is_an_error() {
    let o = discflip(&["daily", "--date", "2025-01-06", "--data", concat!(env!("CARGO_MANIFEST_DIR"), "/../data")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("2025-01-06 is day 0 (Mon)"), "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(" par ")).count(), 3);

    // A file where the output directory should be.
    let blocker = std::env::temp_dir().join(format!("discflip-blocker-{}", std::process::id()));
    std::fs::write(&blocker, "not a directory").unwrap();
    let o = discflip(&["checks", "--reports", blocker.join("reports").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    std::fs::remove_file(&blocker).unwrap();
}
