//! The level ladder of docs/ladder.md#the-ladder: twelve matchups, 5,400 games, and
//! the Level 5 depth table.

use crate::progress::Counter;
use crate::puzzles::seeds::{self, Stream};
use crate::table::Table;
use engine::{Color, Levels, PlayerKind, Position, Square};
use rayon::prelude::*;

/// One matchup of the ladder.
pub struct Matchup {
    /// The first-named side: results are counted from its side.
    pub first: PlayerKind,
    /// Its opponent.
    pub second: PlayerKind,
    /// Games played; colours alternate, game 0 with the first-named side as Dark.
    pub(crate) games: u32,
}

impl Matchup {
    /// `first vs second`, as in `ladder_games.csv`.
    pub fn name(&self) -> String {
        format!("{} vs {}", self.first, self.second)
    }
}

/// The ladder matchup called `name` (`level5 vs level4`), with its index.
pub fn matchup_named(name: &str) -> Option<(usize, &'static Matchup)> {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    MATCHUPS.iter().enumerate().find(|(_, m)| norm(&m.name()) == norm(name))
}

const fn m(first: PlayerKind, second: PlayerKind, games: u32) -> Matchup {
    Matchup { first, second, games }
}

use PlayerKind::*;

/// Total games of the full ladder.
pub(crate) fn full_ladder_games() -> u32 {
    MATCHUPS.iter().map(|m| m.games).sum()
}

/// Balanced openings in the Level 5 vs Level 4 openings suite (docs/ladder.md#openings-suite).
pub const OPENINGS: usize = 200;

/// The twelve matchups of docs/ladder.md#the-ladder, in report order.
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
    /// Index into [`MATCHUPS`].
    pub(crate) matchup: usize,
    /// The first-named side: results are counted from its side.
    pub(crate) first: PlayerKind,
    /// Its opponent.
    pub(crate) second: PlayerKind,
    /// Game number within the matchup.
    pub(crate) game: u32,
    /// Whether the first-named side played Dark.
    pub(crate) first_is_dark: bool,
    /// Dark's discs at the end.
    pub(crate) dark_discs: u32,
    /// Light's discs at the end.
    pub(crate) light_discs: u32,
    /// Moves played (passes not counted).
    pub(crate) moves: u32,
    /// Forced passes.
    pub(crate) passes: u32,
    /// The game's derived random stream.
    pub(crate) seed: u64,
    /// Every move in order, `None` for a pass.
    pub(crate) record: Vec<Option<Square>>,
    /// For each move of a deepening player (Level 5 outside its exact
    /// endgame, and its exact moves as `None`): empty squares before the
    /// move and the completed depth.
    pub(crate) depths: Vec<(PlayerKind, u32, Option<u32>)>,
}

impl GameRecord {
    /// A hand-made finished game of matchup `matchup` (tests): its final
    /// count, no moves recorded.
    #[cfg(test)]
    pub(crate) fn hand_made(matchup: usize, game: u32, first_is_dark: bool, dark_discs: u32, light_discs: u32) -> Self {
        let (first, second) = (MATCHUPS[matchup].first, MATCHUPS[matchup].second);
        let (moves, passes, seed, record, depths) = (60, 0, 0, Vec::new(), Vec::new());
        GameRecord {
            matchup,
            first,
            second,
            game,
            first_is_dark,
            dark_discs,
            light_discs,
            moves,
            passes,
            seed,
            record,
            depths,
        }
    }

    /// First-named side's discs minus the second's (empties count for nobody).
    pub(crate) fn margin_first(&self) -> i32 {
        let d = self.dark_discs as i32 - self.light_discs as i32;
        if self.first_is_dark { d } else { -d }
    }
}

