//! The calls a game needs beside moves and values (docs/web.md#the-api):
//! flips, settled discs, the hint, the status, and every search's budget.

use super::tests::{START, call, engine};
use super::*;
use serde_json::{Value, json};

fn ask(op: &str, board: &str, side: &str) -> Value {
    json!({ "op": op, "board": board, "side": side })
}

#[test]
fn flips_are_the_discs_that_change_colour() {
    let mut e = engine();
    let flips = |e: &mut Engine, board: &str, side: &str, m: &str| {
        let mut r = ask("flips", board, side);
        r["move"] = json!(m);
        call(e, r)
    };
    assert_eq!(flips(&mut e, START, "X", "d3").unwrap(), json!(["d4"]));
    assert_eq!(flips(&mut e, START, "O", "e3").unwrap(), json!(["e4"]));
    // Dark a1 and c3, Light b1 and c2: Dark c1 flanks b1 along the row and c2 down
    // the column, two lines at once, named in square order.
    let two = format!("XO{}O{}X{}", "-".repeat(8), "-".repeat(7), "-".repeat(45));
    assert_eq!(flips(&mut e, &two, "X", "c1").unwrap(), json!(["b1", "c2"]));
    assert_eq!(flips(&mut e, START, "X", "a1").unwrap_err().0, "illegal-move");
    // A side that must pass flips nothing by passing.
    let lone = format!("XO{}OX", "-".repeat(60));
    let after = call(&mut e, json!({ "op": "play", "board": lone, "side": "X", "move": "c1" })).unwrap();
    let board = after["board"].as_str().unwrap();
    assert_eq!(flips(&mut e, board, "O", "pass").unwrap(), json!([]));
}

#[test]
fn light_values_are_its_own_and_dark_minus_light() {
    // docs/web.md#the-api: `value` for the side that moves, `darkMinusLight` as the data gives it.
    let mut e = engine();
    let board = "XXXXOX-XOOOOOXX-XOXOXOXXXOXXOOOXXXXXXO-XXXOXXX-XXXXXX-X-XXXXXX-X";
    let values = call(&mut e, ask("moveValues", board, "O")).unwrap();
    assert_eq!(values[0], json!({ "move": "f7", "value": -6, "darkMinusLight": 6 }));
    for v in values.as_array().unwrap() {
        assert_eq!(v["darkMinusLight"].as_i64(), v["value"].as_i64().map(|x| -x), "{v}");
    }
}

#[test]
fn settled_discs_are_the_engines() {
    let mut e = engine();
    let settled = |e: &mut Engine, board: &str| call(e, json!({ "op": "settled", "board": board })).unwrap();
    assert_eq!(settled(&mut e, START), json!({ "X": [], "O": [] }));
    // Dark holds a1 and b1 along the edge, Light c1 beside them: a1 and b1 settled, c1 not.
    let edge = format!("XXO{}", "-".repeat(61));
    assert_eq!(settled(&mut e, &edge), json!({ "X": ["a1", "b1"], "O": [] }));
    let full: String = (0..64).map(|i| if i % 3 == 0 { 'O' } else { 'X' }).collect();
    let got = settled(&mut e, &full);
    assert_eq!(got["X"].as_array().unwrap().len() + got["O"].as_array().unwrap().len(), 64, "a full board is settled");
    let pos = Position::from_board_str(&full, Color::Dark).unwrap();
    assert_eq!(got["O"], json!(names(pos.settled(Color::Light))));
}

#[test]
fn the_hint_is_level_4s_first_best_move() {
    let mut e = engine();
    let hint = call(&mut e, ask("hint", START, "X")).unwrap();
    let pos = Position::from_board_str(START, Color::Dark).unwrap();
    let want = level4_hint(&Levels::GAME, &pos).unwrap();
    assert_eq!(hint, json!({ "move": want.square.unwrap().to_string(), "positions": want.positions }));
    assert_eq!(call(&mut e, ask("hint", START, "X")).unwrap(), hint, "the same board, the same hint");
    let full = "X".repeat(64);
    assert_eq!(call(&mut e, ask("hint", &full, "O")).unwrap_err().0, "game-over");
}

#[test]
fn the_status_says_who_moves_and_the_score() {
    let mut e = engine();
    assert_eq!(
        call(&mut e, ask("status", START, "O")).unwrap(),
        json!({ "side": "O", "gameOver": false, "discs": { "X": 2, "O": 2 }, "margin": 0 })
    );
    // Light to move with no move (Dark a1, Light b1, g8; Dark h8): Dark moves.
    let pass = format!("XO{}OX", "-".repeat(60));
    let after = call(&mut e, json!({ "op": "play", "board": pass, "side": "X", "move": "c1" })).unwrap();
    let board = after["board"].as_str().unwrap();
    assert_eq!(
        call(&mut e, ask("status", board, "O")).unwrap(),
        json!({ "side": "X", "gameOver": false, "discs": { "X": 4, "O": 1 }, "margin": 3 })
    );
    let over = format!("{}{}", "X".repeat(40), "O".repeat(24));
    assert_eq!(
        call(&mut e, ask("status", &over, "X")).unwrap(),
        json!({ "side": null, "gameOver": true, "discs": { "X": 40, "O": 24 }, "margin": 16 })
    );
}

