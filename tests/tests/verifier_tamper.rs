//! The verifier on a small release made as the game's is (12 Endgame boards,
//! a 7-day Daily cycle: `discflip_e2e::small_release`), tampered one way at a
//! time. Each tampering must be caught with the right message; the untouched
//! copy passes. (The shipped release itself is verified by CI's own step.)

use discflip_e2e::{SMALL, board_of, small_release};
use serde_json::Value;
use std::path::Path;
use verifier::InputError;
use verifier::rules::{parse_square, square_name};

const FILES: [&str; 9] = verifier::input::RELEASE_FILES;

fn load(dir: &Path, name: &str) -> Value {
    serde_json::from_slice(&std::fs::read(dir.join(name)).unwrap()).unwrap()
}

/// Writes a JSON file back and re-hashes everything, so only the intended change differs.
fn store(dir: &Path, name: &str, v: &Value) {
    std::fs::write(dir.join(name), serde_json::to_vec_pretty(v).unwrap()).unwrap();
    rehash(dir);
}

fn rehash(dir: &Path) {
    let files: Vec<(String, Vec<u8>)> =
        FILES[..7].iter().map(|f| (f.to_string(), std::fs::read(dir.join(f)).unwrap())).collect();
    std::fs::write(dir.join("SHA256SUMS"), generator::files::output::sha256sums(&files)).unwrap();
}

fn failures(dir: &Path) -> Vec<String> {
    let report = verify(dir).unwrap_or_else(|e| panic!("unexpected input error: {e}"));
    report.failures.iter().map(|f| f.to_string()).collect()
}

fn verify(dir: &Path) -> Result<verifier::Report, InputError> {
    verifier::verify_dir_sized(dir, SMALL)
}

fn expect_failure(dir: &Path, subject: &str, phrase: &str) {
    let f = failures(dir);
    assert!(
        f.iter().any(|x| x.starts_with(subject) && x.contains(phrase)),
        "expected a failure for {subject} containing {phrase:?}, got {f:#?}"
    );
}

#[test]
fn untouched_copy_passes() {
    let tmp = small_release();
    let dir = tmp.path();
    let f = failures(dir);
    assert!(f.is_empty(), "{f:#?}");
    let report = verify(dir).unwrap();
    assert_eq!(report.boards, 3 * SMALL.endgame_per_empties + 3 * SMALL.cycle_days, "every board proven");
}

#[test]
fn flipped_disc_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut v = load(dir, "endgame.json");
    let rec = &mut v["boards"][0];
    let id = rec["id"].as_str().unwrap().to_string();
    let board: String = rec["board"].as_str().unwrap().to_string();
    let i = board.find('O').unwrap();
    let mut flipped = board.clone();
    flipped.replace_range(i..i + 1, "X");
    rec["board"] = Value::String(flipped);
    store(dir, "endgame.json", &v);
    // Dark now has two more discs: every recorded value is two short.
    expect_failure(dir, &id, "exact value is");
}

#[test]
fn changed_value_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut v = load(dir, "endgame.json");
    let rec = &mut v["boards"][10];
    let id = rec["id"].as_str().unwrap().to_string();
    let old = rec["moves"][0]["value"].as_i64().unwrap();
    rec["moves"][0]["value"] = Value::from(old - 2);
    store(dir, "endgame.json", &v);
    expect_failure(dir, &id, "exact value is");
}

#[test]
fn swapped_reply_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut v = load(dir, "daily.json");
    // Find a move whose position after it offers Light another legal reply.
    let mut tampered = false;
    'outer: for d in 0..SMALL.cycle_days {
        for k in 0..3 {
            let rec = &v["days"][d]["boards"][k];
            let b = board_of(rec);
            for (j, m) in rec["moves"].as_array().unwrap().iter().enumerate() {
                let after = b.after(parse_square(m["move"].as_str().unwrap()).unwrap());
                let replies = after.legal();
                let current = m["reply"].as_str().unwrap().to_string();
                if let Some(&other) = replies.iter().find(|&&r| square_name(r) != current) {
                    let id = rec["id"].as_str().unwrap().to_string();
                    v["days"][d]["boards"][k]["moves"][j]["reply"] = Value::String(square_name(other));
                    store(dir, "daily.json", &v);
                    expect_failure(dir, &id, "is not an optimal Light reply");
                    tampered = true;
                    break 'outer;
                }
            }
        }
    }
    assert!(tampered, "the data offers a move with another legal reply to swap in");
}

#[test]
fn rotated_duplicate_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut v = load(dir, "endgame.json");
    // Board 1 becomes board 0 turned half a circle (index i → 63 − i), with a new id.
    let mut rec = v["boards"][0].clone();
    let rotate = |s: &str| square_name(63 - parse_square(s).unwrap());
    rec["board"] = Value::String(rec["board"].as_str().unwrap().chars().rev().collect());
    rec["id"] = Value::String("rotated-copy".into());
    rec["par_move"] = Value::String(rotate(rec["par_move"].as_str().unwrap()));
    for m in rec["moves"].as_array_mut().unwrap() {
        m["move"] = Value::String(rotate(m["move"].as_str().unwrap()));
        if m["reply"] != "pass" {
            m["reply"] = Value::String(rotate(m["reply"].as_str().unwrap()));
        }
    }
    for key in ["biggest_flip", "level2"] {
        for s in rec[key].as_array_mut().unwrap() {
            *s = Value::String(rotate(s.as_str().unwrap()));
        }
    }
    v["boards"][1] = rec;
    store(dir, "endgame.json", &v);
    expect_failure(dir, "rotated-copy", "duplicate under symmetry");
}

