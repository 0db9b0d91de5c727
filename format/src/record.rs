//! One board record of `endgame.json` or `daily.json` (docs/formats.md#dataendgamejson-and-datadailyjson)
//! and its parts, as the files hold them.

use crate::Theme;
use crate::names;
use crate::shape::{BOARD, ID, MAX_EMPTIES, MIN_EMPTIES, MoveName, PlayerName, SquareName, TRIES, ThemeName};
use engine::{PlayerKind, Square};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One legal first move of a board record (docs/formats.md#dataendgamejson-and-datadailyjson).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MoveRecord {
    /// The move.
    #[serde(rename = "move", with = "names::one")]
    #[schemars(with = "SquareName")]
    pub square: Square,
    /// Exact final margin (Dark − Light, empties for nobody) after this move with perfect play.
    #[schemars(range(min = -64, max = 64))]
    pub value: i32,
    /// Discs the move flips (a move flips 1 to 18).
    #[schemars(range(min = 1, max = 18))]
    pub flips: u32,
    /// The computer's reply: optimal, first in square order among equals; `None` (`"pass"`) for a pass.
    #[serde(with = "names::reply")]
    #[schemars(with = "MoveName")]
    pub reply: Option<Square>,
    /// Positions the reply search used (a fresh search, root moves in square order).
    #[schemars(range(min = 1))]
    pub reply_positions: u64,
    /// On a trap move (a biggest flip or Level 2's move) only: why it fails, the move and
    /// then perfect play by both sides to the end, each the first optimal move in square
    /// order, `"pass"` for a pass (docs/puzzles.md#the-why-of-every-trap).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "names::opt_line")]
    #[schemars(with = "Option<Vec<MoveName>>", length(min = 1, max = 24))]
    pub line: Option<Vec<Option<Square>>>,
}

/// Display fields, kept apart from the answers.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Display {
    /// Always `"X"`: Dark moves first on every puzzle board.
    #[schemars(extend("const" = "X"))]
    pub to_move: String,
    /// Dark's discs on the board.
    #[schemars(range(min = 1, max = 63))]
    pub dark_discs: u32,
    /// Light's discs on the board.
    #[schemars(range(min = 1, max = 63))]
    pub light_discs: u32,
    /// Dark's legal moves, in square order (at least three: puzzle rule 2).
    #[serde(with = "names::list")]
    #[schemars(with = "Vec<SquareName>", length(min = 3, max = MAX_EMPTIES), extend("uniqueItems" = true))]
    pub legal_moves: Vec<Square>,
}

/// Where a board came from (docs/puzzles.md#sampling).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// How it was made: `"self-play"`.
    #[schemars(extend("const" = "self-play"))]
    pub method: String,
    /// The candidate's derived random stream.
    pub seed: u64,
    /// The candidate's index in its empty count's stream.
    pub candidate: u64,
    /// The sampling player that played Dark.
    #[serde(with = "names::one")]
    #[schemars(with = "PlayerName")]
    pub dark_player: PlayerKind,
    /// The sampling player that played Light.
    #[serde(with = "names::one")]
    #[schemars(with = "PlayerName")]
    pub light_player: PlayerKind,
    /// Whether the colours were swapped to put Dark on move.
    pub colours_swapped: bool,
}

