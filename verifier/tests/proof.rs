//! `verify_dir` proves every board again, not only the files' hashes: a
//! record whose move value is wrong, with `SHA256SUMS` rewritten to match,
//! fails on that board and that value (docs/verification.md §1).

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data")
}

const FILES: [&str; 4] = ["endgame.json", "daily.json", "endgame.obf", "daily.obf"];

/// A copy of the shipped data with `endgame.json` replaced and the sums rewritten.
fn copy_with_endgame(to: &Path, endgame: &str) {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).unwrap();
    let mut sums = String::new();
    for f in FILES {
        let bytes =
            if f == "endgame.json" { endgame.as_bytes().to_vec() } else { std::fs::read(data_dir().join(f)).unwrap() };
        std::fs::write(to.join(f), &bytes).unwrap();
        let hex: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        sums += &format!("{hex}  {f}\n");
    }
    std::fs::write(to.join("SHA256SUMS"), sums).unwrap();
}

#[test]
fn a_wrong_move_value_with_matching_sums_fails_on_that_board() {
    let text = std::fs::read_to_string(data_dir().join("endgame.json")).unwrap();
    let mut endgame: serde_json::Value = serde_json::from_str(&text).unwrap();
    let board = &mut endgame["boards"][3];
    let id = board["id"].as_str().unwrap().to_string();
    let value = board["moves"][0]["value"].as_i64().unwrap();
    board["moves"][0]["value"] = serde_json::Value::from(value + 2);
    let dir = std::env::temp_dir().join(format!("discflip-verify-proof-{}", std::process::id()));

    // The untouched text passes, so the copy itself is sound.
    copy_with_endgame(&dir, &text);
    let report = verifier::check::verify_dir(&dir).expect("readable");
    assert!(report.failures.is_empty(), "{:?}", report.failures.iter().map(|f| &f.what).collect::<Vec<_>>());

    copy_with_endgame(&dir, &(serde_json::to_string_pretty(&endgame).unwrap() + "\n"));
    let report = verifier::check::verify_dir(&dir).expect("readable");
    assert!(
        report.failures.iter().any(|f| f.subject == id && f.what.contains("value")),
        "{id}: {:?}",
        report.failures.iter().map(|f| format!("{}: {}", f.subject, f.what)).collect::<Vec<_>>()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
