//! One matchup's results: wins, draws and losses from the first-named side,
//! its score, Wilson interval and Elo difference (docs/ladder.md#strength-tables).

use engine::PlayerKind;

/// One summary row of `ladder.csv`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct MatchupSummary {
    /// The first-named side: results are counted from its side.
    pub(crate) first: PlayerKind,
    /// Its opponent.
    pub(crate) second: PlayerKind,
    /// Games played.
    pub(crate) games: u64,
    /// Games the first-named side won.
    pub(crate) wins: u64,
    /// Drawn games.
    pub(crate) draws: u64,
    /// Games the first-named side lost.
    pub(crate) losses: u64,
}

impl MatchupSummary {
    /// (wins + draws/2) / games.
    pub(crate) fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
    }

    /// The line the ladder prints for this matchup.
    pub(crate) fn line(&self) -> String {
        format!(
            "{:>12} vs {:<12} {:>4} games  {:>4}-{:>3}-{:<4} score {:.3}",
            self.first,
            self.second,
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.score()
        )
    }

    /// Wilson 95% interval of the score.
    pub(crate) fn wilson(&self) -> (f64, f64) {
        let n = self.games as f64;
        let p = self.score();
        let z = 1.959_963_984_540_054_f64;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// Elo difference for a score; `None` at 0 or 1 (unbounded).
pub(crate) fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}
