//! Fits the learned move-ordering weights (`engine/data/ordering.weights`)
//! from positions the project's own solver solves exactly
//! (docs/solver.md#learned-move-ordering). Run it through `scripts/train-ordering`.
//!
//! 1. Positions: for each root `i` a game from the start, seeded by
//!    `(seed, i)`: seeded random play, or the game's Level 2 or Level 4 on
//!    both sides (4–15 random opening moves, then one move in ten random),
//!    stopped at the root's empty count (`engine::testing::training`, which
//!    holds the schedule).
//! 2. Labels: every legal move of the root solved exactly
//!    (`Solver::move_values`): the root and each child with its exact value
//!    (margin rule) for the side to move.
//! 3. Fit: least squares on the pattern readings of `engine::ordering` (one
//!    table), the readings a symmetry maps onto each other tied to one
//!    weight; roots `i ≡ 0 (mod 10)` held out to measure.
//! 4. Writes the weights and their provenance (command, seed, counts, the
//!    training set's SHA-256, the fit's figures).
//!
//! Usage: `cargo run --release -p discflip-engine --example train_ordering -- [--seed N] [--scale F]
//! [--out DIR] [--samples FILE] [--threads N]`
//!
//! With `--disjoint FILE…` it fits nothing: it makes the training positions again (each root
//! and its children, no solving) and checks that no position of the files (`<position> …`
//! lines, such as the benchmark sets) is one of them or a symmetric image of one; it prints
//! what it compared and exits 1 on any overlap.

use engine::ordering::{self, CLASSES, INSTANCES, WEIGHTS};
use engine::testing::training::{self, root};
use engine::{Position, Solver, SolverConfig};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

struct Args {
    seed: u64,
    scale: f64,
    out: std::path::PathBuf,
    threads: usize,
    /// Where the solved samples are kept: read when present (a refit, or an
    /// extension when the schedule has more roots than the file), written
    /// when roots were solved.
    samples: Option<std::path::PathBuf>,
    /// Position files to check against the training positions (`--disjoint`).
    disjoint: Vec<std::path::PathBuf>,
}

fn args() -> Args {
    let mut a = Args {
        seed: training::SEED,
        scale: 1.0,
        out: std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data")),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        samples: None,
        disjoint: Vec::new(),
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < v.len() {
        if v[i] == "--disjoint" {
            a.disjoint.extend(v[i + 1..].iter().map(std::path::PathBuf::from));
            if a.disjoint.is_empty() {
                die("--disjoint needs at least one file");
            }
            break;
        }
        let value = v.get(i + 1).unwrap_or_else(|| die(&format!("{} needs a value", v[i])));
        match v[i].as_str() {
            "--seed" => a.seed = value.parse().unwrap_or_else(|_| die("--seed takes a whole number")),
            "--scale" => a.scale = value.parse().unwrap_or_else(|_| die("--scale takes a number")),
            "--out" => a.out = value.into(),
            "--samples" => a.samples = Some(value.into()),
            "--threads" => a.threads = value.parse().unwrap_or_else(|_| die("--threads takes a whole number")),
            other => die(&format!("unknown option {other}")),
        }
        i += 2;
    }
    a
}

fn die(why: &str) -> ! {
    eprintln!("train_ordering: {why}");
    std::process::exit(2)
}

/// `--disjoint`: the files' positions against every training position (each
/// root and its children, compared by canonical form); exits 1 on overlap.
fn disjoint(a: &Args, roots: &[u32], started: Instant) {
    let mut wanted = HashMap::new();
    for path in &a.disjoint {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().take(2).collect();
            let pos: Position =
                fields.join(" ").parse().unwrap_or_else(|e| die(&format!("{} line {}: {e}", path.display(), n + 1)));
            wanted.insert(pos.canonical().0, format!("{} line {}", path.display(), n + 1));
        }
    }
    let counts: HashSet<u32> = wanted.keys().map(Position::empty_count).collect();
    // A root of e empties is a training position at e, its children at e - 1.
    let needed: Vec<usize> =
        (0..roots.len()).filter(|&i| counts.contains(&roots[i]) || counts.contains(&(roots[i] - 1))).collect();
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::new());
    let compared = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..a.threads {
            s.spawn(|| {
                while let Some(&i) = needed.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let pos = root(a.seed, i, roots[i]);
                    let children = pos.legal_moves().iter().map(|sq| pos.play(sq).expect("legal"));
                    for p in std::iter::once(pos).chain(children) {
                        compared.fetch_add(1, Ordering::Relaxed);
                        if let Some(at) = wanted.get(&p.canonical().0) {
                            found.lock().expect("no thread panicked").push(format!("{at}: training root {i} ({p})"));
                        }
                    }
                }
            });
        }
    });
    let found = found.into_inner().expect("no thread panicked");
    let mut empties: Vec<u32> = counts.into_iter().collect();
    empties.sort_unstable();
    println!(
        "{} positions of {} empties ({} files) against {} training positions of {} roots (seed {}): {} in common, {:.0} s",
        wanted.len(),
        empties.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
        a.disjoint.len(),
        compared.into_inner(),
        needed.len(),
        a.seed,
        found.len(),
        started.elapsed().as_secs_f64()
    );
    for f in &found {
        println!("{f}");
    }
    if !found.is_empty() {
        std::process::exit(1);
    }
}

