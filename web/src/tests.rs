//! The protocol natively: every operation on known positions, and every kind
//! of bad input answered with an error naming it.

use super::*;
use serde_json::{Value, json};

pub(super) fn engine() -> Engine {
    Engine::new(engine::system_clock)
}

/// The answer's `ok` value, or its error's code and message.
pub(super) fn call(e: &mut Engine, request: Value) -> Result<Value, (String, String)> {
    let answer: Value = serde_json::from_str(&e.handle(&request.to_string())).expect("answers are JSON");
    let keys: Vec<&String> = answer.as_object().expect("an object").keys().collect();
    match (answer.get("ok"), answer.get("error")) {
        (Some(ok), None) if keys.len() == 1 => Ok(ok.clone()),
        (None, Some(error)) if keys.len() == 1 && error.as_object().is_some_and(|o| o.len() == 2) => {
            Err((error["code"].as_str().unwrap().to_string(), error["message"].as_str().unwrap().to_string()))
        }
        _ => panic!("neither ok nor error: {answer}"),
    }
}

pub(super) const START: &str = "---------------------------OX------XO---------------------------";

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
    let light = json!({ "op": "levelMove", "level": "level1", "board": again["board"], "side": "O", "seed": 0 });
    assert_eq!(call(&mut e, light).unwrap()["move"], "pass");
}

#[test]
fn a_finished_game_has_no_moves_and_takes_none() {
    // docs/web.md#the-api: queries answer empty lists, moves are refused with `game-over`.
    let mut e = engine();
    let full = "X".repeat(64);
    let lone = "-".repeat(63) + "O";
    for board in [full.as_str(), lone.as_str()] {
        for side in ["X", "O"] {
            let ask = |op: &str| json!({ "op": op, "board": board, "side": side });
            assert_eq!(call(&mut e, ask("legalMoves")).unwrap(), json!([]));
            assert_eq!(call(&mut e, ask("moveValues")).unwrap(), json!([]));
            let mut moves = vec![ask("reply"), json!({ "op": "play", "board": board, "side": side, "move": "pass" })];
            moves.push(json!({ "op": "levelMove", "level": "level5", "board": board, "side": side, "seed": 1 }));
            for m in moves {
                let (code, message) = call(&mut e, m.clone()).expect_err(&m.to_string());
                assert_eq!(
                    (code.as_str(), message.as_str()),
                    ("game-over", "the game is over: neither side has a legal move"),
                    "{m}"
                );
            }
        }
    }
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
    let winner = call(
        &mut e,
        json!({ "op": "moveValues", "board": board, "side": "X", "options": { "emptiesToWinner": true } }),
    )
    .unwrap();
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
    let clocked = json!({ "op": "levelMove", "level": "level5", "board": START, "side": "X", "seed": 1, "options": { "clock": true } });
    assert!(call(&mut e, clocked).is_ok());
}

