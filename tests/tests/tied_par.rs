//! The verifier's rules 5 and 6 look at every tied move (docs/puzzles.md#the-puzzle-rules):
//! boards whose par move is the second (or later) of the moves tied for the
//! biggest flip, or for Level 2's best score, are refused. The boards are
//! built here, their records made whole by the generator, so the rule is the
//! only thing they break.

use engine::{Color, PlayerKind, Position, Scoring, Solver, SolverConfig, Square};
use engine::{biggest_flips, level2_best};
use format::Provenance;
use generator::puzzles::rules::{Workbench, full_record};
use generator::puzzles::solution::Lines;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use verifier::search::{Rule, Searcher};

/// Which tie a board must have: the par move among the tied moves, not first.
#[derive(Clone, Copy)]
enum Tie {
    BiggestFlip,
    Level2,
}

/// The first seeded 8-empty position, Dark to move, that meets every puzzle
/// rule but `tie`'s, with its par move a later one of the tied moves.
fn board_with(tie: Tie) -> (Position, Square, Vec<Square>) {
    let mut solver = Solver::new(SolverConfig { scoring: Scoring::Margin, ..SolverConfig::default() });
    for seed in 0..20_000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let pos = engine::testing::down_to_empties(&mut rng, 8);
        if pos.side() != Color::Dark || pos.empty_count() != 8 || pos.legal_moves().count() < 3 {
            continue;
        }
        let values = solver.move_values(&pos);
        let par = values[0].value;
        let at_par = values.iter().filter(|m| m.value == par).count();
        if par <= 0 || at_par != 1 || values.iter().all(|m| m.value > 0) {
            continue;
        }
        let tied = match tie {
            Tie::BiggestFlip => biggest_flips(&pos),
            Tie::Level2 => level2_best(&engine::Levels::GAME, &pos),
        };
        let other = match tie {
            Tie::BiggestFlip => level2_best(&engine::Levels::GAME, &pos),
            Tie::Level2 => biggest_flips(&pos),
        };
        let par_move = values[0].square;
        if tied.len() >= 2 && tied[0] != par_move && tied.contains(&par_move) && !other.contains(&par_move) {
            return (pos, par_move, tied);
        }
    }
    panic!("no seeded board with the tie");
}

/// The verifier's failures for the whole record of `pos`.
fn verifier_failures(pos: &Position) -> Vec<String> {
    let provenance = Provenance {
        method: "test".into(),
        seed: 0,
        candidate: 0,
        dark_player: PlayerKind::Random,
        light_player: PlayerKind::Random,
        colours_swapped: false,
    };
    let mut record =
        full_record(pos, &mut Workbench::default(), provenance).expect("within the reply limit").puzzle.record;
    let mut lines = Lines::default();
    record.solution = Some(lines.solve(*pos, record.par, 1));
    generator::puzzles::teach::teach(&mut record, *pos, &mut lines);
    let json = serde_json::to_string(&record).unwrap();
    let rec: verifier::data::BoardRecord = serde_json::from_str(&json).expect("the verifier reads the record");
    let board = verifier::input::parse_board(std::path::Path::new("test"), &rec).expect("a board");
    let levels =
        verifier::levels::Levels::read(&discflip_e2e::workspace_root().join("data")).expect("data/levels.json");
    verifier::board::check_board(&rec, &board, &mut Searcher::new(Rule::Margin), &levels)
}

fn refused(tie: Tie, rule: &str, name: &str) {
    let (pos, par_move, tied) = board_with(tie);
    let bad = verifier_failures(&pos);
    let want = format!("rule {rule}: {name} move {par_move} reaches par");
    assert!(bad.iter().any(|w| w == &want), "{pos} (tied {tied:?}, par move {par_move}): {bad:?}");
    assert!(bad.iter().all(|w| w.starts_with("rule ")), "only the puzzle rules fail: {bad:?}");
}

#[test]
fn rule_5_refuses_a_par_move_that_is_the_second_biggest_flip() {
    refused(Tie::BiggestFlip, "5", "biggest_flip");
}

#[test]
fn rule_6_refuses_a_par_move_that_is_the_second_level2_move() {
    refused(Tie::Level2, "6", "level2");
}
