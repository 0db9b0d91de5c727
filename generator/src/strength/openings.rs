//! The openings suite (docs/ladder.md#openings-suite): Level 5 against Level 4 from many
//! distinct balanced openings, each played with both colours, because the
//! ladder's own games from the start position repeat (both levels vary little).
//!
//! Opening `i` is 8 uniformly random plies from the start, drawn from the
//! stream (seed, openings, `i`); it is kept when Level 4's four-ply score of
//! the position is within ±`BALANCE` for the side to move and no earlier
//! kept opening is the same position under symmetry.

use crate::progress::Counter;
use crate::puzzles::seeds::{self, Stream};
use crate::strength::ladder::{GameRecord, MATCHUPS, matchup_named, play_from};
use crate::strength::summary::MatchupSummary;
use crate::table::Table;
use engine::{Levels, Player, PlayerKind, Position, Square};
use engine::{RandomBot, level4_score};
use rayon::prelude::*;
use std::collections::HashSet;

/// Plies of random play in an opening.
pub(crate) const PLIES: usize = 8;
/// How far from even (Level 4's score units) an opening may be.
pub(crate) const BALANCE: i32 = 8;
/// Candidates drawn for each opening asked for before the suite gives up: the
/// release's 200 take 832 (about one candidate in four is kept).
pub(crate) const CANDIDATES_PER_OPENING: u64 = 100;

/// The openings stream gave fewer balanced, distinct openings than asked for
/// within its cap (`--openings` asks for too many).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the openings suite found {found} of {wanted} balanced, distinct openings in {tried} candidates: ask for fewer (--openings)"
)]
pub struct TooFewOpenings {
    /// Openings asked for.
    pub wanted: usize,
    /// Openings found.
    pub found: usize,
    /// Candidates drawn.
    pub tried: u64,
}

/// A balanced opening.
#[derive(Clone, Debug)]
pub(crate) struct Opening {
    /// Its index in the opening stream.
    pub(crate) index: u64,
    /// The 8 random plies from the start.
    pub(crate) plies: Vec<Square>,
    /// The position after them.
    pub(crate) position: Position,
    /// Level 4's four-ply score of it, for the side to move.
    pub(crate) level4_score: i32,
}

/// The first `count` balanced, distinct openings under `seed`, balanced by
/// Level 4 as `levels` sets it, drawn from at most [`CANDIDATES_PER_OPENING`]
/// candidates an opening.
pub(crate) fn balanced(seed: u64, count: usize, levels: &Levels) -> Result<Vec<Opening>, TooFewOpenings> {
    balanced_within(seed, count, levels, (count as u64).saturating_mul(CANDIDATES_PER_OPENING))
}

/// [`balanced`] from at most `candidates` candidates.
fn balanced_within(seed: u64, count: usize, levels: &Levels, candidates: u64) -> Result<Vec<Opening>, TooFewOpenings> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    let mut index = 0u64;
    while out.len() < count {
        if index == candidates {
            return Err(TooFewOpenings { wanted: count, found: out.len(), tried: index });
        }
        if let Some(o) = candidate(seed, index, levels)
            && o.level4_score.abs() <= BALANCE
            && seen.insert(o.position.canonical().0)
        {
            out.push(o);
        }
        index += 1;
    }
    Ok(out)
}

fn candidate(seed: u64, index: u64, levels: &Levels) -> Option<Opening> {
    let mut rng = seeds::rng(seeds::stream(seed, Stream::Openings, &[index]));
    let mut pos = Position::start();
    let mut plies = Vec::with_capacity(PLIES);
    while plies.len() < PLIES {
        let sq = RandomBot.choose(&pos, &mut rng).square?; // a pass this early: skip the opening
        pos = pos.play_unchecked(sq);
        plies.push(sq);
    }
    let level4_score = level4_score(levels, &pos)?;
    Some(Opening { index, plies, position: pos, level4_score })
}

