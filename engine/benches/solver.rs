//! Exact-solver benchmarks on one thread.
//!
//! - solves per second and positions per second at 10, 12, 14, 16 and 18 empties on the
//!   committed sets `engine/benches/data/solve_{10,…,18}.txt` (made by `-- generate`:
//!   regression data of this code, cross-checked by the verifier's search in
//!   `tests/tests/bench_sets.rs`), with each instruction set;
//! - FFO #1–#19 and #40–#49 from `benches/data/ffo.tsv` (the FFO endgame test suite,
//!   source in the file's header; OBF rule): each timed, its published score and best
//!   moves asserted.
//!
//! Run: `cargo bench -p discflip-engine --bench solver [-- sets|ffo [FIRST [LAST [THREADS]]]|all]`

use engine::{Isa, Position, Scoring, Solver, SolverConfig, Team};
use std::path::PathBuf;
use std::time::Instant;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/data")
}

/// The FFO endgame test suite (its public source is in the file's first line).
fn ffo_path() -> PathBuf {
    data_dir().join("ffo.tsv")
}

/// Every fixed set with each instruction set this CPU runs, and the ratio.
fn sets() {
    for empties in [10, 12, 14, 16, 18] {
        let mut rates = Vec::new();
        for isa in Isa::supported() {
            rates.push((isa, set(empties, isa)));
        }
        if let [(_, portable), .., (fast, rate)] = rates[..] {
            println!("{empties} empties: {} / portable = {:.3}", fast.name(), rate / portable);
        }
    }
}

/// Solves one fixed set with `isa`; returns positions per second.
fn set(empties: u32, isa: Isa) -> f64 {
    {
        let path = data_dir().join(format!("solve_{empties}.txt"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut positions = Vec::new();
        let mut expected = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let (pos, value) = line.rsplit_once(' ').expect("`<position> <value>`");
            positions.push(pos.parse::<Position>().expect("position"));
            expected.push(value.parse::<i32>().expect("value"));
        }
        let mut solver = Solver::new(SolverConfig { scoring: Scoring::Margin, table_bits: 18, isa });
        let start = Instant::now();
        let mut nodes = 0;
        for (pos, want) in positions.iter().zip(&expected) {
            assert_eq!(solver.value(pos), *want, "{pos}");
            nodes += solver.positions();
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{empties} empties [{}]: {} solves in {secs:.3} s = {:.0} solves/s, {:.0} positions/solve, {:.1} M positions/s",
            isa.name(),
            positions.len(),
            positions.len() as f64 / secs,
            nodes as f64 / positions.len() as f64,
            nodes as f64 / secs / 1e6
        );
        nodes as f64 / secs
    }
}

/// Solves FFO #`first`–#`last` for a best move and its value on `threads`
/// threads (`Team::best_move`, as `discflip solve --best`), timing each and
/// checking the published score and best moves where the file has them.
fn ffo(first: u32, last: u32, threads: usize) {
    let text = std::fs::read_to_string(ffo_path()).expect("benches/data/ffo.tsv");
    let config = SolverConfig { scoring: Scoring::EmptiesToWinner, table_bits: 20, ..SolverConfig::default() };
    let mut team = Team::new(config, threads);
    let (mut total, mut positions) = (0.0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("id")) {
        let f: Vec<&str> = line.split('\t').collect();
        let id: u32 = f[0].parse().unwrap();
        if id < first || id > last {
            continue;
        }
        let pos: Position = format!("{} {}", f[3], f[2]).parse().unwrap();
        let start = Instant::now();
        let best = team.best_move(&pos).expect("FFO positions have moves");
        let secs = start.elapsed().as_secs_f64();
        total += secs;
        positions += team.positions();
        if let Some(score) = f.get(5).filter(|s| !s.is_empty()) {
            assert_eq!(best.value, score.parse::<i32>().unwrap(), "FFO #{id} score");
            let listed: Vec<&str> = f[4].split(',').collect();
            assert!(listed.contains(&best.square.to_string().as_str()), "FFO #{id}: best move {}", best.square);
        }
        println!(
            "FFO #{id} ({} empties): {:+} by {} in {secs:.3} s, {} positions, {:.1} M positions/s",
            f[1],
            best.value,
            best.square,
            team.positions(),
            team.positions() as f64 / secs / 1e6
        );
    }
    println!(
        "FFO #{first}-#{last} total: {total:.2} s, {positions} positions, {threads} thread(s) [{}]",
        Isa::detect().name()
    );
}

/// Writes the fixed position sets: seeded random play down to the target
/// empty count (ChaCha8, seed 2026), 200 positions each, with their values.
fn generate() {
    use engine::testing::down_to_empties;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    std::fs::create_dir_all(data_dir()).unwrap();
    let mut solver = Solver::new(SolverConfig::default());
    for empties in [10u32, 12, 14, 16, 18] {
        let mut rng = ChaCha8Rng::seed_from_u64(2026 + empties as u64);
        let mut out = format!(
            "# {empties} empties, seeded random play (ChaCha8, seed {}); `<position> <exact value, margin rule>`\n",
            2026 + empties
        );
        let mut made = 0;
        while made < 200 {
            let pos = down_to_empties(&mut rng, empties);
            if pos.empty_count() != empties || pos.legal_moves().is_empty() {
                continue;
            }
            out += &format!("{pos} {}\n", solver.value(&pos));
            made += 1;
        }
        std::fs::write(data_dir().join(format!("solve_{empties}.txt")), out).unwrap();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let what = args.first().cloned().unwrap_or_else(|| "all".into());
    let id = |i: usize, default: u32| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    match what.as_str() {
        "generate" => generate(),
        "sets" => sets(),
        "ffo" => ffo(id(1, 40), id(2, id(1, 49)), id(3, 1) as usize),
        "ffo-easy" => ffo(1, 19, 1),
        _ => {
            sets();
            ffo(1, 19, 1);
            ffo(40, 49, 1);
        }
    }
}
