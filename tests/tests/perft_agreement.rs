//! The engine's perft against the verifier's simple, separately written
//! counter, and against the two published sets of figures (docs/rules.md#move-counting-perft).

use engine::Position;
use engine::{PERFT_START_COUNTS, perft};

#[test]
fn engine_perft_agrees_with_the_verifier_counter_to_depth_eight() {
    for depth in 1..=8 {
        let fast = perft(&Position::start(), depth);
        let simple = verifier::rules::count_paths(&verifier::rules::start(), depth);
        assert_eq!(fast, simple, "depth {depth}");
        assert_eq!(fast, PERFT_START_COUNTS[depth as usize - 1], "depth {depth} table");
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
    moves.iter().map(|sq| games_ending_at(&p.play_unchecked(sq), depth - 1)).sum()
}

/// OEIS A124004 (https://oeis.org/A124004): finished games drop out. Independent of this code.
const OEIS_A124004: [u64; 11] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_056, 212_258_216];

#[test]
fn perft_equals_oeis_a124004_and_plus_finished_games_equals_bik_leaf_counts() {
    assert_eq!(PERFT_START_COUNTS, OEIS_A124004, "the engine's table is the published sequence");
    // Aart Bik's widely copied Reversi perft figures keep a finished game as a leaf
    // at every later depth. Independent of this code.
    const BIK: [u64; 11] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284, 212_258_800];
    let start = Position::start();
    let ended: Vec<u64> = (0..=10).map(|d| games_ending_at(&start, d)).collect();
    for depth in 1..=11u32 {
        let finished_before: u64 = ended[..depth as usize].iter().sum();
        let count = perft(&Position::start(), depth);
        assert_eq!(count, OEIS_A124004[depth as usize - 1], "depth {depth}");
        assert_eq!(count + finished_before, BIK[depth as usize - 1], "depth {depth}");
    }
}
