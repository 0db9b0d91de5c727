//! The protocol's types (docs/web.md#the-module): every request and answer
//! as a Rust type, and the errors with their stable codes. The JavaScript
//! types (`web/js/discflip.d.ts`) mirror these, a test keeps the two lists of
//! names (levels, error codes) the same.

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One call of the JavaScript API: `{"op": "legalMoves", "board": …, …}`.
/// Every argument of every call is a field here, read straight from the
/// JSON; [`Request::check`] refuses the ones the call does not take, each
/// accessor names a missing one. (One struct rather than an enum tagged by
/// `op`: serde reads a tagged enum through a buffered copy, and each variant's
/// reader costs the module kilobytes.)
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Request {
    pub op: Op,
    board: Option<String>,
    side: Option<String>,
    #[serde(rename = "move")]
    square: Option<String>,
    level: Option<String>,
    seed: Option<Seed>,
    #[serde(default)]
    options: Options,
}

/// The calls.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "camelCase")]
pub(crate) enum Op {
    Version,
    LegalMoves,
    Play,
    MoveValues,
    Reply,
    LevelMove,
    Flips,
    Settled,
    Hint,
    Status,
}

impl Op {
    /// The call's name in the API.
    fn name(self) -> &'static str {
        match self {
            Op::Version => "version",
            Op::LegalMoves => "legalMoves",
            Op::Play => "play",
            Op::MoveValues => "moveValues",
            Op::Reply => "reply",
            Op::LevelMove => "levelMove",
            Op::Flips => "flips",
            Op::Settled => "settled",
            Op::Hint => "hint",
            Op::Status => "status",
        }
    }

    /// The arguments the call takes (`options` always optional).
    fn arguments(self) -> &'static [&'static str] {
        match self {
            Op::Version => &[],
            Op::Settled => &["board"],
            Op::LegalMoves | Op::Hint | Op::Status => &["board", "side"],
            Op::MoveValues | Op::Reply => &["board", "side", "options"],
            Op::Play | Op::Flips => &["board", "side", "move"],
            Op::LevelMove => &["level", "board", "side", "seed", "options"],
        }
    }

    /// The options the call takes.
    fn options(self) -> &'static [&'static str] {
        match self {
            Op::MoveValues => &["emptiesToWinner", "maxPositions"],
            Op::Reply => &["maxPositions"],
            Op::LevelMove => &["clock"],
            _ => &[],
        }
    }
}

impl Request {
    /// Refuses an argument or an option the call does not take, by name.
    pub(crate) fn check(&self) -> Result<(), Error> {
        let op = self.op;
        let given = [
            ("board", self.board.is_some()),
            ("side", self.side.is_some()),
            ("move", self.square.is_some()),
            ("level", self.level.is_some()),
            ("seed", self.seed.is_some()),
            ("options", self.options.given),
        ];
        if let Some((name, _)) = given.iter().find(|(name, there)| *there && !op.arguments().contains(name)) {
            let takes = op.arguments().join(", ");
            let takes = if takes.is_empty() { "nothing".to_string() } else { takes };
            return Err(Error::new(
                ErrorCode::BadRequest,
                format!("bad request: {} takes no `{name}` (it takes {takes})", op.name()),
            ));
        }
        let o = &self.options;
        let options = [
            ("emptiesToWinner", o.empties_to_winner.is_some()),
            ("maxPositions", o.max_positions.is_some()),
            ("clock", o.clock.is_some()),
        ];
        match options.iter().find(|(name, there)| *there && !op.options().contains(name)) {
            Some((name, _)) => Err(Error::new(
                ErrorCode::BadOption,
                format!("{OPTIONS}{} takes no option `{name}` (it takes {})", op.name(), op.options().join(", ")),
            )),
            None => Ok(()),
        }
    }

