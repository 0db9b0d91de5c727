//! The native engine's answers to the module's game calls (scripts/check-web,
//! docs/web.md#agreement-tested): for every board of DATA's endgame.json and
//! daily.json (Dark to move) and 10,000 positions of seeded random games (a
//! random number of plies, either side to move, finished games among them),
//! prints one JSON line: the board, the side, each legal move's flips
//! (`Position::flips`), the settled discs, Level 4's hint (`level4_hint`, or
//! `"game-over"`) and the status, computed here from the engine's own calls.
//! `web/test/node-calls.mjs` asks the module the same and compares.

use engine::{Color, Levels, Position, level4_hint, random_playout};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::{Value, json};
use std::path::PathBuf;

fn names(squares: engine::Bitboard) -> Vec<String> {
    squares.iter().map(|sq| sq.to_string()).collect()
}

fn side(c: Color) -> &'static str {
    if c == Color::Dark { "X" } else { "O" }
}

fn line(pos: &Position) -> Value {
    let flips: serde_json::Map<String, Value> =
        pos.legal_moves().iter().map(|sq| (sq.to_string(), json!(names(pos.flips(sq))))).collect();
    let hint = if pos.is_game_over() {
        json!("game-over")
    } else {
        let choice = level4_hint(&Levels::GAME, pos);
        let square = choice.and_then(|c| c.square).map_or_else(|| "pass".to_string(), |s| s.to_string());
        json!({ "move": square, "positions": choice.map_or(0, |c| c.positions) })
    };
    let to_move = if pos.is_game_over() {
        Value::Null
    } else if pos.legal_moves().is_empty() {
        json!(side(pos.side().opposite()))
    } else {
        json!(side(pos.side()))
    };
    let (dark, light) = (pos.discs(Color::Dark).count(), pos.discs(Color::Light).count());
    json!({
        "board": pos.board_string(),
        "side": side(pos.side()),
        "flips": flips,
        "settled": { "X": names(pos.settled(Color::Dark)), "O": names(pos.settled(Color::Light)) },
        "hint": hint,
        "status": { "side": to_move, "gameOver": pos.is_game_over(), "discs": { "X": dark, "O": light }, "margin": dark as i32 - light as i32 },
    })
}

fn main() {
    let data = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "data".to_string()));
    let (endgame, daily) = match (
        format::read::<format::EndgameFile>(&data, "endgame.json"),
        format::read::<format::DailyFile>(&data, "daily.json"),
    ) {
        (Ok(e), Ok(d)) => (e, d),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("calls_reference: {e}");
            std::process::exit(2);
        }
    };
    let mut boards: Vec<String> = endgame.boards.iter().map(|b| b.board.clone()).collect();
    boards.extend(daily.days.iter().flat_map(|d| d.boards.iter().map(|b| b.board.clone())));
    for board in &boards {
        let pos = Position::from_board_str(board, Color::Dark).expect("a shipped board parses");
        println!("{}", line(&pos));
    }
    for seed in 0..10_000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut plies = seed % 64;
        let pos = random_playout(Position::start(), &mut rng, |_| {
            plies = plies.saturating_sub(1);
            plies > 0
        });
        println!("{}", line(&pos));
    }
}
