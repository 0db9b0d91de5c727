//! The shape of the two sets (docs/puzzles.md#the-sets and #the-daily-schedule, docs/verification.md#what-it-checks):
//! board counts and empty counts, the Daily schedule's days and weekdays,
//! ids used once, and no board repeated under symmetry within or across sets.

use crate::board::canonical;
use crate::data::{BoardRecord, DailyFile, EndgameFile};
use crate::input::parse_board;
use crate::report::{InputError, Report};
use crate::rules::Board;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;

/// Endgame boards per empty count, and the empty counts.
pub const ENDGAME_PER_EMPTIES: usize = 300;
/// The Endgame set's empty counts.
pub const ENDGAME_EMPTIES: [u32; 3] = [8, 10, 12];
/// Days in the Daily cycle.
pub const CYCLE_DAYS: usize = 420;
/// Weekday names, day 0 first (a Monday).
pub const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/// How many boards a release holds. The game's release is [`Sizes::GAME`];
/// tests prove small releases made the same way (docs/verification.md#choices).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sizes {
    /// Endgame boards of each empty count in [`ENDGAME_EMPTIES`].
    pub endgame_per_empties: usize,
    /// Days in the Daily cycle, three boards each.
    pub cycle_days: usize,
}

impl Sizes {
    /// The game's sets: 900 Endgame boards and 420 Daily days (1,260 boards).
    pub const GAME: Sizes = Sizes { endgame_per_empties: ENDGAME_PER_EMPTIES, cycle_days: CYCLE_DAYS };
}

/// The empty counts of day `day`'s three boards: Monday–Wednesday 6, 8, 10;
/// Thursday–Sunday 8, 10, 12.
pub fn day_empties(day: usize) -> [u32; 3] {
    if day % 7 < 3 { [6, 8, 10] } else { [8, 10, 12] }
}

/// The two sets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Set {
    /// `endgame.json`.
    Endgame,
    /// `daily.json`.
    Daily,
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Set::Endgame => "endgame",
            Set::Daily => "daily",
        })
    }
}

/// A record with its parsed board and the set it came from.
pub(crate) struct Parsed {
    pub set: Set,
    pub rec: BoardRecord,
    pub board: Board,
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date, if valid.
pub fn days_from_civil(text: &str) -> Option<i64> {
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return None;
    }
    let y: i64 = parts[0].parse().ok()?;
    let m: i64 = parts[1].parse().ok()?;
    let d: i64 = parts[2].parse().ok()?;
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let month_days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&m) || d < 1 || d > month_days[(m - 1) as usize] {
        return None;
    }
    // Count days year by year from 1970 (simple and obviously right).
    let mut days = 0i64;
    let step = if y >= 1970 { 1 } else { -1 };
    let mut year = 1970;
    while year != y {
        let yy = if step == 1 { year } else { year - 1 };
        let l = (yy % 4 == 0 && yy % 100 != 0) || yy % 400 == 0;
        days += step * if l { 366 } else { 365 };
        year += step;
    }
    Some(days + month_days[..(m - 1) as usize].iter().sum::<i64>() + d - 1)
}

/// The Endgame set's boards, its counts checked.
pub(crate) fn endgame_boards(
    dir: &Path,
    file: EndgameFile,
    sizes: Sizes,
    report: &mut Report,
) -> Result<Vec<Parsed>, InputError> {
    let per_empties = sizes.endgame_per_empties;
    let mut mix: BTreeMap<u32, usize> = BTreeMap::new();
    let mut parsed = Vec::new();
    for rec in file.boards {
        *mix.entry(rec.empties).or_default() += 1;
        let board = parse_board(&dir.join("endgame.json"), &rec)?;
        parsed.push(Parsed { set: Set::Endgame, rec, board });
    }
    let want = per_empties * ENDGAME_EMPTIES.len();
    if parsed.len() != want {
        report.fail("endgame.json", format!("{} boards, expected {want}", parsed.len()));
    }
    for e in ENDGAME_EMPTIES {
        let got = mix.get(&e).copied().unwrap_or(0);
        if got != per_empties {
            report.fail("endgame.json", format!("{got} boards with {e} empties, expected {per_empties}"));
        }
    }
    if mix.keys().any(|e| !ENDGAME_EMPTIES.contains(e)) {
        report.fail("endgame.json", format!("unexpected empty counts {:?}", mix.keys().collect::<Vec<_>>()));
    }
    // By size, easiest first within a size, ties by id (docs/puzzles.md#the-sets).
    let key = |p: &Parsed| (p.rec.empties, p.rec.solution.as_ref().map_or(0, |s| s.difficulty), p.rec.id.clone());
    if let Some(i) = (1..parsed.len()).find(|&i| key(&parsed[i - 1]) > key(&parsed[i])) {
        report.fail(
            "endgame.json",
            format!("board {i} ({}) is out of order: by size, then difficulty, then id", parsed[i].rec.id),
        );
    }
    Ok(parsed)
}