#[test]
fn bad_input_is_an_error_with_its_code_and_what_is_wrong() {
    let mut e = engine();
    let board = |b: &str| json!({ "op": "legalMoves", "board": b, "side": "X" });
    let side = |s: &str| json!({ "op": "legalMoves", "board": START, "side": s });
    let mv = |m: &str| json!({ "op": "play", "board": START, "side": "X", "move": m });
    let level = |l: &str| json!({ "op": "levelMove", "level": l, "board": START, "side": "X", "seed": 1 });
    let seed = |s: Value| json!({ "op": "levelMove", "level": "level1", "board": START, "side": "X", "seed": s });
    // The README's board: 12 empties, solved at once.
    let late = "XXXXOX-XOOOOOXX-XOXOXOXXXOXXOOOXXXXXXO-XXXOXOX-XXXXO--X-XXXXXX-X";
    let values = |o: Value| json!({ "op": "moveValues", "board": late, "side": "X", "options": o });
    let clock = |o: Value| json!({ "op": "levelMove", "level": "level5", "board": START, "side": "X", "seed": 1, "options": o });
    let sixty_four = "a board is 64 squares of X (Dark), O (Light) and - (empty)";
    let cases = [
        (board("XO"), "bad-board", format!("board: 2 squares; {sixty_four}")),
        (board(&"-".repeat(65)), "bad-board", format!("board: 65 squares; {sixty_four}")),
        (board(&START.replacen('-', "?", 1)), "bad-board", format!("board: '?' at a1; {sixty_four}")),
        // The engine's parser reads `x`, `o` and `.` too; the API writes X, O and -.
        (board(&START.replacen('X', "x", 1)), "bad-board", format!("board: 'x' at e4; {sixty_four}")),
        (board(&START.replacen('O', "o", 1)), "bad-board", format!("board: 'o' at d4; {sixty_four}")),
        (board(&START.replace('-', ".")), "bad-board", format!("board: '.' at a1; {sixty_four}")),
        (side("B"), "bad-side", "side \"B\": a side is \"X\" or \"O\"".to_string()),
        (side("x"), "bad-side", "side \"x\": a side is \"X\" or \"O\"".to_string()),
        (mv("a1"), "illegal-move", "move a1: not a legal move for X".to_string()),
        (mv("pass"), "illegal-move", "pass: only a side with no legal move passes".to_string()),
        (mv("z9"), "bad-move", "move \"z9\": a move is a square name, a1 to h8 in lower case, or \"pass\"".to_string()),
        (mv("D3"), "bad-move", "move \"D3\": a move is a square name, a1 to h8 in lower case, or \"pass\"".to_string()),
        (mv("PASS"), "bad-move", "move \"PASS\": a move is a square name, a1 to h8 in lower case, or \"pass\"".to_string()),
        (level("level9"), "bad-level", "level \"level9\": the levels are random, flip-grabber, corner, level1, level2, level3, level4, level5".to_string()),
        (level("Level5"), "bad-level", "level \"Level5\": the levels are random, flip-grabber, corner, level1, level2, level3, level4, level5".to_string()),
        (level("level-5"), "bad-level", "level \"level-5\": the levels are random, flip-grabber, corner, level1, level2, level3, level4, level5".to_string()),
        (seed(json!(-1)), "bad-seed", "seed: invalid value: integer `-1`, expected a whole number from 0 to 2^53 - 1".to_string()),
        (seed(json!(1.5)), "bad-seed", "seed: invalid value: a fraction, expected a whole number from 0 to 2^53 - 1".to_string()),
        (seed(json!(9_007_199_254_740_992u64)), "bad-seed", "seed: invalid value: integer `9007199254740992`, expected a whole number from 0 to 2^53 - 1".to_string()),
        (seed(json!("7")), "bad-seed", "seed: invalid type: string \"7\", expected a whole number from 0 to 2^53 - 1".to_string()),
        (seed(json!(1e300)), "bad-seed", "seed: invalid value: a whole number out of range, expected a whole number from 0 to 2^53 - 1".to_string()),
        (seed(Value::Null), "bad-request", "bad request: levelMove needs `seed`".to_string()),
        (values(json!({ "emptiesToWinnr": true })), "bad-option", "options: unknown field `emptiesToWinnr`, expected one of `emptiesToWinner`, `maxPositions`, `clock`".to_string()),
        (values(json!({ "clock": true })), "bad-option", "options: moveValues takes no option `clock` (it takes emptiesToWinner, maxPositions)".to_string()),
        (values(json!(true)), "bad-option", "options: invalid type: boolean `true`, expected an object of options".to_string()),
        (values(json!({ "emptiesToWinner": 1 })), "bad-option", "options: invalid type: integer `1`, expected a boolean".to_string()),
        (clock(json!({ "emptiesToWinner": true })), "bad-option", "options: levelMove takes no option `emptiesToWinner` (it takes clock)".to_string()),
        (clock(json!([])), "bad-option", "options: invalid type: sequence, expected an object of options".to_string()),
        (json!({ "op": "dance" }), "bad-request", "bad request: unknown variant `dance`, expected one of `version`, `legalMoves`, `play`, `moveValues`, `reply`, `levelMove`, `flips`, `settled`, `hint`, `status`".to_string()),
        (json!({ "op": "legalMoves", "board": START, "side": "X", "move": "d3" }), "bad-request", "bad request: legalMoves takes no `move` (it takes board, side)".to_string()),
        (json!({ "op": "version", "board": START }), "bad-request", "bad request: version takes no `board` (it takes nothing)".to_string()),
        (json!({ "op": "settled", "board": START, "options": {} }), "bad-request", "bad request: settled takes no `options` (it takes board)".to_string()),
        (json!({ "op": "reply", "board": START, "side": "X", "options": { "clock": true } }), "bad-option", "options: reply takes no option `clock` (it takes maxPositions)".to_string()),
        (json!({ "op": "legalMoves", "board": START }), "bad-request", "bad request: legalMoves needs `side`".to_string()),
        (json!({ "op": "legalMoves", "board": START, "side": "X", "sid": "X" }), "bad-request", "bad request: unknown field `sid`, expected one of `op`, `board`, `side`, `move`, `level`, `seed`, `options`".to_string()),
        (json!({ "op": "legalMoves", "board": 5, "side": "X" }), "bad-request", "bad request: invalid type: integer `5`, expected a string".to_string()),
    ];
    let wrong: Vec<String> = cases
        .into_iter()
        .filter_map(|(request, code, message)| {
            let got = call(&mut e, request.clone()).expect_err(&request.to_string());
            (got != (code.to_string(), message.clone()))
                .then(|| format!("{request}\n  gives {got:?}\n  not ({code:?}, {message:?})"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let answer: Value = serde_json::from_str(&e.handle("not json")).unwrap();
    assert_eq!(answer["error"]["code"], "bad-request");
    // The defaults, given or not: absent, null, an empty object and the default value all agree.
    let first = call(&mut e, values(Value::Null)).unwrap();
    for o in [json!({}), json!({ "emptiesToWinner": false })] {
        assert_eq!(call(&mut e, values(o)).unwrap(), first);
    }
    assert_eq!(call(&mut e, json!({ "op": "moveValues", "board": late, "side": "X" })).unwrap(), first);
    // Dark a1, Light b1: c1 ends the game 3–0 with 61 empties, which go to the winner when asked.
    let short = json!({ "op": "moveValues", "board": format!("XO{}", "-".repeat(62)), "side": "X" });
    assert_eq!(call(&mut e, short.clone()).unwrap(), json!([{ "move": "c1", "value": 3, "darkMinusLight": 3 }]));
    let mut winner = short;
    winner["options"] = json!({ "emptiesToWinner": false });
    assert_eq!(call(&mut e, winner.clone()).unwrap(), json!([{ "move": "c1", "value": 3, "darkMinusLight": 3 }]));
    winner["options"] = json!({ "emptiesToWinner": true });
    assert_eq!(call(&mut e, winner).unwrap(), json!([{ "move": "c1", "value": 64, "darkMinusLight": 64 }]));
    // The largest seed is taken.
    assert!(call(&mut e, seed(json!(9_007_199_254_740_991u64))).is_ok());
}

#[test]
fn every_error_code_is_declared_once_in_the_types() {
    // web/js/discflip.d.ts's `ErrorCode` union lists exactly the protocol's codes, in order.
    let names: Vec<Value> = ErrorCode::ALL.iter().map(|c| serde_json::to_value(c).unwrap()).collect();
    let dts = include_str!("../js/discflip.d.ts");
    assert_eq!(
        union(dts, "ProtocolErrorCode"),
        names.iter().map(|v| v.as_str().unwrap().to_string()).collect::<Vec<_>>()
    );
    let levels: Vec<String> = PlayerKind::ALL.iter().map(|k| k.name().to_string()).collect();
    assert_eq!(union(dts, "Level"), levels);
}

/// The string members of `export type NAME = "a" | "b" | …;` in `dts`.
fn union(dts: &str, name: &str) -> Vec<String> {
    let start = format!("export type {name} =");
    let at = dts.find(&start).unwrap_or_else(|| panic!("no {start} in discflip.d.ts"));
    let body = &dts[at + start.len()..];
    let body = &body[..body.find(';').expect("the type ends with ;")];
    body.split('|').map(|m| m.trim().trim_matches('"').to_string()).filter(|m| !m.is_empty()).collect()
}

#[test]
fn the_version_names_the_crate_and_the_levels_file() {
    let v = call(&mut engine(), json!({ "op": "version" })).unwrap();
    assert_eq!(v, json!({ "version": env!("CARGO_PKG_VERSION"), "levelsSha256": LEVELS_SHA256 }));
    // The shipped data/levels.json is the game's levels file: the end-to-end crate's committed_files.rs.
    assert_eq!(
        format::LevelsFile::game().sha256,
        LEVELS_SHA256,
        "web/src/levels.sha256 is not the SHA-256 of Levels::GAME's file: run scripts/levels-changed"
    );
    assert_eq!(LEVELS_SHA256.len(), 64);
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
    let ask = |clock: bool| json!({ "op": "levelMove", "level": "level5", "board": START, "side": "X", "seed": 1, "options": { "clock": clock } });
    let batch = call(&mut e, ask(false)).unwrap();
    let clocked = call(&mut e, ask(true)).unwrap();
    assert_eq!(batch, call(&mut engine(), ask(false)).unwrap(), "the batch move ignores the clock");
    let positions = |v: &Value| v["positions"].as_u64().unwrap();
    assert!(positions(&clocked) < positions(&batch), "{clocked} against {batch}");
}

#[test]
fn the_package_has_the_crates_version_and_licence() {
    // docs/web.md#the-package: one version for the crate and the npm package.
    let package: Value = serde_json::from_str(include_str!("../js/package.json")).expect("package.json is JSON");
    assert_eq!(package["name"], "discflip-engine");
    assert_eq!(package["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(package["license"], env!("CARGO_PKG_LICENSE"));
    assert_eq!(package["exports"]["."], json!({ "types": "./discflip.d.ts", "default": "./discflip.js" }));
}
