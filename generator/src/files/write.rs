//! The data files (docs/formats.md#dataendgamejson-and-datadailyjson and #dataendgameobf-and-datadailyobf) as bytes in write order:
//! `endgame.json` and `daily.json` (through the wire types of `format`), the
//! OBF files, the compact game files, the blocklist and the levels file
//! (shipped as read), and `SHA256SUMS`.

use crate::puzzles::blocklist::BLOCKLIST;
use crate::puzzles::rules::{Puzzle, obf_line};
use crate::puzzles::sampling;
use crate::puzzles::schedule::{EPOCH, WEEKDAYS};
use crate::puzzles::sets::{Generated, SetSizes};
use format::{DailyFile, DayEntry, EndgameFile, FORMAT, Header, Set, to_json};

const SCORING: &str = "value = final margin Dark - Light with perfect play; empty squares count for nobody";

const OBF_HEADER: &str = "% Disc Flip puzzle boards, Dark (X) to move. OBF scores follow the OBF convention: \
empty squares go to the winner (unlike the game's margin, where they count for nobody).\n";

fn header(g: &Generated) -> Header {
    Header {
        format: FORMAT,
        generator: format!("discflip {}", env!("CARGO_PKG_VERSION")),
        seed: g.seed,
        scoring: SCORING.to_string(),
        sampling: sampling::METHOD.to_string(),
        levels_sha256: Some(g.levels.sha256.clone()),
    }
}

/// `endgame.json` and `daily.json` of the generated sets, as the files hold them.
pub(crate) fn wire_files(g: &Generated) -> (EndgameFile, DailyFile) {
    let records = |boards: &[Puzzle]| boards.iter().map(|p| p.record.clone()).collect();
    let endgame = EndgameFile { header: header(g), boards: records(&g.endgame) };
    let daily = DailyFile {
        header: header(g),
        epoch: EPOCH.to_string(),
        cycle_days: g.days.len(),
        kept_days: g.kept.clone(),
        days: g
            .days
            .iter()
            .enumerate()
            .map(|(d, b)| DayEntry { day: d, weekday: WEEKDAYS[d % 7].to_string(), boards: records(b) })
            .collect(),
    };
    (endgame, daily)
}

/// The data files, in write order (SHA256SUMS last).
pub fn data_files(g: &Generated) -> Vec<(String, Vec<u8>)> {
    let (endgame, daily) = wire_files(g);
    let (game_endgame, game_daily) = format::game_files(&endgame, &daily);
    let obf = |boards: &mut dyn Iterator<Item = &Puzzle>| {
        let mut s = OBF_HEADER.to_string();
        for b in boards {
            s += &obf_line(b);
            s.push('\n');
        }
        s.into_bytes()
    };
    let mut files = vec![
        (Set::Endgame.file_name().to_string(), to_json(&endgame)),
        (Set::Daily.file_name().to_string(), to_json(&daily)),
        ("endgame.obf".to_string(), obf(&mut g.endgame.iter())),
        ("daily.obf".to_string(), obf(&mut g.days.iter().flatten())),
        (format::GAME_ENDGAME.to_string(), format::to_min_json(&game_endgame)),
        (format::GAME_DAILY.to_string(), format::to_min_json(&game_daily)),
        (BLOCKLIST.to_string(), g.blocklist.text().as_bytes().to_vec()),
        (format::LEVELS_FILE.to_string(), g.levels.bytes.clone()),
    ];
    let sums = crate::files::output::sha256sums(&files);
    files.push(("SHA256SUMS".to_string(), sums));
    files
}

/// The data files of a release of `sizes` made from `seed` as `generate` makes
/// the game's, with no days kept and an empty blocklist: the tests' small
/// releases (12 Endgame boards and a 7-day cycle) come from here.
pub fn release_files(seed: u64, sizes: &SetSizes, levels: &format::LevelsFile) -> Vec<(String, Vec<u8>)> {
    let g = crate::puzzles::sets::generate(seed, sizes, None, &Default::default(), levels, &crate::progress::Silent);
    data_files(&g)
}
