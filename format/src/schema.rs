//! The data files' shape for the game's code (docs/formats.md#schema-and-types):
//! a JSON Schema (draft 2020-12) per JSON data file, generated from the wire
//! types by schemars, and TypeScript declarations generated from those
//! schemas, so the three never disagree. `discflip schema DIR` writes them;
//! a test fails when the committed copies under `docs/schema/` drift.

use crate::files::{DailyFile, EndgameFile};
use crate::game::{GameDailyFile, GameEndgameFile};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt::Write as _;

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
            "pattern": "^[a-h][1-8]$"
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
            "pattern": "^([a-h][1-8]|pass)$"
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

/// The schema of `endgame.json`.
pub fn endgame_schema() -> Value {
    ranges(raw_schemas()[0].clone())
}

/// The schema of `daily.json`.
pub fn daily_schema() -> Value {
    ranges(raw_schemas()[1].clone())
}

/// The schema of a compact game file (`game-endgame.json`, `game-daily.json`).
pub fn game_schemas() -> (Value, Value) {
    let [_, _, endgame, daily] = raw_schemas();
    (ranges(endgame), ranges(daily))
}

/// The four schemas as schemars writes them, with its number formats (which the
/// TypeScript declarations read: a 64-bit integer gets a note).
fn raw_schemas() -> [Value; 4] {
    [
        schemars::schema_for!(EndgameFile).to_value(),
        schemars::schema_for!(DailyFile).to_value(),
        schemars::schema_for!(GameEndgameFile).to_value(),
        schemars::schema_for!(GameDailyFile).to_value(),
    ]
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
    let [endgame, daily, game_endgame, game_daily] = raw.clone().map(ranges);
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
        ("discflip-data.d.ts".to_string(), typescript(&[&raw[0], &raw[1], &raw[2], &raw[3]]).into_bytes()),
    ]
}

/// TypeScript declarations of the schemas' root types and definitions, each
/// written once, in name order.
pub fn typescript(schemas: &[&Value]) -> String {
    let mut types: std::collections::BTreeMap<String, &Value> = std::collections::BTreeMap::new();
    for s in schemas {
        if let Some(title) = s.get("title").and_then(Value::as_str) {
            types.insert(title.to_string(), s);
        }
        if let Some(defs) = s.get("$defs").and_then(Value::as_object) {
            for (name, def) in defs {
                types.insert(name.clone(), def);
            }
        }
    }
    let mut out = String::from(
        "// The Disc Flip data files' types (docs/formats.md#schema-and-types), generated from\n\
         // docs/schema/*.schema.json by `discflip schema`: do not edit.\n",
    );
    for (name, schema) in types {
        out.push('\n');
        doc(&mut out, schema, "");
        if schema.get("type").and_then(Value::as_str) == Some("object") {
            let _ = writeln!(out, "export interface {name} {}", object(schema, ""));
        } else {
            let _ = writeln!(out, "export type {name} = {};", ts_type(schema, ""));
        }
    }
    out
}

/// A schema's description as a doc comment; a 64-bit integer says that
/// JavaScript's `JSON.parse` rounds it above 2^53 (seeds do exceed it).
fn doc(out: &mut String, schema: &Value, indent: &str) {
    let mut d = schema.get("description").and_then(Value::as_str).unwrap_or("").replace("*/", "* /").replace('\n', " ");
    if matches!(schema.get("format").and_then(Value::as_str), Some("uint64" | "int64")) {
        d += " A 64-bit integer: `JSON.parse` rounds values above 2^53.";
    }
    let d = d.trim();
    if !d.is_empty() {
        let _ = writeln!(out, "{indent}/** {d} */");
    }
}

fn object(schema: &Value, indent: &str) -> String {
    let empty = Map::new();
    let props = schema.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map_or(Vec::new(), |r| r.iter().filter_map(Value::as_str).collect());
    let inner = format!("{indent}  ");
    let mut s = String::from("{\n");
    for (key, value) in props {
        doc(&mut s, value, &inner);
        let optional = if required.contains(&key.as_str()) { "" } else { "?" };
        let _ = writeln!(s, "{inner}{key}{optional}: {};", ts_type(value, &inner));
    }
    s + indent + "}"
}

