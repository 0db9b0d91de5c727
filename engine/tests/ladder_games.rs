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

struct Row {
    line: usize,
    matchup: String,
    game: u32,
    dark: PlayerKind,
    light: PlayerKind,
    dark_discs: u32,
    light_discs: u32,
    seed: u64,
    transcript: String,
}

fn rows() -> Vec<Row> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../reports/ladder_games.csv");
    let text = std::fs::read_to_string(path).expect("committed ladder_games.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("column {name}"));
    let (matchup, game, dark, light) = (col("matchup"), col("game"), col("dark"), col("light"));
    let (dark_discs, light_discs, seed, transcript) =
        (col("dark_discs"), col("light_discs"), col("seed"), col("transcript"));
    lines
        .enumerate()
        .map(|(n, l)| {
            let f: Vec<&str> = l.split(',').collect();
            Row {
                line: n + 2,
                matchup: f[matchup].to_string(),
                game: f[game].parse().unwrap(),
                dark: f[dark].parse().unwrap(),
                light: f[light].parse().unwrap(),
                dark_discs: f[dark_discs].parse().unwrap(),
                light_discs: f[light_discs].parse().unwrap(),
                seed: f[seed].parse().unwrap(),
                transcript: f[transcript].to_string(),
            }
        })
        .collect()
}

/// Plays `row`'s game again: its moves without passes, and the final discs.
fn replay(row: &Row) -> (String, u32, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(row.seed);
    let mut players = [row.dark.build(&engine::Levels::GAME), row.light.build(&engine::Levels::GAME)];
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
    let chosen: Vec<&Row> =
        rows.iter().filter(|r| r.game < 4 || (r.matchup.starts_with("level5") && r.game < 50)).collect();
    assert_eq!(chosen.len(), 48 + 2 * 46, "four games of each of the 12 matchups, fifty of Level 5's two");
    for row in chosen {
        let (moves, dark, light) = replay(row);
        assert_eq!(moves, row.transcript, "line {} ({} game {})", row.line, row.matchup, row.game);
        assert_eq!((dark, light), (row.dark_discs, row.light_discs), "line {}", row.line);
    }
}
