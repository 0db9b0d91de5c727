//! A calibration study that describes these players: `calibration.csv` and
//! `calibration_summary.csv` end every row with the SHA-256 of the levels
//! file the readings were built from and of the ladder's games under it
//! (`ladder_games.csv`), and must name this data's `levels.json` and these
//! reports' `ladder_games.csv` (docs/verification.md#data-and-reports).

use crate::input::read;
use crate::report::{InputError, Report};
use sha2::{Digest, Sha256};
use std::path::Path;

/// The calibration study's files, when the reports hold them.
pub const FILES: [&str; 2] = ["calibration.csv", "calibration_summary.csv"];
/// The two fingerprint columns every calibration file ends with.
pub const COLUMNS: [&str; 2] = ["levels_sha256", "ladder_sha256"];
/// The ladder's games, whose SHA-256 the calibration names.
pub const LADDER_GAMES: &str = "ladder_games.csv";

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Fails for each calibration file in `reports` made under another levels
/// file than `data`'s `levels.json` or another ladder than `reports`'
/// `ladder_games.csv`, naming both fingerprints; or without its fingerprint
/// columns. Reports without a calibration study pass.
pub fn check_calibration(data: &Path, reports: &Path, report: &mut Report) -> Result<(), InputError> {
    let present: Vec<&str> = FILES.into_iter().filter(|f| reports.join(f).exists()).collect();
    if present.is_empty() {
        return Ok(());
    }
    let levels = sha256_hex(&read(data, crate::levels::LEVELS)?);
    let ladder = match read(reports, LADDER_GAMES) {
        Ok(bytes) => sha256_hex(&bytes),
        Err(InputError::Missing(_)) => "none (no ladder_games.csv)".to_string(),
        Err(e) => return Err(e),
    };
    for name in present {
        let subject = reports.join(name).display().to_string();
        let text = String::from_utf8_lossy(&read(reports, name)?).into_owned();
        let mut lines = text.lines();
        if !lines.next().is_some_and(|h| h.ends_with(&format!(",{},{}", COLUMNS[0], COLUMNS[1]))) {
            report.fail(
                subject,
                "no levels_sha256 and ladder_sha256 columns: the players it was made under are unknown (run discflip calibrate again)",
            );
            continue;
        }
        let mut made_under: Vec<(&str, &str)> = Vec::new();
        for line in lines {
            let mut fields = line.rsplitn(3, ',');
            let (ladder_sha, levels_sha) = (fields.next().unwrap_or(""), fields.next().unwrap_or(""));
            if !made_under.contains(&(levels_sha, ladder_sha)) {
                made_under.push((levels_sha, ladder_sha));
            }
        }
        for (levels_sha, ladder_sha) in made_under {
            if !levels_sha.eq_ignore_ascii_case(&levels) || !ladder_sha.eq_ignore_ascii_case(&ladder) {
                report.fail(
                    subject.clone(),
                    format!(
                        "made under levels.json {levels_sha} and ladder_games.csv {ladder_sha}, but {} hashes to {levels} and {} to {ladder}: \
                         the calibration describes other players (run discflip calibrate again)",
                        data.join(crate::levels::LEVELS).display(),
                        reports.join(LADDER_GAMES).display()
                    ),
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEVELS: &str = "{\"level3\": {\"depth\": 2}}\n";
    const GAMES: &str = "matchup,first\n0,level1\n";

    /// Failures for a data directory holding `levels` and reports holding
    /// `GAMES` and the two calibration files, each with `rows` made under `made`.
    fn failures(levels: &str, made: (&str, &str), header_ends: &str) -> Vec<String> {
        let root = tempfile::tempdir().expect("a temporary directory");
        let (data, reports) = (root.path().join("data"), root.path().join("reports"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&reports).unwrap();
        std::fs::write(data.join("levels.json"), levels).unwrap();
        std::fs::write(reports.join(LADDER_GAMES), GAMES).unwrap();
        for f in FILES {
            let rows = format!("\"wobble [0,2), table a\",1,{},{}\n", made.0, made.1);
            std::fs::write(reports.join(f), format!("reading,games{header_ends}\n{rows}{rows}")).unwrap();
        }
        let mut report = Report::default();
        check_calibration(&data, &reports, &mut report).unwrap();
        report.failures.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn a_calibration_of_these_players_passes_and_of_others_fails_naming_both_fingerprints() {
        let (levels, ladder) = (sha256_hex(LEVELS.as_bytes()), sha256_hex(GAMES.as_bytes()));
        let header = ",levels_sha256,ladder_sha256";
        assert_eq!(failures(LEVELS, (&levels, &ladder), header), Vec::<String>::new());
        assert_eq!(failures(LEVELS, (&levels.to_uppercase(), &ladder), header), Vec::<String>::new());
        // One level setting changed: the levels file's hash is another.
        let changed = LEVELS.replace("\"depth\": 2", "\"depth\": 3");
        let bad = failures(&changed, (&levels, &ladder), header);
        assert_eq!(bad.len(), 2, "one per file: {bad:?}");
        let now = sha256_hex(changed.as_bytes());
        assert!(bad.iter().all(|b| b.contains(&levels) && b.contains(&now) && b.contains("other players")), "{bad:?}");
        let other_ladder = "ab".repeat(32);
        let bad = failures(LEVELS, (&levels, &other_ladder), header);
        assert!(bad.len() == 2 && bad[0].contains(&other_ladder) && bad[0].contains(&ladder), "{bad:?}");
    }

    #[test]
    fn a_calibration_without_fingerprints_fails_and_none_at_all_passes() {
        let bad = failures(LEVELS, ("x", "y"), ",z");
        assert!(bad.len() == 2 && bad[0].contains("no levels_sha256 and ladder_sha256 columns"), "{bad:?}");
        let root = tempfile::tempdir().expect("a temporary directory");
        let mut report = Report::default();
        check_calibration(root.path(), root.path(), &mut report).unwrap();
        assert!(report.failures.is_empty());
    }
}