/// Plays game `game` of ladder matchup `matchup`; colours alternate (game 0:
/// the first-named side is Dark). The game's random stream derives from
/// (`seed`, ladder, matchup, game), so a row of `ladder_games.csv` replays
/// from these four numbers alone and the levels file.
pub fn play_game(
    matchup: usize,
    first: PlayerKind,
    second: PlayerKind,
    game: u32,
    seed: u64,
    levels: &Levels,
) -> GameRecord {
    let stream = seeds::stream(seed, Stream::Ladder, &[matchup as u64, game as u64]);
    let first_is_dark = game.is_multiple_of(2);
    play_from(Position::start(), (first, second), first_is_dark, stream, (matchup, game), levels)
}

/// Plays `(first, second)` from `start` to the end with a ChaCha8 stream
/// seeded by `stream`, the players as `levels` sets them; the record is
/// numbered `(matchup, game)`.
pub fn play_from(
    start: Position,
    (first, second): (PlayerKind, PlayerKind),
    first_is_dark: bool,
    stream: u64,
    (matchup, game): (usize, u32),
    levels: &Levels,
) -> GameRecord {
    let mut rng = seeds::rng(stream);
    let (dark, light) = if first_is_dark { (first, second) } else { (second, first) };
    let kinds = [dark, light];
    let mut players = [dark.build(levels), light.build(levels)];
    let mut pos = start;
    let (mut moves, mut passes) = (0, 0);
    let mut record = Vec::new();
    let mut depths = Vec::new();
    while !pos.is_game_over() {
        let who = usize::from(pos.side() == Color::Light);
        let empties = pos.empty_count();
        let choice = players[who].choose(&pos, &mut rng).square;
        if kinds[who] == Level5 && choice.is_some() {
            depths.push((kinds[who], empties, players[who].last_depth()));
        }
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
    GameRecord {
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
        record,
        depths,
    }
}

impl GameRecord {
    /// The moves as one string of squares, passes left out (`f5d6c3…`): the
    /// usual transcript that Othello programs read.
    pub(crate) fn transcript(&self) -> String {
        self.record.iter().flatten().map(|sq| sq.to_string()).collect()
    }

    /// What `discflip play` prints: the moves (`pass` for a pass), the
    /// transcript, and the final count.
    pub fn describe(&self) -> String {
        let (dark, light) = if self.first_is_dark { (self.first, self.second) } else { (self.second, self.first) };
        let moves: Vec<String> = self.record.iter().map(|m| m.map_or("pass".to_string(), |s| s.to_string())).collect();
        format!(
            "{}\ntranscript {}\nDark ({dark}) {} - Light ({light}) {}: margin {:+}\n",
            moves.join(" "),
            self.transcript(),
            self.dark_discs,
            self.light_discs,
            self.dark_discs as i32 - self.light_discs as i32
        )
    }

    /// `win`, `draw` or `loss` for the first-named side.
    pub(crate) fn result_first(&self) -> &'static str {
        match self.margin_first().signum() {
            1 => "win",
            0 => "draw",
            _ => "loss",
        }
    }
}

/// Plays every game of the ladder (`scale` divides each matchup's game count,
/// for quick runs), in parallel; results in matchup and game order.
pub fn play_ladder(seed: u64, scale: u32, levels: &Levels, progress: &dyn Counter) -> Vec<GameRecord> {
    let matchups: Vec<(usize, &Levels)> = (0..MATCHUPS.len()).map(|i| (i, levels)).collect();
    play_matchups(seed, scale, &matchups, progress).into_iter().flatten().collect()
}

