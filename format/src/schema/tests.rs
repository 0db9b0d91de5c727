use super::typescript::is_union;
use super::*;
use crate::shape::{BOARD, DATE, ID, MOVE_PATTERN, SQUARE_PATTERN};
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
fn a_release_ties_sizes_to_sets_and_weekdays_and_closes_every_object() {
    // docs/puzzles.md#the-sets: Endgame 8, 10, 12; a Daily day Mon–Wed 6, 8, 10, Thu–Sun 8, 10, 12.
    let endgame = endgame_schema();
    assert_eq!(endgame["properties"]["boards"]["items"]["$ref"], "#/$defs/BoardRecord");
    assert_eq!(endgame["properties"]["boards"]["items"]["properties"]["empties"]["enum"], json!([8, 10, 12]));
    let (game_endgame, game_daily) = game_schemas();
    assert_eq!(game_endgame["properties"]["boards"]["items"]["$ref"], "#/$defs/GameBoard");
    assert_eq!(game_endgame["properties"]["boards"]["items"]["properties"]["empties"]["enum"], json!([8, 10, 12]));
    let day = &daily_schema()["$defs"]["DayEntry"];
    assert_eq!(day["if"]["properties"]["weekday"]["enum"], json!(["Mon", "Tue", "Wed"]));
    let sizes = |branch: &Value| -> Vec<Value> {
        let places = branch["properties"]["boards"]["prefixItems"].as_array().unwrap();
        places.iter().map(|p| p["properties"]["empties"]["const"].clone()).collect()
    };
    assert_eq!(sizes(&day["then"]), [json!(6), json!(8), json!(10)]);
    assert_eq!(sizes(&day["else"]), [json!(8), json!(10), json!(12)]);
    let trio = &game_daily["properties"]["days"]["items"];
    assert_eq!(trio["items"], json!(false), "every place is a prefix item");
    let places: Vec<(Value, Value)> = trio["prefixItems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["$ref"].clone(), p["properties"]["empties"]["enum"].clone()))
        .collect();
    let board = json!("#/$defs/GameBoard");
    assert_eq!(places, [(board.clone(), json!([6, 8])), (board.clone(), json!([8, 10])), (board, json!([10, 12]))]);
    // Closed objects, the format 4 fields that the Rust types read as optional, no null.
    for schema in [&endgame, &daily_schema(), &game_endgame, &game_daily, &levels_schema()] {
        assert_eq!(schema["additionalProperties"], json!(false), "{}", schema["title"]);
    }
    assert_eq!(endgame["$defs"]["BoardRecord"]["properties"]["solution"]["$ref"], "#/$defs/Solution");
    assert!(endgame["$defs"]["BoardRecord"]["required"].as_array().unwrap().contains(&json!("solution")));
    for schema in [&endgame, &daily_schema()] {
        assert!(schema["required"].as_array().unwrap().contains(&json!("levels_sha256")));
        assert_eq!(schema["properties"]["levels_sha256"]["type"], "string");
    }
    assert!(endgame["$defs"]["BoardRecord"]["required"].as_array().unwrap().contains(&json!("themes")));
    assert_eq!(endgame["$defs"]["BoardRecord"]["properties"]["themes"]["type"], "array");
    assert_eq!(game_daily["required"], json!(["format", "levels_sha256", "themes", "epoch", "cycle_days", "days"]));
}

#[test]
fn every_object_with_properties_is_closed_even_inside_an_array() {
    let given = json!({
        "properties": { "a": { "anyOf": [{ "properties": { "b": {} } }, { "type": "null" }] } },
        "$defs": { "D": { "properties": {}, "additionalProperties": true } }
    });
    let closed = meaning(given, Shape::Levels);
    assert_eq!(closed["additionalProperties"], json!(false));
    assert_eq!(closed["properties"]["a"]["anyOf"][0]["additionalProperties"], json!(false));
    assert_eq!(closed["properties"]["a"]["anyOf"][1], json!({ "type": "null" }), "no properties, left open");
    assert_eq!(closed["$defs"]["D"]["additionalProperties"], json!(true), "a schema's own choice stays");
}

#[test]
fn always_requires_a_field_and_drops_its_null() {
    let mut s = json!({
        "required": ["a"],
        "properties": {
            "b": { "type": ["string", "null"] },
            "c": { "anyOf": [{ "$ref": "#/$defs/C" }, { "type": "null" }], "description": "A c." },
            "d": { "type": ["string", "integer", "null"] }
        }
    });
    for f in ["b", "c", "d"] {
        always(&mut s, f);
    }
    assert_eq!(
        s,
        json!({
            "required": ["a", "b", "c", "d"],
            "properties": {
                "b": { "type": "string" },
                "c": { "$ref": "#/$defs/C", "description": "A c." },
                "d": { "type": ["string", "integer"] }
            }
        })
    );
}

#[test]
fn patterns_and_small_ranges_become_exact_types() {
    let schema = json!({
        "title": "T",
        "type": "object",
        "properties": {
            "sq": { "type": "string", "pattern": SQUARE_PATTERN },
            "mv": { "type": "string", "pattern": MOVE_PATTERN },
            "id": { "type": "string", "pattern": ID },
            "date": { "type": "string", "pattern": DATE },
            "board": { "type": "string", "pattern": BOARD },
            "tier": { "type": "integer", "minimum": 1, "maximum": 5 },
            "eight": { "type": "integer", "minimum": -3, "maximum": 4 },
            "nine": { "type": "integer", "minimum": 0, "maximum": 8 },
            "sizes": { "type": "integer", "minimum": 10, "maximum": 12 },
            "open": { "type": "integer", "minimum": 1 },
            "float": { "type": "number", "minimum": 0, "maximum": 1 }
        },
        "required": ["sq", "mv", "id", "date", "board", "tier", "eight", "nine", "sizes", "open", "float"]
    });
    let ts = typescript(&[&schema]);
    let square = r#"`${"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`"#;
    let want = [
        format!("  sq: {square};"),
        format!(r#"  mv: {square} | "pass";"#),
        r#"  id: `e${"06" | "08" | "10" | "12"}-${string}`;"#.to_string(),
        "  date: `${number}-${number}-${number}`;".to_string(),
        "  board: string;".to_string(),
        "  tier: 1 | 2 | 3 | 4 | 5;".to_string(),
        "  eight: -3 | -2 | -1 | 0 | 1 | 2 | 3 | 4;".to_string(),
        "  nine: number;".to_string(),
        "  sizes: 10 | 11 | 12;".to_string(),
        "  open: number;".to_string(),
        "  float: number;".to_string(),
    ];
    for line in want {
        assert!(ts.contains(&format!("{line}\n")), "{line}\n{ts}");
    }
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
            "levels.schema.json",
            "discflip-data.d.ts"
        ]
    );
    let (game_endgame, game_daily) = game_schemas();
    let want = [endgame_schema(), daily_schema(), game_endgame, game_daily, levels_schema()];
    for ((_, bytes), want) in files.iter().zip(want) {
        assert!(bytes.ends_with(b"}\n"));
        assert_eq!(serde_json::from_slice::<Value>(bytes).unwrap(), want);
    }
    let ts = String::from_utf8(files[5].1.clone()).unwrap();
    for interface in ["EndgameFile", "DailyFile", "GameEndgameFile", "GameDailyFile", "BoardRecord", "LevelsFile"] {
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
fn integers_carry_ranges_and_no_schema_has_a_format_but_date() {
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
    // The dates (the epoch; kept days' `through`) are JSON Schema's own `date`.
    for (schema, dates) in
        [(endgame_schema(), 0), (daily_schema(), 2), (game_endgame, 0), (game_daily, 1), (levels_schema(), 0)]
    {
        let mut found = Vec::new();
        formats(&schema, &mut found);
        assert_eq!(found, vec!["date".to_string(); dates], "{}", schema["title"]);
    }
    let record = &endgame_schema()["$defs"]["BoardRecord"]["properties"];
    assert_eq!((&record["empties"]["minimum"], &record["empties"]["maximum"]), (&json!(6), &json!(12)));
    assert_eq!((&record["par"]["minimum"], &record["par"]["maximum"]), (&json!(1), &json!(64)));
    let display = &endgame_schema()["$defs"]["Display"]["properties"];
    assert_eq!((&display["dark_discs"]["minimum"], &display["dark_discs"]["maximum"]), (&json!(1), &json!(63)));
    assert_eq!(levels_schema()["properties"]["reply_limit"]["maximum"], json!(100_000_000));
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