#[test]
fn missing_day_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut v = load(dir, "daily.json");
    v["days"].as_array_mut().unwrap().remove(5);
    store(dir, "daily.json", &v);
    expect_failure(dir, "daily.json", "6 days, expected 7");
}

#[test]
fn byte_changed_after_hashing_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let path = dir.join("endgame.obf");
    let mut bytes = std::fs::read(&path).unwrap();
    let i = bytes.iter().rposition(|&b| b == b'+' || b == b'-').unwrap();
    bytes[i] = if bytes[i] == b'+' { b'-' } else { b'+' };
    std::fs::write(&path, bytes).unwrap();
    expect_failure(dir, "SHA256SUMS", "endgame.obf: hash");
}

#[test]
fn truncated_json_is_an_input_error() {
    let tmp = small_release();
    let dir = tmp.path();
    let path = dir.join("daily.json");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    rehash(dir);
    match verify(dir) {
        Err(InputError::Json { file, line, .. }) => {
            assert!(file.ends_with("daily.json") && line > 1, "{}:{line}", file.display());
        }
        other => panic!("expected a JSON error, got {other:?}"),
    }
}

#[test]
fn missing_file_is_an_input_error() {
    let tmp = small_release();
    let dir = tmp.path();
    std::fs::remove_file(dir.join("daily.obf")).unwrap();
    match verify(dir) {
        Err(e @ InputError::Missing(_)) => assert!(e.to_string().contains("daily.obf"), "{e}"),
        other => panic!("expected a missing-file error, got {other:?}"),
    }
}

#[test]
fn a_board_with_many_empty_squares_fails_without_a_search() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut v = load(dir, "endgame.json");
    let rec = &mut v["boards"][3];
    let id = rec["id"].as_str().unwrap().to_string();
    // Empty 40 squares but keep the four centre discs: an exact search would take hours.
    let board: String = rec["board"]
        .as_str()
        .unwrap()
        .chars()
        .enumerate()
        .map(|(i, c)| if i < 40 && ![27, 28, 35, 36].contains(&i) { '-' } else { c })
        .collect();
    rec["board"] = Value::String(board);
    store(dir, "endgame.json", &v);
    let start = std::time::Instant::now();
    expect_failure(dir, &id, "not proven");
    assert!(start.elapsed().as_secs() < 120, "no exact search of a 40-empty board");
}

#[test]
fn a_game_file_that_differs_from_the_full_records_is_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut game = load(dir, "game-endgame.json");
    let par = game["boards"][7]["par"].as_i64().unwrap();
    game["boards"][7]["par"] = Value::from(par + 2);
    store(dir, "game-endgame.json", &game);
    expect_failure(dir, "game-endgame.json", "par differ");

    let tmp = small_release();
    let dir = tmp.path();
    let mut game = load(dir, "game-daily.json");
    let days = game["days"].as_array_mut().unwrap();
    let moved = days[5].as_array_mut().unwrap().pop().unwrap();
    days[6].as_array_mut().unwrap().push(moved);
    store(dir, "game-daily.json", &game);
    expect_failure(dir, "game-daily.json", "day 5 has 2 boards");
}

#[test]
fn endgame_boards_out_of_difficulty_order_are_caught() {
    let tmp = small_release();
    let dir = tmp.path();
    let mut endgame = load(dir, "endgame.json");
    let boards = endgame["boards"].as_array_mut().unwrap();
    let i = (1..boards.len())
        .find(|&i| boards[i - 1]["solution"]["difficulty"] != boards[i]["solution"]["difficulty"])
        .unwrap();
    boards.swap(i - 1, i);
    store(dir, "endgame.json", &endgame);
    expect_failure(dir, "endgame.json", "out of order");
}

#[test]
fn a_shipped_board_on_the_blocklist_is_refused_naming_the_reason() {
    let tmp = small_release();
    let dir = tmp.path();
    let endgame = load(dir, "endgame.json");
    let id = endgame["boards"][11]["id"].as_str().unwrap().to_string();
    let mut text = std::fs::read_to_string(dir.join("blocklist.txt")).unwrap();
    text += &format!("{id}  dull to play\n");
    std::fs::write(dir.join("blocklist.txt"), text).unwrap();
    rehash(dir);
    expect_failure(dir, &id, "is on blocklist.txt: dull to play");

    let tmp = small_release();
    let dir = tmp.path();
    std::fs::write(dir.join("blocklist.txt"), "# fine\ne10-zz not an id\n").unwrap();
    rehash(dir);
    match verify(dir) {
        Err(e @ InputError::Malformed { .. }) => {
            assert!(e.to_string().contains("blocklist.txt") && e.to_string().contains("line 2"), "{e}");
        }
        other => panic!("expected a malformed blocklist, got {:?}", other.map(|r| r.failures.len())),
    }
}
