//! Exact-solver benchmarks on one thread.
//!
//! - solves per second and positions per second on the committed sets (made by
//!   `-- generate`: regression data of this code, cross-checked by the verifier's search in
//!   `tests/tests/bench_sets.rs`): `engine/benches/data/random_{10,…,20}.txt`, positions
//!   reached by uniformly random play, and `selfplay_{14,…,20}.txt`, positions reached by
//!   the game's players (`sets`, on this CPU's instruction set; `isa`, the random sets of
//!   10–18 empties with each instruction set and the ratio);
//! - FFO #1–#19 and #40–#49 from `benches/data/ffo.tsv` (the FFO endgame test suite,
//!   source in the file's header; OBF rule): each timed, its published score and best
//!   moves asserted.
//!
//! Run: `cargo bench -p discflip-engine --bench solver [-- sets|isa|ffo [FIRST [LAST [THREADS]]]|generate|all]`

use engine::{Color, Isa, Levels, PlayerKind, Position, Scoring, Solver, SolverConfig, Team};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/data")
}

/// The FFO endgame test suite (its public source is in the file's first line).
fn ffo_path() -> PathBuf {
    data_dir().join("ffo.tsv")
}

/// How the positions of a set were reached.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Play {
    /// Uniformly random moves from the start (`engine::testing::down_to_empties`).
    Random,
    /// The game's players on both sides, as the puzzles are sampled
    /// (docs/puzzles.md#sampling): two drawn uniformly from Level 1, 2, 3 and
    /// the corner bot.
    SelfPlay,
}

impl Play {
    fn name(self) -> &'static str {
        match self {
            Play::Random => "random",
            Play::SelfPlay => "selfplay",
        }
    }

    /// The set's seed: the existing random sets kept theirs (2026 + empties).
    fn seed(self, empties: u32) -> u64 {
        match self {
            Play::Random => 2026 + u64::from(empties),
            Play::SelfPlay => 3026 + u64::from(empties),
        }
    }

    /// The header line of the set's file.
    fn header(self, empties: u32) -> String {
        let how = match self {
            Play::Random => "seeded uniformly random play",
            Play::SelfPlay => "seeded self-play (two players drawn uniformly from level1, level2, level3 and corner)",
        };
        format!(
            "# {empties} empties, {how} (ChaCha8, seed {}), no two alike under the 8 symmetries \
             and none a training position of the learned ordering; \
             `<position> <exact value, margin rule>`\n",
            self.seed(empties)
        )
    }
}

/// Every committed set, each of 200 positions.
const SETS: [(Play, u32); 10] = [
    (Play::Random, 10),
    (Play::Random, 12),
    (Play::Random, 14),
    (Play::Random, 16),
    (Play::Random, 18),
    (Play::Random, 20),
    (Play::SelfPlay, 14),
    (Play::SelfPlay, 16),
    (Play::SelfPlay, 18),
    (Play::SelfPlay, 20),
];

/// Positions per set.
const SET_SIZE: usize = 200;

/// Every set on this CPU's instruction set.
fn sets() {
    for (play, empties) in SETS {
        set(play, empties, Isa::detect());
    }
}

/// The random sets of 10–18 empties with each instruction set this CPU
/// runs, and the ratio of the fastest to the portable copy.
fn isa() {
    for empties in [10, 12, 14, 16, 18] {
        let mut rates = Vec::new();
        for isa in Isa::supported() {
            rates.push((isa, set(Play::Random, empties, isa)));
        }
        if let [(_, portable), .., (fast, rate)] = rates[..] {
            println!("{empties} empties: {} / portable = {:.3}", fast.name(), rate / portable);
        }
    }
}

/// Solves one committed set with `isa`; returns positions per second.
fn set(play: Play, empties: u32, isa: Isa) -> f64 {
    let name = format!("{}_{empties}.txt", play.name());
    let path = data_dir().join(&name);
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
        "{name} [{}]: {} solves in {secs:.3} s = {:.0} solves/s, {:.0} positions/solve, {:.1} M positions/s",
        isa.name(),
        positions.len(),
        positions.len() as f64 / secs,
        nodes as f64 / positions.len() as f64,
        nodes as f64 / secs / 1e6
    );
    nodes as f64 / secs
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

/// Writes every committed set ([`SETS`]): positions from the set's seeded
/// games, the first [`SET_SIZE`] whose mover has a move, whose canonical
/// form is new and which is none of the learned ordering's training
/// positions (nor an image of one), each with its exact value.
fn generate() {
    use engine::testing::training;
    use rand_chacha::rand_core::SeedableRng;
    std::fs::create_dir_all(data_dir()).unwrap();
    let mut solver = Solver::new(SolverConfig::default());
    let mut trained = HashMap::new();
    for (play, empties) in SETS {
        let trained = trained.entry(empties).or_insert_with(|| training::positions(training::SEED, empties));
        let mut rng = ChaCha8Rng::seed_from_u64(play.seed(empties));
        let draw = || match play {
            Play::Random => engine::testing::down_to_empties(&mut rng, empties),
            Play::SelfPlay => self_play(&mut rng, empties),
        };
        let mut out = play.header(empties);
        for pos in engine::testing::distinct_positions(draw, empties, SET_SIZE, trained) {
            out += &format!("{pos} {}\n", solver.value(&pos));
        }
        let name = format!("{}_{empties}.txt", play.name());
        std::fs::write(data_dir().join(&name), out).unwrap();
        eprintln!("wrote {name}");
    }
}

/// A game between two players drawn uniformly from Level 1, 2, 3 and the
/// corner bot, from the start until `empties` empty squares or its end.
fn self_play(rng: &mut ChaCha8Rng, empties: u32) -> Position {
    const PLAYERS: [PlayerKind; 4] = [PlayerKind::Level1, PlayerKind::Level2, PlayerKind::Level3, PlayerKind::Corner];
    let levels = Levels::GAME;
    let mut players = [0, 1].map(|_| PLAYERS[engine::uniform_index(rng, PLAYERS.len())].build(&levels));
    let mut pos = Position::start();
    while pos.empty_count() > empties && !pos.is_game_over() {
        let who = usize::from(pos.side() == Color::Light);
        pos = match players[who].choose(&pos, rng).square {
            Some(sq) => pos.play_unchecked(sq),
            None => pos.pass(),
        };
    }
    pos
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let what = args.first().cloned().unwrap_or_else(|| "all".into());
    let id = |i: usize, default: u32| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    match what.as_str() {
        "generate" => generate(),
        "sets" => sets(),
        "isa" => isa(),
        "ffo" => ffo(id(1, 40), id(2, id(1, 49)), id(3, 1) as usize),
        "ffo-easy" => ffo(1, 19, 1),
        _ => {
            sets();
            ffo(1, 19, 1);
            ffo(40, 49, 1);
        }
    }
}
