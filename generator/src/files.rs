//! The data files (docs/formats.md §1–3): `endgame.json`, `daily.json`, the
//! OBF files and `SHA256SUMS`, as bytes in write order.

use crate::keep::KeptProvenance;
use crate::puzzle::{BoardRecord, obf_line};
use crate::sampling;
use crate::schedule::{EPOCH, WEEKDAYS};
use crate::sets::Generated;
use serde::Serialize;

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

/// A data file that could not be read as JSON.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file.
        file: String,
        /// The cause.
        source: std::io::Error,
    },
    /// A file is not valid JSON.
    #[error("{file}: malformed JSON: {source}")]
    Json {
        /// The file.
        file: String,
        /// The cause.
        source: serde_json::Error,
    },
}

/// `dir/name` read and parsed as JSON, for the commands that read the data
/// for people (`show`, `daily`, `diff`).
pub fn read_json(dir: &std::path::Path, name: &str) -> Result<serde_json::Value, ReadError> {
    let path = dir.join(name);
    let file = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|source| ReadError::Io { file: file.clone(), source })?;
    serde_json::from_str(&text).map_err(|source| ReadError::Json { file, source })
}

/// The fields both JSON files open with.
#[derive(Serialize)]
struct Header {
    format: u32,
    generator: String,
    seed: u64,
    scoring: &'static str,
    sampling: &'static str,
}

impl Header {
    fn of(g: &Generated) -> Header {
        Header {
            format: FORMAT,
            generator: format!("discflip {}", env!("CARGO_PKG_VERSION")),
            seed: g.seed,
            scoring: SCORING,
            sampling: sampling::METHOD,
        }
    }
}

/// The data format's version number.
pub const FORMAT: u32 = 2;

#[derive(Serialize)]
struct EndgameFile<'a> {
    #[serde(flatten)]
    header: Header,
    boards: &'a [BoardRecord],
}

#[derive(Serialize)]
struct DayEntry<'a> {
    day: usize,
    weekday: &'static str,
    boards: &'a [BoardRecord],
}

#[derive(Serialize)]
struct DailyFile<'a> {
    #[serde(flatten)]
    header: Header,
    epoch: &'static str,
    cycle_days: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    kept_days: Option<&'a KeptProvenance>,
    days: Vec<DayEntry<'a>>,
}

const SCORING: &str = "value = final margin Dark - Light with perfect play; empty squares count for nobody";

const OBF_HEADER: &str = "% Disc Flip puzzle boards, Dark (X) to move. OBF scores follow the OBF convention: \
empty squares go to the winner (unlike the game's margin, where they count for nobody).\n";

/// The data files, in write order (SHA256SUMS last).
pub fn data_files(g: &Generated) -> Vec<(String, Vec<u8>)> {
    let endgame = EndgameFile { header: Header::of(g), boards: &g.endgame };
    let daily = DailyFile {
        header: Header::of(g),
        epoch: EPOCH,
        cycle_days: g.days.len(),
        kept_days: g.kept.as_ref(),
        days: g
            .days
            .iter()
            .enumerate()
            .map(|(d, b)| DayEntry { day: d, weekday: WEEKDAYS[d % 7], boards: b })
            .collect(),
    };
    let obf = |boards: &mut dyn Iterator<Item = &BoardRecord>| {
        let mut s = OBF_HEADER.to_string();
        for b in boards {
            s += &obf_line(b);
            s.push('\n');
        }
        s.into_bytes()
    };
    let mut files = vec![
        (Set::Endgame.file_name().to_string(), to_pretty_json(&endgame)),
        (Set::Daily.file_name().to_string(), to_pretty_json(&daily)),
        ("endgame.obf".to_string(), obf(&mut g.endgame.iter())),
        ("daily.obf".to_string(), obf(&mut g.days.iter().flatten())),
    ];
    let sums = crate::output::sha256sums(&files);
    files.push(("SHA256SUMS".to_string(), sums));
    files
}

fn to_pretty_json<T: Serialize>(value: &T) -> Vec<u8> {
    let mut v = serde_json::to_vec_pretty(value).expect("records serialize");
    v.push(b'\n');
    v
}
