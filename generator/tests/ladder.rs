//! The ladder's commands. Every row of `reports/ladder_games.csv` can be replayed with
//! `discflip play --matchup M --game G` (docs/ladder.md#the-ladder): a sample of rows,
//! from every matchup (`tests/data/ladder_sample.csv`: rows 0, 97, 194, … of
//! the shipped file, which the end-to-end crate's `ladder_games.rs` holds
//! them to), gives the same moves and discs.

mod common;

use std::process::{Command, Output};

fn discflip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).args(args).output().expect("runs")
}

#[test]
fn sampled_ladder_rows_replay_to_the_same_moves_and_discs() {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
    let path = std::path::Path::new(&dir).join("tests/data/ladder_sample.csv");
    let mut reader = csv::Reader::from_path(&path).expect("tests/data/ladder_sample.csv");
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("column {name}"));
    let (matchup, game, dark_discs, light_discs, transcript) =
        (col("matchup"), col("game"), col("dark_discs"), col("light_discs"), col("transcript"));
    let mut replayed = std::collections::BTreeSet::new();
    // Rows 0, 97, 194, … of the shipped file: every matchup, both colours, Level 5's games among them.
    for (n, row) in reader.records().enumerate() {
        let row = row.unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_discflip"))
            .args(["play", "--matchup", &row[matchup], "--game", &row[game]])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "row {}: {}", n + 2, String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[1], format!("transcript {}", &row[transcript]), "row {}", n + 2);
        let discs = format!("{} - Light", &row[dark_discs]);
        assert!(
            lines[2].contains(&discs) && lines[2].contains(&format!(") {}: margin", &row[light_discs])),
            "row {}: {}",
            n + 2,
            lines[2]
        );
        replayed.insert(row[matchup].to_string());
    }
    assert_eq!(replayed.len(), 12, "every matchup sampled: {replayed:?}");
}

/// `calibrate` (docs/ladder.md#calibration-against-the-published-ladder), on a
/// hundredth of the ladder: twelve rows per reading beside the published
/// ones, and one summary row per reading.
#[test]
fn calibrate_writes_every_readings_rows_and_summary() {
    let scratch = tempfile::tempdir().unwrap();
    let reports = scratch.path().join("calibrate");
    let o = discflip(&["calibrate", "--scale", "100", "--reports", reports.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = std::fs::read_to_string(reports.join("calibration.csv")).unwrap();
    let summary = std::fs::read_to_string(reports.join("calibration_summary.csv")).unwrap();
    let readings = summary.lines().count() - 1;
    assert_eq!(readings, 4 * 2 * 3, "tables × mobility readings × wobbles");
    assert_eq!(rows.lines().count(), 1 + 12 * readings);
    assert!(rows.starts_with("reading,wobble,mobility,table,first,second,games,wins,draws,losses,score,"), "{rows}");
    // The published Level 2 row stands beside every reading's own.
    let level2: Vec<&str> = rows.lines().filter(|l| l.contains(",level2,flip-grabber,")).collect();
    assert_eq!(level2.len(), readings);
    assert!(level2.iter().all(|l| l.contains(",701,19,80,0.8881,")), "{level2:?}");
    // Every row names the levels file (here the built-in one, the shipped file's bytes) and the ladder.
    let levels = format::LevelsFile::game().sha256;
    for line in rows.lines().skip(1).chain(summary.lines().skip(1)) {
        let fields: Vec<&str> = line.rsplitn(3, ',').collect();
        assert_eq!((fields[1], fields[0].len()), (levels.as_str(), 64), "{line}");
    }
}

/// `discflip ladder` commits its reports beside an earlier run's other files: a
/// hundredth of each matchup, the release's own games (the sampled rows it shares
/// with the release are the same), and the levels file's stamp.
#[test]
fn ladder_commits_its_reports_beside_the_others() {
    let scratch = tempfile::tempdir().unwrap();
    let reports = scratch.path().join("reports");
    std::fs::create_dir_all(&reports).unwrap();
    std::fs::write(reports.join("checks.csv"), "kept\n").unwrap();
    let o = discflip(&["ladder", "--scale", "100", "--openings", "0", "--reports", reports.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let names = common::names_in(&reports);
    let expected = [
        "checks.csv",
        "ladder.csv",
        "ladder_games.csv",
        "level5_depth.csv",
        "levels.sha256",
        "settings_line.csv",
        "strength.md",
    ];
    assert_eq!(names, expected, "the ladder's six reports beside the earlier one, nothing staged left");
    assert_eq!(std::fs::read_to_string(reports.join("checks.csv")).unwrap(), "kept\n");
    let games = std::fs::read_to_string(reports.join("ladder_games.csv")).unwrap();
    assert_eq!(games.lines().count(), 1 + 5400 / 100);
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
    let sample = std::fs::read_to_string(std::path::Path::new(&dir).join("tests/data/ladder_sample.csv")).unwrap();
    let key = |l: &str| l.split(',').take(4).collect::<Vec<_>>().join(",");
    let mut shared = 0;
    for row in sample.lines().skip(1) {
        if let Some(ours) = games.lines().find(|l| key(l) == key(row)) {
            assert_eq!(ours, row);
            shared += 1;
        }
    }
    assert_eq!(shared, 2, "level1 vs random game 0 and level2 vs level1 game 1 are in both");
    let stamp = std::fs::read_to_string(reports.join("levels.sha256")).unwrap();
    assert_eq!(stamp, format!("{}  levels.json\n", format::LevelsFile::game().sha256));
}
