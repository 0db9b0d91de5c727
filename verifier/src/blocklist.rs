//! `blocklist.txt` (docs/puzzles.md#the-blocklist), read the verifier's own
//! way: no shipped board may be on it.

use crate::input::read;
use crate::layout::Parsed;
use crate::report::{InputError, Report};
use std::collections::BTreeMap;
use std::path::Path;

pub use crate::input::BLOCKLIST;

/// The blocked ids with their reasons; a malformed line is an input error.
pub(crate) fn read_blocklist(dir: &Path) -> Result<BTreeMap<String, String>, InputError> {
    let bytes = read(dir, BLOCKLIST)?;
    let malformed = |n: usize, message: String| InputError::Malformed {
        file: dir.join(BLOCKLIST),
        place: format!("line {n}"),
        message,
    };
    let text = String::from_utf8(bytes).map_err(|_| malformed(1, "not UTF-8 text".into()))?;
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(2, [' ', '\t']);
        let id = parts.next().unwrap_or("");
        let reason = parts.next().unwrap_or("").trim();
        let b = id.as_bytes();
        let hex = b.len() == 16
            && b[0] == b'e'
            && b[1..3].iter().all(u8::is_ascii_digit)
            && b[3] == b'-'
            && b[4..].iter().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(c));
        if !hex {
            return Err(malformed(i + 1, format!("`{id}` is not a board id")));
        }
        if reason.is_empty() {
            return Err(malformed(i + 1, format!("{id} has no reason")));
        }
        if out.insert(id.to_string(), reason.to_string()).is_some() {
            return Err(malformed(i + 1, format!("{id} is listed twice")));
        }
    }
    Ok(out)
}

/// Every shipped board that is blocked fails, naming the reason.
pub(crate) fn check_blocked(parsed: &[Parsed], blocked: &BTreeMap<String, String>, report: &mut Report) {
    for p in parsed {
        if let Some(reason) = blocked.get(&p.rec.id) {
            report.fail(&p.rec.id, format!("is on blocklist.txt: {reason}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_text(text: &[u8]) -> Result<BTreeMap<String, String>, InputError> {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(dir.path().join(BLOCKLIST), text).unwrap();
        read_blocklist(dir.path())
    }

    #[test]
    fn ids_and_reasons_read_past_comments_and_blank_lines() {
        let text = b"# comment\n\n  e10-0123456789ab  a dull board \ne08-abcdef012345\tthe same as another\n";
        let got = read_text(text).unwrap();
        let want: BTreeMap<String, String> = [
            ("e10-0123456789ab".to_string(), "a dull board".to_string()),
            ("e08-abcdef012345".to_string(), "the same as another".to_string()),
        ]
        .into();
        assert_eq!(got, want);
    }

    #[test]
    fn a_malformed_line_is_named_with_its_number() {
        let cases: [(&[u8], &str); 11] = [
            (b"e10-0123456789a reason", "line 1: `e10-0123456789a` is not a board id"),
            (b"e10-0123456789abc reason", "`e10-0123456789abc` is not a board id"),
            (b"d10-0123456789ab reason", "`d10-0123456789ab` is not a board id"),
            (b"ex0-0123456789ab reason", "`ex0-0123456789ab` is not a board id"),
            (b"e1x-0123456789ab reason", "`e1x-0123456789ab` is not a board id"),
            (b"e10_0123456789ab reason", "`e10_0123456789ab` is not a board id"),
            (b"e10-0123456789AB reason", "`e10-0123456789AB` is not a board id"),
            (b"e10-0123456789ag reason", "`e10-0123456789ag` is not a board id"),
            (b"# c\ne10-0123456789ab", "line 2: e10-0123456789ab has no reason"),
            (b"e10-0123456789ab a\n\ne10-0123456789ab b", "line 3: e10-0123456789ab is listed twice"),
            (b"\xff\xfe", "line 1: not UTF-8 text"),
        ];
        for (text, want) in cases {
            let err = read_text(text).expect_err(want).to_string();
            assert!(err.contains(want), "{err} (wanted {want})");
        }
    }
}