/// The Daily set's boards, its epoch, days, weekdays and empty counts checked.
pub(crate) fn daily_boards(
    dir: &Path,
    file: DailyFile,
    sizes: Sizes,
    report: &mut Report,
) -> Result<Vec<Parsed>, InputError> {
    let cycle = sizes.cycle_days;
    match days_from_civil(&file.epoch) {
        None => report.fail("daily.json", format!("epoch `{}` is not a YYYY-MM-DD date", file.epoch)),
        // 1970-01-01 was a Thursday, so day 4 (1970-01-05) was a Monday.
        Some(d) if (d - 4).rem_euclid(7) != 0 => {
            report.fail("daily.json", format!("epoch {} is not a Monday", file.epoch));
        }
        Some(_) => {}
    }
    if file.cycle_days as usize != cycle {
        report.fail("daily.json", format!("cycle_days is {}, expected {cycle}", file.cycle_days));
    }
    if file.days.len() != cycle {
        report.fail("daily.json", format!("{} days, expected {cycle}", file.days.len()));
    }
    let mut parsed = Vec::new();
    for (i, day) in file.days.into_iter().enumerate() {
        let subject = format!("daily day {i}");
        if day.day as usize != i {
            report.fail(&subject, format!("numbered {}, expected {i}", day.day));
        }
        if day.weekday != WEEKDAYS[i % 7] {
            report.fail(&subject, format!("weekday {}, expected {}", day.weekday, WEEKDAYS[i % 7]));
        }
        let (want, got) = (day_empties(i), day.boards.iter().map(|b| b.empties).collect::<Vec<u32>>());
        if got != want {
            report.fail(&subject, format!("boards with {got:?} empties, expected {want:?}"));
        }
        for rec in day.boards {
            let board = parse_board(&dir.join("daily.json"), &rec)?;
            parsed.push(Parsed { set: Set::Daily, rec, board });
        }
    }
    if parsed.len() != 3 * cycle {
        report.fail("daily.json", format!("{} boards, expected {}", parsed.len(), 3 * cycle));
    }
    Ok(parsed)
}

