//! The two JSON data files as wholes (docs/formats.md#dataendgamejson-and-datadailyjson): their header, the
//! Endgame list, the Daily days, and reading and writing them.

use crate::record::BoardRecord;
use crate::shape::{CYCLE_DAYS, DATE, GENERATOR, SHA256, WEEKDAYS};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The data format's version number.
/// 4: boards carry their themes and their traps' lines; 3 named the levels file.
pub const FORMAT: u32 = 4;

/// The two sets, named as in their files and in reports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Set {
    /// The Endgame set, `endgame.json`.
    Endgame,
    /// The Daily set, `daily.json`.
    Daily,
}

impl Set {
    /// Both sets, Endgame first.
    pub const ALL: [Set; 2] = [Set::Endgame, Set::Daily];

    /// Its JSON file's name.
    pub const fn file_name(self) -> &'static str {
        match self {
            Set::Endgame => "endgame.json",
            Set::Daily => "daily.json",
        }
    }
}

impl std::fmt::Display for Set {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Set::Endgame => "endgame",
            Set::Daily => "daily",
        })
    }
}

/// The fields both JSON files open with.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The data format's version number (`FORMAT`, now 4; 3 had no themes, 2 no `levels_sha256`).
    #[schemars(extend("const" = FORMAT))]
    pub format: u32,
    /// `discflip <version>`.
    #[schemars(pattern(GENERATOR))]
    pub generator: String,
    /// The release seed.
    pub seed: u64,
    /// The scoring rule, in words.
    #[schemars(length(min = 1))]
    pub scoring: String,
    /// How candidates were sampled, in words.
    #[schemars(length(min = 1))]
    pub sampling: String,
    /// The SHA-256 of the levels file the players and rules followed
    /// (`levels.json`, shipped beside this file); absent in format 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(SHA256))]
    pub levels_sha256: Option<String>,
}

/// `endgame.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EndgameFile {
    /// The header.
    #[serde(flatten)]
    pub header: Header,
    /// The boards, in file order.
    pub boards: Vec<BoardRecord>,
}

/// One day of `daily.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DayEntry {
    /// The day's index in the cycle, 0 on the epoch.
    #[schemars(range(max = CYCLE_DAYS - 1))]
    pub day: usize,
    /// Its weekday, `Mon` … `Sun`.
    #[schemars(extend("enum" = WEEKDAYS))]
    pub weekday: String,
    /// Its three boards, in ascending empty count.
    #[schemars(length(equal = 3))]
    pub boards: Vec<BoardRecord>,
}

/// Where kept days came from (docs/release.md#keeping-published-days), `daily.json`'s `kept_days`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KeptProvenance {
    /// Days 0 through this one were copied.
    #[schemars(range(max = CYCLE_DAYS - 1))]
    pub through_day: usize,
    /// The date given with `--through`.
    #[schemars(pattern(DATE), extend("format" = "date"))]
    pub through: String,
    /// The old file's `generator`.
    #[schemars(pattern(GENERATOR))]
    pub from_generator: String,
    /// The old file's `seed`.
    pub from_seed: u64,
    /// The SHA-256 of the old `daily.json`.
    #[schemars(pattern(SHA256))]
    pub from_daily_sha256: String,
    /// Days in that range that were not kept, because they held a blocked
    /// board (docs/puzzles.md#the-blocklist): they have new trios.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(inner(range(max = CYCLE_DAYS - 1)), extend("uniqueItems" = true))]
    pub replaced_days: Vec<usize>,
}

/// `daily.json`.
#[derive(Serialize, Deserialize, JsonSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DailyFile {
    /// The header.
    #[serde(flatten)]
    pub header: Header,
    /// The date of day 0 (a Monday), `YYYY-MM-DD`.
    #[schemars(pattern(DATE), extend("format" = "date"))]
    pub epoch: String,
    /// Days in the cycle (420).
    #[schemars(extend("const" = CYCLE_DAYS))]
    pub cycle_days: usize,
    /// Present when days were kept from an older release.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_days: Option<KeptProvenance>,
    /// The days, in order: day 0 first, one entry per day of the cycle.
    #[schemars(length(equal = CYCLE_DAYS))]
    pub days: Vec<DayEntry>,
}

impl DailyFile {
    /// Every board with its day, in file order.
    pub fn boards(&self) -> impl Iterator<Item = (&DayEntry, &BoardRecord)> {
        self.days.iter().flat_map(|d| d.boards.iter().map(move |b| (d, b)))
    }
}

/// A data file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file could not be read (for a missing directory, the directory is named).
    #[error("{}: cannot read: {source}", file.display())]
    Io {
        /// The file or directory.
        file: PathBuf,
        /// The cause, as the OS gives it.
        source: std::io::Error,
    },
    /// The file is not JSON of the format's shape.
    #[error("{}: malformed: {source}", file.display())]
    Json {
        /// The file.
        file: PathBuf,
        /// The cause, with its line and column.
        source: serde_json::Error,
    },
}

/// `dir/name` read and parsed as `T`.
pub fn read<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<T, FormatError> {
    read_with_bytes(dir, name).map(|(v, _)| v)
}

/// `dir/name` parsed as `T`, with the bytes it was read from (to hash them).
pub fn read_with_bytes<T: DeserializeOwned>(dir: &Path, name: &str) -> Result<(T, Vec<u8>), FormatError> {
    if !dir.is_dir() {
        let source = std::io::Error::new(std::io::ErrorKind::NotFound, "no such directory");
        return Err(FormatError::Io { file: dir.to_path_buf(), source });
    }
    let file = dir.join(name);
    let bytes = std::fs::read(&file).map_err(|source| FormatError::Io { file: file.clone(), source })?;
    let value = serde_json::from_slice(&bytes).map_err(|source| FormatError::Json { file, source })?;
    Ok((value, bytes))
}

/// Both JSON files of a data directory.
#[derive(Clone, Debug)]
pub struct DataDir {
    /// `endgame.json`.
    pub endgame: EndgameFile,
    /// `daily.json`.
    pub daily: DailyFile,
}

impl DataDir {
    /// Reads `dir/endgame.json` and `dir/daily.json`.
    pub fn load(dir: &Path) -> Result<DataDir, FormatError> {
        Ok(DataDir { endgame: read(dir, Set::Endgame.file_name())?, daily: read(dir, Set::Daily.file_name())? })
    }
}

/// A data file's bytes: pretty-printed JSON and a final newline.
pub fn to_json<T: Serialize>(value: &T) -> Vec<u8> {
    let mut v = serde_json::to_vec_pretty(value).expect("records serialize");
    v.push(b'\n');
    v
}
