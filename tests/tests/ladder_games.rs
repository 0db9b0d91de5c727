//! The players replay recorded ladder games (regression data: the committed
//! `reports/ladder_games.csv` was made by this code, docs/testing.md#reference-data-independent-or-regression). Each
//! row carries its game's ChaCha8 seed, so the engine alone can play it again:
//! both players built from their names, one stream, from the start position.
//! The first four games of every matchup (each side twice as Dark), and the
//! first fifty of Level 5's two, must give the recorded moves and final
//! discs. This is the cheap guard of every player's choice: a changed score,
//! search or tie-break changes some move.

use engine::{Color, PlayerKind, Position};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// One row of `ladder_games.csv`, the columns a replay needs.
#[derive(serde::Deserialize)]
struct Row {
    matchup: String,
    game: u32,
    dark: String,
    light: String,
    dark_discs: u32,
    light_discs: u32,
    seed: u64,
    transcript: String,
}

/// The committed games with their line numbers.
fn rows() -> Vec<(u64, Row)> {
    let path = discflip_e2e::workspace_root().join("reports/ladder_games.csv");
    let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    reader
        .deserialize()
        .map(|r: Result<Row, _>| r.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .zip(2..)
        .map(|(row, line)| (line, row))
        .collect()
}

/// Plays `row`'s game again: its moves without passes, and the final discs.
fn replay(row: &Row) -> (String, u32, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(row.seed);
    let kind = |name: &str| name.parse::<PlayerKind>().unwrap_or_else(|e| panic!("player {name}: {e}"));
    let mut players = [kind(&row.dark).build(&engine::Levels::GAME), kind(&row.light).build(&engine::Levels::GAME)];
    let mut pos = Position::start();
    let mut moves = String::new();
    while !pos.is_game_over() {
        let who = usize::from(pos.side() == Color::Light);
        match players[who].choose(&pos, &mut rng).square {
            Some(sq) => {
                moves.push_str(&sq.to_string());
                pos = pos.play_unchecked(sq);
            }
            None => pos = pos.pass(),
        }
    }
    (moves, pos.dark().count(), pos.light().count())
}

#[test]
fn every_player_replays_its_recorded_ladder_games() {
    let rows = rows();
    // Level 5's choices depend on how far its budget reaches, which its table
    // and move order decide: its matchups replay fifty games each.
    let chosen: Vec<&(u64, Row)> =
        rows.iter().filter(|(_, r)| r.game < 4 || (r.matchup.starts_with("level5") && r.game < 50)).collect();
    assert_eq!(chosen.len(), 48 + 2 * 46, "four games of each of the 12 matchups, fifty of Level 5's two");
    for (line, row) in chosen {
        let (moves, dark, light) = replay(row);
        assert_eq!(moves, row.transcript, "line {line} ({} game {})", row.matchup, row.game);
        assert_eq!((dark, light), (row.dark_discs, row.light_discs), "line {line}");
    }
}

/// The generator's CLI test replays a sample of the shipped rows from a
/// fixture of its own: rows 0, 97, 194, … of `reports/ladder_games.csv`,
/// each as shipped (`DISCFLIP_WRITE_FIXTURE=1` writes it again).
#[test]
fn the_generators_ladder_sample_is_rows_of_the_shipped_file() {
    let root = discflip_e2e::workspace_root();
    let shipped = std::fs::read_to_string(root.join("reports/ladder_games.csv")).expect("reports/ladder_games.csv");
    let path = root.join("generator/tests/data/ladder_sample.csv");
    let shipped: Vec<&str> = shipped.lines().collect();
    let want: Vec<&str> = shipped[..1].iter().chain(shipped[1..].iter().step_by(97)).copied().collect();
    if std::env::var_os("DISCFLIP_WRITE_FIXTURE").is_some() {
        std::fs::write(&path, want.iter().map(|l| format!("{l}\n")).collect::<String>()).expect("the sample");
    }
    let sample = std::fs::read_to_string(&path).expect("the sample");
    assert_eq!(sample.lines().collect::<Vec<_>>(), want, "generator/tests/data/ladder_sample.csv");
}
