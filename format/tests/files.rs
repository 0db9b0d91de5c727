//! The data files through the wire types (docs/formats.md): a small data directory of the
//! format's own (`tests/data/`: two Endgame boards, two Daily days, in the layout a release
//! writes) reads, writes back byte for byte, and yields what the readers of the records ask of
//! it; reading names the directory or file that fails.

use engine::Square;
use format::{DataDir, FormatError, GameBoard, Set, game_files, read_with_bytes, to_json, to_min_json};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo")).join("tests/data")
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

#[test]
fn the_sets_name_their_files() {
    assert_eq!(Set::Endgame.file_name(), "endgame.json");
    assert_eq!(Set::Daily.file_name(), "daily.json");
    assert_eq!((Set::Endgame.to_string(), Set::Daily.to_string()), ("endgame".into(), "daily".into()));
}

#[test]
fn a_data_directory_reads_and_writes_back_byte_for_byte() {
    let dir = data();
    let files = DataDir::load(&dir).expect("the test data");
    assert_eq!(files.endgame.boards.len(), 2);
    for (set, bytes) in [(Set::Endgame, to_json(&files.endgame)), (Set::Daily, to_json(&files.daily))] {
        let (_, read): (serde_json::Value, Vec<u8>) = read_with_bytes(&dir, set.file_name()).unwrap();
        assert!(bytes == read, "{set}: to_json writes the file as read");
    }
}

#[test]
fn records_read_with_their_moves_lines_and_passes() {
    let files = DataDir::load(&data()).expect("the test data");
    let r = &files.endgame.boards[0];
    assert_eq!((r.id.as_str(), r.par, r.par_move), ("e08-d1b5e442974a", 4, sq("e2")));
    assert_eq!(r.moves.len(), 8);
    assert_eq!((r.moves[0].square, r.moves[0].reply, r.moves[1].reply), (sq("e2"), None, Some(sq("e2"))));
    assert_eq!((r.biggest_flip.as_slice(), r.level2.as_slice()), ([sq("a6")].as_slice(), [sq("g2")].as_slice()));
    let solution = r.solution.as_ref().expect("a solution");
    let first = &solution.lines[0];
    assert_eq!((first[0], first[1], first[2]), (Some(sq("e2")), None, Some(sq("h2"))), "e2 pass h2");
    assert_eq!(solution.lists_every_line(), solution.lines.len() as u64 == solution.line_count);
    let roles = |s: &str| r.roles(sq(s));
    assert!(roles("e2").par && !roles("e2").biggest_flip && !roles("e2").level2);
    assert!(!roles("a6").par && roles("a6").biggest_flip && !roles("a6").level2);
    assert!(!roles("g2").par && !roles("g2").biggest_flip && roles("g2").level2);
    assert_eq!(roles("h7"), format::MoveRoles::default());
}

#[test]
fn a_solution_lists_every_line_only_when_it_holds_the_count() {
    let files = DataDir::load(&data()).expect("the test data");
    let mut solution = files.endgame.boards[0].solution.clone().expect("a solution");
    solution.line_count = solution.lines.len() as u64;
    assert!(solution.lists_every_line());
    solution.line_count += 1;
    assert!(!solution.lists_every_line());
}

