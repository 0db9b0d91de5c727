//! Even Daily days (docs/puzzles.md#even-daily-days): within each weekday group
//! (Monday–Wednesday, Thursday–Sunday) the Daily boards of each size are
//! reassigned to days so that the days' difficulty totals are as even as a
//! simple deterministic method makes them. Sizes per day and the 420-day
//! cycle are kept; kept days (docs/release.md#keeping-published-days) are not touched.

use crate::puzzles::rules::Puzzle;

/// The two weekday groups: Monday–Wednesday and Thursday–Sunday.
pub(crate) const GROUPS: [&str; 2] = ["mon-wed", "thu-sun"];

/// The weekday group of day `d`.
pub(crate) fn group_of(day: usize) -> usize {
    usize::from(day % 7 >= 3)
}

fn score(r: &Puzzle) -> u32 {
    r.solution.as_ref().map_or(0, |s| s.difficulty)
}

/// A day's difficulty total.
pub(crate) fn total(day: &[Puzzle]) -> u32 {
    day.iter().map(score).sum()
}

/// Min, mean, max, spread (max − min) and standard deviation of the totals
/// of the days in `group`.
pub(crate) fn spread(days: &[Vec<Puzzle>], group: usize) -> Spread {
    let totals: Vec<f64> =
        days.iter().enumerate().filter(|(d, _)| group_of(*d) == group).map(|(_, b)| f64::from(total(b))).collect();
    let n = totals.len().max(1) as f64;
    let mean = totals.iter().sum::<f64>() / n;
    let var = totals.iter().map(|t| (t - mean) * (t - mean)).sum::<f64>() / n;
    let (min, max) = totals.iter().fold((f64::MAX, 0.0f64), |(a, b), &t| (a.min(t), b.max(t)));
    Spread { min: min as u32, mean, max: max as u32, spread: (max - min) as u32, stdev: var.sqrt() }
}

/// The daily difficulty totals of one weekday group.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Spread {
    /// The lowest day total.
    pub(crate) min: u32,
    /// Their mean.
    pub(crate) mean: f64,
    /// The highest day total.
    pub(crate) max: u32,
    /// `max − min`.
    pub(crate) spread: u32,
    /// Their standard deviation (of the population).
    pub(crate) stdev: f64,
}

/// Reassigns the boards of days `first..` (those not kept) within each
/// weekday group and size: sizes in turn, the hardest remaining board goes to
/// the day with the lowest total so far (ties: lower day index); then swaps
/// of same-size boards between the highest- and lowest-total days while a
/// swap narrows their gap.
pub(crate) fn balance(days: &mut [Vec<Puzzle>], first: usize) {
    for group in 0..GROUPS.len() {
        let members: Vec<usize> = (first..days.len()).filter(|&d| group_of(d) == group).collect();
        if members.is_empty() {
            continue;
        }
        let slots = days[members[0]].len();
        let mut totals = vec![0u32; members.len()];
        #[allow(clippy::needless_range_loop)] // `slot` indexes every member day, not one slice
        for slot in 0..slots {
            let mut boards: Vec<Puzzle> = members.iter().map(|&d| days[d][slot].clone()).collect();
            boards.sort_by(|a, b| score(b).cmp(&score(a)).then_with(|| a.id.cmp(&b.id)));
            let mut order: Vec<usize> = (0..members.len()).collect();
            order.sort_by_key(|&i| (totals[i], i));
            for (board, &i) in boards.into_iter().zip(&order) {
                totals[i] += score(&board);
                days[members[i]][slot] = board;
            }
        }
        improve(days, &members);
    }
}