/// Plays the games of each of `matchups` (an index into [`MATCHUPS`] and the
/// levels its players follow; `scale` divides the game count), all in one
/// parallel run; each matchup's games in game order.
pub(crate) fn play_matchups(
    seed: u64,
    scale: u32,
    matchups: &[(usize, &Levels)],
    progress: &dyn Counter,
) -> Vec<Vec<GameRecord>> {
    let jobs: Vec<(usize, u32)> = matchups
        .iter()
        .enumerate()
        .flat_map(|(k, &(i, _))| (0..MATCHUPS[i].games / scale.max(1)).map(move |g| (k, g)))
        .collect();
    progress.set_total(jobs.len() as u64);
    // Expensive games first so the worker threads finish together; order restored below.
    let cost = |k: usize| MATCHUPS[matchups[k].0].first.max(MATCHUPS[matchups[k].0].second);
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(cost(jobs[j].0)));
    let mut results: Vec<(usize, GameRecord)> = order
        .into_par_iter()
        .with_max_len(1)
        .map(|j| {
            let (k, g) = jobs[j];
            let (i, levels) = matchups[k];
            let r = play_game(i, MATCHUPS[i].first, MATCHUPS[i].second, g, seed, levels);
            progress.inc(1);
            (j, r)
        })
        .collect();
    results.sort_by_key(|r| r.0);
    let mut out: Vec<Vec<GameRecord>> = vec![Vec::new(); matchups.len()];
    for (j, r) in results {
        out[jobs[j].0].push(r);
    }
    out
}

/// `ladder_games.csv`: one row per game (docs/formats.md#reports-reports).
pub fn games_csv(games: &[GameRecord]) -> Vec<u8> {
    let mut w = Table::new([
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
        "transcript",
    ]);
    for g in games {
        let (dark, light) = if g.first_is_dark { (g.first, g.second) } else { (g.second, g.first) };
        let margin = g.margin_first();
        w.row([
            format!("{} vs {}", g.first, g.second),
            g.first.to_string(),
            g.second.to_string(),
            g.game.to_string(),
            dark.to_string(),
            light.to_string(),
            g.dark_discs.to_string(),
            g.light_discs.to_string(),
            margin.to_string(),
            g.result_first().to_string(),
            g.moves.to_string(),
            g.passes.to_string(),
            g.seed.to_string(),
            g.transcript(),
        ]);
    }
    w.into_bytes()
}

