//! Level 5 from typical midgame positions on one thread: positions per
//! second with the full evaluation and milliseconds per 70,000-position move.
//! Run: `cargo bench -p discflip-engine --bench level5`

use engine::testing::after_plies;
use engine::{Isa, Position};
use engine::{Level5, Level5Config, Levels, Player};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::time::Instant;

fn main() {
    // 100 positions: seeded random play to 20–39 plies (ChaCha8, seed 5).
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut positions = Vec::new();
    for i in 0..100 {
        let pos = after_plies(&mut rng, 20 + i % 20);
        if !pos.legal_moves().is_empty() && pos.empty_count() > 10 {
            positions.push(pos);
        }
    }
    let mut rates = Vec::new();
    for isa in Isa::supported() {
        rates.push((isa, run(&positions, isa, &mut rng)));
    }
    if let [(_, portable), .., (fast, rate)] = rates[..] {
        println!("level5: {} / portable = {:.3}", fast.name(), rate / portable);
    }
}

/// Level 5 moves on every position with `isa`; returns positions per second.
fn run(positions: &[Position], isa: Isa, rng: &mut ChaCha8Rng) -> f64 {
    let mut l5 = Level5::new(Level5Config { isa, ..Level5Config::default() });
    let start = Instant::now();
    let mut total = 0;
    for pos in positions {
        let c = l5.choose(pos, rng);
        assert!(c.positions <= Levels::GAME.level5.budget, "budget");
        assert!(pos.is_legal(c.square.expect("a move")));
        total += c.positions;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "level5 [{}]: {} moves, {total} positions in {secs:.3} s = {:.2} M positions/s, {:.2} ms per move ({:.0} positions/move)",
        isa.name(),
        positions.len(),
        total as f64 / secs / 1e6,
        1e3 * secs / positions.len() as f64,
        total as f64 / positions.len() as f64
    );
    total as f64 / secs
}
