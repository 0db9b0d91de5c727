//! Calendar dates as days since 1970-01-01 (proleptic Gregorian).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
/// Text that is not a `YYYY-MM-DD` calendar date: not in that form, or in it
/// but naming no day (`2026-02-30`).
pub enum BadDate {
    /// Not `YYYY-MM-DD`.
    #[error("`{0}` is not a date in YYYY-MM-DD form")]
    Form(String),
    /// In the form, but that month has no such day (or there is no such month).
    #[error("`{0}` is not a calendar date: {1}")]
    NoSuchDay(String, String),
}

/// A date, as days since 1970-01-01.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Date(pub(crate) i64);

impl Date {
    /// Parses `YYYY-MM-DD`, rejecting dates that do not exist.
    pub fn parse(text: &str) -> Result<Date, BadDate> {
        let bad = || BadDate::Form(text.to_string());
        let b = text.as_bytes();
        if b.len() != 10
            || b[4] != b'-'
            || b[7] != b'-'
            || !b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        {
            return Err(bad());
        }
        let num = |s: &str| s.parse::<i64>().map_err(|_| bad());
        let (y, m, d) = (num(&text[0..4])?, num(&text[5..7])?, num(&text[8..10])?);
        if !(1..=12).contains(&m) {
            return Err(BadDate::NoSuchDay(text.to_string(), format!("there is no month {m}")));
        }
        if d < 1 || d > days_in_month(y, m) {
            let why = format!("month {m} of {y} has {} days", days_in_month(y, m));
            return Err(BadDate::NoSuchDay(text.to_string(), why));
        }
        Ok(Date(days_from_civil(y, m, d)))
    }

    /// Today's date (UTC) from the system clock: for interactive commands only,
    /// never in a byte-compared output.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date((secs / 86_400) as i64)
    }

    /// 0 = Monday … 6 = Sunday: the tests' reference for the schedule's
    /// `day % 7` (the release counts days from the epoch, a Thursday).
    #[cfg(test)]
    pub(crate) fn weekday(self) -> i64 {
        (self.0 + 3).rem_euclid(7) // 1970-01-01 was a Thursday
    }

    fn civil(self) -> (i64, i64, i64) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        (yoe + era * 400 + i64::from(m <= 2), m, d)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.civil();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_weekdays() {
        for text in ["1970-01-01", "2000-02-29", "2025-01-06", "2026-11-29", "1999-12-31"] {
            assert_eq!(Date::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(Date::parse("2025-01-06").unwrap().weekday(), 0, "a Monday");
        assert_eq!(Date::parse("2026-11-29").unwrap().weekday(), 6, "a Sunday");
    }

    /// Day numbers and weekdays from an independent calendar (Python's
    /// `datetime.date`, proleptic Gregorian like this one), across century and
    /// 400-year leap rules and before 1970.
    #[test]
    fn day_numbers_match_an_independent_calendar() {
        for (text, days, weekday) in [
            ("1969-12-31", -1, 2),
            ("2000-02-29", 11_016, 1),
            ("2000-03-01", 11_017, 2),
            ("1900-03-01", -25_508, 3),
            ("2100-03-01", 47_541, 0),
            ("1600-02-29", -135_081, 1),
            ("2026-11-30", 20_787, 0),
            ("1583-01-01", -141_349, 5),
            ("2400-12-31", 157_419, 6),
        ] {
            let date = Date::parse(text).unwrap();
            assert_eq!((date, date.weekday()), (Date(days), weekday), "{text}");
            assert_eq!(Date(days).to_string(), text);
        }
    }

    /// Every day from 1900-01-01 to 2100-12-31 (73,414 days) prints as the
    /// next calendar date after the one before and parses back to itself.
    #[test]
    fn consecutive_days_are_consecutive_dates() {
        let first = Date::parse("1900-01-01").unwrap();
        let mut prev = (1900, 1, 1);
        for n in first.0 + 1..first.0 + 73_414 {
            let text = Date(n).to_string();
            assert_eq!(Date::parse(&text), Ok(Date(n)), "{text}");
            let (y, m, d) = prev;
            let next = if d < days_in_month(y, m) {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
            assert_eq!(text, format!("{:04}-{:02}-{:02}", next.0, next.1, next.2));
            prev = next;
        }
        assert_eq!(prev, (2100, 12, 31));
    }

    #[test]
    fn month_lengths_and_leap_years() {
        for ok in ["1900-02-28", "2000-02-29", "2024-02-29", "2025-01-31", "2025-04-30", "2025-12-31"] {
            assert!(Date::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "1900-02-29",
            "2100-02-29",
            "2023-02-29",
            "2025-04-31",
            "2025-06-31",
            "2025-09-31",
            "2025-11-31",
            "2025-01-32",
            "2025-01-00",
            "2025-00-10",
            "2025-01-1x",
            "2025-01+01",
            "2025+01-01",
            "2025-01-011",
            "2025-02-29",
            "2025-13-01",
            "25-01-01",
            "2025/01/01",
            "tomorrow",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
    }

    /// Today (UTC) is the day whose 86,400 seconds hold the clock's reading.
    #[test]
    fn today_holds_the_clock_reading() {
        let now = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        let (before, today, after) = (now(), Date::today(), now());
        assert!(today.0 * 86_400 <= after && before < (today.0 + 1) * 86_400, "{today:?} at {before}..{after} s");
    }
}
