//! The `discflip` binary builds no network, TLS or cloud stack: polars runs
//! with features that keep them out (docs/architecture: "lean build"). The
//! resolved tree (`cargo tree`, normal dependencies, host platform) is read
//! the way the independence test reads the verifier's.

#[test]
fn discflip_builds_no_network_tls_or_cloud_crates() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["tree", "-p", "discflip", "-e", "normal", "--prefix", "none", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let crates: Vec<&str> = text.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert_eq!(crates.first(), Some(&"discflip"));
    assert!(crates.contains(&"polars") && crates.contains(&"polars-lazy"), "the tree lists real dependencies");
    for forbidden in
        ["reqwest", "hyper", "h2", "rustls", "ring", "object_store", "tokio-rustls", "polars-stream", "polars-io-cloud"]
    {
        assert!(!crates.contains(&forbidden), "the discflip binary builds {forbidden}");
    }
}
