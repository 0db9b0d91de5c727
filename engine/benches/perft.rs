//! Perft 11 from the start on one thread, asserting its count.
//! Run: `cargo bench -p discflip-engine --bench perft`

use engine::Position;
use engine::perft::{START_COUNTS, perft};
use std::time::Instant;

fn main() {
    let depth: u32 =
        std::env::var("PERFT_DEPTH").ok().and_then(|d| d.parse().ok()).filter(|d| (1..=11).contains(d)).unwrap_or(11);
    let start = Instant::now();
    let count = perft(&Position::start(), depth);
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(count, START_COUNTS[depth as usize - 1], "perft {depth} count");
    println!(
        "perft {depth}: {count} leaves in {secs:.3} s, {:.1} million leaves/s (one thread)",
        count as f64 / secs / 1e6
    );
}
