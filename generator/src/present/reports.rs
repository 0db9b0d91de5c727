//! The strength tables (docs/ladder.md#strength-tables), built from the games with polars,
//! and the other report files.

use crate::puzzles::rules::Reject;
use crate::puzzles::sets::Stats;
use crate::strength::ladder::{GameRecord, MATCHUPS};
use crate::strength::summary::{MatchupSummary, elo};
use crate::table::Table;
use engine::{C_SQUARE_TAKEN, VALUES_CORNER_EMPTY, X_SQUARE_TAKEN};
use engine::{PlayerKind, Square};
use polars::prelude::*;
use std::collections::BTreeMap;

fn cell(v: Option<f64>) -> String {
    v.map_or(String::new(), |x| format!("{x:.1}"))
}

/// Aggregates the ladder's games per matchup with polars (an in-memory
/// group-by in game order: matchups come out in ladder order).
pub fn summarize(games: &[GameRecord]) -> PolarsResult<Vec<MatchupSummary>> {
    let df = df!(
        "matchup" => games.iter().map(|g| g.matchup as u32).collect::<Vec<u32>>(),
        "margin_first" => games.iter().map(GameRecord::margin_first).collect::<Vec<i32>>(),
    )?;
    let margin = || col("margin_first");
    let out = df
        .lazy()
        .group_by_stable([col("matchup")])
        .agg([
            len().cast(DataType::Int64).alias("games"),
            margin().gt(lit(0)).cast(DataType::Int64).sum().alias("wins"),
            margin().eq(lit(0)).cast(DataType::Int64).sum().alias("draws"),
            margin().lt(lit(0)).cast(DataType::Int64).sum().alias("losses"),
        ])
        .collect()?;
    let num = |name: &str| -> PolarsResult<Vec<u64>> {
        let ca = out.column(name)?.i64()?;
        Ok((0..ca.len()).map(|i| ca.get(i).unwrap_or(0) as u64).collect())
    };
    let matchups: Vec<usize> = out.column("matchup")?.u32()?.into_no_null_iter().map(|m| m as usize).collect();
    let (games, wins, draws, losses) = (num("games")?, num("wins")?, num("draws")?, num("losses")?);
    Ok((0..matchups.len())
        .map(|i| MatchupSummary {
            first: MATCHUPS[matchups[i]].first,
            second: MATCHUPS[matchups[i]].second,
            games: games[i],
            wins: wins[i],
            draws: draws[i],
            losses: losses[i],
        })
        .collect())
}

/// `ladder.csv`: one row per matchup; never inf or NaN (empty cells instead).
pub fn ladder_csv(rows: &[MatchupSummary]) -> Vec<u8> {
    let mut w = Table::new([
        "first",
        "second",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "score_low95",
        "score_high95",
        "elo",
        "elo_low95",
        "elo_high95",
    ]);
    for r in rows {
        let (lo, hi) = r.wilson();
        w.row([
            r.first.to_string(),
            r.second.to_string(),
            r.games.to_string(),
            r.wins.to_string(),
            r.draws.to_string(),
            r.losses.to_string(),
            format!("{:.4}", r.score()),
            format!("{lo:.4}"),
            format!("{hi:.4}"),
            cell(elo(r.score())),
            cell(elo(lo)),
            cell(elo(hi)),
        ]);
    }
    w.into_bytes()
}

/// The "Beats a flip-grabber" percentage: wins ÷ games, rounded down.
pub fn beats_flip_grabber(r: &MatchupSummary) -> u64 {
    r.wins * 100 / r.games.max(1)
}

/// Each level's matchup against the flip-grabber, level 1 first.
fn against_flip_grabber(rows: &[MatchupSummary]) -> impl Iterator<Item = (u32, &MatchupSummary)> {
    (1..).zip(PlayerKind::LEVELS).filter_map(move |(level, kind)| {
        rows.iter().find(|r| r.first == kind && r.second == PlayerKind::FlipGrabber).map(|r| (level, r))
    })
}

/// `settings_line.csv`: each level's "Beats a flip-grabber" percentage.
pub fn settings_line_csv(rows: &[MatchupSummary]) -> Vec<u8> {
    let mut w = Table::new(["level", "beats_flip_grabber_percent"]);
    for (level, r) in against_flip_grabber(rows) {
        w.row([level.to_string(), beats_flip_grabber(r).to_string()]);
    }
    w.into_bytes()
}

/// `strength.md`: the strength tables and the settings line as the help page prints them.
pub fn strength_md(rows: &[MatchupSummary]) -> Vec<u8> {
    let mut s = String::from("# Disc Flip computer levels: strength tables\n\n");
    s += "Results from the first-named side. Score = (wins + draws/2) / games; 95% Wilson interval; \
          Elo difference from the score (blank when unbounded).\n\n";
    s += "| first | second | games | wins | draws | losses | score | 95% interval | Elo |\n";
    s += "|---|---|---:|---:|---:|---:|---:|---|---:|\n";
    for r in rows {
        let (lo, hi) = r.wilson();
        s += &format!(
            "| {} | {} | {} | {} | {} | {} | {:.3} | {:.3}–{:.3} | {} |\n",
            r.first,
            r.second,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            r.score(),
            lo,
            hi,
            elo(r.score()).map_or("—".to_string(), |e| format!("{e:+.0}"))
        );
    }
    s += "\n## Settings line: \"Beats a flip-grabber\"\n\n| level | beats a flip-grabber |\n|---|---:|\n";
    for (level, r) in against_flip_grabber(rows) {
        s += &format!("| Level {level} | {}% |\n", beats_flip_grabber(r));
    }
    s.into_bytes()
}

