//! Unit tests of the release's steps (`pipeline.rs`): the two-directory guard, the rule
//! checks, Level 5 and the ladder, each with its failure injected where it has one.

use super::*;
use crate::progress::Silent;

fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("discflip-pipeline-").tempdir().expect("a temporary directory")
}

/// A staged `reports` directory under `root`, and the path it commits to.
fn staged(root: &Path) -> (Staged, PathBuf) {
    let target = root.join("reports");
    (Staged::begin(&target).expect("a fresh directory"), target)
}

#[test]
fn one_directory_named_twice_is_refused_however_it_is_spelled() {
    let here = std::env::current_dir().expect("a working directory");
    let dirs = |data: PathBuf, reports: PathBuf| Dirs { data, reports };
    for (data, reports) in [
        (PathBuf::from("out"), here.join("out")),
        (PathBuf::from("out"), PathBuf::from("./out")),
        (PathBuf::new(), PathBuf::new()),
    ] {
        let err = begin_both(&dirs(data.clone(), reports.clone()), &Silent).err();
        assert!(matches!(err, Some(Error::SameDirs(_))), "{data:?} and {reports:?}: {err:?}");
    }
    let root = scratch();
    let (a, b) =
        begin_both(&dirs(root.path().join("data"), root.path().join("reports")), &Silent).expect("two directories");
    a.commit().expect("commit data");
    b.commit().expect("commit reports");
    assert!(root.path().join("data").is_dir() && root.path().join("reports").is_dir());
}

#[test]
fn the_rule_checks_pass_and_their_table_is_written() {
    let root = scratch();
    let (mut reports, target) = staged(root.path());
    checks_into(crate::puzzles::seeds::DEFAULT_SEED, &mut reports, &Silent).expect("every check holds");
    reports.commit().expect("commit");
    let table = std::fs::read_to_string(target.join("rule_checks.csv")).expect("rule_checks.csv");
    assert_eq!(table.lines().count(), 1 + 9, "{table}");
    assert!(table.lines().skip(1).all(|l| l.split(',').nth(2) == Some("0")), "{table}");
}

#[test]
fn a_failed_rule_check_is_an_error_once_its_table_is_written() {
    let root = scratch();
    let (mut reports, target) = staged(root.path());
    let row =
        |check: &str, failures| checks::CheckRow { check: check.into(), cases: 10, failures, detail: String::new() };
    let rows = [row("perft_1", 0), row("flip_previews", 2), row("settled_discs", 1)];
    let err = record_checks(&rows, &mut reports, &Silent, Instant::now()).err();
    assert!(matches!(err, Some(Error::CheckFailed(CheckFailure::Rules { failures: 3 }))), "{err:?}");
    reports.commit().expect("commit");
    let table = std::fs::read_to_string(target.join("rule_checks.csv")).expect("written before the error");
    assert!(table.contains("flip_previews,10,2,"), "{table}");
}

/// `discflip ladder --scale 100` (54 games), with and without the openings
/// suite: every table written, the openings' only when asked.
#[test]
fn the_ladder_writes_its_tables_and_the_openings_only_when_asked() {
    let levels = LevelsFile::game();
    for openings in [0, 1] {
        let root = scratch();
        let target = root.path().join("reports");
        ladder(crate::puzzles::seeds::DEFAULT_SEED, &target, openings, 100, &levels, &Silent).expect("a small ladder");
        let read = |name: &str| std::fs::read_to_string(target.join(name)).unwrap_or_default();
        assert_eq!(read("ladder_games.csv").lines().count(), 1 + 54);
        assert_eq!(read("ladder.csv").lines().count(), 1 + ladder::MATCHUPS.len());
        for name in ["settings_line.csv", "strength.md", "level5_depth.csv", verifier::pairing::LEVELS_STAMP] {
            assert!(!read(name).is_empty(), "{name}");
        }
        assert_eq!(read(verifier::pairing::LEVELS_STAMP), format!("{}  {}\n", levels.sha256, format::LEVELS_FILE));
        // One balanced opening, played from both colours.
        let want = if openings > 0 { 1 + 2 } else { 0 };
        assert_eq!(read("openings_games.csv").lines().count(), want, "{openings} openings");
        assert_eq!(target.join("openings.csv").is_file(), openings > 0, "{openings} openings");
    }
}

#[test]
fn level5_solves_every_report_position_and_writes_both_tables() {
    let root = scratch();
    let (mut reports, target) = staged(root.path());
    let levels = LevelsFile::game();
    let mut t = Timings::default();
    level5_into(crate::puzzles::seeds::DEFAULT_SEED, &levels, &mut reports, &mut t, &Silent).expect("all exact");
    reports.commit().expect("commit");
    let endgame = std::fs::read_to_string(target.join("level5_endgame.csv")).expect("level5_endgame.csv");
    assert_eq!(endgame.lines().count(), 1 + level5::POSITIONS);
    assert!(target.join("level5_summary.csv").is_file());
}

#[test]
fn level5_short_of_its_budget_is_an_error_naming_the_board() {
    let root = scratch();
    let (mut reports, target) = staged(root.path());
    let mut levels = LevelsFile::game();
    levels.levels.level5.budget = 50; // no ten-empty position solves in 50 positions
    let mut t = Timings::default();
    let err = level5_into(crate::puzzles::seeds::DEFAULT_SEED, &levels, &mut reports, &mut t, &Silent).err();
    let Some(Error::CheckFailed(CheckFailure::Level5NotExact { board, budget: 50 })) = err else { panic!("{err:?}") };
    assert_eq!(board.len(), 66, "{board}");
    reports.commit().expect("commit");
    let endgame = std::fs::read_to_string(target.join("level5_endgame.csv")).expect("written before the error");
    assert!(endgame.contains(&board), "the named board is in the table");
}
