//! The pipeline's jobs as library calls (docs/cli.md#discflip-commands): generate, verify,
//! rule checks, the Level 5 report, the ladder, and `release`, which runs
//! them all. Every job writes its output directories whole or not at all
//! (docs/release.md#all-or-nothing-output): it locks them as it starts, writes
//! into their staging directories and commits at the end. The `discflip`
//! binary only parses arguments and maps [`Error::exit`] to the
//! process's exit code.

use crate::files::keep;
use crate::files::output::{DATA_STAMP, Staged, data_stamp};
use crate::files::write;
use crate::present::reports;
use crate::present::review::EngineModule;
use crate::progress::Progress;
use crate::puzzles::dates::Date;
use crate::puzzles::sets;
use crate::strength::checks;
use crate::strength::ladder;
use crate::strength::level5;
use crate::strength::openings;
pub use crate::table::Timings;
pub use calibrate::calibrate;

mod calibrate;
use format::LevelsFile;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Why a job stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A data file could not be read, a day kept, or an output directory
    /// written (or it is in use).
    #[error(transparent)]
    Files(#[from] crate::files::Error),
    /// The data to verify could not be read at all.
    #[error(transparent)]
    Input(#[from] verifier::InputError),
    /// The review page could not read the data or reports.
    #[error(transparent)]
    Present(#[from] crate::present::Error),
    /// polars could not summarize the ladder.
    #[error("summarizing the ladder: {0}")]
    Summary(#[from] polars::prelude::PolarsError),
    /// The levels file cannot be used.
    #[error(transparent)]
    Levels(#[from] format::LevelsFileError),
    /// The data and reports directories are one directory.
    #[error("--data and --reports both name {}: they must be two directories", .0.display())]
    SameDirs(PathBuf),
    /// The openings suite found too few balanced openings.
    #[error(transparent)]
    Openings(#[from] openings::TooFewOpenings),
    /// A check did not hold (its details were already printed or written).
    #[error(transparent)]
    CheckFailed(#[from] CheckFailure),
}

/// A check of a job that did not hold.
#[derive(Debug, thiserror::Error)]
pub enum CheckFailure {
    /// The verifier found failures in the data (or its pairing with the reports).
    #[error("{failures} failures in {boards} boards and their files")]
    Verification {
        /// How many failures.
        failures: usize,
        /// How many boards were checked.
        boards: usize,
    },
    /// A rule check (perft, solver agreement, …) failed cases.
    #[error("{failures} rule-check failures")]
    Rules {
        /// Failed cases over all checks.
        failures: u64,
    },
    /// Level 5 did not solve an Endgame board exactly within its budget.
    #[error("Level 5 did not solve {board} exactly within {budget} positions")]
    Level5NotExact {
        /// The board's id.
        board: String,
        /// The position budget.
        budget: u64,
    },
}

impl Error {
    /// How the process ends on this error: a check failed, or bad input.
    pub fn exit(&self) -> verifier::Exit {
        match self {
            Error::CheckFailed(_) => verifier::Exit::CheckFailed,
            _ => verifier::Exit::BadInput,
        }
    }
}

/// Where the outputs go.
#[derive(Clone, Debug)]
pub struct Dirs {
    /// The data files (`endgame.json`, …).
    pub data: PathBuf,
    /// The reports (`*.csv`, `strength.md`).
    pub reports: PathBuf,
}

/// Daily days to copy from an older data directory (docs/release.md#keeping-published-days).
#[derive(Clone, Debug)]
pub struct KeepDays {
    /// The older data directory.
    pub from: PathBuf,
    /// Days 0 through this date's day are kept.
    pub through: Date,
}

/// Everything a release needs.
#[derive(Clone, Debug)]
pub struct ReleaseConfig {
    /// The release seed: every random stream derives from it.
    pub seed: u64,
    /// Output directories.
    pub dirs: Dirs,
    /// Daily days to keep, if any.
    pub keep: Option<KeepDays>,
    /// Openings in the Level 5 vs Level 4 suite (0: none).
    pub openings: usize,
    /// The levels every player and rule follows (docs/players.md#the-levels-file).
    pub levels: LevelsFile,
    /// The engine's WebAssembly module the review page inlines (docs/web.md).
    pub module: PathBuf,
}

/// Locks `dir` and starts its new release, saying what recovery did.
fn begin(dir: &Path, p: &dyn Progress) -> Result<Staged, Error> {
    let staged = Staged::begin(dir)?;
    for line in staged.notices() {
        p.line(line);
    }
    Ok(staged)
}

/// Both output directories, locked and started (data first).
fn begin_both(dirs: &Dirs, p: &dyn Progress) -> Result<(Staged, Staged), Error> {
    let same = |a: &Path, b: &Path| match (std::path::absolute(a), std::path::absolute(b)) {
        (Ok(a), Ok(b)) => a.components().eq(b.components()),
        _ => a == b,
    };
    if same(&dirs.data, &dirs.reports) {
        return Err(Error::SameDirs(dirs.data.clone()));
    }
    Ok((begin(&dirs.data, p)?, begin(&dirs.reports, p)?))
}

/// Writes `files` into a staged directory, in order.
fn write_files(out: &mut Staged, files: &[(String, Vec<u8>)]) -> Result<(), Error> {
    for (name, bytes) in files {
        out.write(name, bytes)?;
    }
    Ok(())
}

/// Generates both sets into `dirs.data`, with `generation.csv`,
/// `difficulty.csv`, `themes.csv`, `square_values.csv` and `data.sha256` into `dirs.reports`.
pub fn generate(
    seed: u64,
    dirs: &Dirs,
    keep: Option<&KeepDays>,
    levels: &LevelsFile,
    p: &dyn Progress,
) -> Result<(), Error> {
    let (mut data, mut reports) = begin_both(dirs, p)?;
    generate_into(seed, keep, levels, &mut data, &mut reports, &mut Timings::default(), p)?;
    data.commit()?;
    reports.commit()?;
    Ok(())
}

fn generate_into(
    seed: u64,
    keep: Option<&KeepDays>,
    levels: &LevelsFile,
    data: &mut Staged,
    reports: &mut Staged,
    t: &mut Timings,
    p: &dyn Progress,
) -> Result<(), Error> {
    let start = Instant::now();
    let blocked = crate::files::blocklist::read(data.target())?;
    let kept = keep.map(|k| keep::load(&k.from, k.through, &blocked, &levels.levels)).transpose()?;
    let mut g = t.time("generate", || {
        sets::sample(seed, &sets::SetSizes::FULL, kept.as_ref(), &blocked, levels, &*p.task("generate"))
    });
    t.time("solutions", || {
        let _spinner = p.task("solutions");
        sets::solve_and_balance(&mut g, kept.as_ref());
    });
    let files = write::data_files(&g);
    write_files(data, &files)?;
    let sums = &files.last().expect("SHA256SUMS comes last").1;
    write_files(
        reports,
        &[
            ("generation.csv".into(), reports::generation_csv(&g.stats, levels.levels.reply_limit)),
            ("difficulty.csv".into(), reports::difficulty_csv(&g)),
            ("themes.csv".into(), reports::themes_csv(&g)),
            ("square_values.csv".into(), reports::square_values_csv(&levels.levels)),
            (DATA_STAMP.into(), data_stamp(sums)),
        ],
    )?;
    let accepted: u64 = g.stats.values().map(|s| s.accepted).sum();
    let tried: u64 = g.stats.values().map(|s| s.tried).sum();
    p.line(&format!(
        "generated {} endgame + {} daily boards from {tried} candidates ({accepted} accepted) for {} in {:.1} s",
        g.endgame.len(),
        g.days.len() * 3,
        data.target().display(),
        start.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// Verifies `dir` with the independent verifier, and with `reports` that
/// those reports describe this data. `Err` only when the input cannot be
/// checked at all; failures are in the report ([`verdict`]).
pub fn verify(dir: &Path, reports: Option<&Path>, p: &dyn Progress) -> Result<verifier::Report, Error> {
    let _spinner = p.task("verify");
    Ok(verifier::verify_release(dir, reports)?)
}

/// `Err` (exit 1) when the report holds failures.
pub fn verdict(report: &verifier::Report) -> Result<(), Error> {
    if report.failures.is_empty() {
        return Ok(());
    }
    Err(CheckFailure::Verification { failures: report.failures.len(), boards: report.boards }.into())
}

/// The rule checks into `rule_checks.csv`.
pub fn checks(seed: u64, reports_dir: &Path, p: &dyn Progress) -> Result<(), Error> {
    let mut reports = begin(reports_dir, p)?;
    let outcome = checks_into(seed, &mut reports, p);
    reports.commit()?;
    outcome
}

/// Writes `rule_checks.csv`; `Err` (after writing) when a check failed.
fn checks_into(seed: u64, reports: &mut Staged, p: &dyn Progress) -> Result<(), Error> {
    let start = Instant::now();
    let rows = {
        let _spinner = p.task("checks");
        checks::all_rows(seed)
    };
    record_checks(&rows, reports, p, start)
}

/// Writes `rule_checks.csv` from `rows` and prints them; `Err` (after
/// writing) when a check failed.
fn record_checks(
    rows: &[checks::CheckRow],
    reports: &mut Staged,
    p: &dyn Progress,
    start: Instant,
) -> Result<(), Error> {
    reports.write("rule_checks.csv", &checks::rows_csv(rows))?;
    let failures: u64 = rows.iter().map(|r| r.failures).sum();
    for r in rows {
        p.line(&format!("{:<14} {:>6} cases {:>3} failures  {}", r.check, r.cases, r.failures, r.detail));
    }
    let cases: u64 = rows.iter().map(|r| r.cases).sum();
    p.line(&format!("rule checks: {cases} cases, {failures} failures in {:.1} s", start.elapsed().as_secs_f64()));
    if failures > 0 {
        return Err(CheckFailure::Rules { failures }.into());
    }
    Ok(())
}

/// Writes the Level 5 report; `Err` (after writing) when a move was not exact.
fn level5_into(
    seed: u64,
    levels: &LevelsFile,
    reports: &mut Staged,
    t: &mut Timings,
    p: &dyn Progress,
) -> Result<(), Error> {
    let start = Instant::now();
    let budget = levels.levels.level5.budget;
    let rows = t.time("level5_endgame", || {
        let _spinner = p.task("level 5");
        level5::run(seed, level5::POSITIONS, &levels.levels)
    });
    let slowest = rows.iter().map(|r| r.time.as_secs_f64()).fold(0.0, f64::max);
    t.record("level5_slowest_move", slowest);
    let exact = rows.iter().filter(|r| r.exact()).count();
    let largest = rows.iter().map(|r| r.positions).max().unwrap_or(0);
    p.line(&format!(
        "Level 5: {exact} of {} solved exactly, at most {largest} positions (budget {budget}), slowest move {:.1} ms, in {:.1} s",
        rows.len(),
        1e3 * slowest,
        start.elapsed().as_secs_f64()
    ));
    write_files(
        reports,
        &[
            ("level5_endgame.csv".into(), level5::csv(&rows)),
            ("level5_summary.csv".into(), level5::summary_csv(&rows, budget)),
        ],
    )?;
    match rows.iter().find(|r| !r.exact()) {
        Some(r) => Err(CheckFailure::Level5NotExact { board: r.board.clone(), budget }.into()),
        None => Ok(()),
    }
}

/// The ladder and its tables, then the openings suite (`openings` > 0).
pub fn ladder(
    seed: u64,
    reports_dir: &Path,
    openings: usize,
    scale: u32,
    levels: &LevelsFile,
    p: &dyn Progress,
) -> Result<(), Error> {
    let mut reports = begin(reports_dir, p)?;
    ladder_into(seed, &mut reports, openings, levels, &mut Timings::default(), p, scale)?;
    Ok(reports.commit()?)
}

/// The ladder (each matchup's games divided by `scale`: 1 in a release)
/// and its tables, then the openings suite (`openings` > 0).
fn ladder_into(
    seed: u64,
    reports: &mut Staged,
    openings: usize,
    levels: &LevelsFile,
    t: &mut Timings,
    p: &dyn Progress,
    scale: u32,
) -> Result<(), Error> {
    let start = Instant::now();
    let games = t.time("ladder", || ladder::play_ladder(seed, scale, &levels.levels, &*p.task("ladder")));
    let rows = reports::summarize(&games)?;
    write_files(
        reports,
        &[
            ("ladder_games.csv".into(), ladder::games_csv(&games)),
            ("ladder.csv".into(), reports::ladder_csv(&rows)),
            ("settings_line.csv".into(), reports::settings_line_csv(&rows)),
            ("strength.md".into(), reports::strength_md(&rows, levels)),
            ("level5_depth.csv".into(), ladder::level5_depth_csv(&games)),
            (
                verifier::pairing::LEVELS_STAMP.into(),
                format!("{}  {}\n", levels.sha256, format::LEVELS_FILE).into_bytes(),
            ),
        ],
    )?;
    for r in &rows {
        p.line(&r.line());
    }
    p.line(&format!("ladder: {} games in {:.1} s", games.len(), start.elapsed().as_secs_f64()));
    if openings > 0 {
        let start = Instant::now();
        let (list, games) = t.time("openings", || -> Result<_, Error> {
            let list = openings::balanced(seed, openings, &levels.levels)?;
            let games = openings::play(seed, &list, &levels.levels, &*p.task("openings"));
            Ok((list, games))
        })?;
        let summary = openings::summary(&games);
        write_files(
            reports,
            &[
                ("openings_games.csv".into(), openings::games_csv(&list, &games)),
                ("openings.csv".into(), reports::ladder_csv(std::slice::from_ref(&summary))),
            ],
        )?;
        let (lo, hi) = summary.wilson();
        p.line(&format!(
            "openings: level5 vs level4 from {openings} balanced openings, both colours: {}-{}-{} score {:.3} (95% {lo:.3}-{hi:.3}) in {:.1} s",
            summary.wins,
            summary.draws,
            summary.losses,
            summary.score(),
            start.elapsed().as_secs_f64()
        ));
    }
    Ok(())
}

/// `reports/review.html`, built from the files in `dirs` and the engine's
/// WebAssembly `module` (docs/review.md).
pub fn review(dirs: &Dirs, module: &Path, p: &dyn Progress) -> Result<(), Error> {
    let module = EngineModule::read(module)?;
    let mut reports = begin(&dirs.reports, p)?;
    let page = crate::present::review::page(&dirs.data, &dirs.reports, &module)?;
    reports.write("review.html", &page)?;
    Ok(reports.commit()?)
}

/// The data files' JSON Schemas and TypeScript declarations
/// (docs/formats.md#schema-and-types) into `dir` (the committed copy is
/// `docs/schema/`), replaced whole like every output directory.
pub fn schema(dir: &Path, p: &dyn Progress) -> Result<(), Error> {
    let mut out = begin(dir, p)?;
    for (name, bytes) in format::schema_files() {
        out.write(&name, &bytes)?;
    }
    Ok(out.commit()?)
}

/// The main job: generate, verify, rule checks, Level 5 report, ladder, the
/// review page and `timings.csv`, all staged; then data/ and reports/ are
/// committed one after the other. A stage that fails commits nothing.
pub fn release(config: &ReleaseConfig, p: &dyn Progress) -> Result<(), Error> {
    let start = Instant::now();
    let (seed, dirs) = (config.seed, &config.dirs);
    let module = EngineModule::read(&config.module)?;
    let (mut data, mut reports) = begin_both(dirs, p)?;
    let mut t = Timings::default();
    p.line(&format!("[1/5] generating puzzle sets (seed {seed})"));
    generate_into(seed, config.keep.as_ref(), &config.levels, &mut data, &mut reports, &mut t, p)?;
    p.line(&format!("[2/5] verifying {} with the independent solver", dirs.data.display()));
    let verify_start = Instant::now();
    let report = t.time("verify", || verify(data.path(), None, p))?;
    for f in &report.failures {
        p.line(&f.to_string());
    }
    p.line(&format!("{} in {:.1} s", report.summary(), verify_start.elapsed().as_secs_f64()));
    verdict(&report)?;
    p.line("[3/5] rule checks");
    t.time("checks", || checks_into(seed, &mut reports, p))?;
    p.line(&format!("[4/5] Level 5 on {} ten-empty positions", level5::POSITIONS));
    level5_into(seed, &config.levels, &mut reports, &mut t, p)?;
    p.line(&format!("[5/5] level ladder ({} games)", ladder::full_ladder_games()));
    ladder_into(seed, &mut reports, config.openings, &config.levels, &mut t, p, 1)?;
    let page = t.time("review", || crate::present::review::page(data.path(), reports.path(), &module))?;
    reports.write("review.html", &page)?;
    t.record("release_total", start.elapsed().as_secs_f64());
    reports.write("timings.csv", &t.csv())?;
    data.commit()?;
    reports.commit()?;
    p.line(&format!("review page: {}", dirs.reports.join("review.html").display()));
    p.line(&format!(
        "release done in {:.1} s: data in {}, reports in {}",
        start.elapsed().as_secs_f64(),
        dirs.data.display(),
        dirs.reports.display()
    ));
    Ok(())
}

#[cfg(test)]
mod tests;
