//! Reading the shipped data for people (docs/cli.md#show): `discflip show`, one
//! board as a text diagram with its legal moves, their values, the par move
//! and the traps; and `discflip daily`, a date's trio.

use crate::present::Error;
use crate::puzzles::dates::Date;
use engine::{Color, Position, Square};
use format::{BoardRecord, DailyFile, DataDir, Set};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where a board was found.
struct Found<'a> {
    record: &'a BoardRecord,
    /// The file it is in.
    file: PathBuf,
    /// "endgame", or "daily day N (Wkd)".
    place: String,
    /// Its day in the Daily cycle.
    day: Option<usize>,
}

/// Does `record` answer to `key` (its id, or its board string with or without ` X`)?
fn matches(record: &BoardRecord, key: &str) -> bool {
    let board = key.strip_suffix(" X").unwrap_or(key);
    record.id == key || record.board.eq_ignore_ascii_case(board)
}

fn find<'a>(dir: &Path, data: &'a DataDir, key: &str) -> Option<Found<'a>> {
    if let Some(record) = data.endgame.boards.iter().find(|r| matches(r, key)) {
        return Some(Found {
            record,
            file: dir.join(Set::Endgame.file_name()),
            place: Set::Endgame.to_string(),
            day: None,
        });
    }
    let (day, record) = data.daily.boards().find(|(_, r)| matches(r, key))?;
    let place = format!("{} day {} ({})", Set::Daily, day.day, day.weekday);
    Some(Found { record, file: dir.join(Set::Daily.file_name()), place, day: Some(day.day) })
}

/// `date`'s day of the Daily schedule with its three boards, their par and
/// par move, from `dir/daily.json`.
pub fn daily(dir: &Path, date: Date) -> Result<String, Error> {
    let daily: DailyFile = format::read(dir, Set::Daily.file_name())?;
    let day = crate::puzzles::schedule::day_of(date);
    let entry = daily
        .days
        .get(day)
        .ok_or_else(|| Error::Shape { file: dir.join(Set::Daily.file_name()), what: format!("day {day}: missing") })?;
    let mut s = format!("{date} is day {day} ({})\n", entry.weekday);
    for b in &entry.boards {
        let _ = writeln!(s, "{} {} X  empties {} par {:+} ({})", b.id, b.board, b.empties, b.par, b.par_move);
    }
    Ok(s)
}

/// The diagram and move table of the board `key` (an id or a board string)
/// from the data in `dir`; a Daily board with its date in the cycle that
/// holds `today`.
pub fn show(dir: &Path, key: &str, today: Date) -> Result<String, Error> {
    let data = DataDir::load(dir)?;
    let mut found = find(dir, &data, key.trim()).ok_or_else(|| Error::Unknown(key.to_string()))?;
    if let Some(day) = found.day {
        let file = dir.join(Set::Daily.file_name());
        let epoch = Date::parse(&data.daily.epoch)
            .map_err(|e| Error::Shape { file: file.clone(), what: format!("epoch: {e}") })?;
        let start = crate::files::diff::cycle_start(epoch, today, data.daily.cycle_days);
        let end = Date(start.0 + data.daily.cycle_days as i64 - 1);
        let _ = write!(found.place, ", on {} (the cycle of {start} to {end})", Date(start.0 + day as i64));
    }
    let levels = format::LevelsFile::choose(None, dir)?;
    let mut s = render(&found)?;
    let _ = writeln!(
        s,
        "\nLevel 2's moves as {} sets them: \"{}\" (SHA-256 {})",
        format::LEVELS_FILE,
        levels.name,
        &levels.sha256[..16]
    );
    Ok(s)
}

fn render(found: &Found) -> Result<String, Error> {
    let r = found.record;
    let bad =
        |what: &str| Error::Shape { file: found.file.clone(), what: format!("{} board {}: {what}", found.place, r.id) };
    let pos = Position::from_board_str(&r.board, Color::Dark).map_err(|e| bad(&e.to_string()))?;
    let legal: Vec<Square> = pos.legal_moves().iter().collect();

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
        let roles = r.roles(m.square);
        let notes: Vec<&str> =
            [(roles.par, "par"), (roles.biggest_flip, "trap: biggest flip"), (roles.level2, "trap: Level 2's move")]
                .into_iter()
                .filter_map(|(on, note)| on.then_some(note))
                .collect();
        let reply = format::move_name(&m.reply);
        let line =
            format!("{:<5} {:>+5}  {:>5}  {reply:<5}  {}", m.square.to_string(), m.value, m.flips, notes.join(", "));
        let _ = writeln!(s, "{}", line.trim_end());
    }
    teaching(&mut s, r);
    if let Some(sol) = &r.solution {
        let _ = writeln!(
            s,
            "\ndifficulty {} (tier {}), random play reaches par {}%, {}{}:",
            sol.difficulty,
            sol.tier,
            percent(sol.random_par_chance),
            format::counted(sol.line_count, "par line"),
            if sol.lists_every_line() { "" } else { " (the first listed)" }
        );
        let _ = writeln!(s, "  (each number: Dark's move, then the computer's reply)");
        for line in &sol.lines {
            let _ = writeln!(s, "  {}", format::line_text(line));
        }
    }
    Ok(s)
}