/// One game of the suite.
pub(crate) struct OpeningGame {
    /// Index into the suite's openings.
    pub(crate) opening: usize,
    /// Whether Level 5 played Dark.
    pub(crate) level5_dark: bool,
    /// The game, Level 5 as the first-named side.
    pub(crate) game: GameRecord,
}

/// Plays every opening twice, Level 5 Dark then Light; in opening order.
pub(crate) fn play(seed: u64, openings: &[Opening], levels: &Levels, progress: &dyn Counter) -> Vec<OpeningGame> {
    let (matchup, _) = matchup_named("level5 vs level4").expect("a ladder matchup");
    progress.set_total(2 * openings.len() as u64);
    (0..2 * openings.len())
        .into_par_iter()
        .with_max_len(1)
        .map(|j| {
            let (i, level5_dark) = (j / 2, j % 2 == 0);
            let stream = seeds::stream(seed, Stream::OpeningGames, &[i as u64, u64::from(!level5_dark)]);
            let o = &openings[i];
            let players = (PlayerKind::Level5, PlayerKind::Level4);
            let game = play_from(o.position, players, level5_dark, stream, (matchup, j as u32), levels);
            progress.inc(1);
            OpeningGame { opening: i, level5_dark, game }
        })
        .collect()
}

/// Level 5's results over the suite.
pub(crate) fn summary(games: &[OpeningGame]) -> MatchupSummary {
    let m = &MATCHUPS[matchup_named("level5 vs level4").expect("a ladder matchup").0];
    let count = |sign: i32| games.iter().filter(|g| g.game.margin_first().signum() == sign).count() as u64;
    MatchupSummary {
        first: m.first,
        second: m.second,
        games: games.len() as u64,
        wins: count(1),
        draws: count(0),
        losses: count(-1),
    }
}

