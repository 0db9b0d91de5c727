//! The calibration study's two reports (docs/formats.md#reports-reports):
//! every reading's rows beside the published ones, and one line per reading.

use crate::strength::calibration;
use crate::strength::summary::MatchupSummary;
use crate::table::Table;

/// A reading of the calibration study with its ladder rows and verdict.
pub(crate) type CalibrationResult = (calibration::Reading, Vec<MatchupSummary>, calibration::Verdict);

/// What a calibration was made under: the SHA-256 of the levels file its
/// readings were built from and of `ladder_games.csv` under that file
/// (docs/ladder.md#calibration-against-the-published-ladder), the last two
/// columns of every row.
pub(crate) struct MadeUnder {
    pub(crate) levels_sha256: String,
    pub(crate) ladder_sha256: String,
}

/// `calibration.csv`: every reading's twelve rows beside the published ones, with z.
pub(crate) fn calibration_csv(results: &[CalibrationResult], made: &MadeUnder) -> Vec<u8> {
    let mut w = Table::new([
        "reading",
        "wobble",
        "mobility",
        "table",
        "first",
        "second",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "published_wins",
        "published_draws",
        "published_losses",
        "published_score",
        "z",
        "levels_sha256",
        "ladder_sha256",
    ]);
    for (reading, rows, verdict) in results {
        for (i, (r, z)) in rows.iter().zip(&verdict.z).enumerate() {
            let p = calibration::published(i);
            w.row([
                reading.name.clone(),
                reading.wobble.to_string(),
                reading.mobility.name().to_string(),
                reading.table.name.to_string(),
                r.first.to_string(),
                r.second.to_string(),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                format!("{:.4}", r.score()),
                p.wins.to_string(),
                p.draws.to_string(),
                p.losses.to_string(),
                format!("{:.4}", p.score()),
                format!("{z:+.2}"),
                made.levels_sha256.clone(),
                made.ladder_sha256.clone(),
            ]);
        }
    }
    w.into_bytes()
}

/// `calibration_summary.csv`: one row per reading: rows off (|z| ≥ 2), the
/// sum of z², the largest |z|, and the Settings line with its largest gap.
pub(crate) fn calibration_summary_csv(results: &[CalibrationResult], made: &MadeUnder) -> Vec<u8> {
    let mut w = Table::new([
        "reading",
        "wobble",
        "mobility",
        "table",
        "rows_off",
        "sum_z2",
        "max_abs_z",
        "settings_level1",
        "settings_level2",
        "settings_level3",
        "settings_level4",
        "settings_level5",
        "settings_gap",
        "levels_sha256",
        "ladder_sha256",
    ]);
    for (reading, _, v) in results {
        let mut row = vec![
            reading.name.clone(),
            reading.wobble.to_string(),
            reading.mobility.name().to_string(),
            reading.table.name.to_string(),
            v.off.to_string(),
            format!("{:.2}", v.sum_z2),
            format!("{:.2}", v.z.iter().fold(0.0f64, |m, z| m.max(z.abs()))),
        ];
        row.extend(v.settings.iter().map(u64::to_string));
        row.push(v.settings_gap.to_string());
        row.extend([made.levels_sha256.clone(), made.ladder_sha256.clone()]);
        w.row(&row);
    }
    w.into_bytes()
}
