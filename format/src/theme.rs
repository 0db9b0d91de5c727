//! The themes a board can carry (docs/puzzles.md#themes): each a short name as
//! the files write it and, where the help page has one, the tip it exercises.
//! What each theme means is computed by the generator and again by the
//! verifier, each with its own code; this is only their names.

use std::fmt;
use std::str::FromStr;

/// A board's theme (docs/puzzles.md#themes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The par move is a corner.
    Corner,
    /// The par move is beside an empty corner.
    RiskySquare,
    /// The par move is on an edge, neither a corner nor beside one.
    Edge,
    /// The par move flips fewer discs than every other first move.
    Quiet,
    /// After the par move Light has fewer moves than after every other first move.
    Mobility,
    /// The perfect reply to the par move is a corner.
    GivesCorner,
    /// The par move is the only first move that wins.
    OnlyWin,
    /// Light passes on every listed par line.
    Tempo,
    /// A listed par line ends with no Light disc.
    Wipeout,
}

impl Theme {
    /// Every theme, in the order the files list them.
    pub const ALL: [Theme; 9] = [
        Theme::Corner,
        Theme::RiskySquare,
        Theme::Edge,
        Theme::Quiet,
        Theme::Mobility,
        Theme::GivesCorner,
        Theme::OnlyWin,
        Theme::Tempo,
        Theme::Wipeout,
    ];

    /// Its name in the files (`risky-square`).
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Corner => "corner",
            Theme::RiskySquare => "risky-square",
            Theme::Edge => "edge",
            Theme::Quiet => "quiet",
            Theme::Mobility => "mobility",
            Theme::GivesCorner => "gives-corner",
            Theme::OnlyWin => "only-win",
            Theme::Tempo => "tempo",
            Theme::Wipeout => "wipeout",
        }
    }

    /// The help page's tip it exercises, if it has one.
    pub const fn tip(self) -> Option<&'static str> {
        match self {
            Theme::Corner => Some("Take the corners."),
            Theme::RiskySquare => Some("Be careful beside an empty corner."),
            Theme::Quiet | Theme::Mobility => Some("Count moves, not discs."),
            Theme::GivesCorner => Some("A corner given for the count."),
            Theme::Tempo => Some("Count the empty squares near the end."),
            Theme::Edge | Theme::OnlyWin | Theme::Wipeout => None,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no theme's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a theme (one of {})", Theme::ALL.map(Theme::name).join(", "))]
pub struct UnknownTheme;

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL.into_iter().find(|t| t.name() == s).ok_or(UnknownTheme)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_tips_follow_the_help_page() {
        for t in Theme::ALL {
            assert_eq!(t.name().parse::<Theme>(), Ok(t));
            assert_eq!(t.to_string(), t.name());
        }
        assert_eq!("Corner".parse::<Theme>(), Err(UnknownTheme));
        let tipped: Vec<&str> = Theme::ALL.into_iter().filter(|t| t.tip().is_some()).map(Theme::name).collect();
        assert_eq!(tipped, ["corner", "risky-square", "quiet", "mobility", "gives-corner", "tempo"]);
        assert_eq!(Theme::Tempo.tip(), Some("Count the empty squares near the end."));
        assert!(UnknownTheme.to_string().contains("corner, risky-square, edge"));
    }
}
