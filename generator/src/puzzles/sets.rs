//! The Endgame and Daily sets (docs/puzzles.md#the-sets): one stream of accepted, unique
//! boards per empty count, filled in candidate order; the first boards of a
//! stream go to the Endgame set, the rest to the Daily schedule.

use crate::progress::Counter;
use crate::puzzles::balance;
use crate::puzzles::blocklist::Blocklist;
use crate::puzzles::rules::{Judged, Puzzle, Reject, Workbench, judge};
use crate::puzzles::sampling;
use crate::puzzles::schedule::{CYCLE_DAYS, day_empties};
use crate::puzzles::solution::Lines;
use crate::puzzles::teach::teach;
use engine::{Color, Levels, Position};
use format::{KeptProvenance, LevelsFile};
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};

/// How many boards each set needs.
#[derive(Clone, Debug)]
pub struct SetSizes {
    /// Endgame boards per empty count (8, 10, 12).
    pub endgame_per_empties: usize,
    /// Days in the Daily cycle.
    pub days: usize,
}

impl SetSizes {
    /// The release sizes: 300 Endgame boards per empty count, 420 days.
    pub(crate) const FULL: SetSizes = SetSizes { endgame_per_empties: 300, days: CYCLE_DAYS };

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
pub(crate) struct Stats {
    /// Candidates tried.
    pub(crate) tried: u64,
    /// Candidates whose game ended before the target empty count.
    pub(crate) game_over: u64,
    /// Candidates rejected, by the first rule they failed.
    pub(crate) rejected: BTreeMap<Reject, u64>,
    /// Accepted boards dropped as duplicates under symmetry.
    pub(crate) duplicates: u64,
    /// Boards kept.
    pub(crate) accepted: u64,
    /// The largest reply search among the kept boards.
    pub(crate) heaviest_reply: u64,
}

/// Both sets, as generated.
pub struct Generated {
    /// The Endgame boards: 8, then 10, then 12 empties.
    pub(crate) endgame: Vec<Puzzle>,
    /// `days[d]` holds the day's three boards.
    pub(crate) days: Vec<Vec<Puzzle>>,
    /// What became of the candidates, per empty count.
    pub(crate) stats: BTreeMap<u32, Stats>,
    /// The release seed.
    pub(crate) seed: u64,
    /// Where the kept Daily days came from, when some were kept.
    pub(crate) kept: Option<KeptProvenance>,
    /// Per weekday group, the spread of daily difficulty totals in sampling
    /// order, before the days were balanced (`None` until they are).
    pub(crate) spread_before: Option<[balance::Spread; 2]>,
    /// The blocklist no board is on, shipped with the data.
    pub(crate) blocklist: Blocklist,
    /// The levels the players and rules followed, shipped with the data.
    pub(crate) levels: LevelsFile,
}

/// The kept days' records and their provenance.
#[derive(Clone, Debug)]
pub struct KeptDays {
    /// `days[d]` is day `d`'s trio, for d = 0 ..= `provenance.through_day`;
    /// `None` for a day that held a blocked board or a board that no longer
    /// passes the rules under the current levels (it gets a new trio).
    pub(crate) days: Vec<Option<Vec<Puzzle>>>,
    /// Where they came from.
    pub(crate) provenance: KeptProvenance,
}

impl KeptDays {
    /// Day `d`'s kept trio, if `d` is kept.
    pub(crate) fn day(&self, d: usize) -> Option<&[Puzzle]> {
        self.days.get(d)?.as_deref()
    }

