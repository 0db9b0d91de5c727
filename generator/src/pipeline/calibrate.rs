//! `discflip calibrate`, the job of the calibration study
//! (docs/ladder.md#calibration-against-the-published-ladder).

use super::{Error, begin, write_files};
use crate::present::reports;
use crate::progress::Progress;
use crate::strength::{calibration, ladder};
use std::path::Path;
use std::time::Instant;

/// The calibration study (docs/ladder.md#calibration-against-the-published-ladder): the
/// ladder under every reading of `calibration::readings`, each compared
/// with the published table, into `calibration.csv` and
/// `calibration_summary.csv`. Readings run one after another, each on every core.
pub fn calibrate(seed: u64, reports_dir: &Path, scale: u32, p: &dyn Progress) -> Result<(), Error> {
    let mut reports = begin(reports_dir, p)?;
    let start = Instant::now();
    let mut results = Vec::new();
    for (i, reading) in calibration::readings().into_iter().enumerate() {
        let games = ladder::play_ladder(seed, scale, &reading.levels, &*p.task(&format!("reading {}", i + 1)));
        let rows = reports::summarize(&games)?;
        let verdict = calibration::verdict(&rows);
        p.line(&format!(
            "{:>2}. {:<52} {} rows off, sum z² {:>6.1}, settings {:?}",
            i + 1,
            reading.name,
            verdict.off,
            verdict.sum_z2,
            verdict.settings
        ));
        results.push((reading, rows, verdict));
    }
    write_files(
        &mut reports,
        &[
            ("calibration.csv".into(), reports::calibration_csv(&results)),
            ("calibration_summary.csv".into(), reports::calibration_summary_csv(&results)),
        ],
    )?;
    reports.commit()?;
    p.line(&format!("calibration: {} readings in {:.1} s", results.len(), start.elapsed().as_secs_f64()));
    Ok(())
}
