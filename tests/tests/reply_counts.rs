//! The computer's reply search is the game's own (docs/puzzles.md#the-computers-reply): its
//! reply and position count are recorded for every first move of every
//! shipped board. The exact solver's fast search may change its ordering;
//! the reply search must not. This recomputes every recorded reply and count
//! of the shipped data with the engine and compares.

use engine::{Position, Solver, SolverConfig};
use format::{DailyFile, EndgameFile};

/// The reply limit of docs/puzzles.md rule 7.
const REPLY_LIMIT: u64 = 300_000;

fn shipped<T: serde::de::DeserializeOwned>(file: &str) -> T {
    let path = discflip_e2e::workspace_root().join("data").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_recorded_reply_and_count_is_reproduced() {
    let mut solver = Solver::new(SolverConfig { table_bits: 18, ..SolverConfig::default() });
    let mut checked = 0;
    let endgame: EndgameFile = shipped("endgame.json");
    let daily: DailyFile = shipped("daily.json");
    let all = endgame.boards.iter().map(|r| ("endgame.json", r));
    for (file, rec) in all.chain(daily.boards().map(|(_, r)| ("daily.json", r))) {
        let pos: Position = format!("{} X", rec.board).parse().expect("a board");
        for m in &rec.moves {
            let first = m.square;
            let after = pos.play(first).expect("a legal first move");
            let reply = solver.first_best_move(&after, Some(REPLY_LIMIT)).exact().expect("within the limit");
            assert_eq!(reply.square, m.reply, "{file} {} after {first}: reply", rec.id);
            assert_eq!(solver.positions(), m.reply_positions, "{file} {} after {first}: reply positions", rec.id);
            checked += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} replies checked");
}