/// Pairwise swaps between the extreme days while they narrow the gap.
fn improve(days: &mut [Vec<Puzzle>], members: &[usize]) {
    for _ in 0..10 * members.len() {
        let hi = members.iter().copied().max_by_key(|&d| (total(&days[d]), d)).expect("members");
        let lo = members.iter().copied().min_by_key(|&d| (total(&days[d]), d)).expect("members");
        let gap = total(&days[hi]) - total(&days[lo]);
        // The swap of one slot that brings the two days closest together.
        let best = (0..days[hi].len())
            .filter_map(|s| {
                let d = score(&days[hi][s]) as i64 - score(&days[lo][s]) as i64;
                let new_gap = (i64::from(gap) - 2 * d).unsigned_abs();
                (d > 0 && new_gap < u64::from(gap)).then_some((new_gap, s))
            })
            .min();
        match best {
            Some((_, s)) => {
                let (a, b) = (days[hi][s].clone(), days[lo][s].clone());
                days[hi][s] = b;
                days[lo][s] = a;
            }
            None => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use format::Solution;

    /// Days of boards whose only meaningful fields are id, size and difficulty.
    fn days<const SLOTS: usize>(scores: &[[u32; SLOTS]]) -> Vec<Vec<Puzzle>> {
        let template = crate::puzzles::rules::template();
        scores
            .iter()
            .enumerate()
            .map(|(d, trio)| {
                trio.iter()
                    .enumerate()
                    .map(|(slot, &score)| {
                        let mut r = template.clone();
                        r.id = format!("d{d}s{slot}");
                        r.empties = 6 + 2 * slot as u32 + if group_of(d) == 1 { 2 } else { 0 };
                        let sol: &mut Solution = r.solution.as_mut().expect("the template has a solution");
                        sol.difficulty = score;
                        r
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn day_0_is_a_monday_and_groups_split_after_wednesday() {
        // Day 0 of the cycle is a Monday (docs/puzzles.md#even-daily-days): Mon, Tue, Wed | Thu … Sun.
        let groups: Vec<&str> = (0..14).map(|d| GROUPS[group_of(d)]).collect();
        let week = ["mon-wed", "mon-wed", "mon-wed", "thu-sun", "thu-sun", "thu-sun", "thu-sun"];
        assert_eq!(groups, [week, week].concat());
    }

    #[test]
    fn spread_of_known_totals() {
        // Mon–Wed totals 2, 4, 6: min 2, mean 4, max 6, spread 4, deviation √(8/3).
        // Thu–Sun totals 1, 1, 1, 5: min 1, mean 2, max 5, spread 4, deviation √3.
        let ds = days(&[[1, 1, 0], [2, 2, 0], [3, 3, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 2, 1]]);
        let s = spread(&ds, 0);
        assert_eq!((s.min, s.max, s.spread), (2, 6, 4));
        assert!((s.mean - 4.0).abs() < 1e-12 && (s.stdev - (8.0f64 / 3.0).sqrt()).abs() < 1e-12, "{s:?}");
        let s = spread(&ds, 1);
        assert_eq!((s.min, s.max, s.spread), (1, 5, 4));
        assert!((s.mean - 2.0).abs() < 1e-12 && (s.stdev - 3.0f64.sqrt()).abs() < 1e-12, "{s:?}");
    }

    /// Three Monday–Wednesday days worked by hand. Greedy, slot by slot, the
    /// hardest board to the lowest total: slot 0 gives totals 3, 2, 1; slot 1
    /// gives 3, 5, 5; slot 2 gives 8, 8, 5. Then swaps between the extremes:
    /// day 1 (8, the later of the tied highest) and day 2 (5) swap slot 0
    /// (gap 3 → 1): 8, 7, 6; days 0 and 2 swap slot 0 (gap 2 → 0): 7, 7, 7.
    #[test]
    fn balancing_a_hand_worked_week() {
        let mut ds = days(&[[1, 4, 0], [2, 0, 3], [3, 3, 5]]);
        balance(&mut ds, 0);
        assert_eq!(ids(&ds), [["d1s0", "d1s1", "d2s2"], ["d0s0", "d2s1", "d1s2"], ["d2s0", "d0s1", "d0s2"]]);
        assert_eq!(ds.iter().map(|d| total(d)).collect::<Vec<_>>(), [7, 7, 7]);
    }

    fn ids(days: &[Vec<Puzzle>]) -> Vec<Vec<&str>> {
        days.iter().map(|d| d.iter().map(|r| r.id.as_str()).collect()).collect()
    }

    /// `improve` takes the one swap that brings the two days closest: 28
    /// against 8 (gap 20), slot 0 (10 against 0) closes it exactly, slot 1
    /// (18 against 0) would leave 16. Then the gap is 0 and nothing narrows it.
    #[test]
    fn improve_takes_the_swap_that_brings_the_days_closest() {
        let mut ds = days(&[[10, 18, 0], [0, 0, 8]]);
        improve(&mut ds, &[0, 1]);
        assert_eq!(ids(&ds), [["d1s0", "d0s1", "d0s2"], ["d0s0", "d1s1", "d1s2"]]);
        assert_eq!((total(&ds[0]), total(&ds[1])), (18, 18));
    }

    /// 280 points apart over 28 slots of 10 against 0: each swap narrows the
    /// gap by 20, so it takes fourteen (the lowest slots first) to even them.
    #[test]
    fn improve_keeps_swapping_while_the_gap_narrows() {
        let mut ds = days(&[[10; 28], [0; 28]]);
        improve(&mut ds, &[0, 1]);
        assert_eq!((total(&ds[0]), total(&ds[1])), (140, 140));
        let moved: Vec<&str> = ds[1].iter().map(|r| r.id.as_str()).filter(|id| id.starts_with("d0")).collect();
        let want: Vec<String> = (0..14).map(|s| format!("d0s{s}")).collect();
        assert_eq!(moved, want);
    }

    /// 4 against 2: slots 0 and 1 (2 against 0) would only exchange the
    /// totals, slots 2 and 3 (0 against 1) would widen the gap; no swap.
    #[test]
    fn improve_stops_when_no_swap_narrows_the_gap() {
        let mut ds = days(&[[2, 2, 0, 0], [0, 0, 1, 1]]);
        let before = ds.clone();
        improve(&mut ds, &[0, 1]);
        assert_eq!(ds, before);
    }

    #[test]
    fn balancing_narrows_the_spread_keeps_sizes_and_leaves_kept_days() {
        // Two weeks: hard boards bunched on a few days.
        let scores: Vec<[u32; 3]> = (0..14).map(|d| if d % 4 == 0 { [90, 90, 90] } else { [10, 20, 30] }).collect();
        let mut kept_days = days(&scores);
        let day0 = kept_days[0].clone();
        balance(&mut kept_days, 1);
        assert_eq!(kept_days[0], day0, "day 0 is kept");
        assert!(kept_days[1..].iter().flatten().all(|r| r.id != "d0s0"), "kept boards stay on their day");

        let mut ds = days(&scores);
        let before = [spread(&ds, 0).spread, spread(&ds, 1).spread];
        balance(&mut ds, 0);
        for (d, trio) in ds.iter().enumerate() {
            let sizes: Vec<u32> = trio.iter().map(|r| r.empties).collect();
            let want = if group_of(d) == 0 { vec![6, 8, 10] } else { vec![8, 10, 12] };
            assert_eq!(sizes, want, "day {d} keeps its sizes");
        }
        let after = [spread(&ds, 0).spread, spread(&ds, 1).spread];
        assert!(after[0] < before[0] && after[1] < before[1], "spread {before:?} -> {after:?}");
        let mut ids: Vec<String> = ds.iter().flatten().map(|r| r.id.clone()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 42, "every board still used once");
    }
}
