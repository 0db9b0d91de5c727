//! The verifier depends on no engine code: walk the resolved dependency graph.

use std::collections::{HashMap, HashSet};

#[test]
fn verifier_depends_on_no_engine_code() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: HashMap<&str, &str> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let nodes: HashMap<&str, Vec<&str>> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let deps = n["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["dep_kinds"].as_array().unwrap().iter().any(|k| k["kind"].is_null()))
                .map(|d| d["pkg"].as_str().unwrap())
                .collect();
            (n["id"].as_str().unwrap(), deps)
        })
        .collect();
    let root = names.iter().find(|(_, n)| **n == "discflip-verify").map(|(id, _)| *id).expect("verifier package");
    let mut seen = HashSet::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        if seen.insert(id) {
            stack.extend(nodes.get(id).into_iter().flatten());
        }
    }
    let reached: Vec<&str> = seen.iter().map(|id| names[id]).collect();
    assert!(reached.contains(&"serde_json"), "the walk sees the verifier's real dependencies: {reached:?}");
    for forbidden in ["discflip-engine", "discflip"] {
        assert!(!reached.contains(&forbidden), "verifier reaches {forbidden}");
    }
}
