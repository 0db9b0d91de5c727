//! The verifier's own reading of the data format (docs/formats.md §1). Unknown fields
//! are allowed; the fields named by the spec are required.

use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
/// One legal first move as the data states it.
pub struct MoveRecord {
    #[serde(rename = "move")]
    /// The move.
    pub square: String,
    /// Its stated exact value.
    pub value: i32,
    /// Its stated flip count.
    pub flips: u32,
    /// The stated computer reply, or `pass`.
    pub reply: String,
    /// The stated reply search size.
    pub reply_positions: u64,
}

#[derive(Deserialize, Debug, Clone)]
/// A board record's answer fields, as the data states them.
pub struct BoardRecord {
    /// The board's id.
    pub id: String,
    /// The board string, Dark to move.
    pub board: String,
    /// Stated empty squares.
    pub empties: u32,
    /// Stated par.
    pub par: i32,
    /// Stated par move.
    pub par_move: String,
    /// Stated moves, one per legal first move.
    pub moves: Vec<MoveRecord>,
    /// Stated biggest-flip moves.
    pub biggest_flip: Vec<String>,
    /// Stated Level 2 moves.
    pub level2: Vec<String>,
}

#[derive(Deserialize, Debug)]
/// `endgame.json`, the fields the verifier reads.
pub struct EndgameFile {
    /// The boards.
    pub boards: Vec<BoardRecord>,
}

#[derive(Deserialize, Debug)]
/// One Daily day.
pub struct Day {
    /// Its stated number.
    pub day: u32,
    /// Its stated weekday name.
    pub weekday: String,
    /// The boards.
    pub boards: Vec<BoardRecord>,
}

#[derive(Deserialize, Debug)]
/// `daily.json`, the fields the verifier reads.
pub struct DailyFile {
    /// The stated epoch (a Monday).
    pub epoch: String,
    /// The stated cycle length.
    pub cycle_days: u32,
    /// The days.
    pub days: Vec<Day>,
}
