//! Every check of docs/verification.md#what-it-checks over a data directory: hashes
//! first, then the sets' layout and uniqueness, then every board proven again
//! on all cores, then the OBF files.

use crate::blocklist::{check_blocked, read_blocklist};
use crate::board::check_board;
use crate::data::{DailyFile, EndgameFile};
use crate::game::check_game_files;
use crate::input::{FILES, parse_json, read};
use crate::layout::{Parsed, Set, Sizes, check_unique, daily_boards, endgame_boards};
use crate::levels::{Levels, check_headers};
use crate::obf::check_obf;
use crate::pairing::check_pairing;
use crate::report::{InputError, Report};
use crate::search::{Rule, Searcher};
use crate::sums::check_sums;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs every check on `dir`, a release of the game's sizes. `Err` only for
/// input that cannot be checked.
pub fn verify_dir(dir: &Path) -> Result<Report, InputError> {
    verify_dir_sized(dir, Sizes::GAME)
}

/// [`verify_dir`] for a release of other sizes: every check the same, the
/// counts those of `sizes` (the tests' small releases).
pub fn verify_dir_sized(dir: &Path, sizes: Sizes) -> Result<Report, InputError> {
    if !dir.is_dir() {
        return Err(InputError::NoDir(dir.to_path_buf()));
    }
    let mut report = Report::default();
    // Hashes first: they cover the exact bytes the rest reads.
    for name in FILES {
        read(dir, name)?;
    }
    check_sums(dir, &mut report)?;
    let levels = Levels::read(dir)?;
    check_headers(dir, &levels, &mut report)?;
    let blocked = read_blocklist(dir)?;
    let endgame: EndgameFile = parse_json(dir, "endgame.json")?;
    let daily: DailyFile = parse_json(dir, "daily.json")?;
    let (epoch, cycle_days) = (daily.epoch.clone(), daily.cycle_days as usize);
    let mut parsed = endgame_boards(dir, endgame, sizes, &mut report)?;
    parsed.extend(daily_boards(dir, daily, sizes, &mut report)?);
    check_unique(&parsed, &mut report);
    check_blocked(&parsed, &blocked, &mut report);
    prove_boards(&parsed, &levels, &mut report);
    report.boards = parsed.len();
    check_obf_files(dir, &parsed, &mut report)?;
    check_game_files(dir, &parsed, &epoch, cycle_days, &mut report)?;
    Ok(report)
}

/// [`verify_dir`], and with `reports` that those reports describe this data
/// (docs/verification.md#data-and-reports).
pub fn verify_release(dir: &Path, reports: Option<&Path>) -> Result<Report, InputError> {
    let mut report = verify_dir(dir)?;
    if let Some(reports) = reports {
        if !reports.is_dir() {
            return Err(InputError::NoDir(reports.to_path_buf()));
        }
        check_pairing(dir, reports, &mut report)?;
        crate::calibration::check_calibration(dir, reports, &mut report)?;
    }
    Ok(report)
}

/// Every board proven again with the verifier's own search, on all cores:
/// each thread takes the next unproven board, so a run of hard boards does
/// not leave the other cores idle.
fn prove_boards(parsed: &[Parsed], levels: &Levels, report: &mut Report) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let mut per_board: Vec<Vec<String>> = vec![Vec::new(); parsed.len()];
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.min(parsed.len()).max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut margin = Searcher::new(Rule::Margin);
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = parsed.get(i) else { break done };
                        done.push((i, check_board(&p.rec, &p.board, &mut margin, levels)));
                    }
                })
            })
            .collect();
        for w in workers {
            for (i, bad) in w.join().expect("proof thread") {
                per_board[i] = bad;
            }
        }
    });
    for (p, bad) in parsed.iter().zip(per_board) {
        for what in bad {
            report.fail(&p.rec.id, what);
        }
    }
}

/// Both OBF files, one on another thread.
fn check_obf_files(dir: &Path, parsed: &[Parsed], report: &mut Report) -> Result<(), InputError> {
    let of = |set| parsed.iter().filter(|p| p.set == set).collect::<Vec<&Parsed>>();
    let (endgame, daily) = (of(Set::Endgame), of(Set::Daily));
    std::thread::scope(|s| -> Result<(), InputError> {
        let e = s.spawn(|| {
            let mut r = Report::default();
            check_obf(dir, "endgame.obf", &endgame, &mut r).map(|_| r)
        });
        let mut r = Report::default();
        check_obf(dir, "daily.obf", &daily, &mut r)?;
        let er = e.join().expect("OBF check thread")?;
        report.failures.extend(er.failures);
        report.failures.extend(r.failures);
        Ok(())
    })
}
