//! The verifier depends on no engine code: its resolved dependency tree
//! (`cargo tree`, normal dependencies, host platform) holds no workspace crate
//! but itself.

#[test]
fn verifier_depends_on_no_engine_code() {
    let crates = discflip_e2e::cargo_tree("discflip-verify");
    let has = |name: &str| crates.iter().any(|c| c == name);
    assert_eq!(crates.first().map(String::as_str), Some("discflip-verify"));
    assert!(has("serde_json") && has("sha2"), "the tree lists real dependencies: {crates:?}");
    for forbidden in ["discflip-engine", "discflip", "discflip-e2e"] {
        assert!(!has(forbidden), "the verifier reaches {forbidden}");
    }
}
