//! Every check of docs/verification.md §1 over a data directory.

use crate::data::{BoardRecord, DailyFile, EndgameFile};
use crate::rules::{Board, parse_square, square_name};
use crate::search::{Rule, Searcher};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

/// The game's reply-search limit (docs/puzzles.md §2).
pub const REPLY_LIMIT: u64 = 300_000;
pub const CYCLE_DAYS: usize = 420;
const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const FILES: [&str; 4] = ["endgame.json", "daily.json", "endgame.obf", "daily.obf"];

/// Input that cannot be checked at all: missing, unreadable or malformed.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{}: file is missing", .0.display())]
    Missing(PathBuf),
    #[error("{}: cannot read: {source}", file.display())]
    Io { file: PathBuf, source: std::io::Error },
    #[error("{}: malformed JSON at line {line}, column {column}: {message}", file.display())]
    Json { file: PathBuf, line: usize, column: usize, message: String },
    #[error("{}: {place}: {message}", file.display())]
    Malformed { file: PathBuf, place: String, message: String },
}

/// One check that did not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The board id, or the file or section the failure concerns.
    pub subject: String,
    pub what: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.subject, self.what)
    }
}

#[derive(Debug, Default)]
pub struct Report {
    pub boards: usize,
    pub failures: Vec<Failure>,
}

impl Report {
    /// Writes each failure, then the summary line (once), to `out`.
    pub fn print(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        for f in &self.failures {
            writeln!(out, "{f}")?;
        }
        writeln!(out, "{}", self.summary())
    }

    pub fn summary(&self) -> String {
        format!("verified {} boards: {} failures", self.boards, self.failures.len())
    }

    fn fail(&mut self, subject: impl Into<String>, what: impl Into<String>) {
        self.failures.push(Failure { subject: subject.into(), what: what.into() });
    }
}

fn read(dir: &Path, name: &str) -> Result<Vec<u8>, InputError> {
    let path = dir.join(name);
    std::fs::read(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            InputError::Missing(path)
        } else {
            InputError::Io { file: path, source: e }
        }
    })
}

fn parse_json<T: serde::de::DeserializeOwned>(dir: &Path, name: &str) -> Result<T, InputError> {
    let bytes = read(dir, name)?;
    serde_json::from_slice(&bytes).map_err(|e| InputError::Json {
        file: dir.join(name),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })
}

fn parse_board(file: &Path, rec: &BoardRecord) -> Result<Board, InputError> {
    let malformed = |message: String| InputError::Malformed {
        file: file.to_path_buf(),
        place: format!("board {}", rec.id),
        message,
    };
    let chars: Vec<char> = rec.board.chars().collect();
    if chars.len() != 64 {
        return Err(malformed(format!("board string has {} characters, expected 64", chars.len())));
    }
    let mut b = Board { own: 0, other: 0 };
    for (i, c) in chars.iter().enumerate() {
        match c {
            'X' | 'x' => b.own |= 1 << i,
            'O' | 'o' => b.other |= 1 << i,
            '-' | '.' => {}
            other => return Err(malformed(format!("unexpected character {other:?} at position {i}"))),
        }
    }
    for m in &rec.moves {
        if parse_square(&m.square).is_none() {
            return Err(malformed(format!("`{}` is not a square", m.square)));
        }
    }
    Ok(b)
}

/// The verifier's own square table, by distance class from the edges.
fn table_value(b: &Board, sq: u8) -> i32 {
    let (c, r) = (sq % 8, sq / 8);
    let (fc, fr) = (c.min(7 - c), r.min(7 - r));
    let (i, j) = (fc.min(fr), fc.max(fr));
    let corner = |cc: u8, rr: u8| (b.own | b.other) & (1u64 << (rr * 8 + cc)) != 0;
    let near_corner_taken = corner(if c < 4 { 0 } else { 7 }, if r < 4 { 0 } else { 7 });
    match (i, j) {
        (0, 0) => 100,
        (0, 1) => {
            if near_corner_taken {
                5
            } else {
                -20
            }
        }
        (0, 2) => 10,
        (0, 3) => 5,
        (1, 1) => {
            if near_corner_taken {
                -2
            } else {
                -50
            }
        }
        (1, _) => -2,
        (2, _) => 1,
        _ => 0,
    }
}

