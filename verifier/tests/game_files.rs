//! The compact game files against the full records (docs/formats.md#datagame-endgamejson-and-datagame-dailyjson):
//! each field of a compact board changed alone, a board left out, and the Daily file's epoch,
//! cycle and trios each changed alone fail naming what differs (the sums rewritten to match).

mod common;

use common::{SIZES, copy_with, fixture};
use serde_json::Value;

fn read(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture().join(name)).unwrap()).unwrap()
}

/// The failures of the small release with `name` replaced by `value` (minified, as written).
fn failures_with(name: &str, value: &Value) -> Vec<String> {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    copy_with(&dir, name, &(value.to_string() + "\n"));
    let report = verifier::check::verify_dir_sized(&dir, SIZES).expect("readable");
    report.failures.iter().map(|f| format!("{}: {}", f.subject, f.what)).collect()
}

#[test]
fn the_untouched_game_files_pass() {
    for name in ["game-endgame.json", "game-daily.json"] {
        assert_eq!(failures_with(name, &read(name)), Vec::<String>::new(), "{name}");
    }
}

#[test]
fn each_field_of_a_compact_board_changed_alone_fails_naming_it() {
    let changes: [(&str, Value); 6] = [
        ("id", Value::from("e08-000000000000")),
        ("board", Value::from("-".repeat(64))),
        ("empties", Value::from(9)),
        ("par", Value::from(99)),
        ("par_move", Value::from("a1")),
        ("tier", Value::from(6)),
    ];
    for (field, value) in changes {
        for (name, path) in [("game-endgame.json", ["boards", "1"]), ("game-daily.json", ["days", "1"])] {
            let mut file = read(name);
            let board = if name == "game-endgame.json" { &mut file[path[0]][1] } else { &mut file[path[0]][1][2] };
            board[field] = value.clone();
            let failures = failures_with(name, &file);
            let mine: Vec<&String> = failures.iter().filter(|f| f.starts_with(&format!("{name}: board"))).collect();
            assert_eq!(mine.len(), 1, "{name} {field}: {failures:?}");
            assert!(mine[0].contains(&format!("): {field} differ")), "{name} {field}: {mine:?}");
        }
    }
}

#[test]
fn a_board_left_out_and_each_daily_header_fail() {
    let mut endgame = read("game-endgame.json");
    endgame["boards"].as_array_mut().unwrap().pop();
    let failures = failures_with("game-endgame.json", &endgame);
    assert!(failures.iter().any(|f| f.contains("game-endgame.json: 11 boards, the full file has 12")), "{failures:?}");

    let daily = read("game-daily.json");
    let mut epoch = daily.clone();
    epoch["epoch"] = Value::from("2000-01-03");
    let mut cycle = daily.clone();
    cycle["cycle_days"] = Value::from(8);
    let mut pair = daily.clone();
    pair["days"][0].as_array_mut().unwrap().pop();
    for (what, file, want) in [
        ("epoch", epoch, "game-daily.json: epoch 2000-01-03 and 7 days"),
        ("cycle", cycle, "game-daily.json: epoch 2025-01-06 and 8 days"),
        ("trio", pair, "game-daily.json: day 0 has 2 boards, expected 3"),
    ] {
        let failures = failures_with("game-daily.json", &file);
        assert!(failures.iter().any(|f| f.starts_with(want)), "{what}: {failures:?}");
    }
}
