//! No edge Cargo cannot see (issue 93, ARCHITECTURE.md): no Rust file of a
//! crate other than this one names a path that leads out of its crate into
//! the workspace (`include_str!("../../web/js/…")`, a test joining
//! `../data/…` to its manifest directory). Another crate's files are reached
//! through Cargo (a dependency's API) or, for tests, from this crate.

use discflip_e2e::{rust_sources, workspace_root};
use std::path::{Component, Path, PathBuf};

/// `path` with its `.` and `..` steps taken.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The relative paths `text` spells that climb (`../…` inside a string).
fn climbing_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("\"../") {
        let rest = &text[at + 1..];
        let path: String = rest.chars().take_while(|&c| c != '"').collect();
        out.push(path);
    }
    out
}

/// The climbing paths of `krate`'s Rust files that name an existing file or
/// directory of the workspace outside the crate, read from the file's
/// directory or from the crate's (a manifest-directory join).
fn edges(krate: &str) -> Vec<String> {
    let root = workspace_root();
    let dir = root.join(krate);
    let mut out = Vec::new();
    for sub in ["src", "tests", "benches", "examples"] {
        if !dir.join(sub).is_dir() {
            continue;
        }
        for file in rust_sources(&dir.join(sub)) {
            let text = std::fs::read_to_string(&file).unwrap();
            for path in climbing_paths(&text) {
                for base in [file.parent().unwrap(), dir.as_path()] {
                    let target = normal(&base.join(&path));
                    if target.exists() && !target.starts_with(&dir) {
                        let rel = file.strip_prefix(&root).unwrap().display().to_string();
                        out.push(format!(
                            "{rel}: \"{path}\" leads to {}",
                            target.strip_prefix(&root).unwrap().display()
                        ));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn no_crate_reads_another_crates_files_by_path() {
    let found: Vec<String> =
        ["engine", "format", "generator", "verifier", "web"].iter().flat_map(|krate| edges(krate)).collect();
    assert!(
        found.is_empty(),
        "paths from one crate into another (use the crate's API, or test it in tests/):\n{}",
        found.join("\n")
    );
}

#[test]
fn climbing_paths_are_found_and_resolved() {
    let text = r#"include_str!("../../../../web/js/discflip.js"); join("../escape"); "a/../b"; "../data/x.json""#;
    assert_eq!(climbing_paths(text), ["../../../../web/js/discflip.js", "../escape", "../data/x.json"]);
    assert_eq!(normal(Path::new("/w/generator/src/present/review/../../../../web/js")), Path::new("/w/web/js"));
    // The edge the review page had: found from the file's directory.
    let root = workspace_root();
    let review = root.join("generator/src/present/review");
    let target = normal(&review.join("../../../../web/js/discflip.js"));
    assert!(target.exists() && !target.starts_with(root.join("generator")), "{}", target.display());
}