fn ts_type(schema: &Value, indent: &str) -> String {
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        return r.rsplit('/').next().unwrap_or("unknown").to_string();
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array) {
        return e.iter().map(Value::to_string).collect::<Vec<_>>().join(" | ");
    }
    if let Some(c) = schema.get("const") {
        return c.to_string();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(alts) = schema.get(key).and_then(Value::as_array) {
            return alts.iter().map(|a| ts_type(a, indent)).collect::<Vec<_>>().join(" | ");
        }
    }
    match schema.get("type") {
        Some(Value::Array(types)) => types
            .iter()
            .map(|t| {
                let mut one = schema.clone();
                one["type"] = t.clone();
                ts_type(&one, indent)
            })
            .collect::<Vec<_>>()
            .join(" | "),
        Some(Value::String(t)) => match t.as_str() {
            "string" => "string".into(),
            "integer" | "number" => "number".into(),
            "boolean" => "boolean".into(),
            "null" => "null".into(),
            "array" => match schema.get("items") {
                Some(items) => {
                    let t = ts_type(items, indent);
                    if is_union(&t) { format!("({t})[]") } else { format!("{t}[]") }
                }
                None => "unknown[]".into(),
            },
            "object" => object(schema, indent),
            _ => "unknown".into(),
        },
        _ => "unknown".into(),
    }
}

