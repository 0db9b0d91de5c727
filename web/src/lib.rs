//! The engine for the browser (docs/web.md): the game's rules, exact values,
//! the computer's perfect reply and the players, behind one JSON request
//! per call, so that the WebAssembly module needs no bindings generator and
//! the same protocol is tested natively.
//!
//! A request is a JSON object with an `op` and its arguments ([`protocol`]);
//! the answer is `{"ok": …}` or `{"error": {"code": …, "message": …}}`. Every
//! input is checked before the engine acts on it: bad input is an error
//! answer, never a panic (a panic would trap the WebAssembly module).

use engine::{
    Bitboard, Clock, Color, Level5, Level5Config, Levels, Outcome, ParseErrorKind, Player as _, PlayerKind, Position,
    Scoring, Solver, SolverConfig, Square, level4_hint,
};
use protocol::{
    Answer, Budget, Choice, Discs, Error, ErrorCode, MoveValue, Op, Options, Played, Request, Settled, Status, Version,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

#[cfg(not(target_family = "wasm"))]
pub mod locations;
#[cfg(not(target_family = "wasm"))]
pub mod page;
pub mod protocol;
#[cfg(target_arch = "wasm32")]
mod wasm;

/// The transposition table of the reply search: the size the generator's
/// reply search uses, so the position counts are the data's.
const REPLY_TABLE_BITS: u32 = 18;

/// `moveValues`'s position budget when the call gives none
/// (docs/web.md#the-api): every board of the data and typical 18-empty
/// positions answer within it, and a search that needs more stops with
/// `budget` after about a second of the module's time; `"none"` lifts it.
pub const MOVE_VALUES_BUDGET: u64 = 10_000_000;

/// The SHA-256 of the levels file the engine plays, `data/levels.json`
/// ([`Levels::GAME`] in the written layout): `levels.sha256` beside this
/// file (64 hex digits, no newline), which the levels recipe writes and a test holds to
/// `format::LevelsFile::game()` (docs/players.md#changing-a-level).
pub const LEVELS_SHA256: &str = include_str!("levels.sha256");

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

/// An `ok` answer's JSON, or what went wrong.
type Answered = Result<String, Error>;

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
            Err(e) => {
                let message = without_place(&e);
                Err(if message.starts_with(protocol::SEED) {
                    Error::new(ErrorCode::BadSeed, message)
                } else if message.starts_with(protocol::OPTIONS) {
                    Error::new(ErrorCode::BadOption, message)
                } else {
                    Error::new(ErrorCode::BadRequest, format!("bad request: {message}"))
                })
            }
        };
        match answer {
            Ok(json) => format!(r#"{{"ok":{json}}}"#),
            Err(e) => serde_json::to_string(&Answer { error: e }).expect("answers serialize"),
        }
    }

    fn answer(&mut self, r: Request) -> Answered {
        r.check()?;
        let options = r.options();
        match r.op {
            Op::Version => ok(Version { version: env!("CARGO_PKG_VERSION"), levels_sha256: LEVELS_SHA256 }),
            Op::LegalMoves => ok(names(position(&r)?.legal_moves())),
            Op::Play => {
                let next = play(&position(&r)?, r.square()?)?;
                ok(Played { board: next.board_string(), side: next_side(&next) })
            }
            Op::MoveValues => self.move_values(&position(&r)?, options),
            Op::Reply => {
                let pos = moving(position(&r)?)?;
                let limit = options.max_positions.unwrap_or(Budget::Positions(self.levels.reply_limit)).limit();
                match self.margin.first_best_move(&pos, limit) {
                    Outcome::Exact(best) => {
                        ok(Choice { square: move_name(best.square), positions: self.margin.positions() })
                    }
                    Outcome::OutOfBudget => Err(over_budget("reply", limit)),
                }
            }
            Op::LevelMove => {
                let kind = player(r.level()?)?;
                let pos = moving(position(&r)?)?;
                let mut rng = ChaCha8Rng::seed_from_u64(r.seed()?);
                let choice = match kind {
                    PlayerKind::Level5 if options.clock == Some(true) => self.level5_clocked.choose(&pos, &mut rng),
                    PlayerKind::Level5 => self.level5.choose(&pos, &mut rng),
                    other => other.build(&self.levels).choose(&pos, &mut rng),
                };
                ok(Choice { square: move_name(choice.square), positions: choice.positions })
            }
            Op::Flips => {
                let pos = position(&r)?;
                let after = play(&pos, r.square()?)?;
                // The discs that change colour: the other side's before, the mover's after.
                let (mover, other) = (pos.side(), pos.side().opposite());
                ok(names(Bitboard(after.discs(mover).0 & pos.discs(other).0)))
            }
            Op::Settled => {
                let pos = board_position(r.board()?, Color::Dark)?;
                ok(Settled { dark: names(pos.settled(Color::Dark)), light: names(pos.settled(Color::Light)) })
            }
            Op::Hint => {
                let pos = moving(position(&r)?)?;
                let hint = level4_hint(&self.levels, &pos);
                let (square, positions) = hint.map_or((None, 0), |c| (c.square, c.positions));
                ok(Choice { square: move_name(square), positions })
            }
            Op::Status => {
                let pos = position(&r)?;
                let (dark, light) = (pos.discs(Color::Dark).count(), pos.discs(Color::Light).count());
                ok(Status {
                    side: next_side(&pos),
                    game_over: pos.is_game_over(),
                    discs: Discs { dark, light },
                    margin: pos.margin(),
                })
            }
        }
    }

    /// Every legal move's exact value, within the options' budget.
    fn move_values(&mut self, pos: &Position, options: &Options) -> Answered {
        let solver = if options.empties_to_winner == Some(true) { &mut self.winner } else { &mut self.margin };
        let limit = options.max_positions.unwrap_or(Budget::Positions(MOVE_VALUES_BUDGET)).limit();
        let Outcome::Exact(values) = solver.move_values_within(pos, limit) else {
            return Err(over_budget("moveValues", limit));
        };
        let dark = if pos.side() == Color::Dark { 1 } else { -1 };
        ok(values
            .iter()
            .map(|m| MoveValue { square: m.square.to_string(), value: m.value, dark_minus_light: dark * m.value })
            .collect::<Vec<_>>())
    }
}