/// Level 2's score without the wobble, in hundredths, of Dark playing `sq`.
fn level2_score(b: &Board, sq: u8) -> i64 {
    let after = b.after(sq); // Light to move: own = Light
    let (dark, light) = (after.other, after.own);
    let mut s = 0i64;
    for q in 0..64u8 {
        let bit = 1u64 << q;
        if dark & bit != 0 {
            s += table_value(&after, q) as i64;
        } else if light & bit != 0 {
            s -= table_value(&after, q) as i64;
        }
    }
    let dark_moves = Board { own: dark, other: light }.legal().len() as i64;
    let light_moves = after.legal().len() as i64;
    100 * s + 15 * (dark_moves - light_moves)
}

/// The squares tied for the highest score, ascending.
fn tied_best(squares: &[u8], score: impl Fn(u8) -> i64) -> Vec<u8> {
    let scored: Vec<(u8, i64)> = squares.iter().map(|&s| (s, score(s))).collect();
    let best = scored.iter().map(|x| x.1).max();
    scored.into_iter().filter(|x| Some(x.1) == best).map(|x| x.0).collect()
}

fn names(sqs: &[u8]) -> Vec<String> {
    sqs.iter().map(|&s| square_name(s)).collect()
}

/// The symmetry-invariant key of a board: the least (own, other) image.
fn canonical(b: &Board) -> (u64, u64) {
    let map = |x: u64, t: u8| -> u64 {
        let mut out = 0;
        for sq in 0..64u8 {
            if x & (1 << sq) != 0 {
                let (c, r) = (sq % 8, sq / 8);
                let (c, r) = match t {
                    0 => (c, r),
                    1 => (7 - c, r),
                    2 => (c, 7 - r),
                    3 => (7 - c, 7 - r),
                    4 => (r, c),
                    5 => (7 - r, c),
                    6 => (r, 7 - c),
                    _ => (7 - r, 7 - c),
                };
                out |= 1 << (r * 8 + c);
            }
        }
        out
    };
    (0..8).map(|t| (map(b.own, t), map(b.other, t))).min().unwrap()
}

