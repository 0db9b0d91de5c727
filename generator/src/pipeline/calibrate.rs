//! `discflip calibrate`, the job of the calibration study
//! (docs/ladder.md#calibration-against-the-published-ladder).

use super::{Error, begin, write_files};
use crate::files::output::sha256_hex;
use crate::present::reports::{self, MadeUnder};
use crate::progress::Progress;
use crate::strength::{calibration, ladder};
use engine::Levels;
use format::LevelsFile;
use std::path::Path;
use std::time::Instant;

/// The calibration study (docs/ladder.md#calibration-against-the-published-ladder): the
/// ladder under every reading of `calibration::readings` of `levels`, each
/// compared with the published table, into `calibration.csv` and
/// `calibration_summary.csv`, which name `levels` and the ladder's games
/// under it by their SHA-256. Each matchup is played once for all the
/// ladders that agree on both its players, all in one run on every core.
pub fn calibrate(
    seed: u64,
    reports_dir: &Path,
    scale: u32,
    levels: &LevelsFile,
    p: &dyn Progress,
) -> Result<(), Error> {
    let mut reports = begin(reports_dir, p)?;
    let start = Instant::now();
    let readings = calibration::readings(&levels.levels);
    // Ladder 0 is the levels file's own: its games are the fingerprint.
    let ladders: Vec<Levels> = std::iter::once(levels.levels).chain(readings.iter().map(|r| r.levels)).collect();
    let plan = calibration::plan(&ladders.iter().collect::<Vec<_>>());
    let games = ladder::play_matchups(seed, scale, &plan.matchups, &*p.task("calibration games"));
    p.line(&format!(
        "calibration: {} readings, {} distinct matchups played in {:.1} s",
        readings.len(),
        plan.matchups.len(),
        start.elapsed().as_secs_f64()
    ));
    let ladder_games =
        |of: &[usize]| -> Vec<ladder::GameRecord> { of.iter().flat_map(|&k| games[k].clone()).collect() };
    let made = MadeUnder {
        levels_sha256: levels.sha256.clone(),
        ladder_sha256: sha256_hex(&ladder::games_csv(&ladder_games(&plan.of[0]))),
    };
    let mut results = Vec::new();
    for (i, (reading, of)) in readings.into_iter().zip(&plan.of[1..]).enumerate() {
        let rows = reports::summarize(&ladder_games(of))?;
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
            ("calibration.csv".into(), reports::calibration_csv(&results, &made)),
            ("calibration_summary.csv".into(), reports::calibration_summary_csv(&results, &made)),
        ],
    )?;
    reports.commit()?;
    p.line(&format!("calibration: {} readings in {:.1} s", results.len(), start.elapsed().as_secs_f64()));
    Ok(())
}
