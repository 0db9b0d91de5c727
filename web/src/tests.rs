//! The protocol natively: every operation on known positions, and every kind
//! of bad input answered with an error naming it.

use super::*;
use serde_json::Value;

fn engine() -> Engine {
    Engine::new(engine::system_clock)
}

fn call(e: &mut Engine, request: Value) -> Result<Value, String> {
    let answer: Value = serde_json::from_str(&e.handle(&request.to_string())).expect("answers are JSON");
    match (answer.get("ok"), answer.get("error")) {
        (Some(ok), None) => Ok(ok.clone()),
        (None, Some(Value::String(e))) => Err(e.clone()),
        _ => panic!("neither ok nor error: {answer}"),
    }
}

const START: &str = "---------------------------OX------XO---------------------------";

#[test]
fn legal_moves_and_play_from_the_start() {
    let mut e = engine();
    let moves = call(&mut e, json!({ "op": "legalMoves", "board": START, "side": "X" })).unwrap();
    assert_eq!(moves, json!(["d3", "c4", "f5", "e6"]), "square order");
    let next = call(&mut e, json!({ "op": "play", "board": START, "side": "X", "move": "d3" })).unwrap();
    assert_eq!(next["side"], "O");
    assert_eq!(next["board"].as_str().unwrap().matches('X').count(), 4);
}

#[test]
fn play_reports_a_forced_pass_and_the_end() {
    let mut e = engine();
    // Dark a1, Light b1: Dark c1 takes Light's last disc, the game is over.
    let board = format!("XO{}", "-".repeat(62));
    let end = call(&mut e, json!({ "op": "play", "board": board, "side": "X", "move": "c1" })).unwrap();
    assert_eq!(end["side"], Value::Null);
    // Also Light g8, Dark h8: after c1 Light (g8 only) has no move, Dark (f8) has one.
    let board = format!("XO{}OX", "-".repeat(60));
    let again = call(&mut e, json!({ "op": "play", "board": board, "side": "X", "move": "c1" })).unwrap();
    assert_eq!(again["side"], "X", "Light passes, Dark moves again");
    // Light, to move there, may pass; then Dark moves.
    let passed = call(&mut e, json!({ "op": "play", "board": again["board"], "side": "O", "move": "pass" })).unwrap();
    assert_eq!(passed["side"], "X");
    assert_eq!(call(&mut e, json!({ "op": "reply", "board": again["board"], "side": "O" })).unwrap()["move"], "pass");
}

#[test]
fn values_and_reply_agree_with_the_solver() {
    let mut e = engine();
    // The README's board e08-bc71c9e8a241: par +6 by e7; g5 −12, g6 +4, e7 +6, f7 +4.
    let board = "XXXXOX-XOOOOOXX-XOXOXOXXXOXXOOOXXXXXXO-XXXOXOX-XXXXO--X-XXXXXX-X";
    let values = call(&mut e, json!({ "op": "moveValues", "board": board, "side": "X" })).unwrap();
    let got: Vec<(String, i64)> = values
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap().to_string(), m["value"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        got,
        [("e7".into(), 6), ("g6".into(), 4), ("f7".into(), 4), ("g5".into(), -12)],
        "best first, ties in square order (g6 before f7: row 6 first)"
    );
    let after = call(&mut e, json!({ "op": "play", "board": board, "side": "X", "move": "e7" })).unwrap();
    let reply = call(&mut e, json!({ "op": "reply", "board": after["board"], "side": "O" })).unwrap();
    assert_eq!(reply["move"], "f7");
    assert!(reply["positions"].as_u64().unwrap() > 0);
    let winner =
        call(&mut e, json!({ "op": "moveValues", "board": board, "side": "X", "emptiesToWinner": true })).unwrap();
    assert_eq!(winner[0]["move"], "e7");
}

#[test]
fn every_player_moves_and_a_seed_repeats() {
    let mut e = engine();
    for level in ["random", "flip-grabber", "corner", "level1", "level2", "level3", "level4", "level5"] {
        let ask = json!({ "op": "levelMove", "level": level, "board": START, "side": "X", "seed": 7 });
        let a = call(&mut e, ask.clone()).unwrap();
        assert_eq!(a, call(&mut e, ask).unwrap(), "{level}");
        assert!(["d3", "c4", "f5", "e6"].contains(&a["move"].as_str().unwrap()), "{level}: {a}");
    }
    let clocked =
        json!({ "op": "levelMove", "level": "level5", "board": START, "side": "X", "seed": 1, "clock": true });
    assert!(call(&mut e, clocked).is_ok());
}

#[test]
fn bad_input_is_an_error_naming_it() {
    let mut e = engine();
    let cases = [
        (json!({ "op": "legalMoves", "board": "XO", "side": "X" }), "2 squares, expected 64"),
        (json!({ "op": "legalMoves", "board": START.replacen('-', "?", 1), "side": "X" }), "'?' at position 0"),
        (json!({ "op": "legalMoves", "board": START, "side": "B" }), "side must be \"X\" or \"O\""),
        (json!({ "op": "play", "board": START, "side": "X", "move": "a1" }), "move a1: not a legal move for X"),
        (json!({ "op": "play", "board": START, "side": "X", "move": "z9" }), "move \"z9\""),
        (json!({ "op": "play", "board": START, "side": "X", "move": "pass" }), "only a side with no legal move passes"),
        (
            json!({ "op": "levelMove", "level": "level9", "board": START, "side": "X", "seed": 1 }),
            "unknown player `level9`",
        ),
        (json!({ "op": "levelMove", "level": "level1", "board": START, "side": "X", "seed": -1 }), "bad request"),
        (json!({ "op": "dance" }), "bad request: unknown variant `dance`"),
    ];
    for (request, says) in cases {
        let err = call(&mut e, request.clone()).expect_err(&request.to_string());
        assert!(err.contains(says), "{request}: {err}");
    }
    assert!(e.handle("not json").contains("bad request"));
}

/// A clock whose every reading is 10 s after the last: a clocked search is out of time at once.
fn racing_clock() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TICKS: AtomicU64 = AtomicU64::new(0);
    TICKS.fetch_add(1, Ordering::Relaxed) as f64 * 10_000.0
}

#[test]
fn only_a_clocked_level5_move_reads_the_clock() {
    // docs/web.md#the-api: `clock: true` gives Level 5 the game's 2.5 s limit; without it the
    // clock is never read. Under a racing clock the clocked move stops early.
    let mut e = Engine::new(racing_clock);
    let ask = |clock: bool| json!({ "op": "levelMove", "level": "level5", "board": START, "side": "X", "seed": 1, "clock": clock });
    let batch = call(&mut e, ask(false)).unwrap();
    let clocked = call(&mut e, ask(true)).unwrap();
    assert_eq!(batch, call(&mut engine(), ask(false)).unwrap(), "the batch move ignores the clock");
    let positions = |v: &Value| v["positions"].as_u64().unwrap();
    assert!(positions(&clocked) < positions(&batch), "{clocked} against {batch}");
}