    fn needs<'a, T>(&self, name: &str, field: &'a Option<T>) -> Result<&'a T, Error> {
        field
            .as_ref()
            .ok_or_else(|| Error::new(ErrorCode::BadRequest, format!("bad request: {} needs `{name}`", self.op.name())))
    }

    pub(crate) fn board(&self) -> Result<&str, Error> {
        self.needs("board", &self.board).map(String::as_str)
    }
    pub(crate) fn side(&self) -> Result<&str, Error> {
        self.needs("side", &self.side).map(String::as_str)
    }
    pub(crate) fn square(&self) -> Result<&str, Error> {
        self.needs("move", &self.square).map(String::as_str)
    }
    pub(crate) fn level(&self) -> Result<&str, Error> {
        self.needs("level", &self.level).map(String::as_str)
    }
    pub(crate) fn seed(&self) -> Result<u64, Error> {
        self.needs("seed", &self.seed).map(|s| s.0)
    }
    pub(crate) fn options(&self) -> &Options {
        &self.options
    }
}

/// Where a field's error message starts, which gives its code: the seed's
/// and the options' (every other error of a request is a `bad-request`).
pub(crate) const SEED: &str = "seed: ";
pub(crate) const OPTIONS: &str = "options: ";

/// A call's options: absent or `null` for the defaults, else an object of
/// the options the call takes ([`Request::check`]).
#[derive(Default)]
pub(crate) struct Options {
    /// Whether an options object was given.
    given: bool,
    /// Empty squares go to the winner (the OBF convention) instead of nobody.
    pub empties_to_winner: Option<bool>,
    /// The most positions a search may visit (absent: the call's default).
    pub max_positions: Option<Budget>,
    /// Level 5 stops at the game's time limit.
    pub clock: Option<bool>,
}

/// The options object as written.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OptionsObject {
    empties_to_winner: Option<bool>,
    #[serde(default, deserialize_with = "present_budget")]
    max_positions: Option<Budget>,
    clock: Option<bool>,
}

/// A `maxPositions` that is there is a budget: `null` (what JavaScript's
/// JSON makes of `NaN` and `±Infinity`) is refused, never read as absent.
fn present_budget<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Budget>, D::Error> {
    Budget::deserialize(d).map(Some)
}

impl<'de> Deserialize<'de> for Options {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(OptionsVisitor) {
            Ok(options) => Ok(options),
            Err(e) => Err(de::Error::custom(format_args!("{OPTIONS}{e}"))),
        }
    }
}

/// Takes `null` (the defaults) or an object, nothing else (serde's derive
/// would also read a struct from an array).
struct OptionsVisitor;

impl<'de> Visitor<'de> for OptionsVisitor {
    type Value = Options;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of options")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Options, E> {
        Ok(Options::default())
    }
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Options, A::Error> {
        let o = OptionsObject::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(Options {
            given: true,
            empties_to_winner: o.empties_to_winner,
            max_positions: o.max_positions,
            clock: o.clock,
        })
    }
}

/// A seed: a whole number from 0 to 2^53 − 1 (JavaScript's exact integers).
pub(crate) struct Seed(pub u64);

/// A search's position budget as `maxPositions` gives it: a whole number
/// from 0 to 2^53 − 1, or `"none"`, the explicit opt-out of every bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// At most this many positions.
    Positions(u64),
    /// No bound at all (`"none"`).
    Unbounded,
}

impl Budget {
    /// The limit a search takes: `None` for no bound.
    pub fn limit(self) -> Option<u64> {
        match self {
            Budget::Positions(n) => Some(n),
            Budget::Unbounded => None,
        }
    }
}

/// Reads a budget: a whole number as [`WholeVisitor`] does, or `"none"`.
struct BudgetVisitor;

impl Visitor<'_> for BudgetVisitor {
    type Value = Budget;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number from 0 to 2^53 - 1, or \"none\" for no bound")
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Budget, E> {
        WholeVisitor.visit_u64(v).map(Budget::Positions)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Budget, E> {
        WholeVisitor.visit_i64(v).map(Budget::Positions)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Budget, E> {
        WholeVisitor.visit_f64(v).map(Budget::Positions)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Budget, E> {
        if v == "none" { Ok(Budget::Unbounded) } else { Err(E::invalid_value(Unexpected::Str(v), &self)) }
    }
}

/// The largest whole number JavaScript holds exactly.
const MAX_WHOLE: u64 = (1 << 53) - 1;

/// Reads a whole number from 0 to 2^53 − 1, written as an integer or a float.
struct WholeVisitor;

impl Visitor<'_> for WholeVisitor {
    type Value = u64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number from 0 to 2^53 - 1")
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        if v <= MAX_WHOLE { Ok(v) } else { Err(E::invalid_value(Unexpected::Unsigned(v), &self)) }
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        match u64::try_from(v) {
            Ok(u) => self.visit_u64(u),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
        }
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
        // A whole number written as a float (`7.0`, `1e3`) is taken; a
        // fraction is not shown (printing floats would cost the module 6 KB).
        if v.fract() != 0.0 {
            Err(E::invalid_value(Unexpected::Other("a fraction"), &self))
        } else if (0.0..=MAX_WHOLE as f64).contains(&v) {
            Ok(v as u64)
        } else {
            Err(E::invalid_value(Unexpected::Other("a whole number out of range"), &self))
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(WholeVisitor) {
            Ok(seed) => Ok(Seed(seed)),
            Err(e) => Err(de::Error::custom(format_args!("{SEED}{e}"))),
        }
    }
}

impl<'de> Deserialize<'de> for Budget {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(BudgetVisitor)
    }
}