    /// Every kept record.
    pub(crate) fn records(&self) -> impl Iterator<Item = &Puzzle> {
        self.days.iter().flatten().flatten()
    }
}

const BATCH: u64 = 128;

/// Fills one empty count's stream: candidates are judged in parallel batches
/// and consumed strictly in index order, so the result is independent of the
/// thread count.
/// Boards whose canonical form is in `seen` (kept boards) count as duplicates,
/// and so do blocked boards (their ids name every symmetric image).
fn fill(
    seed: u64,
    empties: u32,
    want: usize,
    mut seen: HashSet<Position>,
    blocked: &Blocklist,
    levels: &Levels,
    progress: &dyn Counter,
) -> (Vec<Puzzle>, Stats) {
    let mut stats = Stats::default();
    let mut out = Vec::new();
    let mut next = 0u64;
    while out.len() < want {
        let results: Vec<Option<Result<Judged, Reject>>> = (next..next + BATCH)
            .into_par_iter()
            .map_init(
                || Workbench::new(levels),
                |bench, i| sampling::candidate(seed, empties, i, levels).map(|(pos, prov)| judge(&pos, bench, prov)),
            )
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
                    if blocked.reason(&j.puzzle.id).is_none() && seen.insert(j.puzzle.canonical) {
                        stats.heaviest_reply = stats.heaviest_reply.max(j.heaviest_reply);
                        stats.accepted += 1;
                        out.push(j.puzzle);
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

/// Generates both sets with their solutions and balanced Daily days: `sample`
/// then `solve_and_balance`.
pub fn generate(
    seed: u64,
    sizes: &SetSizes,
    kept: Option<&KeptDays>,
    blocked: &Blocklist,
    levels: &LevelsFile,
    progress: &dyn Counter,
) -> Generated {
    let mut g = sample(seed, sizes, kept, blocked, levels, progress);
    solve_and_balance(&mut g, kept);
    g
}

/// Samples both sets in sampling order, without solutions; with `kept`, its
/// Daily days are copied and every new board differs from every kept one
/// under symmetry; no board is `blocked`. Its players and rules follow `levels`.
pub(crate) fn sample(
    seed: u64,
    sizes: &SetSizes,
    kept: Option<&KeptDays>,
    blocked: &Blocklist,
    levels: &LevelsFile,
    progress: &dyn Counter,
) -> Generated {
    let quota = sizes.quota(kept);
    progress.set_total(quota.values().sum::<usize>() as u64);
    let mut streams = BTreeMap::new();
    let mut stats = BTreeMap::new();
    for (&e, &want) in &quota {
        let seen = kept.into_iter().flat_map(KeptDays::records).filter(|r| r.empties == e).map(|r| r.canonical);
        let (boards, s) = fill(seed, e, want, seen.collect(), blocked, &levels.levels, progress);
        streams.insert(e, boards.into_iter());
        stats.insert(e, s);
    }
    let mut endgame = Vec::new();
    for e in [8, 10, 12] {
        endgame.extend(streams.get_mut(&e).expect("stream").take(sizes.endgame_per_empties));
    }
    let days: Vec<Vec<Puzzle>> = (0..sizes.days)
        .map(|d| match kept.and_then(|k| k.day(d)) {
            Some(trio) => trio.to_vec(),
            None => {
                day_empties(d).iter().map(|e| streams.get_mut(e).and_then(Iterator::next).expect("quota")).collect()
            }
        })
        .collect();
    Generated {
        endgame,
        days,
        stats,
        seed,
        kept: kept.map(|k| k.provenance.clone()),
        spread_before: None,
        blocklist: blocked.clone(),
        levels: levels.clone(),
    }
}

/// Computes every board's par lines and difficulty (kept boards that have
/// them keep them), records the Daily spread in sampling order, then
/// balances the days that are not kept (docs/puzzles.md#par-lines-and-difficulty and #even-daily-days).
pub(crate) fn solve_and_balance(g: &mut Generated, kept: Option<&KeptDays>) {
    let (seed, levels) = (g.seed, g.levels.levels);
    solve_all(
        seed,
        &levels,
        g.endgame
            .iter_mut()
            .chain(g.days.iter_mut().flatten())
            .filter(|r| r.solution.is_none() || r.themes.is_none())
            .collect(),
    );
    g.spread_before = Some([balance::spread(&g.days, 0), balance::spread(&g.days, 1)]);
    balance::balance(&mut g.days, kept.map_or(0, |k| k.provenance.through_day + 1));
    order_endgame(&mut g.endgame);
}

/// The Endgame set's order (docs/puzzles.md#the-sets): by size, then within
/// a size easiest first (difficulty score), ties by id.
pub(crate) fn order_endgame(boards: &mut [Puzzle]) {
    boards.sort_by(|a, b| {
        let key = |p: &Puzzle| (p.empties, p.solution.as_ref().map_or(0, |s| s.difficulty));
        key(a).cmp(&key(b)).then_with(|| a.id.cmp(&b.id))
    });
}

/// Computes the par lines and difficulty of `records` that have none, then
/// the themes and trap lines of those that have none (docs/puzzles.md#themes),
/// in parallel (each result depends on its board and the seed alone).
fn solve_all(seed: u64, levels: &Levels, mut records: Vec<&mut Puzzle>) {
    records.par_iter_mut().for_each_init(
        || Lines::new(levels),
        |lines, r| {
            let pos = Position::from_board_str(&r.board, Color::Dark).expect("a judged board");
            if r.solution.is_none() {
                r.solution = Some(lines.solve(pos, r.par, seed));
            }
            if r.themes.is_none() {
                teach(&mut r.record, pos, lines);
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small release, two Endgame boards per empty count and two weeks of
    /// days (so some streams run past their first batch): the quota, each stream filled in candidate order and its
    /// candidates all counted, the sets' order, and no board twice.
    #[test]
    fn a_small_sample_fills_each_stream_in_candidate_order() {
        let sizes = SetSizes { endgame_per_empties: 2, days: 14 };
        let quota = sizes.quota(None);
        // Monday–Wednesday have 6, 8 and 10 empties, Thursday–Sunday 8, 10 and 12.
        assert_eq!(quota, BTreeMap::from([(6, 6), (8, 2 + 14), (10, 2 + 14), (12, 2 + 8)]));
        let g = sample(5, &sizes, None, &Blocklist::default(), &LevelsFile::game(), &crate::progress::Silent);
        assert_eq!(g.endgame.iter().map(|r| r.empties).collect::<Vec<_>>(), [8, 8, 10, 10, 12, 12]);
        assert_eq!(g.days.len(), 14);
        for (d, day) in g.days.iter().enumerate() {
            assert_eq!(day.iter().map(|r| r.empties).collect::<Vec<_>>(), day_empties(d), "day {d}");
        }
        let all: Vec<&Puzzle> = g.endgame.iter().chain(g.days.iter().flatten()).collect();
        let mut keys = HashSet::new();
        assert!(all.iter().all(|r| keys.insert(r.canonical)), "a board twice under symmetry");
        assert_eq!(g.stats.keys().copied().collect::<Vec<_>>(), [6, 8, 10, 12]);
        for (e, s) in &g.stats {
            let stream: Vec<u64> = all.iter().filter(|r| r.empties == *e).map(|r| r.provenance.candidate).collect();
            assert!(stream.windows(2).all(|w| w[0] < w[1]), "{e} empties: {stream:?}");
            // The stream stops at its last board: every candidate up to it was tried.
            assert_eq!(s.tried, stream.last().unwrap() + 1, "{e} empties");
            assert_eq!((s.accepted, stream.len()), (quota[e] as u64, quota[e]));
            assert_eq!(s.tried, s.game_over + s.rejected.values().sum::<u64>() + s.duplicates + s.accepted, "{e}");
            assert!(s.heaviest_reply > 0);
        }
        assert!(g.stats.values().any(|s| s.tried > BATCH), "no stream needed a second batch");
    }

    /// Days 0–2 of `days` as kept from a first run of seed 5.
    fn kept_through_day_2(days: &[Vec<Puzzle>]) -> KeptDays {
        let provenance = KeptProvenance {
            through_day: 2,
            through: "2025-01-08".into(),
            from_generator: "test".into(),
            from_seed: 5,
            from_daily_sha256: String::new(),
            replaced_days: Vec::new(),
        };
        KeptDays { days: days[..3].iter().cloned().map(Some).collect(), provenance }
    }

    /// Days 0–2 kept from a first run of the same seed: they are copied
    /// whole, and their boards come back in the streams as duplicates, each
    /// in its own empty count's stream, never used again.
    #[test]
    fn kept_days_are_copied_and_their_boards_count_as_duplicates() {
        let sizes = SetSizes { endgame_per_empties: 2, days: 14 };
        let first = sample(5, &sizes, None, &Blocklist::default(), &LevelsFile::game(), &crate::progress::Silent);
        let kept = kept_through_day_2(&first.days);
        assert_eq!(sizes.quota(Some(&kept)), BTreeMap::from([(6, 3), (8, 13), (10, 13), (12, 10)]));
        let g = sample(5, &sizes, Some(&kept), &Blocklist::default(), &LevelsFile::game(), &crate::progress::Silent);
        let ids = |days: &[Vec<Puzzle>]| {
            days.iter().map(|d| d.iter().map(|r| r.id.clone()).collect()).collect::<Vec<Vec<_>>>()
        };
        assert_eq!(
            ids(&g.days[..3]),
            ids(&kept.days.iter().flatten().cloned().collect::<Vec<_>>()),
            "kept days are copied"
        );
        // Every kept board comes back in its own stream as a duplicate (with
        // any duplicates the stream holds anyway, as in the first run).
        for (e, s) in &g.stats {
            let kept_here = kept.records().filter(|r| r.empties == *e).count() as u64;
            assert!(s.duplicates >= kept_here, "{e} empties: {} duplicates, {kept_here} kept boards", s.duplicates);
        }
        assert_eq!(kept.records().count(), 9, "three days of three boards");
        let mut keys = HashSet::new();
        assert!(g.endgame.iter().chain(g.days.iter().flatten()).all(|r| keys.insert(r.canonical)));
    }

    /// Solving and balancing a sampled release by hand-made days: boards
    /// without a solution get one the verifier accepts, the spread before is
    /// taken before balancing, and the kept days 0–2 stay as they are while
    /// the others are balanced.
    #[test]
    fn solve_and_balance_solves_the_missing_and_leaves_kept_days() {
        let template = crate::puzzles::rules::template();
        // Days 0 and 2 (kept) are the hardest Monday–Wednesday days: balancing them would move boards.
        let days: Vec<Vec<Puzzle>> = (0..14)
            .map(|d| {
                (0..3)
                    .map(|slot| {
                        let mut r = template.clone();
                        r.id = format!("d{d}s{slot}");
                        r.empties = [6, 8, 10][slot] + if balance::group_of(d) == 1 { 2 } else { 0 };
                        let hard = d % 7 == 0 || d == 2;
                        r.solution.as_mut().expect("the template has a solution").difficulty =
                            if hard { 90 } else { 10 * (slot as u32 + 1) + d as u32 };
                        if d == 9 && slot == 1 {
                            r.solution = None;
                        }
                        r
                    })
                    .collect()
            })
            .collect();
        let mut unsolved = template.clone();
        unsolved.solution = None;
        let kept = kept_through_day_2(&days);
        let mut g = Generated {
            blocklist: Blocklist::default(),
            levels: LevelsFile::game(),
            endgame: vec![unsolved],
            days,
            stats: BTreeMap::new(),
            seed: 5,
            kept: None,
            spread_before: None,
        };
        let mut original = g.days.clone();
        let kept_ids: Vec<Vec<String>> =
            kept.days.iter().flatten().map(|d| d.iter().map(|r| r.id.clone()).collect()).collect();
        solve_and_balance(&mut g, Some(&kept));
        let board = |r: &Puzzle| {
            let pos = Position::from_board_str(&r.board, Color::Dark).unwrap();
            verifier::rules::Board { own: pos.player().0, other: pos.opponent().0 }
        };
        let solved = [&g.endgame[0], g.days.iter().flatten().find(|r| r.id == "d9s1").unwrap()];
        for r in solved {
            let json = serde_json::to_value(r.solution.as_ref().expect("solved")).unwrap();
            let record: verifier::data::SolutionRecord = serde_json::from_value(json).unwrap();
            let mut search = verifier::search::Searcher::new(verifier::search::Rule::Margin);
            assert_eq!(verifier::solution::check(&record, board(r), r.par, &mut search), Vec::<String>::new());
        }
        // The spread before is that of the days as sampled, with their new solutions.
        original[9][1].solution = g.days.iter().flatten().find(|r| r.id == "d9s1").unwrap().solution.clone();
        let before = [balance::spread(&original, 0), balance::spread(&original, 1)];
        assert_eq!(g.spread_before, Some(before), "the spread before balancing");
        let before = [before[0].spread, before[1].spread];
        let ids: Vec<Vec<String>> = g.days[..3].iter().map(|d| d.iter().map(|r| r.id.clone()).collect()).collect();
        assert_eq!(ids, kept_ids, "kept days stay");
        // Thursday–Sunday has no kept day: its spread narrows. Monday–Wednesday's
        // extremes are the kept days; its hard unkept day 7 gives boards away.
        let after = balance::spread(&g.days, 1).spread;
        assert!(after < before[1], "{} -> {after}", before[1]);
        assert!(g.days[7].iter().any(|r| !r.id.starts_with("d7")), "day 7 is balanced");
        // Every board had no themes (a record of format 3): each is taught, solved or not, and
        // keeps the solution it had.
        assert!(g.endgame.iter().chain(g.days.iter().flatten()).all(|r| r.themes.is_some()), "every board taught");
        let d0 = g.days.iter().flatten().find(|r| r.id == "d0s0").unwrap();
        assert_eq!(d0.solution.as_ref().map(|s| s.difficulty), Some(90), "a solution kept as it was");
    }

    /// docs/puzzles.md#the-sets: by size, then easiest first, ties by id (no solution counts as 0).
    #[test]
    fn the_endgame_set_is_ordered_by_size_then_difficulty_then_id() {
        let board = |id: &str, empties, difficulty: Option<u32>| {
            let mut r = crate::puzzles::rules::template();
            (r.id, r.empties) = (id.to_string(), empties);
            r.solution = difficulty.map(|d| format::Solution { difficulty: d, ..r.solution.clone().unwrap() });
            r
        };
        let mut set = [("b", 10, Some(5)), ("c", 8, Some(30)), ("a", 8, Some(30)), ("d", 8, Some(10)), ("e", 10, None)]
            .map(|(id, e, d)| board(id, e, d));
        order_endgame(&mut set);
        assert_eq!(set.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), ["d", "a", "c", "e", "b"]);
    }

    /// A blocked board (by id: every symmetric image) never comes back, in
    /// either set; the stream takes the next board instead.
    #[test]
    fn a_blocked_board_is_never_emitted_again() {
        let sizes = SetSizes { endgame_per_empties: 2, days: 14 };
        let first = sample(5, &sizes, None, &Blocklist::default(), &LevelsFile::game(), &crate::progress::Silent);
        let (endgame_id, daily_id) = (first.endgame[1].id.clone(), first.days[4][1].id.clone());
        let text = format!("{endgame_id} looks like another\n{daily_id}  too easy\n");
        let blocked = Blocklist::parse(&text).unwrap();
        let g = sample(5, &sizes, None, &blocked, &LevelsFile::game(), &crate::progress::Silent);
        let ids: Vec<&str> = g.endgame.iter().chain(g.days.iter().flatten()).map(|p| p.id.as_str()).collect();
        assert!(!ids.contains(&endgame_id.as_str()) && !ids.contains(&daily_id.as_str()), "{ids:?}");
        assert_eq!(g.endgame[0].id, first.endgame[0].id, "the boards before it stay");
        assert_eq!(g.endgame.len(), first.endgame.len());
        assert_eq!(g.blocklist, blocked, "the blocklist ships with the data");
    }
}
