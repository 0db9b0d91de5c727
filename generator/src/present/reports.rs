//! The strength tables (docs/ladder.md#strength-tables), built from the games with polars,
//! and the other report files.

use crate::puzzles::rules::Reject;
use crate::puzzles::sets::Stats;
use crate::strength::ladder::{GameRecord, MATCHUPS};
use crate::strength::summary::{MatchupSummary, elo};
use crate::table::Table;
use engine::{Levels, PlayerKind, Square};
use format::LevelsFile;
use polars::prelude::*;
use std::collections::BTreeMap;

fn cell(v: Option<f64>) -> String {
    v.map_or(String::new(), |x| format!("{x:.1}"))
}

/// Aggregates the ladder's games per matchup with polars (an in-memory
/// group-by in game order: matchups come out in ladder order).
pub(crate) fn summarize(games: &[GameRecord]) -> PolarsResult<Vec<MatchupSummary>> {
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
pub(crate) fn ladder_csv(rows: &[MatchupSummary]) -> Vec<u8> {
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
pub(crate) fn beats_flip_grabber(r: &MatchupSummary) -> u64 {
    r.wins * 100 / r.games.max(1)
}

/// Each level's matchup against the flip-grabber, level 1 first.
fn against_flip_grabber(rows: &[MatchupSummary]) -> impl Iterator<Item = (u32, &MatchupSummary)> {
    (1..).zip(PlayerKind::LEVELS).filter_map(move |(level, kind)| {
        rows.iter().find(|r| r.first == kind && r.second == PlayerKind::FlipGrabber).map(|r| (level, r))
    })
}

/// `settings_line.csv`: each level's "Beats a flip-grabber" percentage.
pub(crate) fn settings_line_csv(rows: &[MatchupSummary]) -> Vec<u8> {
    let mut w = Table::new(["level", "beats_flip_grabber_percent"]);
    for (level, r) in against_flip_grabber(rows) {
        w.row([level.to_string(), beats_flip_grabber(r).to_string()]);
    }
    w.into_bytes()
}

/// `strength.md`: the strength tables and the settings line, then the same
/// figures in the help page's own layout (docs/ladder.md#strength-tables), with
/// the levels file they were played under.
pub(crate) fn strength_md(rows: &[MatchupSummary], levels: &LevelsFile) -> Vec<u8> {
    let mut s = String::from("# Disc Flip computer levels: strength tables\n\n");
    s += &format!("Played under the levels file \"{}\" (`levels.json`, SHA-256 `{}`).\n\n", levels.name, levels.sha256);
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
    s += &help_page_section(rows, &levels.levels);
    s.into_bytes()
}

/// A player as the help page names it: `Level 2`, `random bot`, `flip-grabber`, `corner bot`.
pub(crate) fn help_name(kind: PlayerKind) -> String {
    match kind {
        PlayerKind::Random => "random bot".to_string(),
        PlayerKind::FlipGrabber => "flip-grabber".to_string(),
        PlayerKind::Corner => "corner bot".to_string(),
        level => format!("Level {}", PlayerKind::LEVELS.iter().position(|&l| l == level).expect("a level") + 1),
    }
}

/// A matchup as the help page names it, first letter capital (`Random bot vs flip-grabber`).
pub(crate) fn help_matchup(first: PlayerKind, second: PlayerKind) -> String {
    let name = help_name(first);
    let mut chars = name.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
    format!("{first}{} vs {}", chars.as_str(), help_name(second))
}

/// The help page's section, ready to paste: its results table and its
/// "What each level does" table with the Settings column.
fn help_page_section(rows: &[MatchupSummary], levels: &Levels) -> String {
    let mut s = String::from("\n## For the help page\n\nThe same figures in the help page's layout, to paste.\n\n");
    s += "### How strong is each level?\n\n| Matchup | Games | Wins–draws–losses |\n|---|---:|---|\n";
    for r in rows {
        s += &format!("| {} | {} | {}–{}–{} |\n", help_matchup(r.first, r.second), r.games, r.wins, r.draws, r.losses);
    }
    s +=
        "\n### What each level does\n\n| Level | What it does | Settings: \"Beats a flip-grabber\" |\n|---|---|---:|\n";
    let beats: BTreeMap<u32, u64> = against_flip_grabber(rows).map(|(l, r)| (l, beats_flip_grabber(r))).collect();
    for (level, (name, does)) in (1u32..).zip(level_descriptions(levels)) {
        let settings = beats.get(&level).map_or("—".to_string(), |p| format!("{p}%"));
        s += &format!("| Level {level} ({name}) | {does} | {settings} |\n");
    }
    s
}

/// Each level's name and what it does, in the help page's words, with the
/// figures of `levels`.
pub(crate) fn level_descriptions(levels: &Levels) -> [(&'static str, String); 5] {
    let (l1, l2, l3, l4, l5) = (levels.level1, levels.level2, levels.level3, levels.level4, levels.level5);
    let points = |h: i32| format!("{}", f64::from(h) / 100.0);
    let mobility = match l2.mobility {
        engine::Mobility::Difference => "extra legal move (its moves minus the opponent's)",
        engine::Mobility::Own => "legal move it has",
    };
    let wobble = if l2.wobble_low == -l2.wobble_high {
        format!("a random wobble of up to ±{} points", l2.wobble_high)
    } else {
        format!("a random wobble between {} and {} points", l2.wobble_low, l2.wobble_high)
    };
    let window = |w: i32| {
        if w == 0 {
            "breaks exact ties at random".to_string()
        } else {
            format!("picks at random among moves within {w} points of the best")
        }
    };
    [
        (
            "Beginner",
            format!(
                "a random legal move {}% of the time, otherwise the move that flips the most discs",
                100 * l1.random / l1.out_of.max(1)
            ),
        ),
        (
            "Casual",
            format!(
                "looks one move ahead: square values + {} per {mobility} + {wobble}",
                points(l2.mobility_hundredths)
            ),
        ),
        (
            "Club",
            format!(
                "looks {} moves ahead: square values + {} per extra legal move; {}",
                l3.depth,
                l3.mobility_weight,
                window(l3.pick_window)
            ),
        ),
        (
            "Strong",
            format!(
                "looks {} moves ahead with the same scoring as Level 3 (+{} per extra legal move); {}",
                l4.depth,
                l4.mobility_weight,
                window(l4.pick_window)
            ),
        ),
        (
            "Expert",
            format!(
                "searches deeper and deeper within {} positions (and {:.1} s); adds settled discs, frontier discs and parity to Level 4's score; solves the last {} empty squares exactly",
                group_thousands(l5.budget),
                f64::from(l5.time_limit_ms) / 1000.0,
                l5.exact_empties
            ),
        ),
    ]
}

/// `70000` as `70,000`.
fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `square_values.csv`: the game's Figure 3, as the levels file sets it.
pub(crate) fn square_values_csv(levels: &Levels) -> Vec<u8> {
    let mut w = Table::new(["square", "value_corner_empty", "value_corner_taken"]);
    for sq in Square::all() {
        let (empty, taken) = (levels.squares.corner_empty[sq.index()], levels.squares.corner_taken[sq.index()]);
        w.row([sq.to_string(), empty.to_string(), taken.to_string()]);
    }
    w.into_bytes()
}

/// `generation.csv`: per empty count, candidates and what became of them.
pub(crate) fn generation_csv(stats: &BTreeMap<u32, Stats>, reply_limit: u64) -> Vec<u8> {
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
            reply_limit.to_string(),
        ]);
        w.row(&row);
    }
    w.into_bytes()
}

/// `difficulty.csv` (docs/formats.md#reports-reports): per set and size, the tiers and
/// difficulty scores of the boards; per weekday group, the spread of the
/// Daily days' difficulty totals before (sampling order) and after balancing.
pub(crate) fn difficulty_csv(g: &crate::puzzles::sets::Generated) -> Vec<u8> {
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

pub(crate) use calibration::{MadeUnder, calibration_csv, calibration_summary_csv};
pub(crate) use themes::themes_csv;

mod calibration;
mod themes;

#[cfg(test)]
mod tests;
