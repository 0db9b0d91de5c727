//! `themes.csv` (docs/formats.md#reports-reports): per set and size, how many
//! boards carry each theme and their mean difficulty; per Daily weekday group,
//! how many distinct themes a week's boards cover.

use crate::puzzles::balance::{GROUPS, group_of};
use crate::puzzles::rules::Puzzle;
use crate::puzzles::sets::Generated;
use crate::table::Table;
use format::Theme;
use std::collections::BTreeSet;

/// `themes.csv` of a generated release.
pub(crate) fn themes_csv(g: &Generated) -> Vec<u8> {
    let mut w = Table::new([
        "section",
        "set",
        "empties",
        "weekday_group",
        "theme",
        "boards",
        "of",
        "mean_difficulty",
        "min",
        "mean",
        "max",
    ]);
    let sets: [(&str, Vec<&Puzzle>); 2] =
        [("endgame", g.endgame.iter().collect()), ("daily", g.days.iter().flatten().collect())];
    for (name, boards) in &sets {
        let sizes: BTreeSet<u32> = boards.iter().map(|b| b.empties).collect();
        for e in sizes {
            let sized: Vec<&&Puzzle> = boards.iter().filter(|b| b.empties == e).collect();
            for theme in Theme::ALL {
                let with: Vec<u32> = sized
                    .iter()
                    .filter(|b| b.themes.as_ref().is_some_and(|t| t.contains(&theme)))
                    .map(|b| b.solution.as_ref().map_or(0, |s| s.difficulty))
                    .collect();
                let mean = if with.is_empty() {
                    String::new()
                } else {
                    format!("{:.2}", f64::from(with.iter().sum::<u32>()) / with.len() as f64)
                };
                let mut row = vec!["boards".into(), name.to_string(), e.to_string(), String::new(), theme.to_string()];
                row.extend([with.len().to_string(), sized.len().to_string(), mean]);
                row.extend(std::iter::repeat_n(String::new(), 3));
                w.row(&row);
            }
        }
    }
    for (group, label) in GROUPS.iter().enumerate().map(|(i, l)| (Some(i), *l)).chain([(None, "week")]) {
        let weeks: Vec<usize> = g
            .days
            .chunks(7)
            .map(|week| {
                let days = week.iter().enumerate().filter(|(d, _)| group.is_none_or(|i| group_of(*d) == i));
                let themes: BTreeSet<Theme> =
                    days.flat_map(|(_, trio)| trio.iter().flat_map(|b| b.themes.iter().flatten().copied())).collect();
                themes.len()
            })
            .collect();
        let per_week = g.days.iter().take(7).enumerate().filter(|(d, _)| group.is_none_or(|i| group_of(*d) == i));
        let boards: usize = per_week.map(|(_, trio)| trio.len()).sum();
        let (min, max) = (weeks.iter().min().copied().unwrap_or(0), weeks.iter().max().copied().unwrap_or(0));
        let mean = weeks.iter().sum::<usize>() as f64 / weeks.len().max(1) as f64;
        let mut row = vec!["weeks".into(), "daily".into(), String::new(), label.to_string(), String::new()];
        row.extend([boards.to_string(), weeks.len().to_string(), String::new()]);
        row.extend([min.to_string(), format!("{mean:.2}"), max.to_string()]);
        w.row(&row);
    }
    w.into_bytes()
}