/// A labelled position: its text, its exact value for the side to move.
struct Sample {
    pos: Position,
    value: i32,
}

fn main() {
    let a = args();
    let started = Instant::now();
    // The schedule's (empties, roots) at this scale, then each root's empties.
    let counts = training::counts(a.scale);
    let roots = training::root_empties(a.scale);
    if !a.disjoint.is_empty() {
        disjoint(&a, &roots, started);
        return;
    }
    let kept = match a.samples.as_ref().filter(|p| p.exists()) {
        Some(path) => read_samples(path, &roots, a.seed),
        None => Vec::new(),
    };
    let read_back = kept.len();
    let solved = solve_all(&a, &roots, kept, started);
    if let Some(path) = a.samples.as_ref().filter(|_| read_back < roots.len()) {
        let mut text = String::new();
        for (i, root) in solved.iter().enumerate() {
            for s in root {
                let _ = writeln!(text, "{i} {} {}", s.pos, s.value);
            }
        }
        write_whole(path, text.as_bytes());
    }
    let solve_secs = started.elapsed().as_secs_f64();
    let mut hash = Sha256::new();
    for s in solved.iter().flatten() {
        hash.update(format!("{} {}\n", s.pos, s.value));
    }
    let digest: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let samples: usize = solved.iter().map(Vec::len).sum();
    eprintln!("{samples} samples, training set sha256 {digest}, {solve_secs:.0} s");

    let fit = Fit::new(&solved);
    let weights = fit.run();
    let report = fit.report(&weights, &solved);
    std::fs::create_dir_all(&a.out).unwrap_or_else(|e| die(&format!("{}: {e}", a.out.display())));
    let file = a.out.join("ordering.weights");
    let bytes = ordering::encode(&weights);
    write_whole(&file, &bytes);
    let mut text = String::new();
    let _ = writeln!(text, "# engine/data/ordering.weights: provenance (docs/solver.md#learned-move-ordering)");
    let _ = writeln!(text, "command: scripts/train-ordering --seed {} --scale {}", a.seed, a.scale);
    let _ = writeln!(text, "seed: {}", a.seed);
    let per: Vec<String> = counts.iter().map(|(e, n)| format!("{e}:{n}")).collect();
    let _ = writeln!(text, "roots (empties:count): {}", per.join(" "));
    let _ = writeln!(text, "samples (roots and their children, exact values): {samples}");
    let _ = writeln!(text, "training set sha256 (`<position> <value>` lines in root order): {digest}");
    let _ = writeln!(
        text,
        "classes: {} ({} readings), weights: {WEIGHTS}",
        CLASSES.iter().map(|c| c.name).collect::<Vec<_>>().join(", "),
        INSTANCES
    );
    let weights_sha: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    let _ = writeln!(text, "weights sha256: {weights_sha} ({} bytes)", bytes.len());
    text += &report;
    let fit_secs = started.elapsed().as_secs_f64() - solve_secs;
    let solving = match (read_back, roots.len() - read_back) {
        (0, _) => format!("{solve_secs:.0} s solving on {} threads", a.threads),
        (_, 0) => "solving skipped (every root's samples read back with --samples)".to_string(),
        (kept, new) => format!(
            "{kept} roots' samples read back with --samples, {new} roots solved in {solve_secs:.0} s on {} threads",
            a.threads
        ),
    };
    let _ = writeln!(text, "cost: {solving}, {fit_secs:.0} s fitting (timings vary by machine; nothing else does)");
    write_whole(&a.out.join("ordering.txt"), text.as_bytes());
    print!("{text}");
}

