//! The verifier's own tests prove a small release committed in its crate
//! (`verifier/tests/fixture/`), so they build and run with the verifier
//! alone. That release must be the one the generator makes today
//! (`discflip_e2e::small_release_files`): a change of the generator's output
//! fails here until the fixture is written again with
//! `DISCFLIP_WRITE_FIXTURE=1 cargo test --release -p discflip-e2e --test verifier_fixture`.

#[test]
fn the_verifiers_fixture_is_the_generators_small_release() {
    let dir = discflip_e2e::workspace_root().join("verifier/tests/fixture");
    let files = discflip_e2e::small_release_files();
    if std::env::var_os("DISCFLIP_WRITE_FIXTURE").is_some() {
        std::fs::create_dir_all(&dir).expect("the fixture directory");
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).expect("a fixture file");
        }
    }
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("an entry").file_name().into_string().expect("a UTF-8 name"))
        .collect();
    committed.sort();
    let mut made: Vec<String> = files.iter().map(|(name, _)| name.clone()).collect();
    made.sort();
    assert_eq!(committed, made, "the fixture's files");
    for (name, bytes) in files {
        let got = std::fs::read(dir.join(name)).expect("a fixture file");
        assert!(
            got == *bytes,
            "verifier/tests/fixture/{name} is not the generator's small release (see this file's header)"
        );
    }
    let report = verifier::verify_dir_sized(&dir, discflip_e2e::SMALL).expect("the fixture reads");
    assert!(report.failures.is_empty(), "the fixture verifies: {:?}", report.failures);
}
