//! The levels file, `data/levels.json` (docs/formats.md#datalevelsjson): every
//! computer level's settings as [`engine::Levels`], read with errors that name
//! the key and the line, and written in a layout people read (a table row
//! per line).

use engine::{
    ClubSettings, Level1Settings, Level2Settings, Level5Settings, Levels, MAX_CLUB_DEPTH, MAX_SQUARE_VALUE, Mobility,
    SquareTable,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The levels file's name in a data directory.
pub const LEVELS_FILE: &str = "levels.json";

/// The levels file's format version.
pub const LEVELS_FORMAT: u32 = 1;

/// A levels file as read: its settings, its exact bytes (a release ships
/// them unchanged) and their SHA-256.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelsFile {
    /// The settings.
    pub levels: Levels,
    /// The reading's name (`name` in the file).
    pub name: String,
    /// Where its square table comes from (`squares.source`).
    pub source: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Their SHA-256, lowercase hex.
    pub sha256: String,
}

impl LevelsFile {
    /// Reads and checks the levels file at `path`.
    pub fn read(path: &Path) -> Result<LevelsFile, LevelsFileError> {
        let bytes = std::fs::read(path).map_err(|e| LevelsFileError {
            file: path.to_path_buf(),
            line: None,
            key: String::new(),
            why: e.to_string(),
        })?;
        LevelsFile::parse(path, bytes)
    }

    /// Parses and checks `bytes`, the contents of `file`.
    pub fn parse(file: &Path, bytes: Vec<u8>) -> Result<LevelsFile, LevelsFileError> {
        let fail = |line: Option<usize>, key: String, why: String| LevelsFileError {
            file: file.to_path_buf(),
            line,
            key,
            why,
        };
        let text = std::str::from_utf8(&bytes).map_err(|e| fail(None, String::new(), format!("not UTF-8: {e}")))?;
        let de = &mut serde_json::Deserializer::from_str(text);
        let wire: Wire = serde_path_to_error::deserialize(de).map_err(|e| {
            let key = e.path().to_string();
            let inner = e.into_inner();
            let line = (inner.line() > 0).then_some(inner.line());
            fail(line, if key == "." { String::new() } else { key }, strip_position(&inner.to_string()))
        })?;
        if wire.format != LEVELS_FORMAT {
            return Err(fail(
                key_line(text, "format"),
                "format".into(),
                format!("is {}, this discflip reads {LEVELS_FORMAT}", wire.format),
            ));
        }
        let levels = wire.levels().map_err(|(key, why)| fail(key_line(text, key), key.to_string(), why))?;
        levels.check().map_err(|e| fail(key_line(text, e.key), e.key.to_string(), e.why))?;
        let sha256 = sha256_hex(&bytes);
        Ok(LevelsFile { levels, name: wire.name, source: wire.squares.source, bytes, sha256 })
    }

    /// `levels` as a levels file named `name` whose square table comes
    /// from `source`, in the layout [`to_text`] writes.
    pub fn from_levels(name: &str, source: &str, levels: &Levels) -> LevelsFile {
        let bytes = to_text(name, source, levels).into_bytes();
        let sha256 = sha256_hex(&bytes);
        LevelsFile { levels: *levels, name: name.to_string(), source: source.to_string(), bytes, sha256 }
    }

    /// The game's built-in settings ([`Levels::GAME`]) as a levels file.
    pub fn game() -> LevelsFile {
        LevelsFile::from_levels(GAME_NAME, GAME_SOURCE, &Levels::GAME)
    }

    /// The levels a job plays by: `explicit` when given, else `data_dir`'s
    /// levels file when it has one, else the game's built-in settings
    /// (docs/players.md#the-levels-file).
    pub fn choose(explicit: Option<&Path>, data_dir: &Path) -> Result<LevelsFile, LevelsFileError> {
        match explicit {
            Some(path) => LevelsFile::read(path),
            None if data_dir.join(LEVELS_FILE).exists() => LevelsFile::read(&data_dir.join(LEVELS_FILE)),
            None => Ok(LevelsFile::game()),
        }
    }
}

/// The name of the game's built-in settings.
pub const GAME_NAME: &str = "the game's levels";
/// Where the game's square table comes from.
pub const GAME_SOURCE: &str = "P. Norvig, Paradigms of Artificial Intelligence Programming (1992), ch. 18: the weighted squares \
of *weights*, and modified-weighted-squares: a taken corner's neighbours score 5 \
(docs/players.md#square-values-the-help-pages-figure-3)";

/// Lowercase hex SHA-256 of `bytes`.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A levels file that cannot be used: the file, the line (when known), the
/// key, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{}: {}{}", file.display(), line.map(|l| format!(" line {l}")).unwrap_or_default(), if key.is_empty() { String::new() } else { format!("{key}: ") }, why)]
pub struct LevelsFileError {
    /// The file.
    pub file: PathBuf,
    /// The line, from 1, when known.
    pub line: Option<usize>,
    /// The key (`level3.depth`), empty for the file as a whole.
    pub key: String,
    /// What is wrong.
    pub why: String,
}