/// Solves the moves of every root after the `kept` ones on `a.threads`
/// threads; all the samples in root order.
fn solve_all(a: &Args, roots: &[u32], kept: Vec<Vec<Sample>>, started: Instant) -> Vec<Vec<Sample>> {
    if kept.len() == roots.len() {
        return kept;
    }
    eprintln!("{} roots on {} threads ({} kept)", roots.len() - kept.len(), a.threads, kept.len());
    let next = AtomicUsize::new(kept.len());
    let mut slots: Vec<Option<Vec<Sample>>> = kept.into_iter().map(Some).collect();
    slots.resize_with(roots.len(), || None);
    let done = Mutex::new(slots);
    std::thread::scope(|s| {
        for _ in 0..a.threads {
            s.spawn(|| {
                let mut solver = Solver::new(SolverConfig::default());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&e) = roots.get(i) else { break };
                    let pos = root(a.seed, i, e);
                    let values = solver.move_values(&pos);
                    let mut out = vec![Sample { pos, value: values[0].value }];
                    for m in values {
                        out.push(Sample { pos: pos.play(m.square).expect("legal"), value: -m.value });
                    }
                    let mut d = done.lock().expect("no thread panicked");
                    d[i] = Some(out);
                    let n = d.iter().filter(|x| x.is_some()).count();
                    if n % 2000 == 0 {
                        eprintln!("{n} roots solved, {:.0} s", started.elapsed().as_secs_f64());
                    }
                }
            });
        }
    });
    done.into_inner().expect("no thread panicked").into_iter().map(|x| x.expect("every root solved")).collect()
}

/// The samples a previous run kept (`<root> <position> <value>` lines): the
/// first roots of `roots`, checked against the schedule (each root's empty
/// count) and the seed (the first and last kept roots are made again).
fn read_samples(path: &std::path::Path, roots: &[u32], seed: u64) -> Vec<Vec<Sample>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
    let mut out: Vec<Vec<Sample>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let parsed = (|| {
            let (i, rest) = line.split_once(' ')?;
            let (pos, value) = rest.rsplit_once(' ')?;
            Some((i.parse::<usize>().ok()?, pos.parse::<Position>().ok()?, value.parse::<i32>().ok()?))
        })();
        let Some((i, pos, value)) = parsed else {
            die(&format!("{} line {}: not `<root> <position> <value>`", path.display(), n + 1))
        };
        if i == out.len() {
            out.push(Vec::new());
        }
        if i + 1 != out.len() {
            die(&format!("{} line {}: roots out of order", path.display(), n + 1));
        }
        out[i].push(Sample { pos, value });
    }
    if out.len() > roots.len() {
        die(&format!("{}: {} roots, the schedule has {}", path.display(), out.len(), roots.len()));
    }
    for (i, root_samples) in out.iter().enumerate() {
        if root_samples[0].pos.empty_count() != roots[i] {
            die(&format!(
                "{}: root {i} has {} empties, the schedule {}",
                path.display(),
                root_samples[0].pos.empty_count(),
                roots[i]
            ));
        }
    }
    for i in [0, out.len().saturating_sub(1)].into_iter().filter(|&i| i < out.len()) {
        if out[i][0].pos != root(seed, i, roots[i]) {
            die(&format!("{}: root {i} is not the one seed {seed} makes", path.display()));
        }
    }
    out
}

/// Writes a whole file through a temporary name (never half a file).
fn write_whole(path: &std::path::Path, bytes: &[u8]) {
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
}