/// `square_values.csv`: the game's Figure 3.
pub fn square_values_csv() -> Vec<u8> {
    let mut w = Table::new(["square", "value_corner_empty", "value_corner_taken"]);
    let x_squares = [9, 14, 49, 54];
    let c_squares = [1, 8, 6, 15, 48, 57, 55, 62];
    for sq in Square::all() {
        let empty = VALUES_CORNER_EMPTY[sq.index()];
        let taken = if x_squares.contains(&sq.index()) {
            X_SQUARE_TAKEN
        } else if c_squares.contains(&sq.index()) {
            C_SQUARE_TAKEN
        } else {
            empty
        };
        w.row([sq.to_string(), empty.to_string(), taken.to_string()]);
    }
    w.into_bytes()
}

/// `generation.csv`: per empty count, candidates and what became of them.
pub fn generation_csv(stats: &BTreeMap<u32, Stats>) -> Vec<u8> {
    let mut header = vec!["empties", "candidates", "game_over_before_target"];
    header.extend(Reject::ALL.iter().map(|r| r.column()));
    header.extend(["duplicates", "accepted", "pass_rate_percent", "heaviest_reply_positions", "reply_limit"]);
    let mut w = Table::new(&header);
    for (e, s) in stats {
        let mut row = vec![e.to_string(), s.tried.to_string(), s.game_over.to_string()];
        row.extend(Reject::ALL.iter().map(|r| s.rejected.get(r).copied().unwrap_or(0).to_string()));
        let rate = if s.tried == 0 { 0.0 } else { 100.0 * s.accepted as f64 / s.tried as f64 };
        row.extend([
            s.duplicates.to_string(),
            s.accepted.to_string(),
            format!("{rate:.2}"),
            s.heaviest_reply.to_string(),
            crate::puzzles::rules::REPLY_LIMIT.to_string(),
        ]);
        w.row(&row);
    }
    w.into_bytes()
}

/// `difficulty.csv` (docs/formats.md#reports-reports): per set and size, the tiers and
/// difficulty scores of the boards; per weekday group, the spread of the
/// Daily days' difficulty totals before (sampling order) and after balancing.
pub fn difficulty_csv(g: &crate::puzzles::sets::Generated) -> Vec<u8> {
    use crate::puzzles::balance::{GROUPS, spread};
    let mut w = Table::new([
        "section",
        "set",
        "empties",
        "weekday_group",
        "count",
        "tier1",
        "tier2",
        "tier3",
        "tier4",
        "tier5",
        "min",
        "mean",
        "max",
        "spread",
        "stdev",
    ]);
    let sets: [(&str, Vec<&crate::puzzles::rules::Puzzle>); 2] =
        [("endgame", g.endgame.iter().collect()), ("daily", g.days.iter().flatten().collect())];
    for (name, boards) in &sets {
        let mut sizes: Vec<u32> = boards.iter().map(|b| b.empties).collect();
        sizes.sort_unstable();
        sizes.dedup();
        for e in sizes {
            let sol: Vec<&format::Solution> =
                boards.iter().filter(|b| b.empties == e).filter_map(|b| b.solution.as_ref()).collect();
            let mut tiers = [0usize; 5];
            for x in &sol {
                tiers[(x.tier.clamp(1, 5) - 1) as usize] += 1;
            }
            let scores: Vec<u32> = sol.iter().map(|x| x.difficulty).collect();
            let mean = scores.iter().sum::<u32>() as f64 / scores.len().max(1) as f64;
            let mut row =
                vec!["boards".to_string(), name.to_string(), e.to_string(), String::new(), sol.len().to_string()];
            row.extend(tiers.iter().map(usize::to_string));
            row.extend([
                scores.iter().min().unwrap_or(&0).to_string(),
                format!("{mean:.2}"),
                scores.iter().max().unwrap_or(&0).to_string(),
                String::new(),
                String::new(),
            ]);
            w.row(&row);
        }
    }
    for (i, group) in GROUPS.iter().enumerate() {
        let days = g.days.iter().enumerate().filter(|(d, _)| crate::puzzles::balance::group_of(*d) == i).count();
        let before = g.spread_before.map(|b| b[i]);
        for (section, sp) in [("days_before", before), ("days_after", Some(spread(&g.days, i)))] {
            let mut row = vec![section.to_string(), "daily".into(), String::new(), group.to_string(), days.to_string()];
            row.extend(std::iter::repeat_n(String::new(), 5));
            row.extend(match sp {
                Some(x) => [
                    x.min.to_string(),
                    format!("{:.2}", x.mean),
                    x.max.to_string(),
                    x.spread.to_string(),
                    format!("{:.2}", x.stdev),
                ],
                None => Default::default(),
            });
            w.row(&row);
        }
    }
    w.into_bytes()
}

#[cfg(test)]
mod tests;
