//! TypeScript declarations generated from the schemas (docs/formats.md#schema-and-types).

use crate::shape::{DATE, ID, MOVE_PATTERN, SQUARE_PATTERN};
use serde_json::{Map, Value};
use std::fmt::Write as _;

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
            "string" => string_type(schema),
            "integer" => small_range(schema).unwrap_or_else(|| "number".into()),
            "number" => "number".into(),
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

/// A square as a template-literal type: a file `a`–`h`, then a rank 1–8.
const SQUARE: &str = r#"`${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`"#;

/// A string schema's type: a template literal for the patterns TypeScript can say (exactly
/// for squares, moves and ids' sizes, as a shape for dates: `${number}` takes more than
/// digits), else `string`.
fn string_type(schema: &Value) -> String {
    match schema.get("pattern").and_then(Value::as_str) {
        Some(SQUARE_PATTERN) => SQUARE.into(),
        Some(MOVE_PATTERN) => format!(r#"{SQUARE} | "pass""#),
        Some(ID) => r#"`e${"06" | "08" | "10" | "12"}-${string}`"#.into(),
        Some(DATE) => "`${number}-${number}-${number}`".into(),
        _ => "string".into(),
    }
}

/// An integer range of at most 8 values as the union of its values (`1 | 2 | 3 | 4 | 5`).
fn small_range(schema: &Value) -> Option<String> {
    let (min, max) = (schema.get("minimum")?.as_i64()?, schema.get("maximum")?.as_i64()?);
    (min <= max && max - min < 8).then(|| (min..=max).map(|v| v.to_string()).collect::<Vec<_>>().join(" | "))
}

/// Whether a type is a union at its top level (outside brackets).
pub(super) fn is_union(t: &str) -> bool {
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