/// The least-squares fit: each sample as its readings' tied weights.
struct Fit {
    /// Per sample: value, the tied weight of each reading, held out or not.
    rows: Vec<(f64, [u32; INSTANCES], bool)>,
    /// Per weight of the table: its tied weight.
    tie: Vec<u32>,
}

const EPOCHS: usize = 400;
/// Occurrences a weight needs before it moves freely: rarer readings stay near 0.
const PRIOR: f64 = 4.0;

impl Fit {
    fn new(solved: &[Vec<Sample>]) -> Fit {
        let mut tie = Vec::with_capacity(WEIGHTS);
        let mut start = 0;
        for (c, class) in CLASSES.iter().enumerate() {
            let n = 3u32.pow(class.mask.count_ones());
            tie.extend((0..n).map(|i| start + ordering::canonical(c, i)));
            start += n;
        }
        let mut rows = Vec::new();
        for (i, root) in solved.iter().enumerate() {
            for s in root {
                let (p, o) = (s.pos.player().0, s.pos.opponent().0);
                let idx = ordering::indices(p, o).map(|k| tie[k as usize]);
                rows.push((s.value as f64, idx, i % 10 == 0));
            }
        }
        Fit { rows, tie }
    }

    /// Diagonally scaled gradient steps on the training rows: each weight
    /// moves by the mean residual of the rows that read it, shrunk towards 0
    /// when few do.
    fn run(&self) -> Vec<f64> {
        let mut w = vec![0.0f64; WEIGHTS];
        let mut count = vec![0.0f64; WEIGHTS];
        for (_, idx, held) in &self.rows {
            if !held {
                for &k in idx {
                    count[k as usize] += 1.0;
                }
            }
        }
        let rate = 2.0 / INSTANCES as f64;
        for epoch in 0..EPOCHS {
            let mut sum = vec![0.0f64; WEIGHTS];
            let (mut loss, mut n) = (0.0, 0.0);
            for (y, idx, held) in &self.rows {
                if *held {
                    continue;
                }
                let r = y - idx.iter().map(|&k| w[k as usize]).sum::<f64>();
                loss += r * r;
                n += 1.0;
                for &k in idx {
                    sum[k as usize] += r;
                }
            }
            for k in 0..WEIGHTS {
                if count[k] > 0.0 {
                    w[k] += rate * sum[k] / (count[k] + PRIOR);
                }
            }
            if epoch % 50 == 0 {
                eprintln!("epoch {epoch}: training rms {:.2} discs", (loss / n).sqrt());
            }
        }
        // Every reading gets its tied weight.
        self.tie.iter().map(|&k| w[k as usize]).collect()
    }

    /// The fit's figures: rms error on the training and held-out rows, and
    /// how often the held-out roots' children are ranked as their exact values rank them.
    fn report(&self, w: &[f64], solved: &[Vec<Sample>]) -> String {
        let mut acc = [(0.0f64, 0usize); 2];
        for (y, idx, held) in &self.rows {
            let r = y - idx.iter().map(|&k| w[k as usize]).sum::<f64>(); // a tied index is its own tie
            let a = &mut acc[*held as usize];
            a.0 += r * r;
            a.1 += 1;
        }
        let rms = |(e, n): (f64, usize)| if n == 0 { 0.0 } else { (e / n as f64).sqrt() };
        let (mut pairs, mut right) = (0u64, 0u64);
        for root in solved.iter().step_by(10) {
            let kids: Vec<(i32, f64)> = root[1..]
                .iter()
                .map(|s| {
                    let idx = ordering::indices(s.pos.player().0, s.pos.opponent().0);
                    (s.value, idx.iter().map(|&k| w[k as usize]).sum::<f64>())
                })
                .collect();
            for (a, x) in kids.iter().enumerate() {
                for y in &kids[a + 1..] {
                    if x.0 != y.0 {
                        pairs += 1;
                        right += ((x.0 < y.0) == (x.1 < y.1)) as u64;
                    }
                }
            }
        }
        format!(
            "fit: rms error {:.2} discs on {} training rows, {:.2} on {} held out; held-out siblings ranked right: {:.3} of {pairs} pairs\n",
            rms(acc[0]),
            acc[0].1,
            rms(acc[1]),
            acc[1].1,
            right as f64 / pairs.max(1) as f64
        )
    }
}
