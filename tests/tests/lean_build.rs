//! The `discflip` binary builds no network, TLS or cloud stack: polars runs
//! with features that keep them out (docs/architecture: "lean build"). The
//! resolved tree (`cargo tree`, normal dependencies, host platform) is read
//! the way the independence test reads the verifier's.

#[test]
fn discflip_builds_no_network_tls_or_cloud_crates() {
    let crates = discflip_e2e::cargo_tree("discflip");
    let has = |name: &str| crates.iter().any(|c| c == name);
    assert_eq!(crates.first().map(String::as_str), Some("discflip"));
    assert!(has("polars") && has("polars-lazy"), "the tree lists real dependencies");
    for forbidden in
        ["reqwest", "hyper", "h2", "rustls", "ring", "object_store", "tokio-rustls", "polars-stream", "polars-io-cloud"]
    {
        assert!(!has(forbidden), "the discflip binary builds {forbidden}");
    }
}