#[test]
fn daily_boards_come_with_their_day_in_file_order() {
    let files = DataDir::load(&data()).expect("the test data");
    let got: Vec<(usize, &str)> = files.daily.boards().map(|(d, b)| (d.day, b.id.as_str())).collect();
    // The same pairs read from the raw JSON, without the wire types.
    let raw: serde_json::Value = serde_json::from_slice(&std::fs::read(data().join("daily.json")).unwrap()).unwrap();
    let want: Vec<(usize, String)> = raw["days"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| {
            d["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |b| (d["day"].as_u64().unwrap() as usize, b["id"].as_str().unwrap().to_string()))
        })
        .collect();
    assert_eq!(got.len(), 6);
    assert!(got.iter().zip(&want).all(|(g, w)| g.0 == w.0 && g.1 == w.1), "{got:?} {want:?}");
    assert_eq!((got[0].0, got[5].0), (0, 1));
}

#[test]
fn the_game_files_hold_every_solved_board_minified() {
    let files = DataDir::load(&data()).expect("the test data");
    let (endgame, daily) = game_files(&files.endgame, &files.daily);
    assert_eq!((endgame.boards.len(), daily.days.len(), daily.days[0].len()), (2, 2, 3));
    let first = &files.endgame.boards[0];
    let game = GameBoard::of(first).expect("a solved board");
    assert_eq!(
        (game.id.as_str(), game.par_move, game.tier),
        (first.id.as_str(), first.par_move, first.solution.as_ref().unwrap().tier)
    );
    assert_eq!(&game.themes, first.themes.as_ref().unwrap());
    let mut unsolved = first.clone();
    unsolved.solution = None;
    assert_eq!(GameBoard::of(&unsolved), None);
    let mut untaught = first.clone();
    untaught.themes = None;
    assert_eq!(GameBoard::of(&untaught), None);
    // Both files carry every theme with its tip, in the boards' order (docs/puzzles.md#themes).
    for table in [&endgame.themes, &daily.themes] {
        let names: Vec<&str> = table.iter().map(|t| t.name.name()).collect();
        assert_eq!(names, format::Theme::ALL.map(|t| t.name()));
        assert_eq!(table[0].tip.as_deref(), Some("Take the corners."));
        assert_eq!(table[8].tip, None, "wipeout has no tip");
    }
    let bytes = to_min_json(&endgame);
    assert!(bytes.ends_with(b"}\n") && bytes.iter().filter(|&&b| b == b'\n').count() == 1, "one line");
    assert!(bytes.starts_with(b"{\"format\":"), "minified");
    let back: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(back["boards"][1]["id"], files.endgame.boards[1].id.as_str());
}

#[test]
fn reading_names_the_missing_directory_or_file_and_the_malformed_one() {
    let scratch = std::env::temp_dir().join(format!("discflip-format-test-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let missing_dir = scratch.join("no-such-dir");
    match read_with_bytes::<serde_json::Value>(&missing_dir, "endgame.json") {
        Err(FormatError::Io { file, .. }) => assert_eq!(file, missing_dir),
        other => panic!("{other:?}"),
    }
    match read_with_bytes::<serde_json::Value>(&scratch, "endgame.json") {
        Err(e @ FormatError::Io { .. }) => assert!(e.to_string().contains("endgame.json: cannot read"), "{e}"),
        other => panic!("{other:?}"),
    }
    std::fs::write(scratch.join("daily.json"), "{\"format\": 3,").unwrap();
    match read_with_bytes::<serde_json::Value>(&scratch, "daily.json") {
        Err(e @ FormatError::Json { .. }) => assert!(e.to_string().contains("daily.json: malformed"), "{e}"),
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&scratch).unwrap();
}

/// Every object of the current format refuses a field it does not name, as
/// its schema does (docs/formats.md#schema-and-types): at the top of each
/// file (beside the flattened header too), in a day, a board, a move, its
/// solution and tries, display and provenance, and in the game files.
#[test]
fn an_unknown_field_is_refused_in_every_object() {
    use format::{DailyFile, EndgameFile, GameDailyFile, GameEndgameFile};
    use serde_json::{Value, json};
    let dir = data();
    let (endgame, _): (Value, _) = read_with_bytes(&dir, "endgame.json").unwrap();
    let (daily, _): (Value, _) = read_with_bytes(&dir, "daily.json").unwrap();
    let files = DataDir::load(&dir).unwrap();
    let (game_endgame, game_daily) = game_files(&files.endgame, &files.daily);
    let (game_endgame, game_daily) =
        (serde_json::to_value(game_endgame).unwrap(), serde_json::to_value(game_daily).unwrap());
    let mut kept = daily.clone();
    kept["kept_days"] = json!({ "through_day": 1, "through": "2025-01-07", "from_generator": "discflip 0.1.0",
        "from_seed": 1, "from_daily_sha256": "0".repeat(64) });
    let refuses = |file: &Value, at: &str, parse: &dyn Fn(Value) -> Result<(), serde_json::Error>| {
        parse(file.clone()).unwrap_or_else(|e| panic!("{at}: the file as it is: {e}"));
        let mut changed = file.clone();
        changed
            .pointer_mut(at)
            .unwrap_or_else(|| panic!("{at}"))
            .as_object_mut()
            .unwrap()
            .insert("extra".into(), json!(1));
        let e = parse(changed).expect_err(at);
        assert!(e.to_string().contains("unknown field `extra`"), "{at}: {e}");
    };
    let endgame_file = |v| serde_json::from_value::<EndgameFile>(v).map(drop);
    for at in [
        "",
        "/boards/0",
        "/boards/0/moves/0",
        "/boards/0/display",
        "/boards/0/provenance",
        "/boards/0/solution",
        "/boards/0/solution/levels/0",
    ] {
        refuses(&endgame, at, &endgame_file);
    }
    let daily_file = |v| serde_json::from_value::<DailyFile>(v).map(drop);
    for at in ["", "/days/0", "/days/0/boards/2"] {
        refuses(&daily, at, &daily_file);
    }
    refuses(&kept, "/kept_days", &daily_file);
    let game_endgame_file = |v| serde_json::from_value::<GameEndgameFile>(v).map(drop);
    for at in ["", "/boards/0", "/themes/0"] {
        refuses(&game_endgame, at, &game_endgame_file);
    }
    refuses(&game_daily, "", &|v| serde_json::from_value::<GameDailyFile>(v).map(drop));
}
