//! The blocklist (docs/puzzles.md#the-blocklist): boards a reviewer took out
//! of the sets, by id, each with its reason. An id names a board and all its
//! symmetric images (ids come from the canonical form), so no release emits
//! any of them again.

use std::collections::BTreeMap;

/// The blocklist file's name in a data directory.
pub(crate) const BLOCKLIST: &str = "blocklist.txt";

/// What a data directory's blocklist holds when it has none yet.
pub(crate) const EMPTY_BLOCKLIST: &str = "# Boards kept out of every release (docs/puzzles.md#the-blocklist): one per line,\n\
# `<id> <reason>`, e.g. `e10-0123456789ab  a dull board`. Lines starting with # are comments.\n";

/// The blocked ids with their reasons, and the file's text as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocklist {
    text: String,
    reasons: BTreeMap<String, String>,
}

impl Default for Blocklist {
    fn default() -> Blocklist {
        Blocklist { text: EMPTY_BLOCKLIST.to_string(), reasons: BTreeMap::new() }
    }
}

/// Whether `id` has the form of a board id: `eNN-` and 12 lower-case hex digits.
fn is_id(id: &str) -> bool {
    let b = id.as_bytes();
    b.len() == 16
        && b[0] == b'e'
        && b[1..3].iter().all(u8::is_ascii_digit)
        && b[3] == b'-'
        && b[4..].iter().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'))
}

impl Blocklist {
    /// Reads a blocklist: `Err((line, what))` for the first malformed line
    /// (1-based): an id of another form, a missing reason, an id listed twice.
    pub(crate) fn parse(text: &str) -> Result<Blocklist, (usize, String)> {
        let mut reasons = BTreeMap::new();
        let mut first_line = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (id, reason) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            if !is_id(id) {
                return Err((n, format!("`{id}` is not a board id (e10-0123456789ab)")));
            }
            let reason = reason.trim();
            if reason.is_empty() {
                return Err((n, format!("{id} has no reason")));
            }
            if let Some(m) = first_line.insert(id.to_string(), n) {
                return Err((n, format!("{id} is already listed on line {m}")));
            }
            reasons.insert(id.to_string(), reason.to_string());
        }
        Ok(Blocklist { text: text.to_string(), reasons })
    }

    /// The reason `id` is blocked, if it is.
    pub(crate) fn reason(&self, id: &str) -> Option<&str> {
        self.reasons.get(id).map(String::as_str)
    }

    /// The file's text, as read (shipped again unchanged).
    pub(crate) fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ids_and_reasons_and_skips_comments() {
        let b = Blocklist::parse("# comment\n\ne10-0123456789ab  a dull board\n e08-aaaaaaaaaaaa\tduplicate look\n")
            .unwrap();
        assert_eq!(b.reasons.len(), 2);
        assert_eq!(b.reason("e10-0123456789ab"), Some("a dull board"));
        assert_eq!(b.reason("e08-aaaaaaaaaaaa"), Some("duplicate look"));
        assert_eq!(b.reason("e08-bbbbbbbbbbbb"), None);
        assert!(Blocklist::parse(EMPTY_BLOCKLIST).unwrap().reasons.is_empty());
    }

    /// A release ships the blocklist it read byte for byte, comments and
    /// spacing included (docs/puzzles.md#the-blocklist).
    #[test]
    fn the_text_is_kept_as_read() {
        let text = "# reviewed 2026-12\n\ne10-0123456789ab   a dull board  \n";
        assert_eq!(Blocklist::parse(text).unwrap().text(), text);
        assert_eq!(Blocklist::parse(EMPTY_BLOCKLIST).unwrap().text(), EMPTY_BLOCKLIST);
    }

    /// An id is `e`, two digits, `-`, 12 lower-case hex digits: each part wrong
    /// alone is refused, and a right id of any size is read.
    #[test]
    fn an_id_is_refused_for_each_part_of_its_form_alone() {
        for good in ["e10-0123456789ab", "e06-ffffffffffff", "e99-000000000000"] {
            assert!(is_id(good), "{good}");
        }
        for bad in [
            "x10-0123456789ab",  // not e
            "e1a-0123456789ab",  // a size that is not two digits
            "ea0-0123456789ab",  // likewise
            "e10_0123456789ab",  // no dash
            "e10-0123456789aB",  // upper-case hex
            "e10-0123456789ag",  // not hex
            "e10-0123456789a",   // 11 hex digits
            "e10-0123456789abc", // 13
        ] {
            assert!(!is_id(bad), "{bad}");
            let line = format!("{bad} a reason\n");
            assert!(Blocklist::parse(&line).unwrap_err().1.contains("is not a board id"), "{bad}");
        }
    }

    #[test]
    fn a_malformed_line_is_named() {
        assert_eq!(Blocklist::parse("# ok\ne10-0123\n").unwrap_err().0, 2);
        assert!(Blocklist::parse("e10-0123456789ab\n").unwrap_err().1.contains("no reason"));
        assert!(Blocklist::parse("E10-0123456789AB dull\n").is_err(), "ids are lower case");
        let twice = Blocklist::parse("e10-0123456789ab a\ne10-0123456789ab b\n").unwrap_err();
        assert_eq!(twice, (2, "e10-0123456789ab is already listed on line 1".to_string()));
    }
}
