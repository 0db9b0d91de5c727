//! Every fast copy of the searches this CPU runs (x86-64-v3, x86-64-v4) gives
//! the same answers as the portable copy on the same positions: move
//! generation and flips (through perft counts and solves), last-move flip
//! counts (through solves that end on them), solver values, best moves,
//! position counts, and Level 5's choices. On a CPU without x86-64-v3 only
//! the portable copy exists and the test says so.

use engine::perft_with;
use engine::testing::after_plies;
use engine::{Isa, Position, Scoring, Solver, SolverConfig};
use engine::{Level5, Level5Config, Player};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// `count` positions from seeded random play, `plies` moves deep each.
fn positions(seed: u64, count: usize, plies: std::ops::Range<usize>) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let span = plies.end - plies.start;
    (0..count)
        .filter_map(|i| {
            let pos = after_plies(&mut rng, plies.start + i % span);
            (!pos.is_game_over()).then_some(pos)
        })
        .collect()
}

fn fast_isas() -> Vec<Isa> {
    let fast: Vec<Isa> = Isa::supported().into_iter().filter(|&i| i != Isa::Portable).collect();
    if fast.is_empty() {
        eprintln!("this CPU has no fast instruction set: only the portable copy runs");
    }
    fast
}

#[test]
fn perft_counts_agree() {
    for isa in fast_isas() {
        for pos in positions(11, 60, 4..40) {
            for depth in 1..=3 {
                assert_eq!(perft_with(&pos, depth, isa), perft_with(&pos, depth, Isa::Portable), "{pos} depth {depth}");
            }
        }
    }
}

#[test]
fn solver_values_best_moves_and_counts_agree() {
    for isa in fast_isas() {
        for scoring in [Scoring::Margin, Scoring::EmptiesToWinner] {
            let config = |isa| SolverConfig { scoring, table_bits: 16, isa };
            let (mut fast, mut portable) = (Solver::new(config(isa)), Solver::new(config(Isa::Portable)));
            assert_eq!(fast.isa(), isa);
            assert_eq!(portable.isa(), Isa::Portable);
            for pos in positions(12, 120, 46..58) {
                let want = portable.move_values(&pos);
                assert_eq!(fast.move_values(&pos), want, "{pos}");
                assert_eq!(fast.positions(), portable.positions(), "{pos}: position count");
                assert_eq!(fast.first_best_move(&pos, None), portable.first_best_move(&pos, None), "{pos}");
                assert_eq!(fast.positions(), portable.positions(), "{pos}: best_move position count");
                assert_eq!(fast.fast_best_move(&pos), portable.fast_best_move(&pos), "{pos}");
            }
        }
    }
}

#[test]
fn level5_choices_agree() {
    for isa in fast_isas() {
        let mut fast = Level5::new(Level5Config { isa, ..Level5Config::default() });
        let mut portable = Level5::new(Level5Config { isa: Isa::Portable, ..Level5Config::default() });
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        for pos in positions(13, 12, 20..50) {
            if pos.legal_moves().is_empty() {
                continue;
            }
            assert_eq!(fast.choose(&pos, &mut rng), portable.choose(&pos, &mut rng), "{pos}");
        }
    }
}
