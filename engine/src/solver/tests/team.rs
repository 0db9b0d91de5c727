//! Teams of solvers: the same answers and counts on any number of threads.

use super::*;

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
    // answers stay those of one solver.
    let config = SolverConfig { scoring: Scoring::Margin, table_bits: 16, ..SolverConfig::default() };
    let mut solver = Solver::new(config);
    let mut team = Team::new(config, 2);
    team.check_settled_every(1);
    let mut settled = 0;
    for pos in positions_at(37, 24, 16) {
        let want = solver.fast_best_move(&pos);
        assert_eq!(team.best_move(&pos), want, "{pos}");
        settled += team.settled();
    }
    assert!(settled > 0, "no thread left a settled node");
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
