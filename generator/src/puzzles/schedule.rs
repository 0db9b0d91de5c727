//! The Daily schedule (docs/puzzles.md#the-daily-schedule): a 420-day table from a Monday
//! epoch; Monday–Wednesday boards have 6, 8 and 10 empty squares,
//! Thursday–Sunday 8, 10 and 12.

use crate::puzzles::dates::Date;

/// Days in the Daily cycle (60 weeks).
pub(crate) const CYCLE_DAYS: usize = 420;
/// Weekday names, day 0 first (a Monday).
pub(crate) const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/// The Monday the schedule counts from.
pub(crate) const EPOCH: &str = "2025-01-06";

/// Empty counts of a day's three boards.
pub(crate) fn day_empties(day: usize) -> [u32; 3] {
    if day % 7 < 3 { [6, 8, 10] } else { [8, 10, 12] }
}

/// The day index of `date` in the schedule.
pub(crate) fn day_of(date: Date) -> usize {
    let epoch = Date::parse(EPOCH).expect("valid epoch");
    (date.0 - epoch.0).rem_euclid(CYCLE_DAYS as i64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_before_the_epoch_map_into_the_cycle() {
        let day = |s: &str| day_of(Date::parse(s).unwrap());
        assert_eq!(day("2025-01-06"), 0, "the epoch, a Monday");
        assert_eq!(day("2025-01-05"), 419, "the Sunday before is the cycle's last day");
        assert_eq!(day("2024-12-30"), 413, "a Monday: 413 = 59 weeks");
        assert_eq!(day("2023-11-13"), 0, "420 days before the epoch");
        assert_eq!(day("1970-01-01") % 7, 3, "a Thursday");
        assert_eq!(day("2026-03-02"), 0, "420 days after");
        for d in ["2024-12-30", "1999-03-01", "2100-01-04"] {
            assert_eq!(day(d) % 7, usize::try_from(Date::parse(d).unwrap().weekday()).unwrap(), "{d}: weekday agrees");
        }
    }

    /// Monday to Wednesday have 6, 8 and 10 empties, the other days 8, 10 and
    /// 12, by the calendar's weekday of each date of one cycle.
    #[test]
    fn monday_to_wednesday_are_the_short_days() {
        let epoch = Date::parse(EPOCH).unwrap();
        for offset in 0..CYCLE_DAYS as i64 {
            let date = Date(epoch.0 + 1000 * CYCLE_DAYS as i64 + offset);
            let short = matches!(WEEKDAYS[date.weekday() as usize], "Mon" | "Tue" | "Wed");
            assert_eq!(day_empties(day_of(date)), if short { [6, 8, 10] } else { [8, 10, 12] }, "{date:?}");
        }
    }
}
