//! `discflip diff OLD NEW`: what a new data directory changes against an old
//! one, per set and per Daily day (docs/release.md#discflip-diff-old-new).
//!
//! Boards are matched by id. A board's *answer fields* are every field of its
//! record except `display` and `provenance`, so answer fields added to the
//! format later are compared without a change here.

use crate::files::{Error, keep};
use crate::puzzles::dates::Date;
use crate::puzzles::rules::{Workbench, restore};
use crate::puzzles::schedule::WEEKDAYS;
use crate::table::Table;
use format::{BoardRecord, DataDir, LEVELS_FILE, LevelsFile, Set};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// Record fields that are not answers.
const NOT_ANSWERS: [&str; 2] = ["display", "provenance"];

/// Added, removed and changed boards of one set.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct SetDiff {
    /// Ids only in the new data.
    pub(crate) added: Vec<String>,
    /// Ids only in the old data.
    pub(crate) removed: Vec<String>,
    /// Board id and the answer fields that differ, both sorted.
    pub(crate) changed: Vec<(String, Vec<String>)>,
}

impl SetDiff {
    /// True when nothing was added, removed or changed.
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

/// A Daily day whose trio of board ids changed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct DayChange {
    /// The day's index in the cycle.
    pub(crate) day: usize,
    /// The day's date in the cycle that contains the reference date.
    pub(crate) date: Date,
    /// The old trio's ids.
    pub(crate) old: Vec<String>,
    /// The new trio's ids.
    pub(crate) new: Vec<String>,
    /// Why the day changed, one line per old board that explains it: the
    /// new data's blocklist names it (`<id> blocked: <reason>`), or the day
    /// was one to keep and the board no longer passes the rules under the
    /// new data's levels file (`<id> fails under levels.json: <rule>`).
    pub(crate) why: Vec<String>,
}

/// Everything that differs between two data directories.
#[derive(Debug, PartialEq, Eq)]
pub struct DataDiff {
    /// The Endgame set's changes.
    pub(crate) endgame: SetDiff,
    /// The Daily set's changes, by board.
    pub(crate) daily: SetDiff,
    /// The Daily days whose trio changed, in day order.
    pub(crate) days: Vec<DayChange>,
    /// `(old, new)` epochs when they differ.
    pub(crate) epoch: Option<(String, String)>,
}

/// One set's boards, by id, in file order, each as its JSON object: the diff
/// compares records field by field, whatever fields the format has, so it
/// reads them through the typed format and then as raw JSON values (the one
/// place in the generator that does).
type Boards = Vec<(String, Value)>;

struct Loaded {
    endgame: Boards,
    daily: Boards,
    /// Each day's board ids, in day order.
    days: Vec<Vec<String>>,
    /// Each day's records, in day order.
    day_records: Vec<Vec<BoardRecord>>,
    /// The kept days that were given new trios.
    replaced_days: Vec<usize>,
    epoch: String,
    /// Days in the Daily cycle.
    cycle_days: usize,
}

fn as_values<'a>(records: impl Iterator<Item = &'a BoardRecord>) -> Boards {
    records.map(|r| (r.id.clone(), serde_json::to_value(r).expect("records serialize"))).collect()
}

fn load(dir: &Path) -> Result<Loaded, Error> {
    let data = DataDir::load(dir)?;
    let days = data.daily.days.iter().map(|d| d.boards.iter().map(|b| b.id.clone()).collect()).collect();
    Ok(Loaded {
        endgame: as_values(data.endgame.boards.iter()),
        daily: as_values(data.daily.boards().map(|(_, b)| b)),
        days,
        day_records: data.daily.days.iter().map(|d| d.boards.clone()).collect(),
        replaced_days: data.daily.kept_days.map(|k| k.replaced_days).unwrap_or_default(),
        epoch: data.daily.epoch,
        cycle_days: data.daily.cycle_days,
    })
}

/// The answer fields of two records that differ, sorted.
fn changed_fields(old: &Value, new: &Value) -> Vec<String> {
    let empty = serde_json::Map::new();
    let (o, n) = (old.as_object().unwrap_or(&empty), new.as_object().unwrap_or(&empty));
    let mut keys: Vec<&String> = o.keys().chain(n.keys()).filter(|k| !NOT_ANSWERS.contains(&k.as_str())).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter().filter(|k| o.get(*k) != n.get(*k)).cloned().collect()
}

