//! The shipped records against the generator's rules (regression data: the
//! ids, OBF lines and report columns were made by this code): board ids
//! are the hash of the canonical form, OBF lines rebuild from the records,
//! and `generation.csv`'s rejection columns are the ones docs/formats.md
//! documents.

use engine::Position;
use format::BoardRecord;
use generator::puzzles::rules::{Reject, Workbench, board_id, obf_line, restore};

/// A file of the repository, from the workspace root.
fn repo_file(path: &str) -> String {
    let full = discflip_e2e::workspace_root().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Each shipped board's id is the hash of its canonical form (regression
/// data: the ids were made by this code, and boards are kept by id across
/// releases, so they must not change).
#[test]
fn board_ids_are_those_of_the_shipped_boards() {
    let endgame: serde_json::Value = serde_json::from_str(&repo_file("data/endgame.json")).expect("JSON");
    let boards = endgame["boards"].as_array().expect("boards");
    for rec in boards.iter().step_by(20) {
        let pos: Position = format!("{} X", rec["board"].as_str().expect("board")).parse().expect("a board");
        let (canonical, _) = pos.canonical();
        assert_eq!(board_id(&canonical), rec["id"].as_str().expect("id"), "{pos}");
    }
}

/// The rejection columns of `generation.csv` are the ones docs/formats.md
/// documents, in its order.
#[test]
fn rejection_columns_are_the_documented_ones() {
    let formats = repo_file("docs/formats.md");
    let row = formats.lines().find(|l| l.starts_with("| `generation.csv`")).expect("generation.csv row");
    let documented: Vec<&str> = row.split('`').skip(3).step_by(2).filter(|c| c.starts_with("failed_")).collect();
    let columns: Vec<&str> = Reject::ALL.iter().map(|r| r.column()).collect();
    assert_eq!(columns, documented);
}

/// A shipped board's OBF line, rebuilt from its JSON record (the OBF values
/// solved again), is the shipped `endgame.obf` line (regression data).
#[test]
fn obf_lines_are_the_shipped_ones() {
    let endgame: serde_json::Value = serde_json::from_str(&repo_file("data/endgame.json")).expect("JSON");
    let obf = repo_file("data/endgame.obf");
    let lines: Vec<&str> = obf.lines().filter(|l| !l.starts_with('%')).collect();
    let mut bench = Workbench::default();
    for (rec, line) in endgame["boards"].as_array().expect("boards").iter().zip(&lines).take(30) {
        let record: BoardRecord = serde_json::from_value(rec.clone()).expect("a board record");
        let restored = restore(record, &mut bench).expect("a shipped board restores");
        assert_eq!(obf_line(&restored), *line);
    }
}

/// The generator's and the verifier's tests read one shipped record with
/// more par lines than a record lists from a file of their own; each is the
/// shipped record of its id, as shipped.
#[test]
fn the_crates_many_lines_records_are_shipped_ones() {
    let endgame: format::EndgameFile = serde_json::from_str(&repo_file("data/endgame.json")).expect("JSON");
    for path in ["generator/tests/data/many_lines.json", "verifier/tests/many_lines.json"] {
        let rec: BoardRecord = serde_json::from_str(&repo_file(path)).expect("a board record");
        let shipped = endgame.boards.iter().find(|r| r.id == rec.id).unwrap_or_else(|| panic!("{path}: {}", rec.id));
        assert_eq!(&rec, shipped, "{path}");
        assert!(rec.solution.as_ref().is_some_and(|s| s.line_count > 50), "{path}");
    }
}

/// README's `discflip show` example names a shipped board and shows what `show` prints for it
/// (the first lines, as far as the README goes).
#[test]
fn the_readmes_show_example_is_what_show_prints() {
    let readme = repo_file("README.md");
    let intro = "For example, `discflip show ";
    let at = readme.find(intro).expect("README has a `discflip show` example") + intro.len();
    let id = &readme[at..at + readme[at..].find('`').unwrap()];
    let shown: Vec<&str> = readme[at..]
        .lines()
        .skip(2)
        .take_while(|l| l.is_empty() || l.starts_with("    "))
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect();
    let today = generator::puzzles::dates::Date::parse("2026-12-04").unwrap();
    let data = discflip_e2e::workspace_root().join("data");
    let printed = generator::present::show::show(&data, id, today).unwrap_or_else(|e| panic!("{id}: {e}"));
    let printed: Vec<&str> = printed.lines().collect();
    let shown = &shown[..shown.iter().rposition(|l| !l.is_empty()).unwrap() + 1];
    assert!(shown.len() >= 15, "{shown:?}");
    assert_eq!(shown, &printed[..shown.len()], "README's example of `discflip show {id}`");
}

/// What the game downloads stays within its budget (docs/formats.md#datagame-endgamejson-and-datagame-dailyjson):
/// each compact game file at most 256 KiB.
#[test]
fn the_compact_game_files_stay_within_their_budget() {
    for name in ["data/game-endgame.json", "data/game-daily.json"] {
        let bytes = repo_file(name).len();
        assert!(bytes <= 256 * 1024, "{name}: {bytes} bytes, over the 262,144-byte budget");
        assert!(bytes > 100_000, "{name}: {bytes} bytes: every board is in it");
    }
}
