//! The compact game files (docs/formats.md#datagame-endgamejson-and-datagame-dailyjson),
//! read with the verifier's own types and checked against the full records:
//! the same boards in the same order (the Daily as the same trio per day),
//! each with the record's id, board, size, par, par move, tier and themes, and
//! each file's table of themes and tips the verifier's own.

use crate::input::parse_json;
use crate::layout::{Parsed, Set};
use crate::report::{InputError, Report};
use crate::teach::THEMES;
use serde::Deserialize;
use std::path::Path;

pub use crate::input::{GAME_DAILY, GAME_ENDGAME};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameBoard {
    id: String,
    board: String,
    empties: u32,
    par: i32,
    par_move: String,
    tier: u32,
    themes: Vec<String>,
}

#[derive(Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct ThemeTip {
    name: String,
    tip: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameEndgame {
    #[allow(dead_code)] // read so that an unknown field is refused; its value is the writer's
    format: u32,
    #[allow(dead_code)] // checked against levels.json by levels::check_headers
    levels_sha256: String,
    themes: Vec<ThemeTip>,
    boards: Vec<GameBoard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameDaily {
    #[allow(dead_code)] // as above
    format: u32,
    #[allow(dead_code)] // as above
    levels_sha256: String,
    themes: Vec<ThemeTip>,
    epoch: String,
    cycle_days: usize,
    days: Vec<Vec<GameBoard>>,
}

/// Checks both compact files against the full records in `parsed`
/// (`epoch` and `cycle_days` from `daily.json`).
pub(crate) fn check_game_files(
    dir: &Path,
    parsed: &[Parsed],
    epoch: &str,
    cycle_days: usize,
    report: &mut Report,
) -> Result<(), InputError> {
    let endgame: GameEndgame = parse_json(dir, GAME_ENDGAME)?;
    let daily: GameDaily = parse_json(dir, GAME_DAILY)?;
    let table: Vec<ThemeTip> =
        THEMES.iter().map(|&(name, tip)| ThemeTip { name: name.into(), tip: tip.map(str::to_string) }).collect();
    for (file, themes) in [(GAME_ENDGAME, &endgame.themes), (GAME_DAILY, &daily.themes)] {
        if *themes != table {
            report.fail(file, "the themes and their tips differ from docs/puzzles.md#themes".to_string());
        }
    }
    let full = |set| parsed.iter().filter(|p| p.set == set).collect::<Vec<&Parsed>>();
    compare(GAME_ENDGAME, &endgame.boards.iter().collect::<Vec<_>>(), &full(Set::Endgame), report);
    let full_daily = full(Set::Daily);
    if daily.epoch != epoch || daily.cycle_days != cycle_days {
        report.fail(
            GAME_DAILY,
            format!("epoch {} and {} days, daily.json has {epoch} and {cycle_days}", daily.epoch, daily.cycle_days),
        );
    }
    for (d, trio) in daily.days.iter().enumerate() {
        if trio.len() != 3 {
            report.fail(GAME_DAILY, format!("day {d} has {} boards, expected 3", trio.len()));
        }
    }
    compare(GAME_DAILY, &daily.days.iter().flatten().collect::<Vec<_>>(), &full_daily, report);
    Ok(())
}

/// The compact boards against the full ones, position by position.
fn compare(file: &str, game: &[&GameBoard], full: &[&Parsed], report: &mut Report) {
    if game.len() != full.len() {
        report.fail(file, format!("{} boards, the full file has {}", game.len(), full.len()));
    }
    for (i, (g, p)) in game.iter().zip(full).enumerate() {
        let r = &p.rec;
        let tier = r.solution.as_ref().map(|s| s.tier);
        let fields = [
            ("id", g.id == r.id),
            ("board", g.board == r.board),
            ("empties", g.empties == r.empties),
            ("par", g.par == r.par),
            ("par_move", g.par_move == r.par_move),
            ("tier", Some(g.tier) == tier),
            ("themes", Some(&g.themes) == r.themes.as_ref()),
        ];
        let wrong: Vec<&str> = fields.iter().filter(|(_, same)| !same).map(|(name, _)| *name).collect();
        if !wrong.is_empty() {
            report.fail(file, format!("board {i} ({}): {} differ from {}", g.id, wrong.join(", "), r.id));
        }
    }
}
