//! The compact game files (docs/formats.md#datagame-endgamejson-and-datagame-dailyjson):
//! only what the game reads at run time, minified, one file per set. The
//! full records stay in `endgame.json` and `daily.json` for review and
//! verification; the verifier checks these against them.

use crate::files::{DailyFile, EndgameFile, FORMAT};
use crate::names;
use crate::record::BoardRecord;
use crate::schema::SquareName;
use engine::Square;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The compact Endgame file's name.
pub const GAME_ENDGAME: &str = "game-endgame.json";
/// The compact Daily file's name.
pub const GAME_DAILY: &str = "game-daily.json";

/// One board as the game reads it.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
pub struct GameBoard {
    /// The board's id, as in the full record.
    pub id: String,
    /// The 64-character board string, Dark to move.
    pub board: String,
    /// Empty squares (the board's size).
    pub empties: u32,
    /// The best final margin Dark can force.
    pub par: i32,
    /// The one first move that reaches par.
    #[serde(with = "names::one")]
    #[schemars(with = "SquareName")]
    pub par_move: Square,
    /// The difficulty tier, 1 (easiest) to 5.
    pub tier: u32,
}

/// `game-endgame.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
pub struct GameEndgameFile {
    /// The data format's version number (`FORMAT`, now 3).
    pub format: u32,
    /// The SHA-256 of the levels file the boards were made under (`levels.json`).
    pub levels_sha256: String,
    /// The boards in `endgame.json`'s order: by size, easiest first within a size.
    pub boards: Vec<GameBoard>,
}

/// `game-daily.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
pub struct GameDailyFile {
    /// The data format's version number (`FORMAT`, now 3).
    pub format: u32,
    /// The SHA-256 of the levels file the boards were made under (`levels.json`).
    pub levels_sha256: String,
    /// The date of day 0 (a Monday), `YYYY-MM-DD`.
    pub epoch: String,
    /// Days in the cycle.
    pub cycle_days: usize,
    /// Each day's trio, day 0 first.
    pub days: Vec<Vec<GameBoard>>,
}

impl GameBoard {
    /// The game's view of a full record (`None` while it has no solution).
    pub fn of(r: &BoardRecord) -> Option<GameBoard> {
        Some(GameBoard {
            id: r.id.clone(),
            board: r.board.clone(),
            empties: r.empties,
            par: r.par,
            par_move: r.par_move,
            tier: r.solution.as_ref()?.tier,
        })
    }
}

/// The compact files of two full ones.
pub fn game_files(endgame: &EndgameFile, daily: &DailyFile) -> (GameEndgameFile, GameDailyFile) {
    let boards = |list: &[BoardRecord]| list.iter().filter_map(GameBoard::of).collect();
    let levels_sha256 = endgame.header.levels_sha256.clone().unwrap_or_default();
    (
        GameEndgameFile { format: FORMAT, levels_sha256: levels_sha256.clone(), boards: boards(&endgame.boards) },
        GameDailyFile {
            format: FORMAT,
            levels_sha256,
            epoch: daily.epoch.clone(),
            cycle_days: daily.cycle_days,
            days: daily.days.iter().map(|d| boards(&d.boards)).collect(),
        },
    )
}

/// A compact file's bytes: minified JSON and a newline.
pub fn to_min_json<T: Serialize>(value: &T) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(value).expect("the wire types serialize");
    bytes.push(b'\n');
    bytes
}