/// A puzzle board with its answers, display fields and provenance (docs/formats.md#dataendgamejson-and-datadailyjson).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoardRecord {
    /// Stable id: `eNN-` and 12 hex digits of the canonical position's SHA-256.
    #[schemars(pattern(ID))]
    pub id: String,
    /// The 64-character board string, Dark to move.
    #[schemars(pattern(BOARD))]
    pub board: String,
    /// Empty squares.
    #[schemars(range(min = MIN_EMPTIES, max = MAX_EMPTIES))]
    pub empties: u32,
    /// The best final margin Dark can force (Dark wins: at least 1).
    #[schemars(range(min = 1, max = 64))]
    pub par: i32,
    /// The one first move that reaches par.
    #[serde(with = "names::one")]
    #[schemars(with = "SquareName")]
    pub par_move: Square,
    /// One entry per legal first move, in square order.
    #[schemars(length(min = 3, max = MAX_EMPTIES))]
    pub moves: Vec<MoveRecord>,
    /// The moves tied for the most flips, in square order.
    #[serde(with = "names::list")]
    #[schemars(with = "Vec<SquareName>", length(min = 1, max = MAX_EMPTIES), extend("uniqueItems" = true))]
    pub biggest_flip: Vec<Square>,
    /// The moves tied for Level 2's best score without the wobble, in square order.
    #[serde(with = "names::list")]
    #[schemars(with = "Vec<SquareName>", length(min = 1, max = MAX_EMPTIES), extend("uniqueItems" = true))]
    pub level2: Vec<Square>,
    /// Display fields.
    pub display: Display,
    /// Where the board came from.
    pub provenance: Provenance,
    /// Par lines and difficulty (docs/puzzles.md#par-lines-and-difficulty); absent only while a board is being made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Solution>,
    /// The themes the board shows (docs/puzzles.md#themes), in `Theme::ALL`'s order; absent only while a board is being made.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "names::opt_list")]
    #[schemars(with = "Option<Vec<ThemeName>>", extend("uniqueItems" = true))]
    pub themes: Option<Vec<Theme>>,
}

/// How one player fared as Dark against the perfect reply.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Tries {
    /// The player.
    #[serde(with = "names::one")]
    #[schemars(with = "PlayerName")]
    pub player: PlayerKind,
    /// Tries counted (always 20; a player that draws no random number plays once).
    #[schemars(range(min = 1, max = TRIES))]
    pub tries: u32,
    /// Tries that reached par.
    #[schemars(range(max = TRIES))]
    pub par: u32,
    /// Tries that won.
    #[schemars(range(max = TRIES))]
    pub won: u32,
}

/// A board's `solution` object (docs/formats.md#dataendgamejson-and-datadailyjson).
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Solution {
    /// The par lines (at most 50 are listed), in square order of Dark's
    /// moves, each a whole game: a move, or `None` (`"pass"`) for a pass.
    #[serde(with = "names::lines")]
    #[schemars(with = "Vec<Vec<MoveName>>", length(min = 1, max = 50), inner(length(min = 1)))]
    pub lines: Vec<Vec<Option<Square>>>,
    /// How many distinct par lines there are.
    #[schemars(range(min = 1))]
    pub line_count: u64,
    /// Dark turns with two or more legal moves along the first line.
    #[schemars(range(min = 1, max = MAX_EMPTIES))]
    pub decisions: u32,
    /// Those of them where exactly one move keeps par (the first is one: puzzle rule 3).
    #[schemars(range(min = 1, max = MAX_EMPTIES))]
    pub only_moves: u32,
    /// The chance that uniformly random Dark moves reach par against the perfect reply (6 decimals).
    #[schemars(range(min = 0, max = 1))]
    pub random_par_chance: f64,
    /// Each player's seeded tries as Dark against the perfect reply: level1 … level5, flip-grabber.
    #[schemars(length(equal = 6))]
    pub levels: Vec<Tries>,
    /// The difficulty score, 0–100 (docs/puzzles.md#par-lines-and-difficulty).
    #[schemars(range(max = 100))]
    pub difficulty: u32,
    /// The tier, 1 (easiest) to 5.
    #[schemars(range(min = 1, max = 5))]
    pub tier: u32,
}

impl Solution {
    /// Whether `lines` holds every par line (the data lists at most 50).
    pub fn lists_every_line(&self) -> bool {
        self.lines.len() as u64 == self.line_count
    }
}

/// What a first move is on its board: the par move, a biggest-flip trap,
/// Level 2's move (any of them, or none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveRoles {
    /// It reaches par.
    pub par: bool,
    /// It is tied for the most flips (rule 5's trap).
    pub biggest_flip: bool,
    /// It is tied for Level 2's best score (rule 6's trap).
    pub level2: bool,
}

impl BoardRecord {
    /// The roles of the first move `sq` on this board.
    pub fn roles(&self, sq: Square) -> MoveRoles {
        MoveRoles {
            par: sq == self.par_move,
            biggest_flip: self.biggest_flip.contains(&sq),
            level2: self.level2.contains(&sq),
        }
    }
}
