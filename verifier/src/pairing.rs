//! Data and reports that belong together: `reports/data.sha256` names the
//! data release its reports describe, as the SHA-256 of that release's
//! `SHA256SUMS` (docs/verification.md#data-and-reports).

use crate::input::read;
use crate::report::{InputError, Report};
use sha2::{Digest, Sha256};
use std::path::Path;

/// The reports' file naming their data release.
pub const STAMP: &str = "data.sha256";

/// Fails when the reports in `reports` describe another data release than
/// the one in `data` (or name none).
pub(crate) fn check_pairing(data: &Path, reports: &Path, report: &mut Report) -> Result<(), InputError> {
    let subject = reports.join(STAMP).display().to_string();
    let bytes = match read(reports, STAMP) {
        Ok(b) => b,
        Err(InputError::Missing(_)) => {
            report.fail(subject, "missing: these reports name no data release, so they cannot be matched to the data");
            return Ok(());
        }
        Err(e) => return Err(e),
    };
    let text = String::from_utf8_lossy(&bytes);
    let named =
        text.lines().next().and_then(|l| l.split_once("  ")).filter(|(hex, file)| {
            *file == "SHA256SUMS" && hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())
        });
    let Some((want, _)) = named else {
        return Err(InputError::Malformed {
            file: reports.join(STAMP),
            place: "line 1".into(),
            message: "expected `<sha256>  SHA256SUMS`".into(),
        });
    };
    let got: String = Sha256::digest(read(data, "SHA256SUMS")?).iter().map(|b| format!("{b:02x}")).collect();
    if !want.eq_ignore_ascii_case(&got) {
        report.fail(
            subject,
            format!(
                "the reports describe the data release whose SHA256SUMS hashes to {want}, but {} hashes to {got}: data and reports are from different releases",
                data.join("SHA256SUMS").display()
            ),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A data directory holding only `SHA256SUMS` and a reports directory
    /// holding `stamp` (none when `None`).
    fn dirs(case: &str, stamp: Option<&str>) -> (std::path::PathBuf, std::path::PathBuf) {
        let root = std::env::temp_dir().join(format!("discflip-pairing-{case}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (data, reports) = (root.join("data"), root.join("reports"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&reports).unwrap();
        std::fs::write(data.join("SHA256SUMS"), "00  endgame.json\n").unwrap();
        if let Some(s) = stamp {
            std::fs::write(reports.join(STAMP), s).unwrap();
        }
        (data, reports)
    }

    fn failures(case: &str, stamp: Option<&str>) -> Result<Vec<String>, InputError> {
        let (data, reports) = dirs(case, stamp);
        let mut report = Report::default();
        let outcome = check_pairing(&data, &reports, &mut report);
        let _ = std::fs::remove_dir_all(data.parent().unwrap());
        outcome.map(|()| report.failures.iter().map(|f| f.to_string()).collect())
    }

    #[test]
    fn reports_naming_this_data_pass_and_others_fail_naming_both_hashes() {
        let got: String = Sha256::digest(b"00  endgame.json\n").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(failures("same", Some(&format!("{got}  SHA256SUMS\n"))).unwrap(), Vec::<String>::new());
        assert_eq!(
            failures("upper", Some(&format!("{}  SHA256SUMS\n", got.to_uppercase()))).unwrap(),
            Vec::<String>::new()
        );
        let other = "ab".repeat(32);
        let bad = failures("other", Some(&format!("{other}  SHA256SUMS\n"))).unwrap();
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert!(bad[0].contains(&other) && bad[0].contains(&got) && bad[0].contains("different releases"), "{bad:?}");
    }

    #[test]
    fn missing_stamp_fails_and_a_malformed_one_is_bad_input() {
        let bad = failures("missing", None).unwrap();
        assert!(bad.len() == 1 && bad[0].contains("data.sha256: missing"), "{bad:?}");
        for text in ["", "abc  SHA256SUMS\n", &format!("{}  endgame.json\n", "ab".repeat(32))] {
            match failures("malformed", Some(text)) {
                Err(InputError::Malformed { place, .. }) => assert_eq!(place, "line 1"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }
}
