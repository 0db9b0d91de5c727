//! The levels file (docs/formats.md#datalevelsjson): the written layout
//! reads back, and every bad file names its key and line. (That the shipped
//! file is the game's settings is the end-to-end crate's `committed_files.rs`.)

use engine::{Levels, Mobility};
use format::{LevelsFile, key_line, to_text};
use std::path::Path;

fn parse(text: &str) -> Result<LevelsFile, format::LevelsFileError> {
    LevelsFile::parse(Path::new("levels.json"), text.as_bytes().to_vec())
}

#[test]
fn the_written_layout_reads_back() {
    let mut levels = Levels::GAME;
    levels.level2.wobble_low = -2.0;
    levels.level2.wobble_high = 2.0;
    levels.level2.mobility = Mobility::Own;
    levels.level2.mobility_hundredths = 7;
    levels.level1.random = 3;
    levels.squares.corner_taken[1] = 9;
    levels.squares.corner_taken[8] = 9;
    for (a, b) in [(6, 15), (48, 57), (55, 62)] {
        levels.squares.corner_taken[a] = 9;
        levels.squares.corner_taken[b] = 9;
    }
    let text = to_text("a test", "nowhere", &levels);
    let back = parse(&text).expect("reads back");
    assert_eq!(back.levels, levels);
    assert_eq!((back.name.as_str(), back.source.as_str()), ("a test", "nowhere"));
    assert_eq!(back.sha256.len(), 64);
}

/// One broken file per kind of mistake: the message names the key and the line.
#[test]
fn bad_files_name_the_key_and_the_line() {
    let good = to_text("t", "s", &Levels::GAME);
    let line_of = |needle: &str| good.lines().position(|l| l.contains(needle)).expect("in the file") + 1;
    let cases = [
        // (replace, with, key, line of)
        ("\"depth\": 2", "\"depth\": 0", "level3.depth", "\"level3\""),
        ("\"budget\": 70000", "\"budget\": \"lots\"", "level5.budget", "\"budget\""),
        ("\"pick_window\": 3 }", "\"pick_window\": 3, \"speed\": 1 }", "level3.speed", "\"level3\""),
        ("\"random_share\": \"4/5\"", "\"random_share\": \"four fifths\"", "level1.random_share", "\"random_share\""),
        ("\"mobility\": \"mover-minus-opponent\"", "\"mobility\": \"both\"", "level2.mobility", "\"mobility\":"),
        ("\"low\": -2, \"high\": 2", "\"low\": 3, \"high\": 2", "level2.wobble", "\"wobble\""),
        ("\"reply_limit\": 300000", "\"reply_limit\": 5", "reply_limit", "\"reply_limit\""),
        ("\"format\": 1", "\"format\": 9", "format", "\"format\""),
    ];
    for (from, to, key, line_needle) in cases {
        assert!(good.contains(from), "{from}");
        let err = parse(&good.replacen(from, to, 1)).expect_err(to);
        assert_eq!(err.key, key, "{to}: {err}");
        assert_eq!(err.line, Some(line_of(line_needle)), "{to}: {err}");
        let message = err.to_string();
        assert!(message.starts_with(&format!("levels.json line {}: {key}: ", line_of(line_needle))), "{message}");
    }
    // An unknown key is refused by name.
    let err = parse(&good.replacen("\"pick_window\": 3 }", "\"pick_window\": 3, \"speed\": 1 }", 1)).unwrap_err();
    assert!(err.why.contains("unknown field `speed`"), "{err}");
    // An asymmetric table names the square and its image.
    let bad =
        good.replacen("[ 120, -20,  20,   5,   5,  20, -20, 120]", "[ 120, -21,  20,   5,   5,  20, -20, 120]", 1);
    let err = parse(&bad).unwrap_err();
    assert_eq!(err.key, "squares.corner_empty", "{err}");
    assert!(err.why.contains("not symmetric: b1 is -21"), "{err}");
}

#[test]
fn key_lines_follow_the_nesting() {
    let text = "{\n  \"a\": { \"depth\": 1 },\n  \"b\": {\n    \"depth\": 2\n  },\n  \"depth\": 3\n}\n";
    assert_eq!(key_line(text, "a.depth"), Some(2));
    assert_eq!(key_line(text, "b.depth"), Some(4));
    assert_eq!(key_line(text, "depth"), Some(6));
    assert_eq!(key_line(text, "c"), None);
}

#[test]
fn key_lines_see_through_escaped_quotes_and_spaced_colons() {
    // A value holding an escaped quote does not end its string early; a space may stand
    // before a key's colon.
    let text = "{\n  \"name\": \"a \\\" quote\",\n  \"format\" : 2\n}\n";
    assert_eq!(key_line(text, "format"), Some(3));
    assert_eq!(key_line(text, "name"), Some(2));
}

#[test]
fn level2s_mobility_weight_is_whole_hundredths_within_range() {
    let good = to_text("t", "s", &Levels::GAME);
    assert!(good.contains("\"mobility_weight\": 0.15,"), "{good}");
    let with = |w: &str| parse(&good.replacen("\"mobility_weight\": 0.15,", &format!("\"mobility_weight\": {w},"), 1));
    assert_eq!(with("0.07").expect("7 hundredths").levels.level2.mobility_hundredths, 7);
    for (w, why) in [
        ("0.155", "0.155 is not a whole number of hundredths"),
        ("20000", "20000 is not a whole number of hundredths"),
        ("10000", "must be from 0 to 100 points"),
    ] {
        let err = with(w).expect_err(w);
        assert_eq!((err.key.as_str(), err.why.as_str()), ("level2.mobility_weight", why), "{w}");
    }
}

#[test]
fn a_job_reads_the_data_directorys_levels_file_when_it_has_one() {
    let scratch = std::env::temp_dir().join(format!("discflip-levels-test-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    assert_eq!(LevelsFile::choose(None, &scratch).unwrap().sha256, LevelsFile::game().sha256, "none: built in");
    let mut levels = Levels::GAME;
    levels.level3.depth = 3;
    std::fs::write(scratch.join("levels.json"), to_text("deeper", "a test", &levels)).unwrap();
    let chosen = LevelsFile::choose(None, &scratch).unwrap();
    assert_eq!((chosen.name.as_str(), chosen.levels.level3.depth), ("deeper", 3));
    let explicit = scratch.join("other.json");
    std::fs::write(&explicit, to_text("other", "a test", &Levels::GAME)).unwrap();
    assert_eq!(LevelsFile::choose(Some(&explicit), &scratch).unwrap().name, "other", "--levels wins");
    std::fs::remove_dir_all(&scratch).unwrap();
}

#[test]
fn numbers_are_written_without_a_fraction_when_whole_and_negative_zero_as_zero() {
    let mut levels = Levels::GAME;
    (levels.level2.wobble_low, levels.level2.wobble_high) = (-0.0, 1.5);
    let text = to_text("t", "s", &levels);
    assert!(text.contains("\"low\": 0, \"high\": 1.5"), "{text}");
    assert!(to_text("t", "s", &Levels::GAME).contains("\"low\": -2, \"high\": 2"));
}
