//! The data files' shape for the game's code (docs/formats.md#schema-and-types):
//! a JSON Schema (draft 2020-12) per JSON data file, generated from the wire
//! types by schemars, and TypeScript declarations generated from those
//! schemas, so the three never disagree. `discflip schema DIR` writes them;
//! a test fails when the committed copies under `docs/schema/` drift.
//!
//! A field's own meaning (a pattern, a range, a length) is written on the
//! field; what ties fields of a release together (the sets' sizes, a Daily
//! day's sizes by weekday, closed objects) is added here by [`meaning`].

use crate::files::{DailyFile, EndgameFile};
use crate::game::{GameDailyFile, GameEndgameFile};
use crate::levels::Wire as LevelsWire;
use serde_json::{Value, json};

#[cfg(test)]
mod tests;
mod typescript;

pub use typescript::typescript;

/// The Endgame set's sizes (docs/puzzles.md#the-sets).
const ENDGAME_EMPTIES: [u32; 3] = [8, 10, 12];
/// A Daily day's three sizes: Monday to Wednesday, then Thursday to Sunday (docs/puzzles.md#the-sets).
const DAILY_EMPTIES: [(&[&str], [u32; 3]); 2] =
    [(&["Mon", "Tue", "Wed"], [6, 8, 10]), (&["Thu", "Fri", "Sat", "Sun"], [8, 10, 12])];

/// The schema of `endgame.json`.
pub fn endgame_schema() -> Value {
    schemas()[0].clone()
}

/// The schema of `daily.json`.
pub fn daily_schema() -> Value {
    schemas()[1].clone()
}

/// The schema of a compact game file (`game-endgame.json`, `game-daily.json`).
pub fn game_schemas() -> (Value, Value) {
    let [_, _, endgame, daily, _] = schemas();
    (endgame, daily)
}

/// The schema of `levels.json`.
pub fn levels_schema() -> Value {
    schemas()[4].clone()
}

/// The five schemas as the files are: [`meaning`] and [`ranges`] applied.
fn schemas() -> [Value; 5] {
    let [endgame, daily, game_endgame, game_daily, levels] = raw_schemas();
    [
        meaning(endgame, Shape::Endgame),
        meaning(daily, Shape::Daily),
        meaning(game_endgame, Shape::GameEndgame),
        meaning(game_daily, Shape::GameDaily),
        meaning(levels, Shape::Levels),
    ]
    .map(ranges)
}

/// The five schemas as schemars writes them, with its number formats (which the
/// TypeScript declarations read: a 64-bit integer gets a note).
fn raw_schemas() -> [Value; 5] {
    [
        schemars::schema_for!(EndgameFile).to_value(),
        schemars::schema_for!(DailyFile).to_value(),
        schemars::schema_for!(GameEndgameFile).to_value(),
        schemars::schema_for!(GameDailyFile).to_value(),
        schemars::schema_for!(LevelsWire).to_value(),
    ]
}

/// Which file a schema is of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    Endgame,
    Daily,
    GameEndgame,
    GameDaily,
    Levels,
}

/// The object `schema` with `field` required and not null.
fn always(schema: &mut Value, field: &str) {
    if let Some(Value::Array(required)) = schema.get_mut("required") {
        required.push(json!(field));
    }
    let property = &mut schema["properties"][field];
    if let Some(Value::Array(types)) = property.get_mut("type") {
        types.retain(|t| t != "null");
        if let [one] = types.as_slice() {
            property["type"] = one.clone();
        }
    }
    if let Some(Value::Array(alternatives)) = property.get_mut("anyOf") {
        alternatives.retain(|a| a.get("type").and_then(Value::as_str) != Some("null"));
        if let [one] = alternatives.as_slice() {
            let one = one.clone();
            let o = property.as_object_mut().expect("a property is an object");
            o.remove("anyOf");
            o.extend(one.as_object().expect("an alternative is an object").clone());
        }
    }
}