/// Checks one board record; returns what differs.
fn check_board(rec: &BoardRecord, b: &Board, margin: &mut Searcher) -> Vec<String> {
    let mut bad = Vec::new();
    if rec.empties != b.empties() {
        bad.push(format!("empties is {}, the board has {}", rec.empties, b.empties()));
    }
    let legal = b.legal();
    let recorded: Vec<u8> = rec.moves.iter().filter_map(|m| parse_square(&m.square)).collect();
    let mut sorted = recorded.clone();
    sorted.sort();
    if sorted != legal {
        bad.push(format!("moves listed {:?}, legal moves are {:?}", names(&sorted), names(&legal)));
        return bad;
    }
    for (m, &sq) in rec.moves.iter().zip(&recorded) {
        let flips = b.captures(sq).count_ones();
        if m.flips != flips {
            bad.push(format!("move {}: flips {} recorded, {} actual", m.square, m.flips, flips));
        }
        let after = b.after(sq);
        if !margin.value_is(&after, -m.value) {
            bad.push(format!(
                "move {}: value {} recorded, exact value is {}",
                m.square,
                m.value,
                -margin.value(&after)
            ));
            continue;
        }
        if m.reply_positions > REPLY_LIMIT {
            bad.push(format!(
                "move {}: reply search used {} positions, over the {REPLY_LIMIT} limit",
                m.square, m.reply_positions
            ));
        }
        let replies = after.legal();
        if replies.is_empty() {
            if m.reply != "pass" {
                bad.push(format!("move {}: reply {} recorded, but Light must pass", m.square, m.reply));
            }
            continue;
        }
        let Some(r) = parse_square(&m.reply).filter(|r| replies.contains(r)) else {
            bad.push(format!("move {}: reply {} is not a legal Light move", m.square, m.reply));
            continue;
        };
        // Light's reply keeps Dark to the move's value; every earlier reply gives Dark more.
        if !margin.value_is(&after.after(r), m.value) {
            bad.push(format!("move {}: reply {} is not an optimal Light reply", m.square, m.reply));
        }
        for &earlier in replies.iter().filter(|&&x| x < r) {
            if !margin.at_least(&after.after(earlier), m.value + 1) {
                bad.push(format!(
                    "move {}: reply {} is optimal but {} is optimal too and comes first in square order",
                    m.square,
                    m.reply,
                    square_name(earlier)
                ));
                break;
            }
        }
    }
    let values: Vec<i32> = rec.moves.iter().map(|m| m.value).collect();
    let par = values.iter().copied().max().unwrap_or(i32::MIN);
    if rec.par != par {
        bad.push(format!("par {} recorded, best move value is {par}", rec.par));
    }
    let at_par: Vec<u8> = recorded.iter().zip(&values).filter(|(_, v)| **v == par).map(|(s, _)| *s).collect();
    if at_par.len() == 1 && square_name(at_par[0]) != rec.par_move.to_ascii_lowercase() {
        bad.push(format!("par move {} recorded, the move reaching par is {}", rec.par_move, square_name(at_par[0])));
    }
    // The six rules of docs/puzzles.md §1.
    if par <= 0 {
        bad.push(format!("rule 1: Dark cannot win (par {par})"));
    }
    if legal.len() < 3 {
        bad.push(format!("rule 2: only {} legal first moves", legal.len()));
    }
    if at_par.len() != 1 {
        bad.push(format!("rule 3: {} moves reach par ({:?})", at_par.len(), names(&at_par)));
    }
    if !values.iter().any(|&v| v <= 0) {
        bad.push("rule 4: every first move wins".to_string());
    }
    let biggest = tied_best(&legal, |s| b.captures(s).count_ones() as i64);
    let level2 = tied_best(&legal, |s| level2_score(b, s));
    for (rule, name, recorded_set, actual) in
        [(5, "biggest_flip", &rec.biggest_flip, &biggest), (6, "level2", &rec.level2, &level2)]
    {
        let mut got: Vec<String> = recorded_set.iter().map(|s| s.to_ascii_lowercase()).collect();
        got.sort_by_key(|s| parse_square(s));
        if got != names(actual) {
            bad.push(format!("{name} {:?} recorded, actual {:?}", recorded_set, names(actual)));
        }
        for &s in actual.iter() {
            if at_par.contains(&s) {
                bad.push(format!("rule {rule}: {name} move {} reaches par", square_name(s)));
            }
        }
    }
    bad
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date, if valid.
pub fn days_from_civil(text: &str) -> Option<i64> {
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return None;
    }
    let y: i64 = parts[0].parse().ok()?;
    let m: i64 = parts[1].parse().ok()?;
    let d: i64 = parts[2].parse().ok()?;
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let month_days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&m) || d < 1 || d > month_days[(m - 1) as usize] {
        return None;
    }
    // Count days year by year from 1970 (simple and obviously right).
    let mut days = 0i64;
    let step = if y >= 1970 { 1 } else { -1 };
    let mut year = 1970;
    while year != y {
        let yy = if step == 1 { year } else { year - 1 };
        let l = (yy % 4 == 0 && yy % 100 != 0) || yy % 400 == 0;
        days += step * if l { 366 } else { 365 };
        year += step;
    }
    Some(days + month_days[..(m - 1) as usize].iter().sum::<i64>() + d - 1)
}

struct Parsed {
    set: &'static str,
    rec: BoardRecord,
    board: Board,
}

fn check_obf(dir: &Path, name: &str, boards: &[&Parsed], report: &mut Report) -> Result<(), InputError> {
    let bytes = read(dir, name)?;
    let path = dir.join(name);
    let text = String::from_utf8(bytes).map_err(|_| InputError::Malformed {
        file: path.clone(),
        place: "file".into(),
        message: "not UTF-8".into(),
    })?;
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.starts_with('%') && !l.trim().is_empty()).collect();
    if !text.lines().any(|l| l.starts_with('%')) {
        report.fail(name, "no `%` comment line stating the scoring rule");
    }
    if lines.len() != boards.len() {
        report.fail(name, format!("{} lines for {} boards", lines.len(), boards.len()));
    }
    let mut obf = Searcher::new(Rule::EmptiesToWinner);
    for ((n, line), p) in lines.iter().zip(boards) {
        let malformed =
            |message: String| InputError::Malformed { file: path.clone(), place: format!("line {}", n + 1), message };
        let mut fields = line.split(';').map(str::trim).filter(|f| !f.is_empty());
        let head = fields.next().unwrap_or("");
        if head != format!("{} X", p.rec.board) {
            report.fail(&p.rec.id, format!("{name} line {} holds another board", n + 1));
            continue;
        }
        let mut scores = Vec::new();
        for f in fields {
            let (sq, score) = f.split_once(':').ok_or_else(|| malformed(format!("`{f}` is not `move:score`")))?;
            let sq = parse_square(sq).ok_or_else(|| malformed(format!("`{sq}` is not a square")))?;
            let score: i32 =
                score.trim_start_matches('+').parse().map_err(|_| malformed(format!("bad score `{score}`")))?;
            scores.push((sq, score));
        }
        let mut listed: Vec<u8> = scores.iter().map(|s| s.0).collect();
        listed.sort();
        if listed != p.board.legal() {
            report.fail(
                &p.rec.id,
                format!("{name}: moves listed {:?}, legal {:?}", names(&listed), names(&p.board.legal())),
            );
            continue;
        }
        if scores.windows(2).any(|w| w[0].1 < w[1].1) {
            report.fail(&p.rec.id, format!("{name}: moves are not listed best first"));
        }
        for (sq, score) in scores {
            if !obf.value_is(&p.board.after(sq), -score) {
                report.fail(
                    &p.rec.id,
                    format!(
                        "{name}: {} scored {score:+}, exact OBF score is {:+}",
                        square_name(sq),
                        -obf.value(&p.board.after(sq))
                    ),
                );
            }
        }
    }
    Ok(())
}

