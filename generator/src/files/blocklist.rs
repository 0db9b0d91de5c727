//! Reading a data directory's `blocklist.txt` (docs/puzzles.md#the-blocklist).

use crate::files::Error;
use crate::puzzles::blocklist::{BLOCKLIST, Blocklist};
use std::path::Path;

/// `dir/blocklist.txt`, or an empty blocklist when the directory has none
/// (a first release); a malformed line is an error naming it.
pub(crate) fn read(dir: &Path) -> Result<Blocklist, Error> {
    let file = dir.join(BLOCKLIST);
    let text = match std::fs::read(&file) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| Error::Shape { file: file.clone(), what: "is not UTF-8 text".into() })?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Blocklist::default()),
        Err(e) => return Err(Error::Shape { file, what: format!("cannot be read: {e}") }),
    };
    Blocklist::parse(&text).map_err(|(line, what)| Error::Shape { file, what: format!("line {line}: {what}") })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A data directory with no blocklist is a first release: an empty one.
    /// One that is there but cannot be read is an error naming it, never
    /// taken for "none" (a release would then emit the blocked boards again).
    #[test]
    fn only_a_missing_file_is_an_empty_blocklist() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()).unwrap(), Blocklist::default());

        std::fs::create_dir(dir.path().join(BLOCKLIST)).unwrap();
        let err = read(dir.path()).unwrap_err().to_string();
        assert!(err.starts_with(&format!("{}: cannot be read: ", dir.path().join(BLOCKLIST).display())), "{err}");

        std::fs::remove_dir(dir.path().join(BLOCKLIST)).unwrap();
        std::fs::write(dir.path().join(BLOCKLIST), b"e10-0123456789ab \xff\n").unwrap();
        assert!(read(dir.path()).unwrap_err().to_string().ends_with("blocklist.txt: is not UTF-8 text"));

        std::fs::write(dir.path().join(BLOCKLIST), "e10-0123456789ab\n").unwrap();
        let err = read(dir.path()).unwrap_err().to_string();
        assert!(err.contains("blocklist.txt: line 1: "), "{err}");
    }
}
