//! What the data's strings and numbers mean, as the schemas say it
//! (docs/formats.md#schema-and-types): the patterns, the release's counts and
//! ranges, and the schema-only types of names (a square, a move, a player, a
//! theme). The wire types' attributes and the schema module both read it; it
//! reads none of them.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use std::borrow::Cow;

/// A board string: 64 squares, a1 … h8 row by row, `X` Dark, `O` Light, `-` empty.
pub(crate) const BOARD: &str = "^[XO-]{64}$";
/// A square by name.
pub(crate) const SQUARE_PATTERN: &str = "^[a-h][1-8]$";
/// A move by name: a square, or `pass`.
pub(crate) const MOVE_PATTERN: &str = "^([a-h][1-8]|pass)$";
/// A board id: `e`, the empty count in two digits, `-`, 12 hex digits.
pub(crate) const ID: &str = "^e(06|08|10|12)-[0-9a-f]{12}$";
/// A SHA-256 as 64 lowercase hex digits.
pub(crate) const SHA256: &str = "^[0-9a-f]{64}$";
/// A calendar date, `YYYY-MM-DD` (with `format: date` for validators that check it).
pub(crate) const DATE: &str = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
/// The generator's name and version.
pub(crate) const GENERATOR: &str = r"^discflip [0-9]+\.[0-9]+\.[0-9]+";
/// The weekdays as `daily.json` names them, Monday (day 0) first.
pub(crate) const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/// Days in the Daily cycle (docs/puzzles.md#the-daily-schedule).
pub(crate) const CYCLE_DAYS: usize = 420;
/// The fewest empty squares of any puzzle board.
pub(crate) const MIN_EMPTIES: u32 = 6;
/// The most empty squares of any puzzle board.
pub(crate) const MAX_EMPTIES: u32 = 12;
/// Seeded tries per player in a board's `solution.levels`.
pub(crate) const TRIES: u32 = 20;
/// A square by name, `a1` … `h8` (schema only).
pub(crate) struct SquareName;

impl JsonSchema for SquareName {
    fn schema_name() -> Cow<'static, str> {
        "Square".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A square by name: column a–h, row 1–8 (row 1 at the top).",
            "type": "string",
            "pattern": SQUARE_PATTERN
        })
    }
}

/// A move by name: a square, or `pass` (schema only).
pub(crate) struct MoveName;

impl JsonSchema for MoveName {
    fn schema_name() -> Cow<'static, str> {
        "Move".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A move: a square by name, or `pass`.",
            "type": "string",
            "pattern": MOVE_PATTERN
        })
    }
}

/// A player by name (schema only).
pub(crate) struct PlayerName;

impl JsonSchema for PlayerName {
    fn schema_name() -> Cow<'static, str> {
        "Player".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = engine::PlayerKind::ALL.iter().map(|k| k.name()).collect();
        json_schema!({
            "description": "A player: the bots and the game's five levels.",
            "type": "string",
            "enum": names
        })
    }
}

/// A theme by name (schema only).
pub(crate) struct ThemeName;

impl JsonSchema for ThemeName {
    fn schema_name() -> Cow<'static, str> {
        "Theme".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = crate::Theme::ALL.iter().map(|t| t.name()).collect();
        json_schema!({
            "description": "A board's theme (docs/puzzles.md#themes).",
            "type": "string",
            "enum": names
        })
    }
}