/// The board's themes with their tips, and why each trap fails: its line to
/// the end and how far short of par it ends (docs/puzzles.md#themes and #the-why-of-every-trap).
fn teaching(s: &mut String, r: &BoardRecord) {
    if let Some(themes) = &r.themes {
        let named: Vec<String> = themes
            .iter()
            .map(|t| t.tip().map_or_else(|| t.to_string(), |tip| format!("{t} ({})", tip.trim_end_matches('.'))))
            .collect();
        let _ = writeln!(s, "\nthemes: {}", if named.is_empty() { "none".to_string() } else { named.join(", ") });
    }
    let traps: Vec<&format::MoveRecord> = r.moves.iter().filter(|m| m.line.is_some()).collect();
    if traps.is_empty() {
        return;
    }
    let _ = writeln!(s, "\nwhy the traps fail (each number: a move, then the reply; perfect play after the trap):");
    for m in traps {
        let _ = writeln!(s, "  {}", trap_sentence(r, m));
    }
}

/// Why trap move `m` of `r` fails, in words: "g6 flips 4 but Light answers e7:
/// 1. g6 e7  2. …; the board ends +4, 2 short of par".
pub(crate) fn trap_sentence(r: &BoardRecord, m: &format::MoveRecord) -> String {
    format!(
        "{} flips {} but Light answers {}: {}; the board ends {:+}, {} short of par",
        m.square,
        m.flips,
        format::move_name(&m.reply),
        format::line_text(m.line.as_deref().unwrap_or_default()),
        m.value,
        r.par - m.value
    )
}

