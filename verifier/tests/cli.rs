//! The `discflip-verify` binary's exit codes (docs/verification.md#output-and-exit-codes),
//! on copies of the small release beside these tests. (Exit 0 on the game's
//! full release is CI's step `discflip-verify data --reports reports`: the
//! binary knows only the game's sizes, so the small release exits 1 on its
//! counts alone.)

mod common;

use std::process::{Command, Output};

fn run(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip-verify")).args(args).output().expect("the binary runs")
}

#[test]
fn exit_codes_1_and_2() {
    let copy = common::fixture_copy();
    let dir = copy.path();
    let o = run(&[dir.as_os_str()]);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("endgame.json: 12 boards, expected 900") && !out.contains("hash"), "{out}");

    // A changed byte in an OBF file: its hash no longer matches (a failed check).
    let mut obf = std::fs::read(dir.join("daily.obf")).unwrap();
    let last = obf.len() - 2;
    obf[last] = if obf[last] == b';' { b' ' } else { b';' };
    std::fs::write(dir.join("daily.obf"), obf).unwrap();
    let o = run(&[dir.as_os_str()]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains("daily.obf: hash"));

    std::fs::remove_file(dir.join("endgame.json")).unwrap();
    let o = run(&[dir.as_os_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("endgame.json: file is missing"));
}

/// A field the format does not name is bad input, not a failed check: exit 2,
/// naming the file, the line and the field (docs/verification.md#output-and-exit-codes).
#[test]
fn an_unknown_field_exits_2_naming_the_file_line_and_field() {
    let copy = tempfile::tempdir().unwrap();
    let dir = copy.path().join("data");
    let text = std::fs::read_to_string(common::fixture().join("endgame.json")).unwrap();
    let line = text.lines().position(|l| l.contains("\"par_move\"")).unwrap() + 1;
    common::copy_with(&dir, "endgame.json", &text.replacen("\"par_move\"", "\"par_mvoe\": \"a1\", \"par_move\"", 1));
    let o = run(&[dir.as_os_str()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("endgame.json") && err.contains("unknown field `par_mvoe`"), "{err}");
    assert!(err.contains(&format!("line {line}")), "{err}");
}

#[test]
fn reports_of_another_data_release_exit_1_naming_them() {
    let reports = tempfile::tempdir().unwrap();
    std::fs::write(reports.path().join("data.sha256"), format!("{}  SHA256SUMS\n", "0".repeat(64))).unwrap();
    let fixture = common::fixture();
    let o = run(&[fixture.as_os_str(), "--reports".as_ref(), reports.path().as_os_str()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("data.sha256: the reports describe the data release") && out.contains("different releases"),
        "{out}"
    );

    let o = run(&["--reports".as_ref()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--reports needs a directory"));
}

#[test]
fn help_and_usage_errors() {
    // docs/verification.md#output-and-exit-codes: help exits 0; a bad command line exits 2
    // naming what is wrong, before any file is read.
    for flag in ["-h", "--help"] {
        let o = run(&[flag.as_ref()]);
        assert_eq!(o.status.code(), Some(0), "{flag}");
        assert!(
            String::from_utf8_lossy(&o.stdout).starts_with("Usage: discflip-verify [DIR] [--reports DIR]"),
            "{flag}"
        );
    }
    let fixture = common::fixture();
    let cases: [(&[&std::ffi::OsStr], &str); 2] = [
        (&[fixture.as_os_str(), "--report".as_ref()], "error: unexpected option --report\n"),
        (&[fixture.as_os_str(), fixture.as_os_str()], "one data directory only\n"),
    ];
    for (args, says) in cases {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(says) && err.ends_with("Usage: discflip-verify [DIR] [--reports DIR]\n"),
            "{args:?}: {err}"
        );
        assert!(o.stdout.is_empty(), "{args:?}: nothing verified");
    }
}