/// Whether a type is a union at its top level (outside brackets).
fn is_union(t: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in t.char_indices() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            '|' if depth == 0 && t[..i].ends_with(' ') => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn types_follow_the_schema() {
        let schema = json!({
            "title": "Root",
            "type": "object",
            "properties": {
                "a": {"type": "integer", "description": "An a."},
                "b": {"type": ["string", "null"]},
                "c": {"type": "array", "items": {"$ref": "#/$defs/Leaf"}},
                "d": {"type": "array", "items": {"type": "array", "items": {"enum": ["x", "y"]}}},
                "e": {"type": "boolean"},
                "f": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": ["string", "null"]}}}},
                "g": {"type": "array", "items": {"type": ["integer", "null"]}}
            },
            "required": ["a", "c", "d", "e", "f", "g"],
            "$defs": {"Leaf": {"type": "string", "pattern": "^l$"}}
        });
        let ts = typescript(&[&schema]);
        assert!(ts.contains("export type Leaf = string;"), "{ts}");
        assert!(ts.contains("export interface Root {\n  /** An a. */\n  a: number;\n  b?: string | null;\n  c: Leaf[];\n  d: (\"x\" | \"y\")[][];\n"), "{ts}");
        // A boolean; an object's union stays inside its braces; a union of items is bracketed.
        assert!(ts.contains("  e: boolean;\n  f: {\n"), "{ts}");
        assert!(ts.contains("    x?: string | null;\n  }[];\n  g: (number | null)[];\n}"), "{ts}");
    }

    #[test]
    fn is_union_looks_only_outside_brackets() {
        for (t, union) in [
            ("a | b", true),
            ("(a | b)[]", false),
            ("{ x: a | b }", false),
            ("[a | b]", false),
            ("(a)[] | b", true),
            ("{ x: a }[] | b", true),
            ("a|b", false),
        ] {
            assert_eq!(is_union(t), union, "{t}");
        }
    }

    #[test]
    fn the_written_files_are_every_schema_and_the_declarations() {
        let files = schema_files();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "endgame.schema.json",
                "daily.schema.json",
                "game-endgame.schema.json",
                "game-daily.schema.json",
                "discflip-data.d.ts"
            ]
        );
        let (game_endgame, game_daily) = game_schemas();
        for ((_, bytes), want) in files.iter().zip([endgame_schema(), daily_schema(), game_endgame, game_daily]) {
            assert!(bytes.ends_with(b"}\n"));
            assert_eq!(serde_json::from_slice::<Value>(bytes).unwrap(), want);
        }
        let ts = String::from_utf8(files[4].1.clone()).unwrap();
        for interface in ["EndgameFile", "DailyFile", "GameEndgameFile", "GameDailyFile", "BoardRecord"] {
            assert!(ts.contains(&format!("export interface {interface} {{")), "{interface}");
        }
        assert!(daily_schema()["required"].as_array().unwrap().contains(&json!("days")));
        let (e, d) = game_schemas();
        assert!(e["properties"]["boards"].is_object() && d["properties"]["days"].is_object());
    }

    #[test]
    fn the_records_fields_are_typed_by_name() {
        let schema = endgame_schema();
        let defs = &schema["$defs"];
        assert_eq!(defs["Square"]["pattern"], "^[a-h][1-8]$");
        assert_eq!(defs["MoveRecord"]["properties"]["reply"]["$ref"], "#/$defs/Move");
        assert_eq!(defs["Tries"]["properties"]["player"]["$ref"], "#/$defs/Player");
        assert_eq!(defs["Move"]["pattern"], "^([a-h][1-8]|pass)$");
        let players: Vec<&str> = engine::PlayerKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(defs["Player"]["enum"], json!(players));
        assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
        let required = schema["required"].as_array().unwrap();
        for field in ["format", "generator", "seed", "boards"] {
            assert!(required.contains(&json!(field)), "{field}");
        }
    }

    #[test]
    fn integers_carry_ranges_and_no_schema_has_a_format_of_its_own() {
        // docs/formats.md#schema-and-types: a strict validator knows every keyword and format.
        fn formats(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(o) => {
                    if let Some(Value::String(f)) = o.get("format") {
                        out.push(f.clone());
                    }
                    o.values().for_each(|x| formats(x, out));
                }
                Value::Array(a) => a.iter().for_each(|x| formats(x, out)),
                _ => {}
            }
        }
        let (game_endgame, game_daily) = game_schemas();
        for schema in [endgame_schema(), daily_schema(), game_endgame, game_daily] {
            let mut found = Vec::new();
            formats(&schema, &mut found);
            assert_eq!(found, Vec::<String>::new(), "{}", schema["title"]);
        }
        let record = &endgame_schema()["$defs"]["BoardRecord"]["properties"];
        assert_eq!((&record["empties"]["minimum"], &record["empties"]["maximum"]), (&json!(0), &json!(u32::MAX)));
        assert_eq!((&record["par"]["minimum"], &record["par"]["maximum"]), (&json!(i32::MIN), &json!(i32::MAX)));
        // Each of schemars' integer formats, two inside an array (anyOf), a float, a standard format.
        let int = |f: &str| json!({ "type": "integer", "format": f });
        let range = |min: Value, max: Value| json!({ "type": "integer", "minimum": min, "maximum": max });
        let given = json!({
            "anyOf": [int("uint8"), int("uint16")],
            "b": int("uint32"), "c": int("uint64"), "d": int("uint"), "e": int("int32"), "f": int("int64"), "g": int("int"),
            "h": { "type": "number", "format": "double" }, "i": { "type": "string", "format": "date" }
        });
        let want = json!({
            "anyOf": [range(0.into(), 255.into()), range(0.into(), 65535.into())],
            "b": range(0.into(), u32::MAX.into()), "c": range(0.into(), u64::MAX.into()), "d": range(0.into(), u64::MAX.into()),
            "e": range(i32::MIN.into(), i32::MAX.into()), "f": range(i64::MIN.into(), i64::MAX.into()), "g": range(i64::MIN.into(), i64::MAX.into()),
            "h": { "type": "number" }, "i": { "type": "string", "format": "date" }
        });
        assert_eq!(ranges(given), want, "integers get their ranges, a float loses its format, a standard format stays");
        // A minimum schemars wrote stays.
        assert_eq!(ranges(json!({ "format": "uint32", "minimum": 1 }))["minimum"], 1);
    }
}
