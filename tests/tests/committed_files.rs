//! Committed files that the code writes, checked against the code:
//! `docs/schema/` is what the wire types generate today (a field renamed,
//! added or retyped in Rust fails here until `discflip schema` writes the new
//! schema and types, and the game's code sees the change), and the shipped
//! `data/levels.json` is the game's settings in the written layout
//! (docs/formats.md#datalevelsjson).

use discflip_e2e::workspace_root;
use engine::Levels;
use format::LevelsFile;

#[test]
fn committed_schemas_and_types_match_the_wire_types() {
    let dir = workspace_root().join("docs/schema");
    for (name, want) in format::schema_files() {
        let path = dir.join(&name);
        let got = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            got == want,
            "{} differs from what the wire types generate: run `cargo run --release -p discflip -- schema` \
             and commit docs/schema/",
            path.display()
        );
    }
}

#[test]
fn every_field_of_a_shipped_record_is_in_the_schema() {
    // The schema's properties name exactly the keys the writer produces: a
    // record serialized from the wire types has no key the schema lacks.
    let schema = format::endgame_schema();
    let data = workspace_root().join("data/endgame.json");
    let file: serde_json::Value = serde_json::from_slice(&std::fs::read(&data).unwrap()).unwrap();
    let record = &file["boards"][0];
    let props = schema["$defs"]["BoardRecord"]["properties"].as_object().unwrap();
    for key in record.as_object().unwrap().keys() {
        assert!(props.contains_key(key), "{key} is not in the schema");
    }
    for key in file.as_object().unwrap().keys() {
        assert!(schema["properties"].as_object().unwrap().contains_key(key), "{key} is not in the schema");
    }
}

#[test]
fn the_shipped_levels_file_holds_the_game_settings() {
    let shipped = LevelsFile::read(&workspace_root().join("data/levels.json")).expect("data/levels.json reads");
    assert_eq!(shipped.levels, Levels::GAME, "data/levels.json and Levels::GAME differ");
    assert_eq!(shipped.bytes, LevelsFile::game().bytes, "data/levels.json is not in the written layout");
}

/// docs/verification.md#data-and-reports: the shipped calibration study names the shipped levels
/// file and ladder; with one level setting changed it describes other players and is refused.
#[test]
fn the_shipped_calibration_is_refused_once_a_level_setting_changes() {
    let root = workspace_root();
    let scratch = tempfile::tempdir().unwrap();
    let (data, reports) = (scratch.path().join("data"), scratch.path().join("reports"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&reports).unwrap();
    for f in ["calibration.csv", "calibration_summary.csv", "ladder_games.csv"] {
        std::fs::copy(root.join("reports").join(f), reports.join(f)).unwrap();
    }
    let levels = std::fs::read_to_string(root.join("data/levels.json")).unwrap();
    let failures = |levels: &str| {
        std::fs::write(data.join("levels.json"), levels).unwrap();
        let mut report = verifier::report::Report::default();
        verifier::calibration::check_calibration(&data, &reports, &mut report).unwrap();
        report.failures.iter().map(|f| f.to_string()).collect::<Vec<_>>()
    };
    assert_eq!(failures(&levels), Vec::<String>::new());
    let deeper = levels.replace(r#""level3": { "depth": 2,"#, r#""level3": { "depth": 3,"#);
    assert_ne!(deeper, levels, "data/levels.json sets level3.depth 2");
    let changed = LevelsFile::parse("levels.json".as_ref(), deeper.clone().into_bytes()).expect("a valid levels file");
    assert_eq!(changed.levels.level3.depth, 3);
    let (shipped, changed) = (LevelsFile::game().sha256, changed.sha256);
    let bad = failures(&deeper);
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad.iter().all(|b| b.contains(&shipped) && b.contains(&changed) && b.contains("other players")), "{bad:?}");
}