/// `level5_depth.csv`: Level 5's moves in the ladder by phase (empty squares
/// before the move, in buckets of ten): moves, exact solves, and the mean and
/// minimum completed depth of the deepening moves.
pub(crate) fn level5_depth_csv(games: &[GameRecord]) -> Vec<u8> {
    let mut w = Table::new(["empties_from", "empties_to", "moves", "exact_moves", "mean_depth", "min_depth"]);
    for lo in [51u32, 41, 31, 21, 11, 1] {
        let hi = lo + 9;
        let in_bucket: Vec<Option<u32>> = games
            .iter()
            .flat_map(|g| &g.depths)
            .filter(|(_, e, _)| (lo..=hi).contains(e))
            .map(|&(_, _, d)| d)
            .collect();
        let deep: Vec<u32> = in_bucket.iter().flatten().copied().collect();
        let exact = in_bucket.len() - deep.len();
        let mean = if deep.is_empty() {
            String::new()
        } else {
            format!("{:.2}", deep.iter().sum::<u32>() as f64 / deep.len() as f64)
        };
        let min = deep.iter().min().map_or(String::new(), u32::to_string);
        w.row([lo.to_string(), hi.to_string(), in_bucket.len().to_string(), exact.to_string(), mean, min]);
    }
    w.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_depths(depths: Vec<(PlayerKind, u32, Option<u32>)>) -> GameRecord {
        let mut g = play_game(0, Random, Random, 0, 1, &Levels::GAME);
        g.depths = depths;
        g
    }

    #[test]
    fn depth_table_buckets_by_ten_and_keeps_exact_moves_apart() {
        use PlayerKind::Level5 as L5;
        let games = [
            with_depths(vec![(L5, 60, Some(7)), (L5, 51, Some(9)), (L5, 50, Some(6))]),
            with_depths(vec![(L5, 12, Some(10)), (L5, 10, None), (L5, 1, None), (L5, 11, Some(12))]),
        ];
        let text = String::from_utf8(level5_depth_csv(&games)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "empties_from,empties_to,moves,exact_moves,mean_depth,min_depth");
        assert_eq!(lines[1], "51,60,2,0,8.00,7");
        assert_eq!(lines[2], "41,50,1,0,6.00,6");
        assert_eq!(lines[3], "31,40,0,0,,");
        assert_eq!(lines[5], "11,20,2,0,11.00,10");
        assert_eq!(lines[6], "1,10,2,2,,");
    }

    /// `ladder_games.csv`'s rows worked by hand: colours from the first-named
    /// side's, the margin and result from its side, empty squares for nobody.
    #[test]
    fn the_games_csv_worked_by_hand() {
        let games = [
            GameRecord::hand_made(3, 0, true, 40, 24),
            GameRecord::hand_made(3, 1, false, 40, 24),
            GameRecord::hand_made(3, 2, true, 32, 32),
            GameRecord::hand_made(3, 3, false, 20, 30),
        ];
        let text = String::from_utf8(games_csv(&games)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "matchup,first,second,game,dark,light,dark_discs,light_discs,margin_first,result_first,moves,passes,seed,transcript"
        );
        assert_eq!(
            &lines[1..],
            [
                "level2 vs flip-grabber,level2,flip-grabber,0,level2,flip-grabber,40,24,16,win,60,0,0,",
                "level2 vs flip-grabber,level2,flip-grabber,1,flip-grabber,level2,40,24,-16,loss,60,0,0,",
                "level2 vs flip-grabber,level2,flip-grabber,2,level2,flip-grabber,32,32,0,draw,60,0,0,",
                "level2 vs flip-grabber,level2,flip-grabber,3,flip-grabber,level2,20,30,10,win,60,0,0,",
            ]
        );
    }

    /// docs/ladder.md#the-ladder: twelve matchups, 5,400 games.
    #[test]
    fn the_full_ladder_is_5400_games() {
        assert_eq!(full_ladder_games(), 5400);
    }

    /// A game records a depth for each of Level 5's moves (not its passes),
    /// with the empty squares before it, and for no other player's move.
    #[test]
    fn depths_are_recorded_for_level5s_moves_only() {
        let levels = Levels::GAME;
        // From a position where Light (Level 5 here) must pass at once: Dark
        // (Level 4) then moves, and the game goes on to the end.
        let start: Position = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-O-O-OOOO--- O".parse().unwrap();
        assert!(start.legal_moves().is_empty() && !start.is_game_over());
        let g = play_from(start, (Level4, Level5), true, 7, (11, 0), &levels);
        let mut pos = start;
        let mut level5_moves = Vec::new();
        for m in &g.record {
            if pos.side() == Color::Light && m.is_some() {
                level5_moves.push(pos.empty_count());
            }
            pos = m.map_or_else(|| pos.pass(), |sq| pos.play_unchecked(sq));
        }
        assert!(g.record[0].is_none() && !level5_moves.is_empty(), "{:?}", g.record);
        let depths: Vec<u32> = g
            .depths
            .iter()
            .map(|&(kind, empties, _)| {
                assert_eq!(kind, Level5);
                empties
            })
            .collect();
        assert_eq!(depths, level5_moves);
        let passes = g.record.iter().filter(|m| m.is_none()).count() as u32;
        assert_eq!((g.moves, g.passes), (g.record.len() as u32 - passes, passes));
        assert!(passes >= 1 && g.moves >= 1);
        assert_eq!(g.dark_discs + g.light_discs, start.dark().count() + start.light().count() + g.moves);
        let random = play_game(2, Random, FlipGrabber, 0, 7, &levels);
        assert!(random.depths.is_empty());
    }

    #[test]
    fn matchups_are_found_by_their_csv_name() {
        assert_eq!(matchup_named("level5 vs level4").map(|m| m.0), Some(11));
        assert_eq!(matchup_named("  Level1  vs random ").map(|m| m.0), Some(0));
        assert!(matchup_named("level5 vs level5").is_none());
    }
}