/// `version`'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Version {
    /// The crate's version, which is the package's.
    pub version: &'static str,
    /// The SHA-256 of the levels file the engine plays (the data's `levels_sha256`).
    pub levels_sha256: &'static str,
}

/// `play`'s answer.
#[derive(Serialize)]
pub(crate) struct Played {
    pub board: String,
    /// Who moves next; `None` (`null`) when the game is over.
    pub side: Option<&'static str>,
}

/// One entry of `moveValues`'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MoveValue {
    #[serde(rename = "move")]
    pub square: String,
    /// For the side that plays it: its discs minus the other side's.
    pub value: i32,
    /// The same value as the data gives it: Dark's discs minus Light's.
    pub dark_minus_light: i32,
}

/// `settled`'s answer: each side's discs that can never flip again.
#[derive(Serialize)]
pub(crate) struct Settled {
    #[serde(rename = "X")]
    pub dark: Vec<String>,
    #[serde(rename = "O")]
    pub light: Vec<String>,
}

/// Disc counts by side.
#[derive(Serialize)]
pub(crate) struct Discs {
    #[serde(rename = "X")]
    pub dark: u32,
    #[serde(rename = "O")]
    pub light: u32,
}

/// `status`'s answer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Status {
    /// Who moves: the side asked about, the other one when it must pass, `None` (`null`) when over.
    pub side: Option<&'static str>,
    pub game_over: bool,
    pub discs: Discs,
    /// Dark's discs minus Light's.
    pub margin: i32,
}

/// `reply`'s and `levelMove`'s answer.
#[derive(Serialize)]
pub(crate) struct Choice {
    #[serde(rename = "move")]
    pub square: String,
    pub positions: u64,
}

/// What went wrong: the `code` of the JavaScript `EngineError`, stable from
/// version to version (the message may change).
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// Not a request of the protocol: not JSON, an unknown operation, a
    /// missing or unknown argument, an argument of the wrong JSON type.
    BadRequest,
    /// A board that is not 64 of `X`, `O` and `-`.
    BadBoard,
    /// A side that is not `X` or `O`.
    BadSide,
    /// A move that is not a square name (`a1` … `h8`) or `pass`.
    BadMove,
    /// A level or player name the engine does not know.
    BadLevel,
    /// A seed that is not a whole number from 0 to 2^53 − 1.
    BadSeed,
    /// An options argument that is not an object, or an option the call does not take.
    BadOption,
    /// A square the side cannot play, or a pass while it has a move.
    IllegalMove,
    /// A move asked for on a board where neither side can move.
    GameOver,
    /// A search that needs more positions than its budget (`maxPositions`, or the game's reply limit).
    Budget,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 10] = [
        ErrorCode::BadRequest,
        ErrorCode::BadBoard,
        ErrorCode::BadSide,
        ErrorCode::BadMove,
        ErrorCode::BadLevel,
        ErrorCode::BadSeed,
        ErrorCode::BadOption,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::Budget,
    ];
}

/// An error answer: `{"error": {"code": "illegal-move", "message": "…"}}`.
#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of wrong.
    pub code: ErrorCode,
    /// What is wrong, and where.
    pub message: String,
}

impl Error {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error { code, message: message.into() }
    }
}

/// An error answer's envelope: `{"error": …}` (an `ok` answer is `{"ok": …}`).
#[derive(Serialize)]
pub(crate) struct Answer {
    pub error: Error,
}
