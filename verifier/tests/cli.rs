//! The `discflip-verify` binary's exit codes (docs/verification.md#output-and-exit-codes).

use std::process::Command;

fn data_dir() -> String {
    format!("{}/../data", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn exit_codes_0_1_and_2() {
    let run = |dir: &str| Command::new(env!("CARGO_BIN_EXE_discflip-verify")).arg(dir).output().unwrap();
    assert_eq!(run(&data_dir()).status.code(), Some(0));

    let dir = std::env::temp_dir().join(format!("discflip-verify-exit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in verifier::input::RELEASE_FILES {
        std::fs::copy(format!("{}/{f}", data_dir()), dir.join(f)).unwrap();
    }
    // A changed byte in an OBF file: its hash no longer matches (a failed check).
    let mut obf = std::fs::read(dir.join("daily.obf")).unwrap();
    let last = obf.len() - 2;
    obf[last] = if obf[last] == b';' { b' ' } else { b';' };
    std::fs::write(dir.join("daily.obf"), obf).unwrap();
    let o = run(dir.to_str().unwrap());
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains("daily.obf: hash"));

    std::fs::remove_file(dir.join("endgame.json")).unwrap();
    let o = run(dir.to_str().unwrap());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("endgame.json: file is missing"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reports_of_another_data_release_exit_1_naming_them() {
    let reports = std::env::temp_dir().join(format!("discflip-verify-reports-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&reports);
    std::fs::create_dir_all(&reports).unwrap();
    std::fs::write(reports.join("data.sha256"), format!("{}  SHA256SUMS\n", "0".repeat(64))).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_discflip-verify"))
        .args([&data_dir(), "--reports", reports.to_str().unwrap()])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("data.sha256: the reports describe the data release") && out.contains("different releases"),
        "{out}"
    );
    std::fs::remove_dir_all(&reports).unwrap();

    let o = Command::new(env!("CARGO_BIN_EXE_discflip-verify")).args(["--reports"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--reports needs a directory"));
}
