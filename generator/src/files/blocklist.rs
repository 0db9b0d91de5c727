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
