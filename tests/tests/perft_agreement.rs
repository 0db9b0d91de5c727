//! The engine's perft against the verifier's simple, separately written
//! counter, and against the published OEIS A124004 figures.

use engine::Position;
use engine::perft::{START_COUNTS, perft};

#[test]
fn engine_perft_agrees_with_the_verifier_counter_to_depth_eight() {
    for depth in 1..=8 {
        let fast = perft(&Position::start(), depth);
        let simple = verifier::rules::count_paths(&verifier::rules::start(), depth);
        assert_eq!(fast, simple, "depth {depth}");
        assert_eq!(fast, START_COUNTS[depth as usize - 1], "depth {depth} table");
    }
}

/// Games that end exactly at move `depth`.
fn games_ending_at(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return u64::from(p.is_game_over());
    }
    let moves = p.legal_moves();
    if moves.is_empty() {
        if p.opponent_moves().is_empty() {
            return 0;
        }
        return games_ending_at(&p.pass(), depth - 1);
    }
    moves.map(|sq| games_ending_at(&p.play_unchecked(sq), depth - 1)).sum()
}

#[test]
fn perft_plus_finished_games_equals_the_oeis_figures() {
    const OEIS: [u64; 11] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284, 212_258_800];
    let start = Position::start();
    let ended: Vec<u64> = (0..=10).map(|d| games_ending_at(&start, d)).collect();
    for depth in 1..=11u32 {
        let finished_before: u64 = ended[..depth as usize].iter().sum();
        assert_eq!(perft(&Position::start(), depth) + finished_before, OEIS[depth as usize - 1], "depth {depth}");
    }
}
