//! `SHA256SUMS`: every data file listed with its hash (docs/formats.md#datasha256sums).

use crate::input::{FILES, read};
use crate::report::{InputError, Report};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;

/// Checks the listed hashes against the files' bytes.
pub(crate) fn check_sums(dir: &Path, report: &mut Report) -> Result<(), InputError> {
    let bytes = read(dir, "SHA256SUMS")?;
    let text = String::from_utf8_lossy(&bytes);
    let mut listed = BTreeMap::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let (hash, file) =
            line.split_once("  ").or_else(|| line.split_once(" *")).ok_or_else(|| InputError::Malformed {
                file: dir.join("SHA256SUMS"),
                place: format!("line {}", n + 1),
                message: "expected `<sha256>  <file>`".into(),
            })?;
        listed.insert(file.to_string(), hash.to_ascii_lowercase());
    }
    for name in FILES {
        match listed.get(name) {
            None => report.fail("SHA256SUMS", format!("{name} is not listed")),
            Some(want) => {
                let digest = Sha256::digest(read(dir, name)?);
                let got: String = digest.iter().map(|b| format!("{b:02x}")).collect();
                if &got != want {
                    report.fail("SHA256SUMS", format!("{name}: hash {got} does not match the listed {want}"));
                }
            }
        }
    }
    Ok(())
}
