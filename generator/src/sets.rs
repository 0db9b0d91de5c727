//! The Endgame and Daily sets (docs/puzzles.md §5): one stream of accepted, unique
//! boards per empty count, filled in candidate order; the first boards of a
//! stream go to the Endgame set, the rest to the Daily schedule.

use crate::dates::Date;
use crate::keep::{KeptDays, KeptProvenance};
use crate::puzzle::{BoardRecord, Judged, Reject, Workbench, judge, obf_line};
use crate::sampling;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};

pub const CYCLE_DAYS: usize = 420;
pub const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/// The Monday the schedule counts from.
pub const EPOCH: &str = "2025-01-06";

/// Empty counts of a day's three boards.
pub fn day_empties(day: usize) -> [u32; 3] {
    if day % 7 < 3 { [6, 8, 10] } else { [8, 10, 12] }
}

/// How many boards each set needs.
#[derive(Clone, Debug)]
pub struct SetSizes {
    /// Endgame boards per empty count (8, 10, 12).
    pub endgame_per_empties: usize,
    /// Days in the Daily cycle.
    pub days: usize,
}

impl SetSizes {
    pub const FULL: SetSizes = SetSizes { endgame_per_empties: 300, days: CYCLE_DAYS };

    /// Boards each empty count's stream must supply; kept days need none.
    fn quota(&self, kept: Option<&KeptDays>) -> BTreeMap<u32, usize> {
        let mut q = BTreeMap::new();
        for e in [8, 10, 12] {
            q.insert(e, self.endgame_per_empties);
        }
        for d in (0..self.days).filter(|&d| kept.is_none_or(|k| k.day(d).is_none())) {
            for e in day_empties(d) {
                *q.entry(e).or_insert(0) += 1;
            }
        }
        q
    }
}

/// Per empty count: what happened to the candidates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub tried: u64,
    pub game_over: u64,
    pub rejected: BTreeMap<Reject, u64>,
    pub duplicates: u64,
    pub accepted: u64,
    pub heaviest_reply: u64,
}

pub struct Generated {
    pub endgame: Vec<BoardRecord>,
    /// `days[d]` holds the day's three boards.
    pub days: Vec<Vec<BoardRecord>>,
    pub stats: BTreeMap<u32, Stats>,
    pub seed: u64,
    /// Where the kept Daily days came from, when some were kept.
    pub kept: Option<KeptProvenance>,
}

const BATCH: u64 = 128;

/// Fills one empty count's stream: candidates are judged in parallel batches
/// and consumed strictly in index order, so the result is independent of the
/// thread count.
/// Boards whose canonical form is in `seen` (kept boards) count as duplicates.
fn fill(
    seed: u64,
    empties: u32,
    want: usize,
    mut seen: HashSet<(u64, u64)>,
    progress: &ProgressBar,
) -> (Vec<BoardRecord>, Stats) {
    let mut stats = Stats::default();
    let mut out = Vec::new();
    let mut next = 0u64;
    while out.len() < want {
        let results: Vec<Option<Result<Judged, Reject>>> = (next..next + BATCH)
            .into_par_iter()
            .map_init(Workbench::default, |bench, i| {
                sampling::candidate(seed, empties, i).map(|(pos, prov)| judge(&pos, bench, prov))
            })
            .collect();
        for r in results {
            if out.len() == want {
                break;
            }
            stats.tried += 1;
            match r {
                None => stats.game_over += 1,
                Some(Err(reason)) => *stats.rejected.entry(reason).or_insert(0) += 1,
                Some(Ok(j)) => {
                    if seen.insert(j.record.canonical) {
                        stats.heaviest_reply = stats.heaviest_reply.max(j.heaviest_reply);
                        stats.accepted += 1;
                        out.push(j.record);
                        progress.inc(1);
                    } else {
                        stats.duplicates += 1;
                    }
                }
            }
        }
        next += BATCH;
    }
    (out, stats)
}

/// Generates both sets; with `kept`, its Daily days are copied and every new
/// board differs from every kept one under symmetry.
pub fn generate(seed: u64, sizes: &SetSizes, kept: Option<&KeptDays>, progress: &ProgressBar) -> Generated {
    let quota = sizes.quota(kept);
    progress.set_length(quota.values().sum::<usize>() as u64);
    let mut streams = BTreeMap::new();
    let mut stats = BTreeMap::new();
    for (&e, &want) in &quota {
        let seen = kept.into_iter().flat_map(KeptDays::records).filter(|r| r.empties == e).map(|r| r.canonical);
        let (boards, s) = fill(seed, e, want, seen.collect(), progress);
        streams.insert(e, boards.into_iter());
        stats.insert(e, s);
    }
    let mut endgame = Vec::new();
    for e in [8, 10, 12] {
        endgame.extend(streams.get_mut(&e).expect("stream").take(sizes.endgame_per_empties));
    }
    let days = (0..sizes.days)
        .map(|d| match kept.and_then(|k| k.day(d)) {
            Some(trio) => trio.to_vec(),
            None => {
                day_empties(d).iter().map(|e| streams.get_mut(e).and_then(Iterator::next).expect("quota")).collect()
            }
        })
        .collect();
    Generated { endgame, days, stats, seed, kept: kept.map(|k| k.provenance.clone()) }
}