/// serde_json's message without its " at line L column C" (the error says the line itself).
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The line (from 1) where the key at dotted `path` is written in the JSON
/// `text`, found by walking its objects; `None` when it is not there.
pub fn key_line(text: &str, path: &str) -> Option<usize> {
    let want: Vec<&str> = path.split('.').collect();
    let mut stack: Vec<Option<String>> = Vec::new(); // the key each open object or array sits under
    let mut pending: Option<String> = None; // the last key read in the current object
    let (mut line, mut chars) = (1, text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => s.push(c),
                    }
                }
                while chars.peek().is_some_and(|c| c.is_whitespace() && *c != '\n') {
                    chars.next();
                }
                if chars.peek() == Some(&':') {
                    let mut at: Vec<&str> = stack.iter().flatten().map(String::as_str).collect();
                    at.push(&s);
                    if at == want {
                        return Some(line);
                    }
                    pending = Some(s);
                }
            }
            '{' | '[' => stack.push(pending.take()),
            '}' | ']' => {
                stack.pop();
                pending = None;
            }
            _ => {}
        }
    }
    None
}

/// The file's shape; every object refuses unknown keys. The schema's ranges
/// are [`Levels::check`]'s where a range says it (docs/formats.md#datalevelsjson).
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsFile")]
pub(crate) struct Wire {
    /// The levels file's format version (1).
    #[schemars(extend("const" = LEVELS_FORMAT))]
    format: u32,
    /// The reading's name, for people.
    name: String,
    /// The square tables.
    squares: WireSquares,
    /// Level 1.
    level1: WireLevel1,
    /// Level 2.
    level2: WireLevel2,
    /// Level 3.
    level3: ClubWire,
    /// Level 4.
    level4: ClubWire,
    /// Level 5.
    level5: WireLevel5,
    /// The computer's reply search limit in positions.
    #[schemars(range(min = 1_000, max = 100_000_000))]
    reply_limit: u64,
}

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsSquares")]
struct WireSquares {
    /// Where the square table comes from.
    source: String,
    /// 8 rows of 8 square values, row 1 (a1…h1) first, while the corner of the square's quadrant is empty.
    #[schemars(inner(inner(range(min = -MAX_SQUARE_VALUE, max = MAX_SQUARE_VALUE))))]
    corner_empty: [[i32; 8]; 8],
    /// The same once that corner is taken.
    #[schemars(inner(inner(range(min = -MAX_SQUARE_VALUE, max = MAX_SQUARE_VALUE))))]
    corner_taken: [[i32; 8]; 8],
}

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsLevel1")]
struct WireLevel1 {
    /// A random move with this probability (`4/5`), otherwise the biggest flip.
    #[schemars(pattern(r"^[0-9]+/[0-9]+$"))]
    random_share: String,
}

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsLevel2")]
struct WireLevel2 {
    /// Points per extra legal move, whole hundredths.
    #[schemars(range(min = 0, max = 100))]
    mobility_weight: f64,
    /// What an extra legal move counts after the move.
    mobility: WireMobility,
    /// The wobble drawn per candidate.
    wobble: WireWobble,
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy)]
#[schemars(rename = "LevelsMobility")]
enum WireMobility {
    #[serde(rename = "mover-minus-opponent")]
    Difference,
    #[serde(rename = "mover")]
    Own,
}

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsWobble")]
struct WireWobble {
    /// The distribution.
    shape: WireShape,
    /// Its low end (inclusive).
    low: f64,
    /// Its high end (exclusive).
    high: f64,
}

#[derive(Serialize, Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "LevelsWobbleShape")]
enum WireShape {
    Uniform,
}

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsClub")]
struct ClubWire {
    /// Plies searched.
    #[schemars(range(min = 1, max = MAX_CLUB_DEPTH))]
    depth: u32,
    /// Points per extra legal move (mover's minus opponent's).
    #[schemars(range(min = 0, max = 1_000))]
    mobility_weight: i32,
    /// The window of the best within which the root move is picked at random (0: exact ties).
    #[schemars(range(min = 0, max = 1_000))]
    pick_window: i32,
}

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LevelsLevel5")]
struct WireLevel5 {
    /// Positions per move.
    #[schemars(range(min = 1, max = 100_000_000))]
    budget: u64,
    /// Empties from which Level 5 solves exactly.
    #[schemars(range(max = 20))]
    exact_empties: u32,
    /// Points per settled disc.
    #[schemars(range(min = -1_000, max = 1_000))]
    settled_weight: i32,
    /// Points per frontier disc.
    #[schemars(range(min = -1_000, max = 1_000))]
    frontier_weight: i32,
    /// Points for parity.
    #[schemars(range(min = -1_000, max = 1_000))]
    parity_weight: i32,
    /// Empties from which parity counts.
    #[schemars(range(max = 60))]
    parity_empties: u32,
    /// The game's clock per move, in milliseconds (batch runs have none).
    time_limit_ms: u32,
}

