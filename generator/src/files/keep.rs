//! Keeping the Daily days players already have: a release can copy the
//! trios of the cycle's first days from an older `daily.json` unchanged and
//! build only the rest anew (docs/release.md#keeping-published-days).

use crate::files::Error;
use crate::puzzles::blocklist::Blocklist;
use crate::puzzles::dates::Date;
use crate::puzzles::rules::{Puzzle, Reject, Workbench, judge, restore};
use crate::puzzles::schedule::{CYCLE_DAYS, EPOCH, day_empties, day_of};
use crate::puzzles::sets::KeptDays;
use engine::{Color, Levels, Position};
use format::{DailyFile, KeptProvenance, Set};
use std::path::Path;

/// Reads `old_dir/daily.json` and keeps its days 0 through the day of
/// `through`, except a day holding a `blocked` board or a board that no
/// longer passes the rules under `levels` (rule 6 follows Level 2): it gets a
/// new trio. A kept board's Level 2 moves are those of `levels`.
pub(crate) fn load(old_dir: &Path, through: Date, blocked: &Blocklist, levels: &Levels) -> Result<KeptDays, Error> {
    let file = old_dir.join(Set::Daily.file_name());
    let (old, bytes): (DailyFile, _) = format::read_with_bytes(old_dir, Set::Daily.file_name())?;
    let layout = |what: String| Error::Shape { file: file.clone(), what };
    if old.epoch != EPOCH || old.cycle_days != CYCLE_DAYS || old.days.len() != CYCLE_DAYS {
        return Err(layout(format!(
            "epoch {} with {} of {} days; only a {CYCLE_DAYS}-day table from epoch {EPOCH} can be kept",
            old.epoch,
            old.days.len(),
            old.cycle_days
        )));
    }
    let through_day = day_of(through);
    let mut bench = Workbench::new(levels);
    let mut days = Vec::with_capacity(through_day + 1);
    let mut replaced = Vec::new();
    for (d, day) in old.days.into_iter().take(through_day + 1).enumerate() {
        let empties: Vec<u32> = day.boards.iter().map(|b| b.empties).collect();
        if day.day != d || empties != day_empties(d) {
            return Err(layout(format!("day {d} is numbered {} with empties {empties:?}", day.day)));
        }
        let trio = day
            .boards
            .into_iter()
            .map(|b| {
                let id = b.id.clone();
                restore(b, &mut bench).map_err(|source| Error::KeptBoard { file: file.clone(), day: d, id, source })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let is_blocked = trio.iter().any(|b| blocked.reason(&b.id).is_some());
        let rechecked: Option<Vec<Puzzle>> = trio.into_iter().map(|b| recheck(b, &mut bench).ok()).collect();
        let keep = rechecked.filter(|_| !is_blocked);
        if keep.is_none() {
            replaced.push(d);
        }
        days.push(keep);
    }
    let provenance = KeptProvenance {
        through_day,
        through: through.to_string(),
        from_generator: old.header.generator,
        from_seed: old.header.seed,
        from_daily_sha256: crate::files::output::sha256_hex(&bytes),
        replaced_days: replaced,
    };
    Ok(KeptDays { days, provenance })
}

/// A kept board judged again under the workbench's levels: the rule it now
/// fails, or the board with the current Level 2 moves (every other field as
/// kept: the solver's answers do not depend on the levels). When its Level 2
/// moves change, so do its trap lines: its themes and lines are left to be
/// taught again (docs/release.md#keeping-published-days).
pub(crate) fn recheck(mut kept: Puzzle, bench: &mut Workbench) -> Result<Puzzle, Reject> {
    let pos = Position::from_board_str(&kept.board, Color::Dark).expect("a restored board");
    let fresh = judge(&pos, bench, kept.provenance.clone())?;
    if kept.record.level2 != fresh.puzzle.record.level2 {
        kept.record.level2 = fresh.puzzle.record.level2;
        kept.record.themes = None;
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use format::{DayEntry, Header};

    /// A `daily.json` of `days` empty days with `epoch` and `cycle_days`, in a fresh directory.
    fn old_file(epoch: &str, cycle_days: usize, days: usize) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let header = Header {
            format: format::FORMAT,
            generator: "discflip test".into(),
            seed: 1,
            scoring: "x".into(),
            sampling: "x".into(),
            levels_sha256: None,
        };
        let days = (0..days).map(|d| DayEntry { day: d, weekday: "Mon".into(), boards: Vec::new() }).collect();
        let file = DailyFile { header, epoch: epoch.into(), cycle_days, kept_days: None, days };
        std::fs::write(dir.path().join("daily.json"), format::to_json(&file)).unwrap();
        dir
    }

    fn error(dir: &tempfile::TempDir) -> String {
        let through = Date::parse("2025-01-08").unwrap();
        match load(dir.path(), through, &Blocklist::default(), &Levels::GAME) {
            Ok(_) => "kept".into(),
            Err(e) => e.to_string(),
        }
    }

    /// Only a 420-day table from the epoch can be kept: another epoch, another
    /// cycle length, or another number of days, each alone, is refused by name;
    /// with all three right, the layout check passes and the days are read.
    #[test]
    fn only_the_cycle_of_the_epoch_can_be_kept() {
        let refused = "only a 420-day table from epoch 2025-01-06 can be kept";
        for (epoch, cycle, days, what) in [
            ("2025-01-13", CYCLE_DAYS, CYCLE_DAYS, "another epoch"),
            (EPOCH, 7, CYCLE_DAYS, "another cycle length"),
            (EPOCH, CYCLE_DAYS, 7, "fewer days"),
        ] {
            let e = error(&old_file(epoch, cycle, days));
            assert!(e.contains(refused), "{what}: {e}");
        }
        let e = error(&old_file(EPOCH, CYCLE_DAYS, CYCLE_DAYS));
        assert!(!e.contains(refused) && e.contains("day 0 is numbered 0 with empties []"), "{e}");
    }

    /// A kept day must be numbered as its place and hold that day's sizes: a
    /// Monday numbered 1 with the right sizes is refused, as is one numbered 0
    /// with no boards; numbered 0 with boards of 6, 8 and 10 empties it is read.
    #[test]
    fn a_kept_day_is_numbered_as_its_place_with_its_sizes() {
        let trio = |d: usize| -> DayEntry {
            let boards = [6, 8, 10]
                .map(|e| {
                    let mut r = crate::puzzles::rules::template().record;
                    r.empties = e;
                    r
                })
                .to_vec();
            DayEntry { day: d, weekday: "Mon".into(), boards }
        };
        let with_day0 = |day0: DayEntry| {
            let dir = old_file(EPOCH, CYCLE_DAYS, CYCLE_DAYS);
            let path = dir.path().join("daily.json");
            let mut file: DailyFile = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            file.days[0] = day0;
            std::fs::write(&path, format::to_json(&file)).unwrap();
            let through = Date::parse(EPOCH).unwrap();
            load(dir.path(), through, &Blocklist::default(), &Levels::GAME).map(|_| ()).map_err(|e| e.to_string())
        };
        let e = with_day0(trio(1)).unwrap_err();
        assert!(e.contains("day 0 is numbered 1 with empties [6, 8, 10]"), "{e}");
        let e = with_day0(DayEntry { day: 0, weekday: "Mon".into(), boards: Vec::new() }).unwrap_err();
        assert!(e.contains("day 0 is numbered 0 with empties []"), "{e}");
        assert_eq!(with_day0(trio(0)), Ok(()), "the right number and sizes pass the check");
    }
}