#[derive(Serialize)]
struct EndgameFile<'a> {
    format: u32,
    generator: String,
    seed: u64,
    scoring: &'static str,
    sampling: &'static str,
    boards: &'a [BoardRecord],
}

#[derive(Serialize)]
struct DayEntry<'a> {
    day: usize,
    weekday: &'static str,
    boards: &'a [BoardRecord],
}

#[derive(Serialize)]
struct DailyFile<'a> {
    format: u32,
    generator: String,
    seed: u64,
    scoring: &'static str,
    sampling: &'static str,
    epoch: &'static str,
    cycle_days: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    kept_days: Option<&'a KeptProvenance>,
    days: Vec<DayEntry<'a>>,
}

const SCORING: &str = "value = final margin Dark - Light with perfect play; empty squares count for nobody";

fn generator_name() -> String {
    format!("discflip {}", env!("CARGO_PKG_VERSION"))
}

const OBF_HEADER: &str = "% Disc Flip puzzle boards, Dark (X) to move. OBF scores follow the OBF convention: \
empty squares go to the winner (unlike the game's margin, where they count for nobody).\n";

/// The data files, in write order (SHA256SUMS last).
pub fn data_files(g: &Generated) -> Vec<(String, Vec<u8>)> {
    let endgame = EndgameFile {
        format: 1,
        generator: generator_name(),
        seed: g.seed,
        scoring: SCORING,
        sampling: sampling::METHOD,
        boards: &g.endgame,
    };
    let daily = DailyFile {
        format: 1,
        generator: generator_name(),
        seed: g.seed,
        scoring: SCORING,
        sampling: sampling::METHOD,
        epoch: EPOCH,
        cycle_days: g.days.len(),
        kept_days: g.kept.as_ref(),
        days: g
            .days
            .iter()
            .enumerate()
            .map(|(d, b)| DayEntry { day: d, weekday: WEEKDAYS[d % 7], boards: b })
            .collect(),
    };
    let obf = |boards: &mut dyn Iterator<Item = &BoardRecord>| {
        let mut s = OBF_HEADER.to_string();
        for b in boards {
            s += &obf_line(b);
            s.push('\n');
        }
        s.into_bytes()
    };
    let mut files = vec![
        ("endgame.json".to_string(), to_pretty_json(&endgame)),
        ("daily.json".to_string(), to_pretty_json(&daily)),
        ("endgame.obf".to_string(), obf(&mut g.endgame.iter())),
        ("daily.obf".to_string(), obf(&mut g.days.iter().flatten())),
    ];
    let sums = crate::output::sha256sums(&files);
    files.push(("SHA256SUMS".to_string(), sums));
    files
}

fn to_pretty_json<T: Serialize>(value: &T) -> Vec<u8> {
    let mut v = serde_json::to_vec_pretty(value).expect("records serialize");
    v.push(b'\n');
    v
}

/// `generation.csv`: per empty count, candidates and what became of them.
pub fn generation_csv(stats: &BTreeMap<u32, Stats>) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["empties", "candidates", "game_over_before_target"];
    header.extend(Reject::ALL.iter().map(|r| r.column()));
    header.extend(["duplicates", "accepted", "pass_rate_percent", "heaviest_reply_positions", "reply_limit"]);
    w.write_record(&header).expect("in memory");
    for (e, s) in stats {
        let mut row = vec![e.to_string(), s.tried.to_string(), s.game_over.to_string()];
        row.extend(Reject::ALL.iter().map(|r| s.rejected.get(r).copied().unwrap_or(0).to_string()));
        let rate = if s.tried == 0 { 0.0 } else { 100.0 * s.accepted as f64 / s.tried as f64 };
        row.extend([
            s.duplicates.to_string(),
            s.accepted.to_string(),
            format!("{rate:.2}"),
            s.heaviest_reply.to_string(),
            crate::puzzle::REPLY_LIMIT.to_string(),
        ]);
        w.write_record(&row).expect("in memory");
    }
    w.into_inner().expect("in memory")
}

/// The day index of `date` in the schedule.
pub fn day_of(date: Date) -> usize {
    let epoch = Date::parse(EPOCH).expect("valid epoch");
    (date.0 - epoch.0).rem_euclid(CYCLE_DAYS as i64) as usize
}