fn flat(rows: &[[i32; 8]; 8]) -> [i32; 64] {
    let mut out = [0; 64];
    for (i, v) in rows.iter().flatten().enumerate() {
        out[i] = *v;
    }
    out
}

impl Wire {
    /// The settings, or the key whose value does not convert and why.
    fn levels(&self) -> Result<Levels, (&'static str, String)> {
        let share = parse_share(&self.level1.random_share)
            .ok_or(("level1.random_share", format!("`{}` is not a share like `4/5`", self.level1.random_share)))?;
        let hundredths = self.level2.mobility_weight * 100.0;
        if !hundredths.is_finite() || (hundredths - hundredths.round()).abs() > 1e-6 || hundredths.abs() > 1e6 {
            return Err((
                "level2.mobility_weight",
                format!("{} is not a whole number of hundredths", self.level2.mobility_weight),
            ));
        }
        let club = |c: &ClubWire| ClubSettings {
            depth: c.depth,
            mobility_weight: c.mobility_weight,
            pick_window: c.pick_window,
        };
        let l5 = &self.level5;
        Ok(Levels {
            squares: SquareTable {
                corner_empty: flat(&self.squares.corner_empty),
                corner_taken: flat(&self.squares.corner_taken),
            },
            level1: Level1Settings { random: share.0, out_of: share.1 },
            level2: Level2Settings {
                mobility_hundredths: hundredths.round() as i32,
                mobility: match self.level2.mobility {
                    WireMobility::Difference => Mobility::Difference,
                    WireMobility::Own => Mobility::Own,
                },
                wobble_low: self.level2.wobble.low,
                wobble_high: self.level2.wobble.high,
            },
            level3: club(&self.level3),
            level4: club(&self.level4),
            level5: Level5Settings {
                budget: l5.budget,
                exact_empties: l5.exact_empties,
                settled_weight: l5.settled_weight,
                frontier_weight: l5.frontier_weight,
                parity_weight: l5.parity_weight,
                parity_empties: l5.parity_empties,
                time_limit_ms: l5.time_limit_ms,
            },
            reply_limit: self.reply_limit,
        })
    }
}

/// `a/b` with whole numbers.
fn parse_share(s: &str) -> Option<(u32, u32)> {
    let (a, b) = s.split_once('/')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// A number as the file writes it: whole numbers without a fraction (Rust's
/// `Display` of an `f64` never adds one), and `-0` as `0`.
fn number(x: f64) -> String {
    format!("{}", x + 0.0)
}

/// `levels` as a levels file named `name`: JSON with each table row on one line.
pub fn to_text(name: &str, source: &str, levels: &Levels) -> String {
    let rows = |table: &[i32; 64]| {
        let lines: Vec<String> = table
            .chunks(8)
            .map(|r| format!("      [{}]", r.iter().map(|v| format!("{v:>4}")).collect::<Vec<_>>().join(",")))
            .collect();
        format!("[\n{}\n    ]", lines.join(",\n"))
    };
    let (l1, l2, l5) = (&levels.level1, &levels.level2, &levels.level5);
    let club = |c: &ClubSettings| {
        format!(
            "{{ \"depth\": {}, \"mobility_weight\": {}, \"pick_window\": {} }}",
            c.depth, c.mobility_weight, c.pick_window
        )
    };
    let json = |s: &str| serde_json::to_string(s).expect("a string serializes");
    format!(
        "{{\n  \"format\": {LEVELS_FORMAT},\n  \"name\": {},\n  \"squares\": {{\n    \"source\": {},\n    \"corner_empty\": {},\n    \"corner_taken\": {}\n  }},\n  \
         \"level1\": {{ \"random_share\": \"{}/{}\" }},\n  \
         \"level2\": {{\n    \"mobility_weight\": {},\n    \"mobility\": \"{}\",\n    \"wobble\": {{ \"shape\": \"uniform\", \"low\": {}, \"high\": {} }}\n  }},\n  \
         \"level3\": {},\n  \"level4\": {},\n  \
         \"level5\": {{\n    \"budget\": {},\n    \"exact_empties\": {},\n    \"settled_weight\": {},\n    \"frontier_weight\": {},\n    \"parity_weight\": {},\n    \"parity_empties\": {},\n    \"time_limit_ms\": {}\n  }},\n  \
         \"reply_limit\": {}\n}}\n",
        json(name),
        json(source),
        rows(&levels.squares.corner_empty),
        rows(&levels.squares.corner_taken),
        l1.random,
        l1.out_of,
        number(f64::from(l2.mobility_hundredths) / 100.0),
        l2.mobility.name(),
        number(l2.wobble_low),
        number(l2.wobble_high),
        club(&levels.level3),
        club(&levels.level4),
        l5.budget,
        l5.exact_empties,
        l5.settled_weight,
        l5.frontier_weight,
        l5.parity_weight,
        l5.parity_empties,
        l5.time_limit_ms,
        levels.reply_limit,
    )
}
