//! Reading the shipped data for people (docs/cli.md §4): `discflip show`, one
//! board as a text diagram with its legal moves, their values, the par move
//! and the traps; and `discflip daily`, a date's trio.

use engine::{Color, Position, Square};
use format::{BoardRecord, DailyFile, DataDir, FormatError, Set};
use std::fmt::Write as _;
use std::path::Path;

/// Why a board could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// A data file could not be read.
    #[error(transparent)]
    Read(#[from] FormatError),
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
    record: &'a BoardRecord,
    /// "endgame", or "daily day N (Wkd)".
    place: String,
}

/// Does `record` answer to `key` (its id, or its board string with or without ` X`)?
fn matches(record: &BoardRecord, key: &str) -> bool {
    let board = key.strip_suffix(" X").unwrap_or(key);
    record.id == key || record.board.eq_ignore_ascii_case(board)
}

fn find<'a>(data: &'a DataDir, key: &str) -> Option<Found<'a>> {
    if let Some(record) = data.endgame.boards.iter().find(|r| matches(r, key)) {
        return Some(Found { record, place: Set::Endgame.to_string() });
    }
    let (day, record) = data.daily.boards().find(|(_, r)| matches(r, key))?;
    Some(Found { record, place: format!("{} day {} ({})", Set::Daily, day.day, day.weekday) })
}

/// `date`'s day of the Daily schedule with its three boards, their par and
/// par move, from `dir/daily.json`.
pub fn daily(dir: &Path, date: crate::dates::Date) -> Result<String, ShowError> {
    let daily: DailyFile = format::read(dir, Set::Daily.file_name())?;
    let day = crate::schedule::day_of(date);
    let entry = daily.days.get(day).ok_or_else(|| ShowError::Record {
        file: dir.join(Set::Daily.file_name()).display().to_string(),
        id: format!("day {day}"),
        what: "missing".into(),
    })?;
    let mut s = format!("{date} is day {day} ({})\n", entry.weekday);
    for b in &entry.boards {
        let _ = writeln!(s, "{} {} X  empties {} par {:+} ({})", b.id, b.board, b.empties, b.par, b.par_move);
    }
    Ok(s)
}

/// The diagram and move table of the board `key` (an id or a board string)
/// from the data in `dir`.
pub fn show(dir: &Path, key: &str) -> Result<String, ShowError> {
    let data = DataDir::load(dir)?;
    let found = find(&data, key.trim()).ok_or_else(|| ShowError::Unknown(key.to_string()))?;
    render(&found)
}

fn render(found: &Found) -> Result<String, ShowError> {
    let r = found.record;
    let bad = |what: &str| ShowError::Record { file: found.place.clone(), id: r.id.clone(), what: what.to_string() };
    let pos = Position::from_board_str(&r.board, Color::Dark).map_err(|e| bad(&e.to_string()))?;
    let legal: Vec<Square> = pos.legal_moves().collect();

    let mut s = String::new();
    let _ = writeln!(s, "{}  {}  {} empty squares  par {:+} by {}", r.id, found.place, r.empties, r.par, r.par_move);
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
    for m in &r.moves {
        let mut notes = Vec::new();
        if m.square == r.par_move {
            notes.push("par");
        }
        if r.biggest_flip.contains(&m.square) {
            notes.push("trap: biggest flip");
        }
        if r.level2.contains(&m.square) {
            notes.push("trap: Level 2's move");
        }
        let reply = format::move_name(&m.reply);
        let line =
            format!("{:<5} {:>+5}  {:>5}  {reply:<5}  {}", m.square.to_string(), m.value, m.flips, notes.join(", "));
        let _ = writeln!(s, "{}", line.trim_end());
    }
    if let Some(sol) = &r.solution {
        let _ = writeln!(
            s,
            "\ndifficulty {} (tier {}), random play reaches par {:.4}%, {} par lines{}:",
            sol.difficulty,
            sol.tier,
            100.0 * sol.random_par_chance,
            sol.line_count,
            if sol.lines.len() as u64 == sol.line_count { "" } else { " (the first listed)" }
        );
        for line in &sol.lines {
            let _ = writeln!(s, "  {}", format::line_text(line));
        }
    }
    Ok(s)
}
