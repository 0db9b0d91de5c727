//! `verify_dir` proves every board again, not only the files' hashes: a
//! record whose move value is wrong, or an OBF line whose score is wrong,
//! with `SHA256SUMS` rewritten to match, fails on that board
//! (docs/verification.md#what-it-checks).

mod common;

use common::{SIZES, copy_with, fixture};
use std::path::Path;

/// Verifies `dir`, asserts a failure on board `id` whose message mentions `what`.
fn assert_fails_on(dir: &Path, id: &str, what: &str) {
    let report = verifier::check::verify_dir_sized(dir, SIZES).expect("readable");
    assert!(
        report.failures.iter().any(|f| f.subject == id && f.what.contains(what)),
        "{id}: {:?}",
        report.failures.iter().map(|f| format!("{}: {}", f.subject, f.what)).collect::<Vec<_>>()
    );
}

#[test]
fn a_wrong_move_value_with_matching_sums_fails_on_that_board() {
    let text = std::fs::read_to_string(fixture().join("endgame.json")).unwrap();
    let mut endgame: serde_json::Value = serde_json::from_str(&text).unwrap();
    let board = &mut endgame["boards"][3];
    let id = board["id"].as_str().unwrap().to_string();
    let value = board["moves"][0]["value"].as_i64().unwrap();
    board["moves"][0]["value"] = serde_json::Value::from(value + 2);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");

    // The untouched text passes, so the copy itself is sound.
    copy_with(&dir, "endgame.json", &text);
    let report = verifier::check::verify_dir_sized(&dir, SIZES).expect("readable");
    assert!(report.failures.is_empty(), "{:?}", report.failures.iter().map(|f| &f.what).collect::<Vec<_>>());

    copy_with(&dir, "endgame.json", &(serde_json::to_string_pretty(&endgame).unwrap() + "\n"));
    assert_fails_on(&dir, &id, "value");
}

#[test]
fn a_wrong_obf_score_with_matching_sums_fails_on_that_board() {
    let text = std::fs::read_to_string(fixture().join("endgame.obf")).unwrap();
    let endgame: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture().join("endgame.json")).unwrap()).unwrap();
    let id = endgame["boards"][0]["id"].as_str().unwrap().to_string();
    // The first board's line (after the `%` comment): raise its first score by 2.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let line = &mut lines[1];
    let at = line.find(":+").or_else(|| line.find(":-")).expect("a score") + 1;
    let end = line[at..].find(';').expect("`;` after the score") + at;
    let score: i32 = line[at..end].parse().unwrap();
    line.replace_range(at..end, &format!("{:+}", score + 2));
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    copy_with(&dir, "endgame.obf", &(lines.join("\n") + "\n"));
    assert_fails_on(&dir, &id, "endgame.obf");
}

#[test]
fn a_blocked_board_with_matching_sums_fails_naming_the_reason() {
    let endgame: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture().join("endgame.json")).unwrap()).unwrap();
    let id = endgame["boards"][2]["id"].as_str().unwrap().to_string();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    copy_with(&dir, "blocklist.txt", &format!("# blocked\n{id}  a dull board\ne10-0123456789ab  not shipped\n"));
    assert_fails_on(&dir, &id, "is on blocklist.txt: a dull board");
    let report = verifier::check::verify_dir_sized(&dir, SIZES).expect("readable");
    assert_eq!(report.failures.len(), 1, "only the blocked board");
}

#[test]
fn a_data_file_naming_another_levels_file_or_none_fails() {
    let text = std::fs::read_to_string(fixture().join("endgame.json")).unwrap();
    let mut endgame: serde_json::Value = serde_json::from_str(&text).unwrap();
    let other = "ab".repeat(32);
    endgame["levels_sha256"] = serde_json::Value::from(other.clone());
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    copy_with(&dir, "endgame.json", &(serde_json::to_string_pretty(&endgame).unwrap() + "\n"));
    assert_fails_on(&dir, "endgame.json", &format!("levels_sha256 {other} names another levels file"));
    endgame.as_object_mut().unwrap().remove("levels_sha256");
    copy_with(&dir, "endgame.json", &(serde_json::to_string_pretty(&endgame).unwrap() + "\n"));
    assert_fails_on(&dir, "endgame.json", "no levels_sha256");
}
