//! A hand-made release for the presentation layer's tests: the template
//! record (`generator/tests/data/record.json`) under other ids, written as a
//! data directory with the reports the review page reads.

use crate::puzzles::schedule::{EPOCH, WEEKDAYS};
use format::BoardRecord;
use std::path::{Path, PathBuf};

/// `generator/tests/data/record.json`: e7 is par (+6), g6 the biggest-flip
/// trap, f7 Level 2's move, two par lines listed of two.
pub(crate) fn record() -> BoardRecord {
    crate::puzzles::rules::template().record
}

/// A data directory of two Endgame boards and a nine-day Daily cycle of one
/// board a day (the template's board under other ids), and the reports the
/// page reads, in `root/data` and `root/reports`.
pub(crate) fn release(root: &Path) -> (PathBuf, PathBuf) {
    let (data, reports) = (root.join("data"), root.join("reports"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&reports).unwrap();
    let header = format::Header {
        format: format::FORMAT,
        generator: "discflip 0.1.0".into(),
        seed: 1,
        scoring: "margin".into(),
        sampling: "self-play".into(),
        levels_sha256: None,
    };
    let board = |i: usize| BoardRecord { id: format!("e08-{i:012}"), ..record() };
    let endgame = format::EndgameFile { header: header.clone(), boards: vec![board(0), board(1)] };
    let days = (0..9)
        .map(|d| format::DayEntry { day: d, weekday: WEEKDAYS[d % 7].into(), boards: vec![board(100 + d)] })
        .collect();
    let daily = format::DailyFile { header, epoch: EPOCH.into(), cycle_days: 9, kept_days: None, days };
    std::fs::write(data.join("endgame.json"), format::to_json(&endgame)).unwrap();
    std::fs::write(data.join("daily.json"), format::to_json(&daily)).unwrap();
    for (name, text) in [
        ("ladder.csv", "first,second,score\nlevel2,level1,0.75\n"),
        ("openings.csv", "first,second,score\nlevel5,level4,1\n"),
        ("settings_line.csv", "level,beats_flip_grabber_percent\n1,40\n"),
        ("generation.csv", "empties,candidates,accepted\n8,10,5\n"),
    ] {
        std::fs::write(reports.join(name), text).unwrap();
    }
    (data, reports)
}
