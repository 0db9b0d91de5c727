//! The level ladder of docs/ladder.md §1: twelve matchups, 5,400 games.

use crate::seeds;
use engine::{Color, PlayerKind, Position, Square};
use indicatif::ProgressBar;
use rayon::prelude::*;

pub struct Matchup {
    pub first: PlayerKind,
    pub second: PlayerKind,
    pub games: u32,
}

const fn m(first: PlayerKind, second: PlayerKind, games: u32) -> Matchup {
    Matchup { first, second, games }
}

use PlayerKind::*;

pub const MATCHUPS: [Matchup; 12] = [
    m(Level1, Random, 800),
    m(Level1, FlipGrabber, 800),
    m(Random, FlipGrabber, 800),
    m(Level2, FlipGrabber, 800),
    m(Level2, Level1, 800),
    m(Level3, FlipGrabber, 200),
    m(Level3, Level2, 200),
    m(Level4, Corner, 200),
    m(Level4, FlipGrabber, 200),
    m(Level4, Level3, 200),
    m(Level5, FlipGrabber, 200),
    m(Level5, Level4, 200),
];

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub matchup: usize,
    pub first: PlayerKind,
    pub second: PlayerKind,
    pub game: u32,
    pub first_is_dark: bool,
    pub dark_discs: u32,
    pub light_discs: u32,
    pub moves: u32,
    pub passes: u32,
    pub seed: u64,
}

impl GameRecord {
    /// First-named side's discs minus the second's (empties count for nobody).
    pub fn margin_first(&self) -> i32 {
        let d = self.dark_discs as i32 - self.light_discs as i32;
        if self.first_is_dark { d } else { -d }
    }
}

/// Plays one game; colours alternate (game 0: the first-named side is Dark).
pub fn play_game(matchup: usize, first: PlayerKind, second: PlayerKind, game: u32, seed: u64) -> GameRecord {
    play_game_recorded(matchup, first, second, game, seed).0
}

/// Plays one game and also returns its moves in order (`None` = a pass).
pub fn play_game_recorded(
    matchup: usize,
    first: PlayerKind,
    second: PlayerKind,
    game: u32,
    seed: u64,
) -> (GameRecord, Vec<Option<Square>>) {
    let stream = seeds::derive(seed, &[2, matchup as u64, game as u64]);
    let mut rng = seeds::rng(stream);
    let first_is_dark = game.is_multiple_of(2);
    let (dark, light) = if first_is_dark { (first, second) } else { (second, first) };
    let mut players = [dark.build(), light.build()];
    let mut pos = Position::start();
    let (mut moves, mut passes) = (0, 0);
    let mut record = Vec::new();
    while !pos.is_game_over() {
        let who = usize::from(pos.side() == Color::Light);
        let choice = players[who].choose(&pos, &mut rng).square;
        record.push(choice);
        match choice {
            Some(sq) => {
                pos = pos.play_unchecked(sq);
                moves += 1;
            }
            None => {
                pos = pos.pass();
                passes += 1;
            }
        }
    }
    let game = GameRecord {
        matchup,
        first,
        second,
        game,
        first_is_dark,
        dark_discs: pos.dark().count(),
        light_discs: pos.light().count(),
        moves,
        passes,
        seed: stream,
    };
    (game, record)
}

/// Plays every game of the ladder (`scale` divides each matchup's game count,
/// for quick runs), in parallel; results in matchup and game order.
pub fn play_ladder(seed: u64, scale: u32, progress: &ProgressBar) -> Vec<GameRecord> {
    let jobs: Vec<(usize, u32)> =
        MATCHUPS.iter().enumerate().flat_map(|(i, m)| (0..m.games / scale.max(1)).map(move |g| (i, g))).collect();
    progress.set_length(jobs.len() as u64);
    // Expensive games first so the two cores finish together; order restored below.
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(MATCHUPS[jobs[j].0].first.max(MATCHUPS[jobs[j].0].second)));
    let mut results: Vec<(usize, GameRecord)> = order
        .into_par_iter()
        .with_max_len(1)
        .map(|j| {
            let (i, g) = jobs[j];
            let r = play_game(i, MATCHUPS[i].first, MATCHUPS[i].second, g, seed);
            progress.inc(1);
            (j, r)
        })
        .collect();
    results.sort_by_key(|r| r.0);
    results.into_iter().map(|r| r.1).collect()
}

pub fn games_csv(games: &[GameRecord]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "matchup",
        "first",
        "second",
        "game",
        "dark",
        "light",
        "dark_discs",
        "light_discs",
        "margin_first",
        "result_first",
        "moves",
        "passes",
        "seed",
    ])
    .expect("in memory");
    for g in games {
        let (dark, light) = if g.first_is_dark { (g.first, g.second) } else { (g.second, g.first) };
        let margin = g.margin_first();
        let result = match margin.signum() {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        w.write_record([
            format!("{} vs {}", g.first, g.second),
            g.first.to_string(),
            g.second.to_string(),
            g.game.to_string(),
            dark.to_string(),
            light.to_string(),
            g.dark_discs.to_string(),
            g.light_discs.to_string(),
            margin.to_string(),
            result.to_string(),
            g.moves.to_string(),
            g.passes.to_string(),
            g.seed.to_string(),
        ])
        .expect("in memory");
    }
    w.into_inner().expect("in memory")
}
