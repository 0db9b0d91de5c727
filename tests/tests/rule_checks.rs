//! The rule checks of docs/ladder.md §3 run in the test suite, as `discflip checks` runs them.

#[test]
fn perft_flip_previews_and_settled_discs_hold() {
    let rows = generator::checks::all_rows(generator::seeds::DEFAULT_SEED);
    assert_eq!(rows.len(), 9);
    for r in &rows {
        assert_eq!(r.failures, 0, "{}: {}", r.check, r.detail);
    }
    let flips = rows.iter().find(|r| r.check == "flip_previews").unwrap();
    assert_eq!(flips.cases, 10_000);
    let settled = rows.iter().find(|r| r.check == "settled_discs").unwrap();
    assert_eq!(settled.cases, 10_000);
}
