//! `discflip release` with the default seed reproduces the committed `data/`
//! and `reports/` byte for byte (timings aside), whatever the machine's cores.

use std::path::Path;

#[test]
fn default_release_reproduces_the_committed_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = std::env::temp_dir().join(format!("discflip-release-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    // The release's stage lines are kept for a failure's message, not
    // printed into the test output.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_discflip"))
        .args(["release", "--data"])
        .arg(out.join("data"))
        .arg("--reports")
        .arg(out.join("reports"))
        .output()
        .expect("runs");
    assert!(run.status.success(), "discflip release failed:\n{}", String::from_utf8_lossy(&run.stderr));
    for dir in ["data", "reports"] {
        let mut names: Vec<String> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            // timing files differ between runs (level5_browser.csv is scripts/check-web's); the calibration study is `discflip calibrate`'s, not the release's.
            .filter(|n| {
                !["timings.csv", "level5_browser.csv", "calibration.csv", "calibration_summary.csv"]
                    .contains(&n.as_str())
            })
            .collect();
        names.sort();
        assert!(names.len() >= 5, "{dir}: {names:?}");
        for name in names {
            let committed = std::fs::read(root.join(dir).join(&name)).unwrap();
            let fresh = std::fs::read(out.join(dir).join(&name)).unwrap_or_else(|_| panic!("{dir}/{name} not made"));
            assert!(committed == fresh, "{dir}/{name} differs from the committed file");
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}
