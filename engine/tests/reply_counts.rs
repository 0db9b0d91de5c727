//! The computer's reply search is the game's own (docs/puzzles.md#the-computers-reply): its
//! reply and position count are recorded for every first move of every
//! shipped board. The exact solver's fast search may change its ordering;
//! the reply search must not. This recomputes every recorded reply and count
//! of the shipped data with the engine and compares.

use engine::{Position, Solver, SolverConfig};
use std::path::PathBuf;

/// The reply limit of docs/puzzles.md rule 7.
const REPLY_LIMIT: u64 = 300_000;

fn shipped(file: &str) -> serde_json::Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_recorded_reply_and_count_is_reproduced() {
    let mut solver = Solver::new(SolverConfig { table_bits: 18, ..SolverConfig::default() });
    let mut checked = 0;
    let endgame = shipped("endgame.json");
    let daily = shipped("daily.json");
    let daily_boards =
        daily["days"].as_array().expect("days").iter().flat_map(|d| d["boards"].as_array().expect("boards"));
    let all = endgame["boards"].as_array().expect("boards").iter().map(|r| ("endgame.json", r));
    for (file, rec) in all.chain(daily_boards.map(|r| ("daily.json", r))) {
        {
            let id = rec["id"].as_str().expect("id");
            let pos: Position = format!("{} X", rec["board"].as_str().expect("board")).parse().expect("a board");
            for m in rec["moves"].as_array().expect("moves") {
                let first = m["move"].as_str().expect("move").parse().expect("a square");
                let after = pos.play(first).expect("a legal first move");
                let reply = solver.first_best_move(&after, Some(REPLY_LIMIT)).exact().expect("within the limit");
                let square = reply.square.map_or_else(|| "pass".to_string(), |s| s.to_string());
                assert_eq!(square, m["reply"].as_str().expect("reply"), "{file} {id} after {first}: reply");
                assert_eq!(
                    solver.positions(),
                    m["reply_positions"].as_u64().expect("reply_positions"),
                    "{file} {id} after {first}: reply positions"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} replies checked");
}