/// The board after 34 random moves from the start (seeded): 26 empty squares,
/// far past what one call solves at once.
fn empties_26(e: &mut Engine) -> String {
    let (mut board, mut side) = (START.to_string(), "X".to_string());
    for seed in 0..34 {
        let m = call(e, json!({ "op": "levelMove", "level": "random", "board": board, "side": side, "seed": seed }));
        let r = json!({ "op": "play", "board": board, "side": side, "move": m.unwrap()["move"] });
        let next = call(e, r).unwrap();
        (board, side) = (next["board"].as_str().unwrap().to_string(), next["side"].as_str().unwrap().to_string());
    }
    assert_eq!(board.matches('-').count(), 26);
    board
}

#[test]
fn a_search_past_its_budget_fails_and_the_engine_answers_again() {
    // An unoptimised build's search frames are large: 26 plies deep they outgrow
    // a test thread's 2 MB stack (the release build and the module do not).
    std::thread::Builder::new().stack_size(32 << 20).spawn(budgets).unwrap().join().unwrap();
}

fn budgets() {
    let mut e = engine();
    let board = empties_26(&mut e);
    let mut values = ask("moveValues", &board, "X");
    values["options"] = json!({ "maxPositions": 10_000 });
    assert_eq!(
        call(&mut e, values).unwrap_err(),
        ("budget".to_string(), format!("moveValues: the search needs more than 10000 positions{HOW}"))
    );
    let mut reply = ask("reply", &board, "X");
    reply["options"] = json!({ "maxPositions": 500 });
    assert_eq!(
        call(&mut e, reply).unwrap_err(),
        ("budget".to_string(), format!("reply: the search needs more than 500 positions{HOW}"))
    );
    // The next call answers, and a budget that suffices gives the unbounded answer.
    let late = "XXXXOX-XOOOOOXX-XOXOXOXXXOXXOOOXXXXXXO-XXXOXOX-XXXXO--X-XXXXXX-X";
    let free = call(&mut e, ask("reply", late, "X")).unwrap();
    let mut enough = ask("reply", late, "X");
    enough["options"] = json!({ "maxPositions": free["positions"] });
    assert_eq!(call(&mut e, enough.clone()).unwrap(), free);
    enough["options"]["maxPositions"] = json!(free["positions"].as_u64().unwrap() - 1);
    assert_eq!(call(&mut e, enough).unwrap_err().0, "budget");
    // The default reply budget is the game's limit.
    let mut game = ask("reply", &board, "X");
    game["options"] = Value::Null;
    let (code, message) = call(&mut e, game).unwrap_err();
    assert_eq!(
        (code, message),
        ("budget".to_string(), format!("reply: the search needs more than 300000 positions{HOW}"))
    );
    // moveValues is bounded by default too; "none" lifts a bound, which then
    // changes no answer.
    let (code, message) = call(&mut e, ask("moveValues", &board, "X")).unwrap_err();
    let default = MOVE_VALUES_BUDGET;
    assert_eq!(
        (code, message),
        ("budget".to_string(), format!("moveValues: the search needs more than {default} positions{HOW}"))
    );
    let mut none = ask("reply", late, "X");
    none["options"] = json!({ "maxPositions": "none" });
    assert_eq!(call(&mut e, none).unwrap(), free);
    let bounded = call(&mut e, ask("moveValues", late, "X")).unwrap();
    let mut none = ask("moveValues", late, "X");
    none["options"] = json!({ "maxPositions": "none" });
    assert_eq!(call(&mut e, none).unwrap(), bounded);
    // What is not a whole number or "none" is refused, null included (JSON's NaN).
    for budget in [json!(-1), json!(1.5), json!(null), json!("None"), json!("lots"), json!(true)] {
        let mut bad = ask("moveValues", late, "X");
        bad["options"] = json!({ "maxPositions": budget });
        assert_eq!(call(&mut e, bad).unwrap_err().0, "bad-option", "maxPositions {budget}");
    }
    // The message says what a budget is.
    let mut bad = ask("moveValues", late, "X");
    bad["options"] = json!({ "maxPositions": true });
    let expected =
        "options: invalid type: boolean `true`, expected a whole number from 0 to 2^53 - 1, or \"none\" for no bound";
    assert_eq!(call(&mut e, bad).unwrap_err(), ("bad-option".to_string(), expected.to_string()));
}

/// What a budget message adds: which option sets the bound, and how to lift it.
const HOW: &str = " (options.maxPositions; \"none\" for no bound)";