/// A chance as a percentage with at most four decimals and no trailing
/// zeros: `0.125` is `12.5`, `0.0000123` is `0.0012`, `1` is `100`.
fn percent(chance: f64) -> String {
    let text = format!("{:.4}", 100.0 * chance);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::fixture::{record, release};

    #[test]
    fn percentages_drop_trailing_zeros() {
        assert_eq!(percent(0.125), "12.5");
        assert_eq!(percent(1.0), "100");
        assert_eq!(percent(0.0000123), "0.0012");
        assert_eq!(percent(0.0), "0");
        assert_eq!(percent(0.333333), "33.3333");
    }

    fn day(text: &str) -> Date {
        Date::parse(text).unwrap()
    }

    /// The template's board, read row by row from its board string: g5, g6,
    /// e7 and f7 are its legal moves.
    const DIAGRAM: &str = "
    a b c d e f g h
 1  X X X X O X . X
 2  O O O O O X X .
 3  X O X O X O X X
 4  X O X X O O O X
 5  X X X X X O * X
 6  X X O X O X * X
 7  X X X O * * X .
 8  X X X X X X . X

X Dark, to move (39 discs)   O Light (17 discs)   * legal move   . empty

move  value  flips  reply  note
g5      -12      3  e7
g6       +4      4  e7     trap: biggest flip
e7       +6      2  f7     par
f7       +4      1  e7     trap: Level 2's move
";

    #[test]
    fn a_board_is_drawn_with_its_moves_lines_and_levels() {
        let root = tempfile::tempdir().unwrap();
        let (data, _) = release(root.path());
        let shown = show(&data, "e08-000000000001", day("2026-12-06")).unwrap();
        let lines = "1. e7 f7  2. g6 h2  3. g1 g5  4. pass h7  5. pass g8\n  1. e7 f7  2. g6 h2  3. g5 g1  4. pass h7  5. pass g8";
        let levels = format::LevelsFile::game();
        let want = format!(
            "e08-000000000001  endgame  8 empty squares  par +6 by e7\n{DIAGRAM}\n\
             difficulty 20 (tier 2), random play reaches par 12.5%, 2 par lines:\n  \
             (each number: Dark's move, then the computer's reply)\n  {lines}\n\n\
             Level 2's moves as levels.json sets them: \"{}\" (SHA-256 {})\n",
            format::GAME_NAME,
            &levels.sha256[..16]
        );
        assert_eq!(shown, want);
        // Found by its board string too, in either case, with or without " X": the first such board.
        let board = record().board;
        for key in [board.clone(), board.to_lowercase(), format!("{board} X"), format!("  {board}\n")] {
            let shown = show(&data, &key, day("2026-12-06")).unwrap();
            assert!(shown.starts_with("e08-000000000000  endgame  8 empty"), "{key}: {shown}");
        }
        let Err(Error::Unknown(key)) = show(&data, "e08-999999999999", day("2026-12-06")) else { panic!("unknown") };
        assert_eq!(key, "e08-999999999999");
        let Err(Error::Unknown(_)) = show(&data, &board[..63], day("2026-12-06")) else { panic!("63 squares") };
    }

    /// The nine-day cycle from 2025-01-06: 2025-01-26 is day 20, in the cycle
    /// of 2025-01-24 (day 18) to 2025-02-01, where day 5 is 2025-01-29.
    #[test]
    fn a_daily_board_is_dated_in_todays_cycle() {
        let root = tempfile::tempdir().unwrap();
        let (data, _) = release(root.path());
        let shown = show(&data, "e08-000000000105", day("2025-01-26")).unwrap();
        assert!(
            shown.starts_with(
                "e08-000000000105  daily day 5 (Sat), on 2025-01-29 (the cycle of 2025-01-24 to 2025-02-01)  8 empty squares"
            ),
            "{shown}"
        );
        let shown = show(&data, "e08-000000000100", day("2025-01-23")).unwrap();
        assert!(shown.contains("day 0 (Mon), on 2025-01-15 (the cycle of 2025-01-15 to 2025-01-23)"), "{shown}");
        let text = std::fs::read_to_string(data.join("daily.json")).unwrap();
        std::fs::write(data.join("daily.json"), text.replace("2025-01-06", "2025-13-06")).unwrap();
        let Err(e @ Error::Shape { .. }) = show(&data, "e08-000000000105", day("2025-01-26")) else { panic!("epoch") };
        assert!(e.to_string().starts_with(&format!("{}: epoch: ", data.join("daily.json").display())), "{e}");
    }

    #[test]
    fn themes_and_traps_are_taught() {
        let root = tempfile::tempdir().unwrap();
        let (data, _) = release(root.path());
        let mut file: format::EndgameFile = format::read(&data, "endgame.json").unwrap();
        let r = &mut file.boards[0];
        r.themes = Some(vec![format::Theme::Corner, format::Theme::Edge]);
        r.moves[1].line = Some(["g6", "e7", "h2"].map(|s| Some(s.parse().unwrap())).to_vec());
        r.solution.as_mut().unwrap().line_count = 3;
        file.boards[1].themes = Some(vec![]);
        file.boards[1].solution = None;
        std::fs::write(data.join("endgame.json"), format::to_json(&file)).unwrap();
        let shown = show(&data, "e08-000000000000", day("2026-12-06")).unwrap();
        assert!(
            shown.contains(
                "f7       +4      1  e7     trap: Level 2's move\n\nthemes: corner (Take the corners), edge\n\n\
                 why the traps fail (each number: a move, then the reply; perfect play after the trap):\n  \
                 g6 flips 4 but Light answers e7: 1. g6 e7  2. h2; the board ends +4, 2 short of par\n\n\
                 difficulty 20 (tier 2), random play reaches par 12.5%, 3 par lines (the first listed):\n"
            ),
            "{shown}"
        );
        let shown = show(&data, "e08-000000000001", day("2026-12-06")).unwrap();
        assert!(
            shown.contains("f7       +4      1  e7     trap: Level 2's move\n\nthemes: none\n\nLevel 2's"),
            "{shown}"
        );
        file.boards[0].board = "XO".into();
        std::fs::write(data.join("endgame.json"), format::to_json(&file)).unwrap();
        let Err(e @ Error::Shape { .. }) = show(&data, "e08-000000000000", day("2026-12-06")) else { panic!("board") };
        let want = format!("{}: endgame board e08-000000000000: ", data.join("endgame.json").display());
        assert!(e.to_string().starts_with(&want), "{e}");
    }

    /// The 420-day schedule from 2025-01-06: 2025-01-11 is day 5, 2025-01-15 day 9.
    #[test]
    fn a_dates_trio_is_its_days() {
        let root = tempfile::tempdir().unwrap();
        let (data, _) = release(root.path());
        let board = record().board;
        assert_eq!(
            daily(&data, day("2025-01-11")).unwrap(),
            format!("2025-01-11 is day 5 (Sat)\ne08-000000000105 {board} X  empties 8 par +6 (e7)\n")
        );
        let Err(e) = daily(&data, day("2025-01-15")) else { panic!("day 9 of a nine-day file") };
        assert_eq!(e.to_string(), format!("{}: day 9: missing", data.join("daily.json").display()));
    }
}
