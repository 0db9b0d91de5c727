//! Draws a fresh benchmark set for `scripts/bench-refs` (docs/solver.md#beside-the-reference-programs): positions
//! reached by seeded uniformly random play, as the committed `random_*` sets are drawn, from a
//! seed given on the command line, so that a measurement runs on positions no one has tuned on.
//! No two alike under the 8 symmetries. Whether one is a training position of the learned
//! ordering the script asks the trainer (`--disjoint`), which makes the whole training set once
//! for every set (making it here took about a minute per empty count).
//!
//! Usage: `cargo run --release -p discflip-engine --example random_set -- SEED EMPTIES COUNT`
//! prints a header line and one `<position>` line per position (no value: the programs measured
//! give them, and the script compares them).

use engine::testing::{distinct_positions, down_to_empties};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::collections::HashSet;
use std::process::ExitCode;

const USAGE: &str = "usage: random_set SEED EMPTIES COUNT (EMPTIES 1..=59, COUNT 1..=100000)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [seed, empties, count] = &args[..] else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (Ok(seed), Ok(empties @ 1..=59), Ok(count @ 1..=100_000)) =
        (seed.parse::<u64>(), empties.parse::<u32>(), count.parse::<usize>())
    else {
        eprintln!("random_set: {args:?} are not a seed, an empty count and a count; {USAGE}");
        return ExitCode::from(2);
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let positions = distinct_positions(|| down_to_empties(&mut rng, empties), empties, count, &HashSet::new());
    let mut out = format!(
        "# {empties} empties, seeded uniformly random play (ChaCha8, seed {seed}), no two alike under \
         the 8 symmetries; `<position>`\n"
    );
    for pos in positions {
        out += &format!("{pos}\n");
    }
    print!("{out}");
    ExitCode::SUCCESS
}