fn diff_set(old: &Boards, new: &Boards) -> SetDiff {
    let old_by_id: BTreeMap<&str, &Value> = old.iter().map(|(id, v)| (id.as_str(), v)).collect();
    let new_by_id: BTreeMap<&str, &Value> = new.iter().map(|(id, v)| (id.as_str(), v)).collect();
    let mut d = SetDiff::default();
    for (id, v) in &new_by_id {
        match old_by_id.get(id) {
            None => d.added.push(id.to_string()),
            Some(o) => {
                let fields = changed_fields(o, v);
                if !fields.is_empty() {
                    d.changed.push((id.to_string(), fields));
                }
            }
        }
    }
    d.removed = old_by_id.keys().filter(|id| !new_by_id.contains_key(*id)).map(|id| id.to_string()).collect();
    d
}

/// Why a kept board was replaced, if it no longer passes the rules under
/// the workbench's levels.
fn fails_now(record: &BoardRecord, bench: &mut Workbench) -> Option<String> {
    let id = record.id.clone();
    let reject = restore(record.clone(), bench).ok().and_then(|p| keep::recheck(p, bench).err())?;
    Some(format!("{id} fails under {LEVELS_FILE}: {}", reject.describe()))
}

/// The first day of the cycle of `cycle_days` days (420 in the game's data)
/// that contains `today`, under `epoch`.
pub(crate) fn cycle_start(epoch: Date, today: Date, cycle_days: usize) -> Date {
    let cycle = cycle_days.max(1) as i64;
    Date(epoch.0 + (today.0 - epoch.0).div_euclid(cycle) * cycle)
}

/// Compares the data in `old` and `new`; Daily dates are given in the cycle
/// that contains `today`.
pub fn diff_dirs(old: &Path, new: &Path, today: Date) -> Result<DataDiff, Error> {
    let (a, b) = (load(old)?, load(new)?);
    let blocklist = crate::files::blocklist::read(new)?;
    let levels = LevelsFile::choose(None, new)?;
    let mut bench = Workbench::new(&levels.levels);
    let epoch = Date::parse(&b.epoch)
        .map_err(|e| Error::Shape { file: new.join(Set::Daily.file_name()), what: format!("epoch: {e}") })?;
    let start = cycle_start(epoch, today, b.cycle_days);
    let days = (0..a.days.len().max(b.days.len()))
        .filter_map(|d| {
            let (o, n) = (a.days.get(d).cloned().unwrap_or_default(), b.days.get(d).cloned().unwrap_or_default());
            if o == n {
                return None;
            }
            let mut why: Vec<String> =
                o.iter().filter_map(|id| blocklist.reason(id).map(|r| format!("{id} blocked: {r}"))).collect();
            if why.is_empty() && b.replaced_days.contains(&d) {
                why = a.day_records[d].iter().filter_map(|r| fails_now(r, &mut bench)).collect();
            }
            Some(DayChange { day: d, date: Date(start.0 + d as i64), old: o, new: n, why })
        })
        .collect();
    Ok(DataDiff {
        endgame: diff_set(&a.endgame, &b.endgame),
        daily: diff_set(&a.daily, &b.daily),
        days,
        epoch: (a.epoch != b.epoch).then(|| (a.epoch.clone(), b.epoch.clone())),
    })
}

impl DataDiff {
    /// True when every answer field, every day's trio and the epoch are the same.
    pub fn is_empty(&self) -> bool {
        self.endgame.is_empty() && self.daily.is_empty() && self.days.is_empty() && self.epoch.is_none()
    }

    /// The one-line summary.
    pub(crate) fn summary(&self) -> String {
        let set = |s: &SetDiff| format!("+{} -{} ~{}", s.added.len(), s.removed.len(), s.changed.len());
        format!(
            "endgame {}; daily {}; {} days with a new trio{}",
            set(&self.endgame),
            set(&self.daily),
            self.days.len(),
            if self.epoch.is_some() { "; epoch changed" } else { "" }
        )
    }

