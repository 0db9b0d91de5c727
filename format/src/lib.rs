//! The data format of Disc Flip's puzzle files (docs/formats.md): the wire
//! types of `endgame.json` and `daily.json`, typed both ways (squares as
//! [`Square`](engine::Square), a pass as `None`, players as
//! [`PlayerKind`](engine::PlayerKind)), and the one way to read a data
//! directory ([`DataDir::load`]) and to write a JSON data file
//! ([`to_json`]). Every part of the generator that reads or writes the data
//! goes through it; the verifier keeps its own reading, on purpose.

mod files;
mod game;
mod levels;
mod names;
mod record;
mod schema;
mod shape;
mod theme;

pub use files::{
    DailyFile, DataDir, DayEntry, EndgameFile, FORMAT, FormatError, Header, KeptProvenance, Set, read, read_with_bytes,
    to_json,
};
pub use game::{
    GAME_DAILY, GAME_ENDGAME, GameBoard, GameDailyFile, GameEndgameFile, ThemeTip, game_files, to_min_json,
};
pub use levels::{GAME_NAME, GAME_SOURCE, LEVELS_FILE, LEVELS_FORMAT, LevelsFile, LevelsFileError, key_line, to_text};
pub use names::{counted, line_text, move_name};
pub use record::{BoardRecord, Display, MoveRecord, MoveRoles, Provenance, Solution, Tries};
pub use schema::{daily_schema, endgame_schema, game_schemas, levels_schema, schema_files, typescript};
pub use theme::{Theme, UnknownTheme};
