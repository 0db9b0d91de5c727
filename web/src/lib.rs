//! The engine for the browser (docs/web.md): the game's rules, exact values,
//! the computer's perfect reply and the players, behind one JSON request
//! per call, so that the WebAssembly module needs no bindings generator and
//! the same protocol is tested natively.
//!
//! A request is a JSON object with an `op` and its arguments; the answer is
//! `{"ok": …}` or `{"error": "what is wrong"}`. Every input is checked before
//! the engine sees it: bad input is an error answer, never a panic (a panic
//! would trap the WebAssembly module).

use engine::{
    Clock, Color, Level5, Level5Config, Levels, Outcome, PlayerKind, Position, Scoring, Solver, SolverConfig, Square,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::Deserialize;
use serde_json::{Value, json};

#[cfg(not(target_family = "wasm"))]
pub mod locations;
#[cfg(target_arch = "wasm32")]
mod wasm;

/// The transposition table of the reply search: the size the generator's
/// reply search uses, so the position counts are the data's.
const REPLY_TABLE_BITS: u32 = 18;

/// One call of the JavaScript API.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "camelCase", deny_unknown_fields)]
enum Request {
    LegalMoves {
        board: String,
        side: String,
    },
    Play {
        board: String,
        side: String,
        #[serde(rename = "move")]
        square: String,
    },
    #[serde(rename_all = "camelCase")]
    MoveValues {
        board: String,
        side: String,
        #[serde(default)]
        empties_to_winner: bool,
    },
    Reply {
        board: String,
        side: String,
    },
    LevelMove {
        level: String,
        board: String,
        side: String,
        seed: u64,
        #[serde(default)]
        clock: bool,
    },
}

/// The engine behind the API: solvers and Level 5 kept between calls (every
/// counted search starts from an empty table, so answers do not depend on
/// earlier calls).
pub struct Engine {
    levels: Levels,
    margin: Solver,
    winner: Solver,
    level5: Level5,
    level5_clocked: Level5,
}

impl Engine {
    /// An engine playing the game's levels ([`Levels::GAME`], the shipped
    /// `data/levels.json`); `clock` times Level 5's optional limit.
    pub fn new(clock: Clock) -> Engine {
        let levels = Levels::GAME;
        let solver =
            |scoring| Solver::new(SolverConfig { scoring, table_bits: REPLY_TABLE_BITS, ..SolverConfig::default() });
        Engine {
            levels,
            margin: solver(Scoring::Margin),
            winner: solver(Scoring::EmptiesToWinner),
            level5: Level5::new(Level5Config::batch(&levels)),
            level5_clocked: Level5::new(Level5Config { clock, ..Level5Config::interactive(&levels) }),
        }
    }

    /// Answers one JSON request with one JSON answer.
    pub fn handle(&mut self, request: &str) -> String {
        let answer = match serde_json::from_str::<Request>(request) {
            Ok(r) => self.answer(r),
            Err(e) => Err(format!("bad request: {e}")),
        };
        match answer {
            Ok(v) => json!({ "ok": v }).to_string(),
            Err(e) => json!({ "error": e }).to_string(),
        }
    }

    fn answer(&mut self, request: Request) -> Result<Value, String> {
        match request {
            Request::LegalMoves { board, side } => {
                let pos = position(&board, &side)?;
                Ok(json!(pos.legal_moves().iter().map(|sq| sq.to_string()).collect::<Vec<_>>()))
            }
            Request::Play { board, side, square } => {
                let pos = position(&board, &side)?;
                let next = play(&pos, &square)?;
                Ok(json!({ "board": next.board_string(), "side": next_side(&next) }))
            }
            Request::MoveValues { board, side, empties_to_winner } => {
                let pos = position(&board, &side)?;
                let solver = if empties_to_winner { &mut self.winner } else { &mut self.margin };
                let values = solver.move_values(&pos);
                Ok(json!(
                    values
                        .iter()
                        .map(|m| json!({ "move": m.square.to_string(), "value": m.value }))
                        .collect::<Vec<_>>()
                ))
            }
            Request::Reply { board, side } => {
                let pos = position(&board, &side)?;
                let limit = self.levels.reply_limit;
                match self.margin.first_best_move(&pos, Some(limit)) {
                    Outcome::Exact(best) => {
                        Ok(json!({ "move": move_name(best.square), "positions": self.margin.positions() }))
                    }
                    _ => Err(format!("the reply search needs more than {limit} positions")),
                }
            }
            Request::LevelMove { level, board, side, seed, clock } => {
                let kind: PlayerKind = level.parse().map_err(|e| format!("{e}"))?;
                let pos = position(&board, &side)?;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let choice = match kind {
                    PlayerKind::Level5 if clock => self.level5_clocked.choose(&pos, &mut rng),
                    PlayerKind::Level5 => self.level5.choose(&pos, &mut rng),
                    other => other.build(&self.levels).choose(&pos, &mut rng),
                };
                Ok(json!({ "move": move_name(choice.square), "positions": choice.positions }))
            }
        }
    }
}

use engine::Player as _;

/// The board string (`X` Dark, `O` Light, `-` empty) with `side` to move.
fn position(board: &str, side: &str) -> Result<Position, String> {
    let color = match side {
        "X" => Color::Dark,
        "O" => Color::Light,
        other => return Err(format!("side must be \"X\" or \"O\", not {other:?}")),
    };
    if board.chars().count() != 64 || !board.chars().all(|c| matches!(c, 'X' | 'O' | '-')) {
        let bad = board.chars().enumerate().find(|(_, c)| !matches!(c, 'X' | 'O' | '-'));
        return Err(match bad {
            Some((i, c)) => format!("board: {c:?} at position {i}; a board is 64 of X (Dark), O (Light) and - (empty)"),
            None => format!("board: {} squares, expected 64 of X, O and -", board.chars().count()),
        });
    }
    Position::from_board_str(board, color).map_err(|e| format!("board: {e}"))
}

/// `pos` after `square` (or `pass`, only when the side to move has no move).
fn play(pos: &Position, square: &str) -> Result<Position, String> {
    if square == "pass" {
        return if pos.legal_moves().is_empty() && !pos.is_game_over() {
            Ok(pos.pass())
        } else {
            Err("pass: only a side with no legal move passes".to_string())
        };
    }
    let sq: Square = square.parse().map_err(|e| format!("move {square:?}: {e}"))?;
    pos.play(sq).map_err(|_| format!("move {square}: not a legal move for {}", side_name(pos.side())))
}

/// Who moves next after a move: the other side, the same side when the other
/// must pass, nobody (`null`) when the game is over.
fn next_side(pos: &Position) -> Value {
    if pos.is_game_over() {
        Value::Null
    } else if pos.legal_moves().is_empty() {
        json!(side_name(pos.side().opposite()))
    } else {
        json!(side_name(pos.side()))
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Dark => "X",
        Color::Light => "O",
    }
}

fn move_name(square: Option<Square>) -> String {
    square.map_or_else(|| "pass".to_string(), |sq| sq.to_string())
}

#[cfg(test)]
mod tests;
