//! Teams of solvers: the same answers and counts on any number of threads.

use super::*;
use crate::solver::team::Busy;

#[test]
fn a_team_gives_the_same_answers_on_any_number_of_threads() {
    let config = SolverConfig { scoring: Scoring::EmptiesToWinner, table_bits: 16, ..SolverConfig::default() };
    let mut solver = Solver::new(config);
    let mut teams: Vec<Team> = [1, 2, 3].map(|t| Team::new(config, t)).into();
    // best_move with a larger table uses 2^16 of its 2^18 entries at these empty counts.
    let mut larger = Team::new(SolverConfig { table_bits: 18, ..config }, 1);
    for pos in positions_at(23, 12, 15).into_iter().chain(positions_at(29, 30, 12)) {
        let want = solver.move_values(&pos);
        let mut counts = Vec::new();
        for team in &mut teams {
            assert_eq!(team.move_values(&pos), want, "{pos} on {} threads", team.threads());
            counts.push(team.positions());
        }
        assert!(counts.iter().all(|&c| c == counts[0]), "{pos}: move_values counts {counts:?}");
        let best: Vec<Option<MoveValue>> = teams.iter_mut().map(|t| t.best_move(&pos)).collect();
        assert!(best.iter().all(|b| *b == best[0]), "{pos}: {best:?}");
        assert_eq!(larger.best_move(&pos), best[0], "{pos}: part of a larger table");
        let b = best[0].expect("a legal move");
        assert_eq!(b.value, want[0].value, "{pos}");
        assert!(want.iter().any(|m| m.square == b.square && m.value == b.value), "{pos}: {} reaches it", b.square);
    }
}

#[test]
fn threads_that_leave_nodes_settled_by_others_give_the_same_answers() {
    // Every team node looks up the nodes it is in (not every 5,000
    // positions): threads leave settled nodes far more often, and the
    // answers stay those of one solver. 120 positions: with 24, a thread
    // that took a settled ancestor's bound at the wrong level of its
    // unwinding gave a wrong answer in one run of three; with 120, in
    // every run tried.
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 16, ..SolverConfig::default() };
    let mut solver = Solver::new(config);
    let mut team = Team::new(config, 2);
    team.check_settled_every(1);
    let mut visited = 0;
    for pos in positions_at(37, 120, 16) {
        let want = solver.fast_best_move(&pos);
        assert_eq!(team.best_move(&pos), want, "{pos}");
        visited += team.positions();
    }
    let settled = team.settled();
    assert!(settled > 0, "no thread left a settled node");
    assert!(settled < visited, "{settled} nodes left of {visited} visited");
}

#[test]
fn a_team_counts_its_threads_and_the_positions_of_every_root_move() {
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 16, ..SolverConfig::default() };
    assert_eq!(Team::new(config, 0).threads(), 1, "at least one solver");
    assert_eq!(Team::new(config, 3).threads(), 3);
    // move_values solves each root move from an empty table: its count is the
    // sum of one solver's counts over the children, on any number of threads.
    let mut solver = Solver::new(config);
    for pos in positions_at(31, 4, 13) {
        let want: u64 = pos
            .legal_moves()
            .iter()
            .map(|sq| {
                solver.value(&pos.play_unchecked(sq));
                solver.positions()
            })
            .sum();
        assert!(want > 1, "{pos}");
        for threads in [1, 2] {
            let mut team = Team::new(config, threads);
            team.move_values(&pos);
            assert_eq!(team.positions(), want, "{pos} on {threads} threads");
        }
    }
}

/// Seven-empty roots with at most two legal moves: the guessing pass tries
/// both (it tries two moves a node from seven empties) and searches every
/// move below, so its value is the exact one on any number of threads.
fn guessed_exactly() -> Vec<Position> {
    let all = positions_at(43, 400, SELECTIVE_MIN_EMPTIES);
    let out: Vec<Position> = all.into_iter().filter(|p| p.legal_moves().count() <= 2).take(12).collect();
    assert_eq!(out.len(), 12, "twelve roots with one or two moves");
    out
}

