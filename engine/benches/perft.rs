//! Perft 11 from the start on one thread, asserting its count.
//! Run: `cargo bench -p discflip-engine --bench perft`

use engine::Isa;
use engine::Position;
use engine::{PERFT_START_COUNTS, perft_with};
use std::time::Instant;

fn main() {
    let depth: u32 =
        std::env::var("PERFT_DEPTH").ok().and_then(|d| d.parse().ok()).filter(|d| (1..=11).contains(d)).unwrap_or(11);
    let mut rates = Vec::new();
    for isa in Isa::supported() {
        let start = Instant::now();
        let count = perft_with(&Position::start(), depth, isa);
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(count, PERFT_START_COUNTS[depth as usize - 1], "perft {depth} count");
        println!(
            "perft {depth} [{}]: {count} leaves in {secs:.3} s, {:.1} million leaves/s (one thread)",
            isa.name(),
            count as f64 / secs / 1e6
        );
        rates.push((isa, count as f64 / secs));
    }
    if let [(_, portable), .., (fast, rate)] = rates[..] {
        println!("perft {depth}: {} / portable = {:.3}", fast.name(), rate / portable);
    }
}
