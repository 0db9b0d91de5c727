//! `discflip diff` (docs/release.md#discflip-diff-old-new), and the CLI's
//! refusals of bad dates and directories for `diff` and `--keep-days-from`,
//! on the generator's small release (12 Endgame boards, a 7-day cycle:
//! tests/common/mod.rs), each in a temporary directory. Keeping days from a
//! whole release is `release_continuity.rs`.

mod common;

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn discflip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).args(args).output().expect("runs")
}

/// The older release: the small one, in a directory of its own for the test.
fn data() -> tempfile::TempDir {
    common::small_release()
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// A fresh directory, removed when the value is dropped (even when a test fails).
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("discflip-{name}-")).tempdir().unwrap()
}

fn copy_data(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for f in verifier::input::RELEASE_FILES {
        std::fs::copy(from.join(f), to.join(f)).unwrap();
    }
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_directory_compared_with_itself_is_empty() {
    let old = data();
    let d = old.path();
    let o = discflip(&["diff", d.to_str().unwrap(), d.to_str().unwrap(), "--today", "2026-11-30"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(out, "endgame +0 -0 ~0; daily +0 -0 ~0; 0 days with a new trio\n");
}

#[test]
fn a_tampered_copy_names_exactly_the_board_and_field() {
    let old = data();
    let d = old.path();
    let dir_tmp = scratch("diff-tamper");
    let dir = dir_tmp.path().to_path_buf();
    copy_data(d, &dir);
    let mut endgame = json(&dir.join("endgame.json"));
    let id = endgame["boards"][7]["id"].as_str().unwrap().to_string();
    endgame["boards"][7]["moves"][0]["reply_positions"] = Value::from(1);
    endgame["boards"][7]["display"]["dark_discs"] = Value::from(0); // not an answer field
    std::fs::write(dir.join("endgame.json"), serde_json::to_vec_pretty(&endgame).unwrap()).unwrap();
    let mut daily = json(&dir.join("daily.json"));
    let days = daily["days"].as_array_mut().unwrap();
    let (a, b) = (days[4]["boards"][0].clone(), days[5]["boards"][0].clone()); // both 8 empties (Thu-Sun)
    days[4]["boards"][0] = b;
    days[5]["boards"][0] = a;
    std::fs::write(dir.join("daily.json"), serde_json::to_vec_pretty(&daily).unwrap()).unwrap();

    let o = discflip(&["diff", d.to_str().unwrap(), dir.to_str().unwrap(), "--today", "2026-11-30"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("endgame: changed {id}: moves"));
    // The 7-day cycle holding 2026-11-30 began that Monday: day 4 is Friday 2026-12-04.
    assert!(lines[1].starts_with("daily: day 4 (Fri 2026-12-04): "), "{out}");
    assert!(lines[2].starts_with("daily: day 5 (Sat 2026-12-05): "), "{out}");
    assert_eq!(lines[3], "endgame +0 -0 ~1; daily +0 -0 ~0; 2 days with a new trio");
    assert_eq!(lines.len(), 4, "{out}");

    let o = discflip(&["diff", d.to_str().unwrap(), dir.to_str().unwrap(), "--format", "csv", "--today", "2026-11-30"]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out.lines().next(), Some("set,change,id,fields,day,date"));
    assert_eq!(out.lines().nth(1).unwrap(), format!("endgame,changed,{id},moves,,"));
    assert_eq!(out.lines().count(), 4);
}

#[test]
fn bad_dates_and_missing_directories_exit_2() {
    let old = data();
    let d = old.path();
    let missing = d.join("no-such-dir");
    let o = discflip(&["diff", d.to_str().unwrap(), missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("no-such-dir"), "{}", text(&o).1);
    let o = discflip(&["diff", d.to_str().unwrap(), d.to_str().unwrap(), "--today", "2026-02-30"]);
    assert_eq!(o.status.code(), Some(2));
    let o = discflip(&["generate", "--keep-days-from", missing.to_str().unwrap(), "--through", "2026-01-01"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("no-such-dir"), "{}", text(&o).1);
    let o = discflip(&["generate", "--keep-days-from", d.to_str().unwrap(), "--through", "2026-13-01"]);
    assert_eq!(o.status.code(), Some(2));
    let o = discflip(&["generate", "--keep-days-from", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "--through is required with --keep-days-from");
}
