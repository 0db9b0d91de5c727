//! Every row of `reports/ladder_games.csv` can be replayed with
//! `discflip play --matchup M --game G` (docs/ladder.md#the-ladder): a sample of rows,
//! from every matchup (`tests/data/ladder_sample.csv`: rows 0, 97, 194, … of
//! the shipped file, which the end-to-end crate's `ladder_games.rs` holds
//! them to), gives the same moves and discs.

use std::process::Command;

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