/// A search stopped at its budget (an unbounded one never stops).
fn over_budget(call: &str, limit: Option<u64>) -> Error {
    let limit = limit.unwrap_or(u64::MAX);
    Error::new(
        ErrorCode::Budget,
        format!("{call}: the search needs more than {limit} positions (options.maxPositions; \"none\" for no bound)"),
    )
}

/// The squares' names in square order.
fn names(squares: Bitboard) -> Vec<String> {
    squares.iter().map(|sq| sq.to_string()).collect()
}

/// An `ok` answer's value as JSON.
fn ok(value: impl serde::Serialize) -> Answered {
    Ok(serde_json::to_string(&value).expect("answers serialize"))
}

/// The board string (`X` Dark, `O` Light, `-` empty) with `side` to move.
/// Read by the engine's parser; names are accepted only as the API writes
/// them (docs/web.md#names), so the parser's other spellings (`x`, `.`) are refused.
fn position(r: &Request) -> Result<Position, Error> {
    let board = r.board()?;
    let color = match r.side()? {
        "X" => Color::Dark,
        "O" => Color::Light,
        other => return Err(Error::new(ErrorCode::BadSide, format!("side {other:?}: a side is \"X\" or \"O\""))),
    };
    board_position(board, color)
}

/// The board string with `color` to move.
fn board_position(board: &str, color: Color) -> Result<Position, Error> {
    let bad = |message: String| Error::new(ErrorCode::BadBoard, format!("board: {message}"));
    let alphabet = "a board is 64 squares of X (Dark), O (Light) and - (empty)";
    let pos = Position::from_board_str(board, color).map_err(|e| match e.kind {
        ParseErrorKind::Length { found } => bad(format!("{found} squares; {alphabet}")),
        ParseErrorKind::Character { found, square } => bad(format!("{found:?} at {square}; {alphabet}")),
        _ => bad(e.to_string()),
    })?;
    // The parser's other spellings of a square (`x`, `o`, `.`): the first one found.
    let written = pos.board_string();
    match board.chars().zip(written.chars()).zip(Square::all()).find(|((a, b), _)| a != b) {
        None => Ok(pos),
        Some(((found, _), square)) => Err(bad(format!("{found:?} at {square}; {alphabet}"))),
    }
}

/// `pos`, refused when the game is over: a move is asked for.
fn moving(pos: Position) -> Result<Position, Error> {
    if pos.is_game_over() {
        Err(Error::new(ErrorCode::GameOver, "the game is over: neither side has a legal move"))
    } else {
        Ok(pos)
    }
}

/// `pos` after `square` (or `pass`, only when the side to move has no move).
fn play(pos: &Position, square: &str) -> Result<Position, Error> {
    let pos = moving(*pos)?;
    if square == "pass" {
        return if pos.legal_moves().is_empty() {
            Ok(pos.pass())
        } else {
            Err(Error::new(ErrorCode::IllegalMove, "pass: only a side with no legal move passes"))
        };
    }
    let sq = square_of(square)?;
    pos.play(sq).map_err(|_| {
        Error::new(ErrorCode::IllegalMove, format!("move {sq}: not a legal move for {}", side_name(pos.side())))
    })
}

/// A square name, read by the engine's parser and accepted only in lower case.
fn square_of(name: &str) -> Result<Square, Error> {
    let bad = || {
        Error::new(
            ErrorCode::BadMove,
            format!("move {name:?}: a move is a square name, a1 to h8 in lower case, or \"pass\""),
        )
    };
    let sq: Square = name.parse().map_err(|_| bad())?;
    if sq.to_string() == name { Ok(sq) } else { Err(bad()) }
}

/// A player's name, read by the engine's parser and accepted only as written in [`PlayerKind::name`].
fn player(name: &str) -> Result<PlayerKind, Error> {
    match name.parse::<PlayerKind>() {
        Ok(kind) if kind.name() == name => Ok(kind),
        _ => {
            let names: Vec<&str> = PlayerKind::ALL.iter().map(|k| k.name()).collect();
            Err(Error::new(ErrorCode::BadLevel, format!("level {name:?}: the levels are {}", names.join(", "))))
        }
    }
}

/// A JSON error's message without its line and column (in the glue's JSON, no help to the caller).
fn without_place(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    message.strip_suffix(&at).unwrap_or(&message).to_string()
}

/// Who moves in `pos`: its side to move, the other side when that one must
/// pass, nobody (`null`) when the game is over. After a move: the other side,
/// the same side when the other must pass.
fn next_side(pos: &Position) -> Option<&'static str> {
    if pos.is_game_over() {
        None
    } else if pos.legal_moves().is_empty() {
        Some(side_name(pos.side().opposite()))
    } else {
        Some(side_name(pos.side()))
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
mod calls_tests;
#[cfg(test)]
mod tests;