fn check_sums(dir: &Path, report: &mut Report) -> Result<(), InputError> {
    let bytes = read(dir, "SHA256SUMS")?;
    let text = String::from_utf8_lossy(&bytes);
    let mut listed = BTreeMap::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let (hash, file) =
            line.split_once("  ").or_else(|| line.split_once(" *")).ok_or_else(|| InputError::Malformed {
                file: dir.join("SHA256SUMS"),
                place: format!("line {}", n + 1),
                message: "expected `<sha256>  <file>`".into(),
            })?;
        listed.insert(file.to_string(), hash.to_ascii_lowercase());
    }
    for name in FILES {
        match listed.get(name) {
            None => report.fail("SHA256SUMS", format!("{name} is not listed")),
            Some(want) => {
                let digest = Sha256::digest(read(dir, name)?);
                let got: String = digest.iter().map(|b| format!("{b:02x}")).collect();
                if &got != want {
                    report.fail("SHA256SUMS", format!("{name}: hash {got} does not match the listed {want}"));
                }
            }
        }
    }
    Ok(())
}

/// Runs every check on `dir`. `Err` only for input that cannot be checked.
pub fn verify_dir(dir: &Path) -> Result<Report, InputError> {
    let mut report = Report::default();
    // Hashes first: they cover the exact bytes the rest reads.
    for name in FILES {
        read(dir, name)?;
    }
    check_sums(dir, &mut report)?;
    let endgame: EndgameFile = parse_json(dir, "endgame.json")?;
    let daily: DailyFile = parse_json(dir, "daily.json")?;

    // Layout: counts, empties mix, schedule.
    let mut parsed: Vec<Parsed> = Vec::new();
    let mut mix: BTreeMap<u32, usize> = BTreeMap::new();
    for rec in endgame.boards {
        *mix.entry(rec.empties).or_default() += 1;
        let board = parse_board(&dir.join("endgame.json"), &rec)?;
        parsed.push(Parsed { set: "endgame", rec, board });
    }
    if parsed.len() != 900 {
        report.fail("endgame.json", format!("{} boards, expected 900", parsed.len()));
    }
    for e in [8, 10, 12] {
        if mix.get(&e).copied().unwrap_or(0) != 300 {
            report.fail(
                "endgame.json",
                format!("{} boards with {e} empties, expected 300", mix.get(&e).copied().unwrap_or(0)),
            );
        }
    }
    if mix.keys().any(|e| ![8, 10, 12].contains(e)) {
        report.fail("endgame.json", format!("unexpected empty counts {:?}", mix.keys().collect::<Vec<_>>()));
    }
    match days_from_civil(&daily.epoch) {
        None => report.fail("daily.json", format!("epoch `{}` is not a YYYY-MM-DD date", daily.epoch)),
        // 1970-01-01 was a Thursday, so day 4 (1970-01-05) was a Monday.
        Some(d) if (d - 4).rem_euclid(7) != 0 => {
            report.fail("daily.json", format!("epoch {} is not a Monday", daily.epoch))
        }
        Some(_) => {}
    }
    if daily.cycle_days as usize != CYCLE_DAYS {
        report.fail("daily.json", format!("cycle_days is {}, expected {CYCLE_DAYS}", daily.cycle_days));
    }
    if daily.days.len() != CYCLE_DAYS {
        report.fail("daily.json", format!("{} days, expected {CYCLE_DAYS}", daily.days.len()));
    }
    let endgame_count = parsed.len();
    for (i, day) in daily.days.into_iter().enumerate() {
        let subject = format!("daily day {i}");
        if day.day as usize != i {
            report.fail(&subject, format!("numbered {}, expected {i}", day.day));
        }
        if day.weekday != WEEKDAYS[i % 7] {
            report.fail(&subject, format!("weekday {}, expected {}", day.weekday, WEEKDAYS[i % 7]));
        }
        let want: [u32; 3] = if i % 7 < 3 { [6, 8, 10] } else { [8, 10, 12] };
        let got: Vec<u32> = day.boards.iter().map(|b| b.empties).collect();
        if got != want {
            report.fail(&subject, format!("boards with {got:?} empties, expected {want:?}"));
        }
        for rec in day.boards {
            let board = parse_board(&dir.join("daily.json"), &rec)?;
            parsed.push(Parsed { set: "daily", rec, board });
        }
    }
    if parsed.len() - endgame_count != 3 * CYCLE_DAYS {
        report.fail("daily.json", format!("{} boards, expected {}", parsed.len() - endgame_count, 3 * CYCLE_DAYS));
    }

    // Ids and duplicates under symmetry, within and across sets.
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut seen: HashMap<(u64, u64), usize> = HashMap::new();
    for (i, p) in parsed.iter().enumerate() {
        if let Some(&j) = ids.get(p.rec.id.as_str()) {
            report.fail(&p.rec.id, format!("id used twice ({} board {j} and {} board {i})", parsed[j].set, p.set));
        }
        ids.insert(&p.rec.id, i);
        if let Some(j) = seen.insert(canonical(&p.board), i) {
            let o = &parsed[j];
            report.fail(&p.rec.id, format!("duplicate under symmetry of {} board {} ({} set)", o.set, o.rec.id, p.set));
        }
    }

    // Every board, proven again, on all cores.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = parsed.len().div_ceil(threads.max(1)).max(1);
    let mut per_board: Vec<Vec<String>> = vec![Vec::new(); parsed.len()];
    std::thread::scope(|s| {
        for (items, out) in parsed.chunks(chunk).zip(per_board.chunks_mut(chunk)) {
            s.spawn(move || {
                let mut margin = Searcher::new(Rule::Margin);
                for (p, o) in items.iter().zip(out.iter_mut()) {
                    *o = check_board(&p.rec, &p.board, &mut margin);
                }
            });
        }
    });
    for (p, bad) in parsed.iter().zip(per_board) {
        for what in bad {
            report.fail(&p.rec.id, what);
        }
    }
    report.boards = parsed.len();

    let endgame_boards: Vec<&Parsed> = parsed.iter().filter(|p| p.set == "endgame").collect();
    let daily_boards: Vec<&Parsed> = parsed.iter().filter(|p| p.set == "daily").collect();
    std::thread::scope(|s| -> Result<(), InputError> {
        let e = s.spawn(|| {
            let mut r = Report::default();
            check_obf(dir, "endgame.obf", &endgame_boards, &mut r).map(|_| r)
        });
        let mut r = Report::default();
        check_obf(dir, "daily.obf", &daily_boards, &mut r)?;
        let er = e.join().expect("OBF check thread")?;
        report.failures.extend(er.failures);
        report.failures.extend(r.failures);
        Ok(())
    })?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(days_from_civil("1970-01-01"), Some(0));
        assert_eq!(days_from_civil("2000-03-01"), Some(11_017));
        assert_eq!(days_from_civil("1969-12-31"), Some(-1));
        assert_eq!(days_from_civil("2025-02-29"), None);
        assert_eq!(days_from_civil("2025-1-06"), None);
    }

    #[test]
    fn table_matches_the_figure_classes() {
        let empty = Board { own: 0, other: 0 };
        assert_eq!(table_value(&empty, 0), 100);
        assert_eq!(table_value(&empty, 9), -50);
        assert_eq!(table_value(&empty, 1), -20);
        assert_eq!(table_value(&empty, 27), 0);
        let corner = Board { own: 1, other: 0 };
        assert_eq!(table_value(&corner, 9), -2);
        assert_eq!(table_value(&corner, 8), 5);
        assert_eq!(table_value(&corner, 14), -50, "g2 belongs to h1, still empty");
    }
}