#[test]
fn one_thread_guesses_as_a_solver_does_and_leaves_the_guess_table_alone() {
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 12, ..SolverConfig::default() };
    let mut team = Team::new(config, 1);
    let guesses = Table::new(12);
    let mut far = 0;
    for pos in guessed_exactly() {
        let (p, o) = (pos.player().0, pos.opponent().0);
        guesses.store(1, 2, 20, Window::new(-64, 64), 10, None);
        let v = team.guess_together(p, o, &guesses, &Busy::new());
        assert_eq!(v, minimax(&pos, Scoring::Margin), "{pos}");
        far += (v.abs() > 1) as u32;
        let kept = guesses.probe(1, 2).expect("one thread does not touch the guess table");
        assert_eq!((kept.lower, kept.upper), (10, 10));
        assert!(guesses.probe(p, o).is_none(), "{pos}: one thread guesses in its own table");
    }
    assert!(far > 6, "most values are not 0 or \u{b1}1 ({far} of 12)");
}

#[test]
fn two_threads_guess_afresh_with_bounds_apart_from_the_tests_best_moves() {
    // The pass keeps its bounds in `guesses` (emptied first) and gives the
    // tests' table best moves only.
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 12, ..SolverConfig::default() };
    let mut team = Team::new(config, 2);
    let guesses = Table::new(12);
    for pos in guessed_exactly() {
        let (p, o) = (pos.player().0, pos.opponent().0);
        guesses.store(1, 2, 20, Window::new(-64, 64), 10, None);
        team.shared().clear();
        let v = team.guess_together(p, o, &guesses, &Busy::new());
        assert_eq!(v, minimax(&pos, Scoring::Margin), "{pos}");
        assert!(guesses.probe(1, 2).is_none(), "an earlier entry outlived the pass");
        let root = guesses.probe(p, o).expect("the pass stores its root");
        assert_eq!((root.lower, root.upper), (v, v), "{pos}: a full-window root is exact");
        let test = team.shared().probe(p, o).expect("the tests' table gets the root");
        assert_eq!((test.lower, test.upper), (-64, 64), "{pos}: no bounds for the tests");
        let best = test.best.expect("a best move");
        assert!(pos.legal_moves().contains(Square::new_unchecked(best)), "{pos}: {best}");
    }
}

/// A root whose mover must pass is solved on the first solver alone: the
/// value through the pass, and that solver's count.
#[test]
fn a_team_solves_a_root_that_must_pass_as_one_solver_does() {
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 12, ..SolverConfig::default() };
    let mut solver = Solver::new(config);
    let mut team = Team::new(config, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut values = Vec::new();
    while values.len() < 12 {
        let empties = 3 + rng.next_u32() % 8;
        let Some(pos) = random_position(&mut rng, empties) else { continue };
        for root in [pos, pos.pass()].into_iter().filter(Position::must_pass) {
            let v = team.value(&root);
            assert_eq!(v, minimax(&root, Scoring::Margin), "{root}");
            assert_eq!(solver.value(&root), v, "{root}");
            assert_eq!(team.positions(), solver.positions(), "{root}");
            assert!(team.positions() > 1, "{root}: the pass and below");
            values.push(v);
        }
    }
    assert!(values.iter().filter(|v| v.abs() > 1).count() > 6, "most values are not 0 or \u{b1}1: {values:?}");
}

/// A test's threads use the shared table from `TEAM_TABLE_MIN_EMPTIES` on
/// two threads, from the fast search's own minimum on one.
#[test]
fn two_threads_keep_no_bounds_below_the_teams_table_minimum() {
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 16, ..SolverConfig::default() };
    let fewest = |threads: usize| {
        let mut team = Team::new(config, threads);
        let mut fewest = Vec::new();
        for pos in positions_at(47, 6, 15) {
            team.best_move(&pos).expect("a legal move");
            fewest.push(team.shared().bounded_empties().into_iter().min().expect("bounds stored"));
        }
        fewest
    };
    assert_eq!(fewest(1), [FastSteps::TABLE_MIN_EMPTIES; 6]);
    assert_eq!(fewest(2), [TEAM_TABLE_MIN_EMPTIES; 6]);
}