    /// The human-readable report, summary line last.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (name, set) in [(Set::Endgame, &self.endgame), (Set::Daily, &self.daily)] {
            for id in &set.added {
                let _ = writeln!(s, "{name}: added {id}");
            }
            for id in &set.removed {
                let _ = writeln!(s, "{name}: removed {id}");
            }
            for (id, fields) in &set.changed {
                let _ = writeln!(s, "{name}: changed {id}: {}", fields.join(", "));
            }
        }
        if let Some((old, new)) = &self.epoch {
            let _ = writeln!(s, "daily: epoch {old} -> {new}");
        }
        for d in &self.days {
            let why = &d.why;
            let _ = writeln!(
                s,
                "daily: day {} ({} {}): {} -> {}{}",
                d.day,
                WEEKDAYS[d.day % 7],
                d.date,
                d.old.join(" "),
                d.new.join(" "),
                if why.is_empty() { String::new() } else { format!(" ({})", why.join("; ")) }
            );
        }
        let _ = writeln!(s, "{}", self.summary());
        s
    }

    /// `set,change,id,fields,day,date`: one row per added, removed or changed
    /// board and per changed day (`fields` joined with `;`).
    pub fn csv(&self) -> Vec<u8> {
        let mut w = Table::new(["set", "change", "id", "fields", "day", "date"]);
        let mut row = |r: [&str; 6]| {
            w.row(r);
        };
        for (name, set) in [(Set::Endgame, &self.endgame), (Set::Daily, &self.daily)] {
            for id in &set.added {
                row([&name.to_string(), "added", id, "", "", ""]);
            }
            for id in &set.removed {
                row([&name.to_string(), "removed", id, "", "", ""]);
            }
            for (id, fields) in &set.changed {
                row([&name.to_string(), "changed", id, &fields.join(";"), "", ""]);
            }
        }
        if let Some((old, new)) = &self.epoch {
            row(["daily", "epoch", "", &format!("{old};{new}"), "", ""]);
        }
        for d in &self.days {
            row(["daily", "day", &d.new.join(";"), &d.why.join(";"), &d.day.to_string(), &d.date.to_string()]);
        }
        w.into_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::schedule::CYCLE_DAYS;
    use serde_json::json;

    /// A diff is empty only when each of its parts is: any one added,
    /// removed or changed board, day or epoch alone makes `discflip diff`
    /// exit 1.
    #[test]
    fn any_one_difference_makes_the_diff_non_empty() {
        let none = || DataDiff { endgame: SetDiff::default(), daily: SetDiff::default(), days: vec![], epoch: None };
        assert!(none().is_empty());
        let id = || vec!["e08-000000000000".to_string()];
        let one_set_change = || {
            [
                SetDiff { added: id(), ..SetDiff::default() },
                SetDiff { removed: id(), ..SetDiff::default() },
                SetDiff { changed: vec![(id().remove(0), vec!["par".into()])], ..SetDiff::default() },
            ]
        };
        for (endgame, daily) in one_set_change().into_iter().zip(one_set_change()) {
            assert!(!endgame.is_empty(), "{endgame:?}");
            assert!(!DataDiff { endgame, ..none() }.is_empty());
            assert!(!DataDiff { daily, ..none() }.is_empty());
        }
        let date = Date::parse("2026-12-04").unwrap();
        let day = DayChange { day: 4, date, old: vec![], new: vec![], why: vec![] };
        assert!(!DataDiff { days: vec![day], ..none() }.is_empty());
        assert!(!DataDiff { epoch: Some(("2025-01-06".into(), "2025-01-07".into())), ..none() }.is_empty());
    }

    #[test]
    fn only_answer_fields_count() {
        let a = json!({"id": "x", "par": 4, "display": {"dark_discs": 3}, "provenance": {"seed": 1}});
        let b = json!({"id": "x", "par": 6, "display": {"dark_discs": 9}, "provenance": {"seed": 2}, "solution": {}});
        assert_eq!(changed_fields(&a, &b), ["par", "solution"]);
        assert!(changed_fields(&a, &a).is_empty());
    }

    #[test]
    fn cycle_start_is_floor_based() {
        let epoch = Date::parse("2025-01-06").unwrap();
        let d = |s| Date::parse(s).unwrap();
        assert_eq!(cycle_start(epoch, d("2025-01-06"), CYCLE_DAYS), epoch);
        assert_eq!(cycle_start(epoch, d("2026-03-01"), CYCLE_DAYS), epoch, "day 419 is 2026-03-01");
        assert_eq!(cycle_start(epoch, d("2026-03-02"), CYCLE_DAYS), d("2026-03-02"), "day 420 starts the next cycle");
        assert_eq!(
            cycle_start(epoch, d("2025-01-05"), CYCLE_DAYS),
            d("2023-11-13"),
            "the day before the epoch is day 419"
        );
        // A 7-day cycle (the tests' small releases): weeks from the epoch.
        assert_eq!(cycle_start(epoch, d("2026-12-02"), 7), d("2026-11-30"));
        assert_eq!(cycle_start(epoch, d("2025-01-12"), 7), epoch, "day 6");
    }
}
