//! The protocol's types (docs/web.md#the-module): every request and answer
//! as a Rust type, and the errors with their stable codes. The JavaScript
//! types (`web/js/discflip.d.ts`) mirror these, a test keeps the two lists of
//! names (levels, error codes) the same.

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One call of the JavaScript API: `{"op": "legalMoves", "board": …, …}`.
/// Fields the operation does not take are refused by name.
#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "camelCase", deny_unknown_fields)]
pub(crate) enum Request {
    Version {},
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
    MoveValues {
        board: String,
        side: String,
        #[serde(default)]
        options: Options<MoveValuesOptions>,
    },
    Reply {
        board: String,
        side: String,
    },
    LevelMove {
        level: String,
        board: String,
        side: String,
        seed: Seed,
        #[serde(default)]
        options: Options<LevelMoveOptions>,
    },
}

/// Where a field's error message starts, which gives its code: the seed's
/// and the options' (every other error of a request is a `bad-request`).
pub(crate) const SEED: &str = "seed: ";
pub(crate) const OPTIONS: &str = "options: ";

/// A call's options: absent or `null` for the defaults, else an object of
/// the options the call takes (any other name refused).
#[derive(Default)]
pub(crate) struct Options<T>(pub T);

/// What a call's options object is, for the error message.
pub(crate) trait CallOptions {
    const EXPECTING: &str;
}

impl<'de, T: Deserialize<'de> + Default + CallOptions> Deserialize<'de> for Options<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(OptionsVisitor(std::marker::PhantomData)) {
            Ok(options) => Ok(Options(options)),
            Err(e) => Err(de::Error::custom(format_args!("{OPTIONS}{e}"))),
        }
    }
}

/// Takes `null` (the defaults) or an object, nothing else (serde's derive
/// would also read a struct from an array).
struct OptionsVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de> + Default + CallOptions> Visitor<'de> for OptionsVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }
    fn visit_unit<E: de::Error>(self) -> Result<T, E> {
        Ok(T::default())
    }
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(de::value::MapAccessDeserializer::new(map))
    }
}

/// A seed: a whole number from 0 to 2^53 − 1 (JavaScript's exact integers).
pub(crate) struct Seed(pub u64);

/// The largest seed.
const MAX_SEED: u64 = (1 << 53) - 1;

struct SeedVisitor;

impl Visitor<'_> for SeedVisitor {
    type Value = u64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number from 0 to 2^53 - 1")
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        if v <= MAX_SEED { Ok(v) } else { Err(E::invalid_value(Unexpected::Unsigned(v), &self)) }
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
        } else if (0.0..=MAX_SEED as f64).contains(&v) {
            Ok(v as u64)
        } else {
            Err(E::invalid_value(Unexpected::Other("a whole number out of range"), &self))
        }
    }
    fn visit_unit<E: de::Error>(self) -> Result<u64, E> {
        Err(E::invalid_type(Unexpected::Other("null"), &self))
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match d.deserialize_any(SeedVisitor) {
            Ok(seed) => Ok(Seed(seed)),
            Err(e) => Err(de::Error::custom(format_args!("{SEED}{e}"))),
        }
    }
}

/// `moveValues`'s options.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct MoveValuesOptions {
    /// Empty squares go to the winner (the OBF convention) instead of nobody.
    #[serde(default)]
    pub empties_to_winner: bool,
}

/// `levelMove`'s options.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct LevelMoveOptions {
    /// Level 5 stops at the game's time limit.
    #[serde(default)]
    pub clock: bool,
}

impl CallOptions for MoveValuesOptions {
    const EXPECTING: &str = "an object of moveValues's options";
}

impl CallOptions for LevelMoveOptions {
    const EXPECTING: &str = "an object of levelMove's options";
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
pub(crate) struct MoveValue {
    #[serde(rename = "move")]
    pub square: String,
    pub value: i32,
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
    /// A reply whose search needs more positions than the game allows.
    ReplyLimit,
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
        ErrorCode::ReplyLimit,
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
