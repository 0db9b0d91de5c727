//! The compact game files (docs/formats.md#datagame-endgamejson-and-datagame-dailyjson):
//! only what the game reads at run time, minified, one file per set. The
//! full records stay in `endgame.json` and `daily.json` for review and
//! verification; the verifier checks these against them.

use crate::Theme;
use crate::files::{DailyFile, EndgameFile, FORMAT};
use crate::names;
use crate::record::BoardRecord;
use crate::shape::{BOARD, CYCLE_DAYS, DATE, ID, MAX_EMPTIES, MIN_EMPTIES, SHA256, SquareName, ThemeName};
use engine::Square;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The compact Endgame file's name.
pub const GAME_ENDGAME: &str = "game-endgame.json";
/// The compact Daily file's name.
pub const GAME_DAILY: &str = "game-daily.json";

/// One board as the game reads it.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameBoard {
    /// The board's id, as in the full record.
    #[schemars(pattern(ID))]
    pub id: String,
    /// The 64-character board string, Dark to move.
    #[schemars(pattern(BOARD))]
    pub board: String,
    /// Empty squares (the board's size).
    #[schemars(range(min = MIN_EMPTIES, max = MAX_EMPTIES))]
    pub empties: u32,
    /// The best final margin Dark can force (Dark wins: at least 1).
    #[schemars(range(min = 1, max = 64))]
    pub par: i32,
    /// The one first move that reaches par.
    #[serde(with = "names::one")]
    #[schemars(with = "SquareName")]
    pub par_move: Square,
    /// The difficulty tier, 1 (easiest) to 5.
    #[schemars(range(min = 1, max = 5))]
    pub tier: u32,
    /// The themes the board shows, as in the full record.
    #[serde(with = "names::list")]
    #[schemars(with = "Vec<ThemeName>", extend("uniqueItems" = true))]
    pub themes: Vec<Theme>,
}

/// A theme and the help page's tip it exercises, for the game to show (docs/puzzles.md#themes).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ThemeTip {
    /// The theme.
    #[serde(with = "names::one")]
    #[schemars(with = "ThemeName")]
    pub name: Theme,
    /// Its tip, when the help page has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1))]
    pub tip: Option<String>,
}

impl ThemeTip {
    /// Every theme with its tip, in `Theme::ALL`'s order.
    pub fn all() -> Vec<ThemeTip> {
        Theme::ALL.into_iter().map(|t| ThemeTip { name: t, tip: t.tip().map(str::to_string) }).collect()
    }
}

/// `game-endgame.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameEndgameFile {
    /// The data format's version number (`FORMAT`, now 4).
    #[schemars(extend("const" = FORMAT))]
    pub format: u32,
    /// The SHA-256 of the levels file the boards were made under (`levels.json`).
    #[schemars(pattern(SHA256))]
    pub levels_sha256: String,
    /// Every theme with its tip, in the order boards list them.
    #[schemars(length(equal = Theme::ALL.len()))]
    pub themes: Vec<ThemeTip>,
    /// The boards in `endgame.json`'s order: by size, easiest first within a size.
    pub boards: Vec<GameBoard>,
}

/// `game-daily.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameDailyFile {
    /// The data format's version number (`FORMAT`, now 4).
    #[schemars(extend("const" = FORMAT))]
    pub format: u32,
    /// The SHA-256 of the levels file the boards were made under (`levels.json`).
    #[schemars(pattern(SHA256))]
    pub levels_sha256: String,
    /// Every theme with its tip, in the order boards list them.
    #[schemars(length(equal = Theme::ALL.len()))]
    pub themes: Vec<ThemeTip>,
    /// The date of day 0 (a Monday), `YYYY-MM-DD`.
    #[schemars(pattern(DATE), extend("format" = "date"))]
    pub epoch: String,
    /// Days in the cycle (420).
    #[schemars(extend("const" = CYCLE_DAYS))]
    pub cycle_days: usize,
    /// Each day's trio in ascending empty count, day 0 first.
    #[schemars(length(equal = CYCLE_DAYS), inner(length(equal = 3)))]
    pub days: Vec<Vec<GameBoard>>,
}

impl GameBoard {
    /// The game's view of a full record (`None` while it has no solution or themes).
    pub fn of(r: &BoardRecord) -> Option<GameBoard> {
        Some(GameBoard {
            id: r.id.clone(),
            board: r.board.clone(),
            empties: r.empties,
            par: r.par,
            par_move: r.par_move,
            tier: r.solution.as_ref()?.tier,
            themes: r.themes.clone()?,
        })
    }
}

/// The compact files of two full ones.
pub fn game_files(endgame: &EndgameFile, daily: &DailyFile) -> (GameEndgameFile, GameDailyFile) {
    let boards = |list: &[BoardRecord]| list.iter().filter_map(GameBoard::of).collect();
    let levels_sha256 = endgame.header.levels_sha256.clone().unwrap_or_default();
    (
        GameEndgameFile {
            format: FORMAT,
            levels_sha256: levels_sha256.clone(),
            themes: ThemeTip::all(),
            boards: boards(&endgame.boards),
        },
        GameDailyFile {
            format: FORMAT,
            levels_sha256,
            themes: ThemeTip::all(),
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
