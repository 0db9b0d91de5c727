//! The OBF files: one line per board in file order, every legal move scored
//! under the OBF convention (empties to the winner), best first
//! (docs/formats.md#dataendgameobf-and-datadailyobf).

use crate::board::names;
use crate::input::read;
use crate::layout::Parsed;
use crate::report::{InputError, Report};
use crate::rules::{parse_square, square_name};
use crate::search::{Rule, Searcher};
use std::path::Path;

/// Checks `dir/name` against `boards`, in order.
pub(crate) fn check_obf(dir: &Path, name: &str, boards: &[&Parsed], report: &mut Report) -> Result<(), InputError> {
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
