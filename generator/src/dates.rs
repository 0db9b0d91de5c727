//! Calendar dates as days since 1970-01-01 (proleptic Gregorian).

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a date in YYYY-MM-DD form")]
/// Text that is not a `YYYY-MM-DD` calendar date.
pub struct BadDate(pub String);

/// A date, as days since 1970-01-01.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Date(pub i64);

impl Date {
    /// Parses `YYYY-MM-DD`, rejecting dates that do not exist.
    pub fn parse(text: &str) -> Result<Date, BadDate> {
        let bad = || BadDate(text.to_string());
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let num = |s: &str| s.parse::<i64>().map_err(|_| bad());
        let (y, m, d) = (num(&text[0..4])?, num(&text[5..7])?, num(&text[8..10])?);
        if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
            return Err(bad());
        }
        Ok(Date(days_from_civil(y, m, d)))
    }

    /// Today's date (UTC) from the system clock: for interactive commands only,
    /// never in a byte-compared output.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date((secs / 86_400) as i64)
    }

    /// 0 = Monday … 6 = Sunday.
    pub fn weekday(self) -> i64 {
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
        for bad in ["2025-02-29", "2025-13-01", "25-01-01", "2025/01/01", "tomorrow"] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
    }
}
