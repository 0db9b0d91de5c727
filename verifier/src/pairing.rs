//! Data and reports that belong together: `reports/data.sha256` names the
//! data release its reports describe, as the SHA-256 of that release's
//! `SHA256SUMS`, and `reports/levels.sha256` the levels file the strength
//! tables were played under, as the SHA-256 of `levels.json`
//! (docs/verification.md#data-and-reports).

use crate::input::read;
use crate::report::{InputError, Report};
use sha2::{Digest, Sha256};
use std::path::Path;

/// The reports' file naming their data release.
pub const STAMP: &str = "data.sha256";
/// The reports' file naming the levels file their strength tables were played under.
pub const LEVELS_STAMP: &str = "levels.sha256";

/// Fails when the reports in `reports` describe another data release than
/// the one in `data`, or strength tables played under another levels file
/// than the data's `levels.json` (or name none).
pub(crate) fn check_pairing(data: &Path, reports: &Path, report: &mut Report) -> Result<(), InputError> {
    let stamps = [
        (
            STAMP,
            "SHA256SUMS",
            "these reports name no data release, so they cannot be matched to the data",
            "data release",
        ),
        (
            LEVELS_STAMP,
            crate::levels::LEVELS,
            "these reports name no levels file, so their strength tables cannot be matched to the data",
            "levels file",
        ),
    ];
    for (stamp, file, missing, what) in stamps {
        let subject = reports.join(stamp).display().to_string();
        let bytes = match read(reports, stamp) {
            Ok(b) => b,
            Err(InputError::Missing(_)) => {
                report.fail(subject, format!("missing: {missing}"));
                continue;
            }
            Err(e) => return Err(e),
        };
        let want = named_hash(&bytes, file).ok_or_else(|| InputError::Malformed {
            file: reports.join(stamp),
            place: "line 1".into(),
            message: format!("expected `<sha256>  {file}`"),
        })?;
        let got: String = Sha256::digest(read(data, file)?).iter().map(|b| format!("{b:02x}")).collect();
        if !want.eq_ignore_ascii_case(&got) {
            report.fail(
                subject,
                format!(
                    "the reports describe the {what} whose {file} hashes to {want}, but {} hashes to {got}: data and reports are from different releases",
                    data.join(file).display()
                ),
            );
        }
    }
    Ok(())
}

/// The hash of the first line `<sha256>  <file>` of `bytes`.
fn named_hash(bytes: &[u8], file: &str) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let (hex, named) = text.lines().next()?.split_once("  ")?;
    (named == file && hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then(|| hex.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A data directory holding only `SHA256SUMS` and a reports directory
    /// holding `stamp` (none when `None`).
    fn dirs(root: &Path, stamp: Option<&str>) -> (std::path::PathBuf, std::path::PathBuf) {
        let (data, reports) = (root.join("data"), root.join("reports"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&reports).unwrap();
        std::fs::write(data.join("SHA256SUMS"), "00  endgame.json\n").unwrap();
        std::fs::write(data.join("levels.json"), "{}\n").unwrap();
        if let Some(s) = stamp {
            std::fs::write(reports.join(STAMP), s).unwrap();
        }
        let levels: String = Sha256::digest(b"{}\n").iter().map(|b| format!("{b:02x}")).collect();
        std::fs::write(reports.join(LEVELS_STAMP), format!("{levels}  levels.json\n")).unwrap();
        (data, reports)
    }

    fn failures(stamp: Option<&str>) -> Result<Vec<String>, InputError> {
        let root = tempfile::tempdir().expect("a temporary directory");
        let (data, reports) = dirs(root.path(), stamp);
        let mut report = Report::default();
        let outcome = check_pairing(&data, &reports, &mut report);
        outcome.map(|()| report.failures.iter().map(|f| f.to_string()).collect())
    }

    #[test]
    fn reports_naming_this_data_pass_and_others_fail_naming_both_hashes() {
        let got: String = Sha256::digest(b"00  endgame.json\n").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(failures(Some(&format!("{got}  SHA256SUMS\n"))).unwrap(), Vec::<String>::new());
        assert_eq!(failures(Some(&format!("{}  SHA256SUMS\n", got.to_uppercase()))).unwrap(), Vec::<String>::new());
        let other = "ab".repeat(32);
        let bad = failures(Some(&format!("{other}  SHA256SUMS\n"))).unwrap();
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert!(bad[0].contains(&other) && bad[0].contains(&got) && bad[0].contains("different releases"), "{bad:?}");
    }

    #[test]
    fn reports_played_under_another_levels_file_fail_naming_it() {
        let root = tempfile::tempdir().expect("a temporary directory");
        let (data, reports) = dirs(root.path(), None);
        let sums: String = Sha256::digest(b"00  endgame.json\n").iter().map(|b| format!("{b:02x}")).collect();
        std::fs::write(reports.join(STAMP), format!("{sums}  SHA256SUMS\n")).unwrap();
        let check = || {
            let mut report = Report::default();
            check_pairing(&data, &reports, &mut report).unwrap();
            report.failures.iter().map(|f| f.to_string()).collect::<Vec<_>>()
        };
        assert_eq!(check(), Vec::<String>::new());
        std::fs::write(data.join("levels.json"), "{\"other\": 1}\n").unwrap();
        let bad = check();
        assert!(bad.len() == 1 && bad[0].contains("levels.sha256") && bad[0].contains("levels file"), "{bad:?}");
        std::fs::remove_file(reports.join(LEVELS_STAMP)).unwrap();
        let bad = check();
        assert!(bad.len() == 1 && bad[0].contains("levels.sha256: missing"), "{bad:?}");
    }

    #[test]
    fn missing_stamp_fails_and_a_malformed_one_is_bad_input() {
        let bad = failures(None).unwrap();
        assert!(bad.len() == 1 && bad[0].contains("data.sha256: missing"), "{bad:?}");
        for text in ["", "abc  SHA256SUMS\n", &format!("{}  endgame.json\n", "ab".repeat(32))] {
            match failures(Some(text)) {
                Err(InputError::Malformed { place, .. }) => assert_eq!(place, "line 1"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }
}
