//! `discflip diff` and `--keep-days-from` (docs/release.md): what a new
//! release changes, and keeping the Daily days players already have. The
//! older release is the generator's small one (12 Endgame boards, a 7-day
//! cycle: tests/common/mod.rs) for `diff`, and a whole one made by `generate`
//! (seed 8) where days are kept; each in a temporary directory.

mod common;

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn discflip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).args(args).output().expect("runs")
}

/// The older release: the small one, in a directory of its own for the test.
fn data() -> tempfile::TempDir {
    common::small_release()
}

/// A full older release (seed 8) in `dir/data`: only a whole 420-day table
/// can give its days to a new release.
fn full_release(dir: &Path) -> std::path::PathBuf {
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    let o = discflip(&["generate", "--seed", "8", "--data", path(&data), "--reports", path(&reports)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    data
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// A fresh directory, removed when the value is dropped (even when a test fails).
fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("discflip-{name}-")).tempdir().unwrap()
}

fn copy_data(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for f in verifier::input::RELEASE_FILES {
        std::fs::copy(from.join(f), to.join(f)).unwrap();
    }
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_directory_compared_with_itself_is_empty() {
    let old = data();
    let d = old.path();
    let o = discflip(&["diff", d.to_str().unwrap(), d.to_str().unwrap(), "--today", "2026-11-30"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(out, "endgame +0 -0 ~0; daily +0 -0 ~0; 0 days with a new trio\n");
}

#[test]
fn a_tampered_copy_names_exactly_the_board_and_field() {
    let old = data();
    let d = old.path();
    let dir_tmp = scratch("diff-tamper");
    let dir = dir_tmp.path().to_path_buf();
    copy_data(d, &dir);
    let mut endgame = json(&dir.join("endgame.json"));
    let id = endgame["boards"][7]["id"].as_str().unwrap().to_string();
    endgame["boards"][7]["moves"][0]["reply_positions"] = Value::from(1);
    endgame["boards"][7]["display"]["dark_discs"] = Value::from(0); // not an answer field
    std::fs::write(dir.join("endgame.json"), serde_json::to_vec_pretty(&endgame).unwrap()).unwrap();
    let mut daily = json(&dir.join("daily.json"));
    let days = daily["days"].as_array_mut().unwrap();
    let (a, b) = (days[4]["boards"][0].clone(), days[5]["boards"][0].clone()); // both 8 empties (Thu-Sun)
    days[4]["boards"][0] = b;
    days[5]["boards"][0] = a;
    std::fs::write(dir.join("daily.json"), serde_json::to_vec_pretty(&daily).unwrap()).unwrap();

    let o = discflip(&["diff", d.to_str().unwrap(), dir.to_str().unwrap(), "--today", "2026-11-30"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("endgame: changed {id}: moves"));
    // The 7-day cycle holding 2026-11-30 began that Monday: day 4 is Friday 2026-12-04.
    assert!(lines[1].starts_with("daily: day 4 (Fri 2026-12-04): "), "{out}");
    assert!(lines[2].starts_with("daily: day 5 (Sat 2026-12-05): "), "{out}");
    assert_eq!(lines[3], "endgame +0 -0 ~1; daily +0 -0 ~0; 2 days with a new trio");
    assert_eq!(lines.len(), 4, "{out}");

    let o = discflip(&["diff", d.to_str().unwrap(), dir.to_str().unwrap(), "--format", "csv", "--today", "2026-11-30"]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out.lines().next(), Some("set,change,id,fields,day,date"));
    assert_eq!(out.lines().nth(1).unwrap(), format!("endgame,changed,{id},moves,,"));
    assert_eq!(out.lines().count(), 4);
}

#[test]
fn bad_dates_and_missing_directories_exit_2() {
    let old = data();
    let d = old.path();
    let missing = d.join("no-such-dir");
    let o = discflip(&["diff", d.to_str().unwrap(), missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("no-such-dir"), "{}", text(&o).1);
    let o = discflip(&["diff", d.to_str().unwrap(), d.to_str().unwrap(), "--today", "2026-02-30"]);
    assert_eq!(o.status.code(), Some(2));
    let o = discflip(&["generate", "--keep-days-from", missing.to_str().unwrap(), "--through", "2026-01-01"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).1.contains("no-such-dir"), "{}", text(&o).1);
    let o = discflip(&["generate", "--keep-days-from", d.to_str().unwrap(), "--through", "2026-13-01"]);
    assert_eq!(o.status.code(), Some(2));
    let o = discflip(&["generate", "--keep-days-from", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "--through is required with --keep-days-from");
}

/// `generate` with seed 7 into `out/data` and `out/reports`, keeping the
/// days 0–9 of the older release in `old` (day 9 of the cycle is 2025-01-15).
fn generate_keeping_days_0_to_9(old: &Path, out: &Path) -> Output {
    let (data_out, reports_out) = (out.join("data"), out.join("reports"));
    discflip(&[
        "generate",
        "--seed",
        "7",
        "--keep-days-from",
        old.to_str().unwrap(),
        "--through",
        "2025-01-15",
        "--data",
        data_out.to_str().unwrap(),
        "--reports",
        reports_out.to_str().unwrap(),
    ])
}

#[test]
fn kept_days_are_copied_and_the_rest_repeat_none_of_them() {
    let old_tmp = scratch("keep-old");
    let old_dir = &full_release(old_tmp.path());
    let out_tmp = scratch("keep");
    let out = out_tmp.path().to_path_buf();
    let new_data = out.join("data");
    // Another seed than the older release's makes every other board new.
    let o = generate_keeping_days_0_to_9(old_dir, &out);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    let (old, new) = (json(&old_dir.join("daily.json")), json(&new_data.join("daily.json")));
    for d in 0..=9 {
        assert_eq!(new["days"][d], old["days"][d], "day {d} is kept whole");
    }
    let changed = (10..420).filter(|&d| new["days"][d]["boards"] != old["days"][d]["boards"]).count();
    assert_eq!(changed, 410, "every later day is built anew");
    let kept = &new["kept_days"];
    assert_eq!(kept["through_day"], 9);
    assert_eq!(kept["through"], "2025-01-15");
    assert_eq!(kept["from_seed"], old["seed"]);

    // The independent verifier proves the mix: rules, schedule, and no board
    // repeated under symmetry within or across the sets.
    let v = Command::new(env!("CARGO_BIN_EXE_discflip")).args(["verify", new_data.to_str().unwrap()]).output().unwrap();
    assert_eq!(v.status.code(), Some(0), "{}", text(&v).0);

    // The diff against the old data names exactly the 410 new days.
    let o = discflip(&["diff", old_dir.to_str().unwrap(), new_data.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(o.status.code(), Some(1));
    let days: Vec<u32> = text(&o)
        .0
        .lines()
        .filter(|l| l.starts_with("daily,day,"))
        .map(|l| l.split(',').nth(4).unwrap().parse().unwrap())
        .collect();
    assert_eq!(days, (10..420).collect::<Vec<u32>>());

    // Same inputs, same bytes.
    let again_tmp = scratch("keep-again");
    let again = again_tmp.path().to_path_buf();
    let o = generate_keeping_days_0_to_9(old_dir, &again);
    assert_eq!(o.status.code(), Some(0));
    for f in verifier::input::RELEASE_FILES {
        assert!(std::fs::read(new_data.join(f)).unwrap() == std::fs::read(again.join("data").join(f)).unwrap(), "{f}");
    }
}

/// Kept days are judged again under the release's levels file
/// (docs/release.md#keeping-published-days): with a Level 2 that weighs mobility
/// far more, some kept boards' Level 2 move now reaches par; their days get new
/// trios, `diff` says why, the other kept boards carry the new Level 2 moves,
/// and the verifier proves it all under the shipped levels file.
#[test]
fn kept_days_follow_the_current_levels_file() {
    let old_tmp = scratch("keep-levels-old");
    let old_dir = &full_release(old_tmp.path());
    let out_tmp = scratch("keep-levels");
    let out = out_tmp.path().to_path_buf();
    let shipped = std::fs::read_to_string(old_dir.join("levels.json")).unwrap();
    let weight = shipped.lines().find(|l| l.contains("\"mobility_weight\": 0.")).unwrap().trim().to_string();
    let levels = out.join("mobile-level2.json");
    std::fs::write(&levels, shipped.replacen(&weight, "\"mobility_weight\": 25,", 1)).unwrap();
    let new_data = out.join("data");
    let o = discflip(&[
        "generate",
        "--seed",
        "7",
        "--keep-days-from",
        old_dir.to_str().unwrap(),
        "--through",
        "2025-03-01", // day 54
        "--data",
        new_data.to_str().unwrap(),
        "--reports",
        out.join("reports").to_str().unwrap(),
        "--levels",
        levels.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(
        std::fs::read(new_data.join("levels.json")).unwrap(),
        std::fs::read(&levels).unwrap(),
        "shipped as read"
    );
    let (old, new) = (json(&old_dir.join("daily.json")), json(&new_data.join("daily.json")));
    let replaced: Vec<usize> =
        new["kept_days"]["replaced_days"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as usize).collect();
    assert!(!replaced.is_empty(), "some kept board fails rule 6 under the new Level 2");
    let mut level2_changed = 0;
    for d in 0..=54 {
        let (o_boards, n_boards) = (&old["days"][d]["boards"], &new["days"][d]["boards"]);
        if replaced.contains(&d) {
            assert_ne!(o_boards, n_boards, "day {d} has a new trio");
            continue;
        }
        for (a, b) in o_boards.as_array().unwrap().iter().zip(n_boards.as_array().unwrap()) {
            assert_eq!(a["id"], b["id"], "day {d} is kept");
            // The answers are kept; a trap's line follows the current traps.
            let answers = |r: &Value| -> Vec<Value> {
                r["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        let mut m = m.clone();
                        m.as_object_mut().unwrap().remove("line");
                        m
                    })
                    .collect()
            };
            assert_eq!(answers(a), answers(b), "day {d}: the answers are kept");
            level2_changed += usize::from(a["level2"] != b["level2"]);
        }
    }
    assert!(level2_changed > 0, "some kept board's Level 2 moves follow the new levels");
    let v = discflip(&["verify", new_data.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(0), "{}", text(&v).0);

    let o = discflip(&["diff", old_dir.to_str().unwrap(), new_data.to_str().unwrap(), "--today", "2025-01-06"]);
    let out_text = text(&o).0;
    let day = replaced[0];
    let line = out_text.lines().find(|l| l.starts_with(&format!("daily: day {day} "))).expect("the day's line");
    assert!(line.contains("fails under levels.json: Level 2's move reaches par (rule 6)"), "{line}");
}