/// `schema` with what ties a release's fields together: every object closed
/// (`additionalProperties: false`: every format is closed), the Endgame
/// boards' sizes, and a Daily day's three sizes by weekday group (in the game
/// file, which has no weekdays, each place's two possible sizes).
fn meaning(mut schema: Value, shape: Shape) -> Value {
    fn close(v: &mut Value) {
        match v {
            Value::Object(o) => {
                if o.contains_key("properties") {
                    o.entry("additionalProperties").or_insert(Value::Bool(false));
                }
                o.values_mut().for_each(close);
            }
            Value::Array(a) => a.iter_mut().for_each(close),
            _ => {}
        }
    }
    close(&mut schema);
    let sized =
        |r: &str, sizes: Value| json!({ "$ref": r, "type": "object", "properties": { "empties": { "enum": sizes } } });
    let trio = |sizes: [Value; 3]| {
        Value::Array(sizes.into_iter().map(|s| json!({ "type": "object", "properties": { "empties": s } })).collect())
    };
    let one = |sizes: [u32; 3]| trio(sizes.map(|e| json!({ "const": e })));
    if matches!(shape, Shape::Endgame | Shape::Daily) {
        // Fields the Rust types read as optional (format 2 had no header hash; a board
        // being made has no solution) that a format 4 file always has.
        always(&mut schema, "levels_sha256");
        always(&mut schema["$defs"]["BoardRecord"], "solution");
        always(&mut schema["$defs"]["BoardRecord"], "themes");
    }
    match shape {
        Shape::Endgame => {
            schema["properties"]["boards"]["items"] = sized("#/$defs/BoardRecord", json!(ENDGAME_EMPTIES));
        }
        Shape::GameEndgame => {
            schema["properties"]["boards"]["items"] = sized("#/$defs/GameBoard", json!(ENDGAME_EMPTIES));
        }
        Shape::Daily => {
            let [(early, early_sizes), (_, late_sizes)] = DAILY_EMPTIES;
            let day = &mut schema["$defs"]["DayEntry"];
            day["if"] = json!({ "type": "object", "properties": { "weekday": { "enum": early } } });
            day["then"] = json!({ "type": "object", "properties": { "boards": { "type": "array", "minItems": 3, "maxItems": 3, "prefixItems": one(early_sizes) } } });
            day["else"] = json!({ "type": "object", "properties": { "boards": { "type": "array", "minItems": 3, "maxItems": 3, "prefixItems": one(late_sizes) } } });
        }
        Shape::GameDaily => {
            let [(_, a), (_, b)] = DAILY_EMPTIES;
            let either = |i: usize| json!([a[i], b[i]]);
            // `items` would apply only past `prefixItems`: each place names the board type itself.
            let trio = schema["properties"]["days"]["items"].as_object_mut().expect("a day is an array schema");
            let places = (0..3).map(|i| sized("#/$defs/GameBoard", either(i))).collect();
            trio.insert("prefixItems".into(), Value::Array(places));
            trio.insert("items".into(), Value::Bool(false));
        }
        Shape::Levels => {}
    }
    schema
}

/// `schema` with schemars' number formats (`uint32`, `int64`, `double` …), which are not JSON
/// Schema's and which a strict validator refuses, replaced by what they mean: an integer's
/// range as `minimum` and `maximum` (docs/formats.md#schema-and-types).
fn ranges(mut schema: Value) -> Value {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(o) => {
                if let Some(Value::String(f)) = o.get("format") {
                    let range: Option<(Value, Value)> = match f.as_str() {
                        "uint8" => Some((0.into(), u8::MAX.into())),
                        "uint16" => Some((0.into(), u16::MAX.into())),
                        "uint32" => Some((0.into(), u32::MAX.into())),
                        "uint64" | "uint" => Some((0.into(), u64::MAX.into())),
                        "int32" => Some((i32::MIN.into(), i32::MAX.into())),
                        "int64" | "int" => Some((i64::MIN.into(), i64::MAX.into())),
                        _ => None,
                    };
                    let numeric = matches!(f.as_str(), "double" | "float") || range.is_some();
                    if numeric {
                        o.remove("format");
                    }
                    if let Some((min, max)) = range {
                        o.entry("minimum").or_insert(min);
                        o.entry("maximum").or_insert(max);
                    }
                }
                o.values_mut().for_each(walk);
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut schema);
    schema
}

/// The files `discflip schema` writes, name and bytes: the schema of every
/// JSON data file and the TypeScript declarations of them all.
pub fn schema_files() -> Vec<(String, Vec<u8>)> {
    let raw = raw_schemas();
    let [endgame, daily, game_endgame, game_daily, levels] = schemas();
    let pretty = |v: &Value| {
        let mut s = serde_json::to_string_pretty(v).expect("a schema is JSON");
        s.push('\n');
        s.into_bytes()
    };
    vec![
        ("endgame.schema.json".to_string(), pretty(&endgame)),
        ("daily.schema.json".to_string(), pretty(&daily)),
        ("game-endgame.schema.json".to_string(), pretty(&game_endgame)),
        ("game-daily.schema.json".to_string(), pretty(&game_daily)),
        ("levels.schema.json".to_string(), pretty(&levels)),
        ("discflip-data.d.ts".to_string(), typescript(&[&raw[0], &raw[1], &raw[2], &raw[3], &raw[4]]).into_bytes()),
    ]
}
