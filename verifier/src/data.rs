//! The verifier's own reading of the data format (docs/formats.md §1). Unknown fields
//! are allowed; the fields named by the spec are required.

use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
pub struct MoveRecord {
    #[serde(rename = "move")]
    pub square: String,
    pub value: i32,
    pub flips: u32,
    pub reply: String,
    pub reply_positions: u64,
}

#[derive(Deserialize, Debug, Clone)]
pub struct BoardRecord {
    pub id: String,
    pub board: String,
    pub empties: u32,
    pub par: i32,
    pub par_move: String,
    pub moves: Vec<MoveRecord>,
    pub biggest_flip: Vec<String>,
    pub level2: Vec<String>,
}

#[derive(Deserialize, Debug)]
pub struct EndgameFile {
    pub boards: Vec<BoardRecord>,
}

#[derive(Deserialize, Debug)]
pub struct Day {
    pub day: u32,
    pub weekday: String,
    pub boards: Vec<BoardRecord>,
}

#[derive(Deserialize, Debug)]
pub struct DailyFile {
    pub epoch: String,
    pub cycle_days: u32,
    pub days: Vec<Day>,
}