/// `openings_games.csv`: one row per game, results from Level 5's side.
pub(crate) fn games_csv(openings: &[Opening], games: &[OpeningGame]) -> Vec<u8> {
    let mut w = Table::new([
        "opening",
        "opening_moves",
        "level4_score",
        "level5",
        "dark_discs",
        "light_discs",
        "margin_level5",
        "result_level5",
        "seed",
        "transcript",
    ]);
    for g in games {
        let o = &openings[g.opening];
        let opening: String = o.plies.iter().map(|s| s.to_string()).collect();
        w.row([
            o.index.to_string(),
            opening.clone(),
            o.level4_score.to_string(),
            (if g.level5_dark { "dark" } else { "light" }).to_string(),
            g.game.dark_discs.to_string(),
            g.game.light_discs.to_string(),
            g.game.margin_first().to_string(),
            g.game.result_first().to_string(),
            g.game.seed.to_string(),
            opening + &g.game.transcript(),
        ]);
    }
    w.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_balanced_distinct_and_reproducible() {
        let list = balanced(2026, 12, &Levels::GAME).unwrap();
        assert_eq!(list.len(), 12);
        let mut seen = HashSet::new();
        for o in &list {
            assert_eq!(o.plies.len(), PLIES);
            assert!(o.level4_score.abs() <= BALANCE, "{}", o.level4_score);
            assert_eq!(level4_score(&Levels::GAME, &o.position), Some(o.level4_score));
            let replayed = o.plies.iter().fold(Position::start(), |p, &sq| p.play(sq).expect("legal"));
            assert_eq!(replayed, o.position);
            assert!(seen.insert(o.position.canonical().0), "distinct under symmetry");
        }
        assert!(list.windows(2).all(|w| w[0].index < w[1].index));
        let again: Vec<u64> = balanced(2026, 12, &Levels::GAME).unwrap().iter().map(|o| o.index).collect();
        assert_eq!(again, list.iter().map(|o| o.index).collect::<Vec<_>>());
        assert_ne!(balanced(2027, 12, &Levels::GAME).unwrap()[0].plies, list[0].plies, "the seed matters");
    }

    #[test]
    fn the_suite_gives_up_at_its_cap_with_what_it_found() {
        let list = balanced(2026, 12, &Levels::GAME).unwrap();
        let enough = list[11].index + 1;
        let exact = balanced_within(2026, 12, &Levels::GAME, enough).unwrap();
        assert_eq!(exact.iter().map(|o| o.index).collect::<Vec<_>>(), list.iter().map(|o| o.index).collect::<Vec<_>>());
        let short = balanced_within(2026, 12, &Levels::GAME, enough - 1).unwrap_err();
        assert_eq!(short, TooFewOpenings { wanted: 12, found: 11, tried: enough - 1 });
        assert_eq!(
            short.to_string(),
            format!(
                "the openings suite found 11 of 12 balanced, distinct openings in {} candidates: ask for fewer (--openings)",
                enough - 1
            )
        );
    }

    /// A progress counter that keeps its total and its steps.
    #[derive(Default)]
    struct Tally(std::sync::Mutex<(Option<u64>, u64)>);

    impl Counter for Tally {
        fn set_total(&self, total: u64) {
            self.0.lock().unwrap().0 = Some(total);
        }
        fn inc(&self, n: u64) {
            self.0.lock().unwrap().1 += n;
        }
    }

    /// Every opening is played twice, in opening order, Level 5 Dark then
    /// Light against Level 4, from the opening's position to the end, each
    /// game on a stream of its own.
    #[test]
    fn every_opening_is_played_twice_from_its_position() {
        let levels = Levels::GAME;
        let list = balanced(2026, 3, &levels).unwrap();
        let tally = Tally::default();
        let games = play(2026, &list, &levels, &tally);
        assert_eq!(games.len(), 6);
        let ticks = *tally.0.lock().unwrap();
        assert_eq!(ticks, (Some(6), 6), "the bar's total is the games, each game one step");
        for (j, g) in games.iter().enumerate() {
            assert_eq!((g.opening, g.level5_dark), (j / 2, j % 2 == 0), "game {j}");
            assert_eq!((g.game.first, g.game.second), (PlayerKind::Level5, PlayerKind::Level4));
            assert_eq!((g.game.first_is_dark, g.game.game), (g.level5_dark, j as u32));
            let end = g.game.record.iter().fold(list[g.opening].position, |pos, m| match m {
                Some(sq) => pos.play(*sq).expect("a legal move"),
                None => pos.pass(),
            });
            assert!(end.is_game_over(), "game {j} played to the end");
        }
        let streams: Vec<u64> = games.iter().map(|g| g.game.seed).collect();
        let expected: Vec<u64> =
            (0..6u64).map(|j| seeds::stream(2026, Stream::OpeningGames, &[j / 2, j % 2])).collect();
        assert_eq!(streams, expected, "game j: the stream (seed, opening games, opening, 0 Dark / 1 Light)");
    }

    /// Level 5's results over hand-made games: counted from its side whichever
    /// colour it had, empty squares for nobody.
    #[test]
    fn the_summary_counts_from_level5s_side() {
        let (matchup, _) = matchup_named("level5 vs level4").expect("a ladder matchup");
        let game = |level5_dark, dark_discs, light_discs| OpeningGame {
            opening: 0,
            level5_dark,
            game: GameRecord::hand_made(matchup, 0, level5_dark, dark_discs, light_discs),
        };
        // Level 5 wins as Dark (40-24, and 12-10 with 42 empty) and as Light
        // (20-30 with 14 empty), draws 32-32 and loses as Light (33-31).
        let games =
            [game(true, 40, 24), game(false, 20, 30), game(true, 32, 32), game(false, 33, 31), game(true, 12, 10)];
        let s = summary(&games);
        assert_eq!((s.first, s.second), (PlayerKind::Level5, PlayerKind::Level4));
        assert_eq!((s.games, s.wins, s.draws, s.losses), (5, 3, 1, 1));
        let s = summary(&games[..2]);
        assert_eq!((s.games, s.wins, s.draws, s.losses), (2, 2, 0, 0));
    }
}