/// Every id used once, and no two boards the same under symmetry.
pub(crate) fn check_unique(parsed: &[Parsed], report: &mut Report) {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut seen: HashMap<(u64, u64), usize> = HashMap::new();
    for (i, p) in parsed.iter().enumerate() {
        if let Some(&j) = ids.get(p.rec.id.as_str()) {
            report.fail(&p.rec.id, format!("id used twice ({} board {j} and {} board {i})", parsed[j].set, p.set));
        }
        ids.insert(&p.rec.id, i);
        if let Some(j) = seen.insert(canonical(&p.board), i) {
            let o = &parsed[j];
            report.fail(&p.rec.id, format!("duplicate under symmetry of {} board {} ({} set)", o.set, o.rec.id, p.set));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(days_from_civil("1970-01-01"), Some(0));
        assert_eq!(days_from_civil("2000-03-01"), Some(11_017));
        assert_eq!(days_from_civil("1969-12-31"), Some(-1));
        assert_eq!(days_from_civil("2025-02-29"), None);
        assert_eq!(days_from_civil("2025-1-06"), None);
        // Day numbers from Python's datetime (an independent calendar).
        assert_eq!(days_from_civil("2024-02-29"), Some(19_782), "a leap year that is not a century");
        assert_eq!(days_from_civil("1904-02-29"), Some(-24_048));
        assert_eq!(days_from_civil("1900-02-29"), None, "a century that is not a leap year");
        // Counted across 1900 and 2100 (not leap years) and 2000 (one), and 1800.
        assert_eq!(days_from_civil("1899-12-31"), Some(-25_568));
        assert_eq!(days_from_civil("1800-03-01"), Some(-62_032));
        assert_eq!(days_from_civil("2101-03-01"), Some(47_906));
        assert_eq!(days_from_civil("2400-03-01"), Some(157_114));
        assert_eq!(days_from_civil("2025-01-06-01"), None, "four parts");
        for bad in ["2025-01-00", "2025-13-01", "2025-00-01", "2025-04-31"] {
            assert_eq!(days_from_civil(bad), None, "{bad}");
        }
    }

    /// docs/puzzles.md#the-daily-schedule: Monday–Wednesday boards of 6, 8 and 10 empty
    /// squares, Thursday–Sunday 8, 10 and 12; day 0 is a Monday.
    #[test]
    fn day_empties_by_weekday() {
        let (early, late) = ([6, 8, 10], [8, 10, 12]);
        let week = [early, early, early, late, late, late, late];
        for d in 0..CYCLE_DAYS {
            assert_eq!(day_empties(d), week[d % 7], "day {d}");
        }
    }

    /// The small release beside the integration tests (`tests/fixture/`):
    /// 4 Endgame boards of each size and a 7-day cycle, found at run time.
    fn shipped() -> (std::path::PathBuf, EndgameFile, DailyFile) {
        let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
        let dir = Path::new(&dir).join("tests/fixture");
        let endgame = crate::input::parse_json(&dir, "endgame.json").expect("the fixture's endgame.json");
        let daily = crate::input::parse_json(&dir, "daily.json").expect("the fixture's daily.json");
        (dir, endgame, daily)
    }

    /// The fixture's sizes.
    const SMALL: Sizes = Sizes { endgame_per_empties: 4, cycle_days: 7 };

    /// What the layout checks report, as `subject: what` lines.
    fn failures(check: impl FnOnce(&mut Report)) -> Vec<String> {
        let mut report = Report::default();
        check(&mut report);
        report.failures.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn the_counts_are_those_of_the_sizes_asked_for() {
        let (dir, endgame, daily) = shipped();
        let sizes = Sizes { endgame_per_empties: 3, cycle_days: 8 };
        let found = failures(|r| drop(endgame_boards(&dir, endgame, sizes, r).unwrap()));
        assert_eq!(
            found,
            [
                "endgame.json: 12 boards, expected 9",
                "endgame.json: 4 boards with 8 empties, expected 3",
                "endgame.json: 4 boards with 10 empties, expected 3",
                "endgame.json: 4 boards with 12 empties, expected 3",
            ]
        );
        let found = failures(|r| drop(daily_boards(&dir, daily, sizes, r).unwrap()));
        assert_eq!(
            found,
            [
                "daily.json: cycle_days is 7, expected 8",
                "daily.json: 7 days, expected 8",
                "daily.json: 21 boards, expected 24",
            ]
        );
    }

    #[test]
    fn the_small_sets_have_their_shape() {
        let (dir, endgame, daily) = shipped();
        let mut all = Vec::new();
        let found = failures(|r| {
            all.extend(endgame_boards(&dir, endgame, SMALL, r).unwrap());
            assert_eq!(all.len(), 12);
            all.extend(daily_boards(&dir, daily, SMALL, r).unwrap());
            assert_eq!(all.len(), 12 + 21);
            check_unique(&all, r);
        });
        assert_eq!(found, Vec::<String>::new());
        assert!(all[..12].iter().all(|p| p.set == Set::Endgame) && all[12..].iter().all(|p| p.set == Set::Daily));
    }

    #[test]
    fn a_wrong_endgame_shape_is_reported() {
        let (dir, mut endgame, _) = shipped();
        endgame.boards.remove(0);
        endgame.boards[1].empties = 9;
        // The 9-empty board now stands before an 8-empty one: out of order.
        let after = endgame.boards[2].id.clone();
        let found = failures(|r| drop(endgame_boards(&dir, endgame, SMALL, r).unwrap()));
        assert_eq!(
            found,
            [
                "endgame.json: 11 boards, expected 12".to_string(),
                "endgame.json: 2 boards with 8 empties, expected 4".to_string(),
                "endgame.json: unexpected empty counts [8, 9, 10, 12]".to_string(),
                format!("endgame.json: board 2 ({after}) is out of order: by size, then difficulty, then id"),
            ]
        );
    }

    #[test]
    fn a_wrong_daily_shape_is_reported() {
        let (dir, _, mut daily) = shipped();
        daily.epoch = "2025-01-07".into();
        daily.cycle_days = 6;
        daily.days.pop();
        daily.days[1].day = 7;
        daily.days[2].weekday = "Mon".into();
        daily.days[3].boards.swap(0, 2);
        let found = failures(|r| drop(daily_boards(&dir, daily, SMALL, r).unwrap()));
        assert_eq!(
            found,
            [
                "daily.json: epoch 2025-01-07 is not a Monday",
                "daily.json: cycle_days is 6, expected 7",
                "daily.json: 6 days, expected 7",
                "daily day 1: numbered 7, expected 1",
                "daily day 2: weekday Mon, expected Wed",
                "daily day 3: boards with [12, 10, 8] empties, expected [8, 10, 12]",
                "daily.json: 18 boards, expected 21",
            ]
        );
        let (_, _, mut daily) = shipped();
        daily.epoch = "2025-13-01".into();
        let found = failures(|r| drop(daily_boards(&dir, daily, SMALL, r).unwrap()));
        assert_eq!(found, ["daily.json: epoch `2025-13-01` is not a YYYY-MM-DD date"]);
    }

    #[test]
    fn a_repeated_id_or_board_is_reported() {
        let (dir, endgame, _) = shipped();
        let mut parsed = endgame_boards(&dir, endgame, SMALL, &mut Report::default()).unwrap();
        parsed.truncate(3);
        parsed[1].rec.id = parsed[0].rec.id.clone();
        parsed[2].board = parsed[0].board;
        let (a, b) = (parsed[0].rec.id.clone(), parsed[2].rec.id.clone());
        let found = failures(|r| check_unique(&parsed, r));
        assert_eq!(
            found,
            [
                format!("{a}: id used twice (endgame board 0 and endgame board 1)"),
                format!("{b}: duplicate under symmetry of endgame board {a} (endgame set)"),
            ]
        );
    }

    #[test]
    fn sets_are_named_as_their_files() {
        assert_eq!((Set::Endgame.to_string(), Set::Daily.to_string()), ("endgame".into(), "daily".into()));
    }
}
