//! Level 2: the documented score, its wobble and its ties.

use super::*;

#[test]
fn level2_scores_follow_the_documented_rule() {
    for seed in 0..300 {
        let pos = played(seed, 6 + (seed as usize % 50));
        let scores: Vec<(Square, i64)> = pos.legal_moves().iter().map(|sq| (sq, documented_level2(&pos, sq))).collect();
        for &(sq, want) in &scores {
            assert_eq!(level2_base_score(&GAME, &pos, sq), want, "{pos}: {sq}");
        }
        let best = scores.iter().map(|s| s.1).max();
        let tied: Vec<Square> = scores.iter().filter(|s| Some(s.1) == best).map(|s| s.0).collect();
        assert_eq!(level2_best(&GAME, &pos), tied, "{pos}");
    }
}

#[test]
fn level2_stays_within_its_wobble_of_the_best() {
    for seed in 0..300 {
        let pos = played(seed, 10 + (seed as usize % 40));
        if pos.legal_moves().is_empty() {
            continue;
        }
        let best = pos.legal_moves().iter().map(|sq| level2_base_score(&GAME, &pos, sq)).max().unwrap();
        let sq = Level2::new(&GAME).choose(&pos, &mut rng(seed)).square.unwrap();
        let width = (100.0 * (GAME.level2.wobble_high - GAME.level2.wobble_low)) as i64;
        assert!(level2_base_score(&GAME, &pos, sq) > best - width, "{pos}: picked {sq}");
    }
}

/// Level 2's move as docs/players.md#levels words it: one wobble uniform in
/// its range drawn per candidate in square order (53 bits, as every unit
/// draw), the highest total winning, the first in square order on a tie;
/// with the game's wobble and a wider, lopsided one that moves most picks.
#[test]
fn level2_draws_one_wobble_per_candidate_and_plays_the_highest_total() {
    let mut wide = GAME;
    (wide.level2.wobble_low, wide.level2.wobble_high) = (-20.0, 30.0);
    for levels in [GAME, wide] {
        let (low, high) = (levels.level2.wobble_low, levels.level2.wobble_high);
        let mut beside_the_best = 0;
        for seed in 0..300 {
            let pos = played(seed, 10 + (seed as usize % 40));
            let mut twin = rng(seed);
            let mut want: Option<(f64, Square)> = None;
            for sq in pos.legal_moves() {
                let total = documented_level2(&pos, sq) as f64 / 100.0 + low + (high - low) * uniform_unit(&mut twin);
                if want.is_none_or(|(w, _)| total > w) {
                    want = Some((total, sq));
                }
            }
            let mut r = rng(seed);
            let got = Level2::new(&levels).choose(&pos, &mut r).square;
            assert_eq!(got, want.map(|w| w.1), "{pos} with a wobble in [{low}, {high})");
            assert_eq!(r.next_u64(), twin.next_u64(), "{pos}: one draw per candidate");
            beside_the_best += usize::from(got.is_some_and(|sq| !level2_best(&levels, &pos).contains(&sq)));
        }
        let least = if high - low > 10.0 { 50 } else { 1 };
        assert!(beside_the_best >= least, "[{low}, {high}): {beside_the_best} of 300 picks off the best score");
    }
}

/// Without a wobble, Level 2 plays the first of its best-scored moves in square order.
#[test]
fn level2_without_a_wobble_plays_the_first_best_move() {
    let mut levels = GAME;
    (levels.level2.wobble_low, levels.level2.wobble_high) = (0.5, 0.5);
    let mut tied = 0;
    for seed in 0..300 {
        let pos = played(seed, seed as usize % 12); // early: symmetric moves tie
        let best = level2_best(&levels, &pos);
        let got = Level2::new(&levels).choose(&pos, &mut rng(seed)).square;
        assert_eq!(got, best.first().copied(), "{pos}");
        tied += usize::from(best.len() > 1);
    }
    assert!(tied > 10, "ties to break ({tied} of 300)");
}
