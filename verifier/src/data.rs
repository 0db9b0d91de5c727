//! The verifier's own reading of the data format (docs/formats.md#dataendgamejson-and-datadailyjson).
//! Every field the format names is required (the optional ones as the format
//! says) and an unknown field is refused, as the schemas do; the fields the
//! checks do not read are only skipped ([`IgnoredAny`]).

use serde::Deserialize;
use serde::de::IgnoredAny;

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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
    /// The stated themes (absent in format 3).
    #[serde(default)]
    pub themes: Option<Vec<String>>,
    /// What the game shows beside the board (not checked here).
    pub display: IgnoredAny,
    /// How the board was made (not checked here).
    pub provenance: IgnoredAny,
}

/// A board's `solution` object as the data states it.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
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

/// The fields both files open with (docs/formats.md#dataendgamejson-and-datadailyjson),
/// required but not read here (the levels check reads `levels_sha256` itself).
#[derive(Deserialize, Debug)]
pub struct Header {
    /// The format number (checked by the levels check).
    pub format: IgnoredAny,
    /// The generator's name and version.
    pub generator: IgnoredAny,
    /// The release seed.
    pub seed: IgnoredAny,
    /// The scoring rule, in words.
    pub scoring: IgnoredAny,
    /// The sampling, in words.
    pub sampling: IgnoredAny,
    /// The levels file's SHA-256 (absent in format 2; checked by the levels check).
    #[serde(default)]
    pub levels_sha256: Option<IgnoredAny>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
/// `endgame.json`, the fields the verifier reads.
pub struct EndgameFile {
    /// The header, which these checks skip.
    #[serde(flatten)]
    pub header: Header,
    /// The boards.
    pub boards: Vec<BoardRecord>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
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
#[serde(deny_unknown_fields)]
/// `daily.json`, the fields the verifier reads.
pub struct DailyFile {
    /// The header, which these checks skip.
    #[serde(flatten)]
    pub header: Header,
    /// The stated epoch (a Monday).
    pub epoch: String,
    /// The stated cycle length.
    pub cycle_days: u32,
    /// Where kept days came from, when days were kept (not checked here).
    #[serde(default)]
    pub kept_days: Option<IgnoredAny>,
    /// The days.
    pub days: Vec<Day>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// Every object the verifier reads refuses a field the format does not
    /// name: the top of each file, a day, a board, a move, a solution, tries.
    #[test]
    fn an_unknown_field_is_refused_in_every_object() {
        let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixture");
        let read =
            |name: &str| -> Value { serde_json::from_slice(&std::fs::read(fixture.join(name)).unwrap()).unwrap() };
        let (endgame, daily) = (read("endgame.json"), read("daily.json"));
        let refuses = |file: &Value, at: &str, parse: &dyn Fn(Value) -> Result<(), serde_json::Error>| {
            parse(file.clone()).unwrap_or_else(|e| panic!("{at}: the file as it is: {e}"));
            let mut changed = file.clone();
            let object = changed.pointer_mut(at).and_then(Value::as_object_mut).unwrap_or_else(|| panic!("{at}"));
            object.insert("extra".into(), json!(1));
            let e = parse(changed).expect_err(at);
            assert!(e.to_string().contains("unknown field `extra`"), "{at}: {e}");
        };
        let endgame_file = |v| serde_json::from_value::<EndgameFile>(v).map(drop);
        for at in ["", "/boards/0", "/boards/0/moves/0", "/boards/0/solution", "/boards/0/solution/levels/0"] {
            refuses(&endgame, at, &endgame_file);
        }
        let daily_file = |v| serde_json::from_value::<DailyFile>(v).map(drop);
        for at in ["", "/days/0", "/days/0/boards/1"] {
            refuses(&daily, at, &daily_file);
        }
        // The fields the checks skip are still required, except those a format may lack.
        let mut bare = endgame.clone();
        bare["boards"][0].as_object_mut().unwrap().remove("display");
        assert!(endgame_file(bare).unwrap_err().to_string().contains("missing field `display`"));
        let mut older = endgame;
        older.as_object_mut().unwrap().remove("levels_sha256");
        older["boards"][0].as_object_mut().unwrap().remove("themes");
        assert!(endgame_file(older).is_ok(), "format 2 has no levels_sha256, format 3 no themes");
    }
}
