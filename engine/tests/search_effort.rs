//! How much the fast search searches: the positions `Team::best_move` visits
//! on one thread on the committed 12- and 14-empty benchmark sets, exactly.
//!
//! Regression data (docs/testing.md#reference-data-independent-or-regression): this code's
//! own counts (3,658,048 and 15,578,345 since issue 36's stability cutoff; a ceiling 3% above
//! the counts before it until issue 67, when an exact count was needed to catch the mutants that
//! order or prune differently and stay under the ceiling). The fast search's counts are recorded
//! nowhere else, so without this check a change that orders moves worse, or prunes less, would
//! keep every answer right and only run slower. Counts are exact and the same on every machine
//! and instruction set; a deliberate change of the search updates them and says why.

use engine::{Position, Scoring, Solver, SolverConfig, Team};

/// Positions visited over the set, after checking every value and move.
fn effort(set: &str) -> u64 {
    let mut team = Team::new(SolverConfig { scoring: Scoring::Margin, table_bits: 20, ..SolverConfig::default() }, 1);
    let mut total = 0;
    for line in set.lines().filter(|l| !l.starts_with('#')) {
        let (board, value) = line.rsplit_once(' ').expect("`<position> <value>`");
        let pos: Position = board.parse().expect("a position");
        let best = team.best_move(&pos).expect("a legal move");
        total += team.positions();
        assert_eq!(best.value, value.parse::<i32>().expect("a value"), "{pos}");
        assert_eq!(-team.value(&pos.play_unchecked(best.square)), best.value, "{pos}: the move reaches it");
    }
    total
}

#[test]
fn the_fast_search_counts_are_unchanged() {
    for (set, want) in [
        (include_str!("../benches/data/random_12.txt"), 3_658_048u64),
        (include_str!("../benches/data/random_14.txt"), 15_578_345),
    ] {
        assert_eq!(effort(set), want, "fast search positions over the set");
    }
}

/// The reference search's position counts from 12 and 14 empty squares, where
/// the shipped boards' reply searches never reach (they start from at most 11)
/// but Level 5's budgeted exact play does: its budget is counted in these
/// positions, so its moves depend on them (docs/solver.md#two-searches-one-set-of-answers). Regression
/// data: this code's own counts when the test was written.
#[test]
fn the_reference_search_counts_are_unchanged() {
    for (set, want) in [
        (include_str!("../benches/data/random_12.txt"), 1_370_280u64),
        (include_str!("../benches/data/random_14.txt"), 8_223_154),
    ] {
        let mut solver =
            Solver::new(SolverConfig { scoring: Scoring::Margin, table_bits: 16, ..SolverConfig::default() });
        let mut total = 0;
        for line in set.lines().filter(|l| !l.starts_with('#')).take(40) {
            let (board, value) = line.rsplit_once(' ').expect("`<position> <value>`");
            let pos: Position = board.parse().expect("a position");
            let best = solver.first_best_move(&pos, None).exact().expect("no budget");
            assert_eq!(best.value, value.parse::<i32>().expect("a value"), "{pos}");
            total += solver.positions();
        }
        assert_eq!(total, want, "reference search positions over the set's first 40");
    }
}
