//! The players' names: one vocabulary for the command line, the reports and
//! the ladder.

use super::{Club, CornerBot, FlipGrabber, Level1, Level2, Level5, Level5Config, Player, RandomBot};
use crate::levels::Levels;
use std::fmt;
use std::str::FromStr;

/// The players by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PlayerKind {
    /// The random bot: any legal move, uniformly.
    Random,
    /// The flip-grabber: the move that flips the most discs.
    FlipGrabber,
    /// The corner bot: one move ahead on square values.
    Corner,
    /// Level 1, Beginner.
    Level1,
    /// Level 2, Casual.
    Level2,
    /// Level 3, Club.
    Level3,
    /// Level 4, Strong.
    Level4,
    /// Level 5, Expert.
    Level5,
}

impl PlayerKind {
    /// Levels 1 to 5, in order.
    pub const LEVELS: [PlayerKind; 5] =
        [PlayerKind::Level1, PlayerKind::Level2, PlayerKind::Level3, PlayerKind::Level4, PlayerKind::Level5];

    /// Every player, bots first.
    pub const ALL: [PlayerKind; 8] = [
        PlayerKind::Random,
        PlayerKind::FlipGrabber,
        PlayerKind::Corner,
        PlayerKind::Level1,
        PlayerKind::Level2,
        PlayerKind::Level3,
        PlayerKind::Level4,
        PlayerKind::Level5,
    ];

    /// The name used on the command line and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::FlipGrabber => "flip-grabber",
            PlayerKind::Corner => "corner",
            PlayerKind::Level1 => "level1",
            PlayerKind::Level2 => "level2",
            PlayerKind::Level3 => "level3",
            PlayerKind::Level4 => "level4",
            PlayerKind::Level5 => "level5",
        }
    }

    /// A fresh player of this kind as `levels` sets it, for batch runs (no clock).
    pub fn build(self, levels: &Levels) -> Box<dyn Player + Send> {
        match self {
            PlayerKind::Random => Box::new(RandomBot),
            PlayerKind::FlipGrabber => Box::new(FlipGrabber),
            PlayerKind::Corner => Box::new(CornerBot::new(levels)),
            PlayerKind::Level1 => Box::new(Level1::new(levels)),
            PlayerKind::Level2 => Box::new(Level2::new(levels)),
            PlayerKind::Level3 => Box::new(Club::level3(levels)),
            PlayerKind::Level4 => Box::new(Club::level4(levels)),
            PlayerKind::Level5 => Box::new(Level5::new(Level5Config::batch(levels))),
        }
    }

    /// The parts of `levels` a player of this kind reads, the rest the game's
    /// ([`Levels::GAME`]): levels whose parts read are equal build the same
    /// player (the calibration study plays a matchup once for every reading
    /// that agrees on both its players).
    pub fn settings_read(self, levels: &Levels) -> Levels {
        let mut read = Levels::GAME;
        match self {
            PlayerKind::Random | PlayerKind::FlipGrabber => {}
            PlayerKind::Corner => read.squares = levels.squares,
            PlayerKind::Level1 => read.level1 = levels.level1,
            PlayerKind::Level2 => (read.squares, read.level2) = (levels.squares, levels.level2),
            PlayerKind::Level3 => (read.squares, read.level3) = (levels.squares, levels.level3),
            PlayerKind::Level4 => (read.squares, read.level4) = (levels.squares, levels.level4),
            PlayerKind::Level5 => {
                (read.squares, read.level4, read.level5) = (levels.squares, levels.level4, levels.level5);
            }
        }
        read
    }
}

impl fmt::Display for PlayerKind {
    /// The name, padded to the width the format asks for (`{:>12}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A player name that is not one of [`PlayerKind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = PlayerKind::ALL.iter().map(|k| k.name()).collect();
        write!(f, "unknown player `{}` (expected one of: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownPlayer {}

impl FromStr for PlayerKind {
    type Err = UnknownPlayer;
    fn from_str(s: &str) -> Result<PlayerKind, UnknownPlayer> {
        let t = s.to_ascii_lowercase().replace([' ', '_'], "-");
        let t = t.strip_prefix("level-").map(|r| format!("level{r}")).unwrap_or(t);
        PlayerKind::ALL.into_iter().find(|k| k.name() == t).ok_or_else(|| UnknownPlayer(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::{ClubSettings, Level1Settings, Mobility, SquareTable};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    /// Valid levels with every part other than the game's.
    const OTHER: Levels = {
        let mut l = Levels::GAME;
        l.squares = SquareTable::DISCFLIP;
        l.level1 = Level1Settings { random: 1, out_of: 5 };
        (l.level2.mobility, l.level2.wobble_low, l.level2.wobble_high) = (Mobility::Own, 0.0, 1.0);
        l.level3 = ClubSettings { depth: 3, mobility_weight: 9, pick_window: 1 };
        l.level4 = ClubSettings { depth: 3, mobility_weight: 12, pick_window: 2 };
        (l.level5.settled_weight, l.level5.frontier_weight, l.level5.budget) = (40, 9, 20_000);
        l.reply_limit = 1_000;
        l
    };

    #[test]
    fn a_player_built_from_the_settings_it_reads_plays_as_one_built_from_all() {
        assert_eq!(OTHER.check(), Ok(()));
        for kind in PlayerKind::ALL {
            let read = kind.settings_read(&OTHER);
            let (mut all, mut part, mut game) = (kind.build(&OTHER), kind.build(&read), kind.build(&Levels::GAME));
            let mut unlike_the_game = 0;
            for seed in 0..30 {
                let pos = crate::testing::after_plies(&mut ChaCha8Rng::seed_from_u64(seed), 16 + seed as usize);
                let rng = || ChaCha8Rng::seed_from_u64(seed);
                let choice = all.choose(&pos, &mut rng());
                assert_eq!(part.choose(&pos, &mut rng()), choice, "{kind} on {pos}");
                unlike_the_game += usize::from(game.choose(&pos, &mut rng()) != choice);
            }
            // The test has teeth: every player that reads settings plays otherwise under OTHER.
            let reads_nothing = matches!(kind, PlayerKind::Random | PlayerKind::FlipGrabber);
            assert_eq!(unlike_the_game == 0, reads_nothing, "{kind}: {unlike_the_game} moves unlike the game's");
        }
    }
}
