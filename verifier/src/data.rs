//! The verifier's own reading of the data format (docs/formats.md#dataendgamejson-and-datadailyjson). Unknown fields
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
    /// A trap move's stated line: the move, then perfect play to the end.
    #[serde(default)]
    pub line: Option<Vec<String>>,
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
    /// The stated par lines and difficulty.
    pub solution: Option<SolutionRecord>,
    /// The stated themes.
    #[serde(default)]
    pub themes: Option<Vec<String>>,
}

/// A board's `solution` object as the data states it.
#[derive(Deserialize, Debug, Clone)]
pub struct SolutionRecord {
    /// The listed par lines (moves, `pass` for a pass).
    pub lines: Vec<Vec<String>>,
    /// The stated number of par lines.
    pub line_count: u64,
    /// Stated Dark turns with two or more legal moves along the first line.
    pub decisions: u32,
    /// Stated turns among them with one par-keeping move.
    pub only_moves: u32,
    /// The stated chance that random Dark play reaches par.
    pub random_par_chance: f64,
    /// The stated player tries.
    pub levels: Vec<TriesRecord>,
    /// The stated difficulty score.
    pub difficulty: u32,
    /// The stated tier.
    pub tier: u32,
}

/// One player's stated tries.
#[derive(Deserialize, Debug, Clone)]
pub struct TriesRecord {
    /// The player's name.
    pub player: String,
    /// Tries counted.
    pub tries: u32,
    /// Tries that reached par.
    pub par: u32,
    /// Tries that won.
    pub won: u32,
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
