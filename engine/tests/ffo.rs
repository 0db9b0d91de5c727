//! FFO endgame positions #1–#19: exact scores and best moves under the OBF
//! rule (empties to the winner), read row by row from the committed copy of
//! the FFO endgame test suite (source in the file's first line).

use engine::{Position, Scoring, Solver, SolverConfig};

#[test]
fn ffo_1_to_19_scores_and_best_moves() {
    let text = include_str!("../benches/data/ffo.tsv");
    let mut solver =
        Solver::new(SolverConfig { scoring: Scoring::EmptiesToWinner, table_bits: 20, ..SolverConfig::default() });
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("id") {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f[0].parse::<u32>().map_or(true, |id| id > 19) {
            continue; // #40-#59 take minutes: the solver benchmark checks them
        }
        let (Some(best), Some(score)) = (f.get(4).filter(|s| !s.is_empty()), f.get(5).filter(|s| !s.is_empty())) else {
            continue;
        };
        let pos: Position = format!("{} {}", f[3], f[2]).parse().unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let want: i32 = score.parse().unwrap();
        let values = solver.move_values(&pos);
        assert_eq!(values[0].value, want, "line {} (FFO #{}): score", n + 1, f[0]);
        let optimal: Vec<String> = values.iter().filter(|m| m.value == want).map(|m| m.square.to_string()).collect();
        let listed: Vec<&str> = best.split(',').collect();
        let mut sorted = optimal.clone();
        sorted.sort();
        let mut listed_sorted: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
        listed_sorted.sort();
        assert_eq!(sorted, listed_sorted, "line {} (FFO #{}): best moves", n + 1, f[0]);
        assert_eq!(solver.value(&pos), want, "line {}: value", n + 1);
        checked += 1;
    }
    assert_eq!(checked, 19);
}
