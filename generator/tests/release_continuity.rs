//! `--keep-days-from` (docs/release.md#keeping-published-days): keeping the
//! Daily days players already have, from a whole older release made by
//! `generate` (seed 8), in a temporary directory; `diff` names what changed.
//! (`diff` itself, on the small release: `diff.rs`.)

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn discflip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_discflip")).args(args).output().expect("runs")
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

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
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
    // A reason only where a kept day was replaced: the days after day 54 were
    // never kept, so their new trios need none, even where an old board would
    // fail under the new levels too.
    let mut new_days = 0;
    for line in out_text.lines().filter(|l| l.starts_with("daily: day ")) {
        let d: usize = line["daily: day ".len()..].split(' ').next().unwrap().parse().unwrap();
        assert_eq!(line.contains(" fails under "), replaced.contains(&d), "{line}");
        new_days += usize::from(d > 54);
    }
    assert_eq!(new_days, 420 - 55, "every day after the kept ones has a new trio");
}
