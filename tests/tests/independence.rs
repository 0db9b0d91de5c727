//! The verifier depends on no engine code: its resolved dependency tree
//! (`cargo tree`, normal dependencies, host platform) holds no workspace crate
//! but itself.

#[test]
fn verifier_depends_on_no_engine_code() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["tree", "-p", "discflip-verify", "-e", "normal", "--prefix", "none", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let crates: Vec<&str> = text.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(crates.first(), Some(&"discflip-verify"));
    assert!(crates.contains(&"serde_json") && crates.contains(&"sha2"), "the tree lists real dependencies: {crates:?}");
    for forbidden in ["discflip-engine", "discflip", "discflip-e2e"] {
        assert!(!crates.contains(&forbidden), "the verifier reaches {forbidden}");
    }
}
