//! Native Level 5 move times, beside the browser worker's (scripts/check-web,
//! docs/web.md#level-5-in-a-browser-worker): reads `<64 chars> X|O` lines from
//! standard input, plays Level 5 (batch: no clock) on each, prints
//! `<move> <positions> <milliseconds>` per line.

use engine::{Level5, Level5Config, Levels, Player, Position};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::io::BufRead;
use std::time::Instant;

fn main() {
    let mut level5 = Level5::new(Level5Config::batch(&Levels::GAME));
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.expect("standard input reads");
        let pos: Position = match line.trim().parse() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("line {}: {e}", n + 1);
                std::process::exit(2);
            }
        };
        let start = Instant::now();
        let choice = level5.choose(&pos, &mut ChaCha8Rng::seed_from_u64(0));
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let name = choice.square.map_or_else(|| "pass".to_string(), |s| s.to_string());
        println!("{name} {} {ms:.3}", choice.positions);
    }
}
