//! Reading the shipped data for people (docs/cli.md §4): `discflip show`, one
//! board as a text diagram with its legal moves, their values, the par move
//! and the traps; and `discflip daily`, a date's trio.

use crate::files::{ReadError, Set, read_json};
use engine::{Color, Position, Square};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// Why a board could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// A data file could not be read as JSON.
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("no board `{0}` in endgame.json or daily.json (give an id such as e10-0123456789ab or a 64-square board)")]
    /// No board with that id or board string.
    Unknown(String),
    /// A record or day lacks what the command needs.
    #[error("{file}: board {id}: {what}")]
    Record {
        /// The file.
        file: String,
        /// The board's id.
        id: String,
        /// What is wrong.
        what: String,
    },
}

/// Where a board was found.
struct Found<'a> {
    record: &'a Value,
    /// "endgame", or "daily day N (Wkd)".
    place: String,
}

/// Does `record` answer to `key` (its id, or its board string with or without ` X`)?
fn matches(record: &Value, key: &str) -> bool {
    let board = key.strip_suffix(" X").unwrap_or(key);
    record["id"].as_str() == Some(key) || record["board"].as_str().is_some_and(|b| b.eq_ignore_ascii_case(board))
}

fn find<'a>(endgame: &'a Value, daily: &'a Value, key: &str) -> Option<Found<'a>> {
    if let Some(record) = endgame["boards"].as_array()?.iter().find(|r| matches(r, key)) {
        return Some(Found { record, place: Set::Endgame.to_string() });
    }
    for day in daily["days"].as_array()? {
        if let Some(record) = day["boards"].as_array()?.iter().find(|r| matches(r, key)) {
            let place = format!("{} day {} ({})", Set::Daily, day["day"], day["weekday"].as_str().unwrap_or("?"));
            return Some(Found { record, place });
        }
    }
    None
}

/// `date`'s day of the Daily schedule with its three boards, their par and
/// par move, from `dir/daily.json`.
pub fn daily(dir: &Path, date: crate::dates::Date) -> Result<String, ShowError> {
    let json = read_json(dir, Set::Daily.file_name())?;
    let day = crate::schedule::day_of(date);
    let file = dir.join("daily.json").display().to_string();
    let entry = json["days"].get(day).ok_or_else(|| ShowError::Record {
        file: file.clone(),
        id: format!("day {day}"),
        what: "missing".into(),
    })?;
    let mut s = format!("{date} is day {day} ({})\n", entry["weekday"].as_str().unwrap_or("?"));
    for b in entry["boards"].as_array().into_iter().flatten() {
        let _ = writeln!(
            s,
            "{} {} X  empties {} par {:+} ({})",
            b["id"].as_str().unwrap_or("?"),
            b["board"].as_str().unwrap_or("?"),
            b["empties"],
            b["par"].as_i64().unwrap_or(0),
            b["par_move"].as_str().unwrap_or("?")
        );
    }
    Ok(s)
}

/// The diagram and move table of the board `key` (an id or a board string)
/// from the data in `dir`.
pub fn show(dir: &Path, key: &str) -> Result<String, ShowError> {
    let endgame = read_json(dir, Set::Endgame.file_name())?;
    let daily = read_json(dir, Set::Daily.file_name())?;
    let found = find(&endgame, &daily, key.trim()).ok_or_else(|| ShowError::Unknown(key.to_string()))?;
    render(&found)
}

fn squares(v: &Value) -> Vec<&str> {
    v.as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
}

fn render(found: &Found) -> Result<String, ShowError> {
    let r = found.record;
    let id = r["id"].as_str().unwrap_or("?").to_string();
    let bad = |what: &str| ShowError::Record { file: found.place.clone(), id: id.clone(), what: what.to_string() };
    let board = r["board"].as_str().ok_or_else(|| bad("no board string"))?;
    let pos = Position::from_board_str(board, Color::Dark).map_err(|e| bad(&e.to_string()))?;
    let moves = r["moves"].as_array().ok_or_else(|| bad("no moves"))?;
    let par_move = r["par_move"].as_str().unwrap_or("?");
    let biggest = squares(&r["biggest_flip"]);
    let level2 = squares(&r["level2"]);
    let legal: Vec<Square> = pos.legal_moves().collect();

    let mut s = String::new();
    let _ = writeln!(
        s,
        "{id}  {}  {} empty squares  par {:+} by {par_move}",
        found.place,
        r["empties"],
        r["par"].as_i64().unwrap_or(0)
    );
    let _ = writeln!(s, "\n    a b c d e f g h");
    for row in 0..8u8 {
        let _ = write!(s, " {}  ", row + 1);
        for col in 0..8u8 {
            let sq = Square::new(row * 8 + col).expect("on the board");
            let c = match pos.disc_at(sq) {
                Some(Color::Dark) => 'X',
                Some(Color::Light) => 'O',
                None if legal.contains(&sq) => '*',
                None => '.',
            };
            let _ = write!(s, "{c}{}", if col < 7 { " " } else { "\n" });
        }
    }
    let _ = writeln!(
        s,
        "\nX Dark, to move ({} discs)   O Light ({} discs)   * legal move   . empty",
        pos.dark().count(),
        pos.light().count()
    );
    let _ = writeln!(s, "\nmove  value  flips  reply  note");
    for m in moves {
        let sq = m["move"].as_str().unwrap_or("?");
        let mut notes = Vec::new();
        if sq == par_move {
            notes.push("par");
        }
        if biggest.contains(&sq) {
            notes.push("trap: biggest flip");
        }
        if level2.contains(&sq) {
            notes.push("trap: Level 2's move");
        }
        let line = format!(
            "{sq:<5} {:>+5}  {:>5}  {:<5}  {}",
            m["value"].as_i64().unwrap_or(0),
            m["flips"].as_u64().unwrap_or(0),
            m["reply"].as_str().unwrap_or("?"),
            notes.join(", ")
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let sol = &r["solution"];
    if let Some(lines) = sol["lines"].as_array() {
        let _ = writeln!(
            s,
            "\ndifficulty {} (tier {}), random play reaches par {:.4}%, {} par lines{}:",
            sol["difficulty"],
            sol["tier"],
            100.0 * sol["random_par_chance"].as_f64().unwrap_or(0.0),
            sol["line_count"],
            if lines.len() as u64 == sol["line_count"].as_u64().unwrap_or(0) { "" } else { " (the first listed)" }
        );
        for line in lines {
            let moves: Vec<&str> = line.as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let _ = writeln!(s, "  {}", moves.join(" "));
        }
    }
    Ok(s)
}
