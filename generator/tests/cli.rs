//! The `discflip` binary: exit codes and messages for good and bad input.

mod common;

use std::process::{Command, Output};

fn discflip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).args(args).output().expect("runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = discflip(&["perft", "5"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "1 4\n2 12\n3 56\n4 244\n5 1396\n");
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let o = discflip(&["perft", "abc"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("abc"), "{}", stderr(&o));

    let short = format!("{} X", "-".repeat(63));
    let o = discflip(&["solve", &short]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("64 squares, found 63"), "{}", stderr(&o));

    let odd = format!("{}?{} X", "-".repeat(10), "-".repeat(53));
    let o = discflip(&["solve", &odd]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'?' at position 10"), "{}", stderr(&o));

    let o = discflip(&["daily", "--date", "2025-02-30"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("2025-02-30"), "{}", stderr(&o));

    let o = discflip(&["play", "--dark", "level9", "--light", "random"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn solve_lists_every_move_best_first_and_reads_stdin() {
    use std::io::Write;
    let pos = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"; // FFO #1
    let mut child = Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["solve", "--empties-to-winner"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "{pos}").unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains(": g8:+18 "), "FFO #1 is g8 +18 under the OBF rule: {text}");
    assert!(text.contains("positions"));
}

#[test]
fn solve_threads_give_the_same_lines_and_best_gives_value_and_move() {
    // FFO #2 (14 empties, OBF rule): a4 +10 is its only best move.
    let pos = "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X";
    let one = discflip(&["solve", "--empties-to-winner", pos]);
    let two = discflip(&["solve", "--empties-to-winner", "--threads", "2", pos]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(one.stdout, two.stdout, "every value and the position count, on 1 and 2 threads");
    assert!(String::from_utf8_lossy(&one.stdout).contains(": a4:+10 "), "{}", String::from_utf8_lossy(&one.stdout));
    let mut counts = Vec::new();
    for threads in ["1", "1", "2"] {
        let best = discflip(&["solve", "--best", "--empties-to-winner", "--threads", threads, pos]);
        assert_eq!(best.status.code(), Some(0), "{}", stderr(&best));
        let line = String::from_utf8(best.stdout).unwrap();
        let count = line.strip_prefix(&format!("{pos}: best a4 value +10 positions ")).expect(&line);
        counts.push(count.trim_end().parse::<u64>().expect(&line));
    }
    assert_eq!(counts[0], counts[1], "one thread: the same count every run");
    assert!(counts.iter().all(|&n| n > 1000), "a 14-empty search visits thousands of positions: {counts:?}");
    let o = discflip(&["solve", "--threads", "0", pos]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--threads"), "{}", stderr(&o));
}

#[test]
fn daily_prints_the_trio_and_unwritable_output_is_an_error() {
    let data = common::small_release();
    let o = discflip(&["daily", "--date", "2025-01-06", "--data", data.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("2025-01-06 is day 0 (Mon)"), "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(" par ")).count(), 3);

    // A file where the output directory should be.
    let scratch = tempfile::tempdir().unwrap();
    let blocker = scratch.path().join("blocker");
    std::fs::write(&blocker, "not a directory").unwrap();
    let o = discflip(&["checks", "--reports", blocker.join("reports").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
}

/// The game's levels file as the generator writes it (`data/levels.json`'s text).
fn game_levels() -> String {
    String::from_utf8(format::LevelsFile::game().bytes).expect("UTF-8")
}

#[test]
fn a_closed_pipe_ends_quietly_with_0() {
    use std::process::Stdio;
    // perft 11 prints its first lines long before it ends: close the pipe after one.
    let mut child = Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["perft", "11"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 4];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    assert_eq!(&first, b"1 4\n");
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "quiet: {}", stderr(&o));
}

#[test]
fn play_lists_and_validates_player_names() {
    let help = String::from_utf8(discflip(&["play", "--help"]).stdout).unwrap();
    for name in ["random", "flip-grabber", "corner", "level1", "level5"] {
        assert!(help.contains(name), "play --help lists {name}: {help}");
    }
    let o = discflip(&["play", "--dark", "level9", "--light", "random"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("level9") && err.contains("possible values") && err.contains("Usage:"), "{err}");
}

#[test]
fn dates_are_parsed_by_clap_with_the_usage_line() {
    let o = discflip(&["daily", "--date", "2025-13-01", "--data", "no-such-dir"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("2025-13-01") && err.contains("Usage:"), "{err}");
}

#[test]
fn solve_reports_each_bad_line_goes_on_and_exits_2() {
    use std::io::Write;
    let good = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"; // FFO #1
    let mut child = Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["solve"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "nonsense\n{good}\n\n{}? X\n{good}", "-".repeat(63)).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 2, "both good lines solved: {text}");
    let err = stderr(&o);
    assert!(err.contains("line 1:") && err.contains("line 4:"), "{err}");
    assert!(!err.contains("line 2:") && !err.contains("line 5:"), "{err}");
}

#[test]
fn verify_prints_its_summary_once() {
    // The small release fails the game's counts (exit 1); the summary comes once all the same.
    let data = common::small_release();
    let o = discflip(&["verify", data.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let all = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
    assert_eq!(all.matches("verified ").count(), 1, "{all}");
}

#[test]
fn show_draws_a_board_and_names_an_unknown_id() {
    let data = common::small_release();
    let d = data.path().to_str().unwrap();
    let daily: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(data.path().join("daily.json")).unwrap()).unwrap();
    let record = &daily["days"][3]["boards"][1];
    let id = record["id"].as_str().unwrap();
    for key in [id, record["board"].as_str().unwrap()] {
        let o = discflip(&["show", key, "--data", d]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.starts_with(&format!("{id}  daily day 3 (Thu)")), "{text}");
        assert!(text.contains("    a b c d e f g h\n 1  "), "{text}");
        // Every square of the board string appears in the diagram, legal moves as `*`.
        let cells: String = text.lines().skip(3).take(8).flat_map(|l| l[4..].split(' ')).collect();
        let board = record["board"].as_str().unwrap();
        for (i, (shown, given)) in cells.chars().zip(board.chars()).enumerate() {
            assert!(shown == given || (given == '-' && matches!(shown, '.' | '*')), "square {i}: {shown} vs {given}");
        }
        let legal = cells.matches('*').count();
        assert_eq!(legal, record["moves"].as_array().unwrap().len());
        let par = record["par_move"].as_str().unwrap();
        assert!(text.lines().any(|l| l.starts_with(par) && l.ends_with("par")), "{text}");
        for trap in record["biggest_flip"].as_array().unwrap() {
            assert!(text.lines().any(|l| l.starts_with(trap.as_str().unwrap()) && l.contains("trap: biggest flip")));
        }
        assert!(text.contains("Level 2's moves as levels.json sets them: \"the game's levels\""), "{text}");
    }
    // Its date in the cycle holding --today; its par lines numbered, Dark's move then the reply.
    let o = discflip(&["show", id, "--data", d, "--today", "2026-12-02"]);
    let text = String::from_utf8(o.stdout).unwrap();
    let epoch = daily["epoch"].as_str().unwrap();
    assert_eq!(epoch, "2025-01-06", "the dates below assume this epoch (the small release's cycles of 7 days)");
    let place = "daily day 3 (Thu), on 2026-12-03 (the cycle of 2026-11-30 to 2026-12-06)";
    assert!(text.starts_with(&format!("{id}  {place}")), "{text}");
    let count = record["solution"]["line_count"].as_u64().unwrap();
    let noun = if count == 1 { "1 par line:".to_string() } else { format!("{count} par lines") };
    assert!(text.contains(&noun), "{text}");
    let first: Vec<&str> =
        record["solution"]["lines"][0].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    let numbered = format!("  1. {} {}  2. {}", first[0], first[1], first[2]);
    assert!(text.contains(&numbered), "{numbered} in {text}");

    let o = discflip(&["show", "e10-000000000000", "--data", d]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("e10-000000000000"), "{}", stderr(&o));
}

#[test]
fn verify_exits_1_when_a_check_fails() {
    let data = common::small_release();
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("exit1");
    std::fs::create_dir_all(&dir).unwrap();
    for f in verifier::input::RELEASE_FILES {
        std::fs::copy(data.path().join(f), dir.join(f)).unwrap();
    }
    // One recorded value two short: a failed check, not bad input.
    let text = std::fs::read_to_string(dir.join("endgame.json")).unwrap();
    let at = text.find("\"value\": ").unwrap() + "\"value\": ".len();
    let end = at + text[at..].find(',').unwrap();
    let v: i32 = text[at..end].parse().unwrap();
    std::fs::write(dir.join("endgame.json"), format!("{}{}{}", &text[..at], v - 2, &text[end..])).unwrap();
    let o = discflip(&["verify", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("exact value is") && out.contains("failures"), "{out}");
}

#[test]
fn review_on_a_malformed_board_exits_2_naming_it() {
    let small = common::small_release();
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("review-bad");
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&reports).unwrap();
    for f in ["endgame.json", "daily.json"] {
        std::fs::copy(small.path().join(f), data.join(f)).unwrap();
    }
    let text = std::fs::read_to_string(data.join("endgame.json")).unwrap();
    let at = text.find("\"board\": \"").unwrap() + "\"board\": \"".len();
    std::fs::write(data.join("endgame.json"), format!("{}?{}", &text[..at], &text[at + 1..])).unwrap();
    // Only a module's header is read before the boards: the page is never written.
    let module = scratch.path().join("discflip.wasm");
    std::fs::write(&module, b"\0asm\x01\0\0\0").unwrap();
    let (d, r) = (data.to_str().unwrap(), reports.to_str().unwrap());
    let o = discflip(&["review", "--data", d, "--reports", r, "--module", module.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("endgame.json") && stderr(&o).contains("'?'"), "{}", stderr(&o));
    assert!(!reports.join("review.html").exists(), "no page written");
}

#[test]
fn review_and_release_without_a_module_exit_2_naming_it_before_writing() {
    let small = common::small_release();
    let scratch = tempfile::tempdir().unwrap();
    let (reports, not_wasm) = (scratch.path().join("reports"), scratch.path().join("page.wasm"));
    std::fs::write(&not_wasm, "<html>").unwrap();
    let (d, r) = (small.path().to_str().unwrap(), reports.to_str().unwrap());
    let missing = scratch.path().join("missing.wasm");
    for (module, cause) in [(&missing, "No such file"), (&not_wasm, "not a WebAssembly module")] {
        let m = module.to_str().unwrap();
        for command in ["review", "release"] {
            let args = [command, "--data", d, "--reports", r, "--module", m];
            let o = discflip(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).contains(m) && stderr(&o).contains(cause), "{args:?}: {}", stderr(&o));
            assert!(!reports.exists(), "{args:?}: nothing written");
        }
    }
}

#[test]
fn a_second_run_into_a_locked_reports_directory_exits_2_naming_lock_and_holder() {
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("cli-lock");
    let reports = root.join("reports");
    let held = generator::files::output::Staged::begin(&reports).expect("this test holds reports/");
    let o = discflip(&["checks", "--reports", reports.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let lock = root.join(".reports.lock");
    assert!(stderr(&o).contains(&lock.display().to_string()), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("process {}", std::process::id())), "{}", stderr(&o));
    drop(held);
}

#[test]
fn an_unwritable_output_directory_exits_2_naming_it_and_the_os_cause() {
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().join("cli-unwritable");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("file"), "a file, not a directory").unwrap();
    let reports = root.join("file/reports");
    let o = discflip(&["checks", "--reports", reports.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("cannot write {}", reports.display())), "{}", stderr(&o));
    assert!(stderr(&o).contains("File exists (os error 17)"), "the cause as the OS gives it: {}", stderr(&o));
}

/// An output directory named without a parent (`--out schema`) lies in the
/// current directory: its lock and staging directory go beside it there and
/// are gone when the run ends.
#[test]
fn a_bare_output_name_is_replaced_in_the_current_directory() {
    let scratch = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["schema", "--out", "schema"])
        .current_dir(scratch.path())
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(common::names_in(scratch.path()), ["schema"]);
    assert!(scratch.path().join("schema/daily.schema.json").is_file());
}

#[test]
fn schema_writes_the_committed_schemas_and_types() {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("schema");
    let o = discflip(&["schema", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // What the wire types generate (that docs/schema/ holds it is the end-to-end crate's check).
    let generated: std::collections::BTreeMap<String, Vec<u8>> = format::schema_files().into_iter().collect();
    let names = common::names_in(&out);
    assert_eq!(
        names,
        [
            "daily.schema.json",
            "discflip-data.d.ts",
            "endgame.schema.json",
            "game-daily.schema.json",
            "game-endgame.schema.json",
            "levels.schema.json"
        ]
    );
    for name in &names {
        assert_eq!(&std::fs::read(out.join(name)).unwrap(), &generated[name], "{name}");
    }
}

#[test]
fn a_malformed_blocklist_line_exits_2_naming_it() {
    let scratch = tempfile::tempdir().unwrap();
    let base = scratch.path().join("blocklist");
    let (data, reports) = (base.join("data"), base.join("reports"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("blocklist.txt"), "# reviewed 2026-12\ne10-0123456789ab\n").unwrap();
    let o = discflip(&["generate", "--data", data.to_str().unwrap(), "--reports", reports.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("blocklist.txt") && e.contains("line 2") && e.contains("no reason"), "{e}");
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 1, "nothing written beside the blocklist");
}

/// A bad levels file stops every command that plays or generates with exit 2,
/// naming the file, line and key, before anything is written
/// (docs/players.md#the-levels-file).
#[test]
fn a_bad_levels_file_exits_2_naming_its_line_and_key() {
    let scratch = tempfile::tempdir().unwrap();
    let base = scratch.path().join("levels");
    let (data, reports) = (base.join("data"), base.join("reports"));
    std::fs::create_dir_all(&data).unwrap();
    let shipped = game_levels();
    let depth_line = shipped.lines().position(|l| l.contains("\"level3\"")).unwrap() + 1;
    let bad = base.join("bad-levels.json");
    std::fs::write(&bad, shipped.replacen("\"depth\": 2", "\"depth\": 0", 1)).unwrap();
    let unknown = base.join("unknown-levels.json");
    std::fs::write(&unknown, shipped.replacen("\"reply_limit\"", "\"speed\": 3,\n  \"reply_limit\"", 1)).unwrap();
    let (d, r) = (data.to_str().unwrap(), reports.to_str().unwrap());
    let (bad, unknown) = (bad.to_str().unwrap(), unknown.to_str().unwrap());
    for args in [
        vec!["generate", "--data", d, "--reports", r, "--levels", bad],
        vec!["release", "--data", d, "--reports", r, "--levels", bad],
        vec!["ladder", "--reports", r, "--levels", bad],
        vec!["play", "--dark", "level3", "--light", "random", "--levels", bad],
    ] {
        let o = discflip(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.contains(&format!("bad-levels.json line {depth_line}: level3.depth: 0 is not from 1 to 8")),
            "{args:?}: {e}"
        );
    }
    let o = discflip(&["play", "--dark", "level3", "--light", "random", "--levels", unknown]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown field `speed`"), "{}", stderr(&o));
    // A data directory's own levels.json is read when --levels is absent.
    std::fs::write(data.join("levels.json"), shipped.replacen("\"budget\": 70000", "\"budget\": -1", 1)).unwrap();
    let o = discflip(&["play", "--dark", "level5", "--light", "random", "--data", d]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("levels.json line") && stderr(&o).contains("level5.budget"), "{}", stderr(&o));
    assert!(!reports.exists(), "nothing written");
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 1, "nothing written beside the levels file");
}

/// `play` follows the levels file: the same game under another Level 2 wobble differs.
#[test]
fn play_follows_the_levels_file() {
    let scratch = tempfile::tempdir().unwrap();
    let base = scratch.path().join("levels-play");
    std::fs::create_dir_all(&base).unwrap();
    let shipped = game_levels();
    let wide = base.join("wide.json");
    let wobble = shipped.lines().find(|l| l.contains("\"wobble\"")).unwrap().trim().trim_end_matches(',').to_string();
    std::fs::write(
        &wide,
        shipped.replacen(&wobble, "\"wobble\": { \"shape\": \"uniform\", \"low\": -40, \"high\": 40 }", 1),
    )
    .unwrap();
    let game = |levels: &str| {
        let o = discflip(&["play", "--dark", "level2", "--light", "level2", "--seed", "5", "--levels", levels]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        String::from_utf8(o.stdout).unwrap()
    };
    let shipped_path = base.join("game.json");
    std::fs::write(&shipped_path, &shipped).unwrap();
    let shipped_path = shipped_path.to_str().unwrap();
    assert_eq!(game(shipped_path), game(shipped_path), "deterministic");
    assert_ne!(game(shipped_path), game(wide.to_str().unwrap()), "a wider wobble plays another game");
}
