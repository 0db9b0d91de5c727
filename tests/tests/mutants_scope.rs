//! The mutation scope is the code (docs/testing.md#mutation-testing): every Rust file under the
//! `src/` of the six crates is listed in `.cargo/mutants-scope.txt`, once, as in the scope or as
//! out of it with a reason; every line names a file that exists.

use discflip_e2e::workspace_root;
use std::collections::BTreeSet;
use std::path::Path;

const CRATES: [&str; 6] = ["engine", "format", "generator", "verifier", "web", "tests"];

/// The `.rs` files under `dir`, as paths from the workspace root.
fn rust_files(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.insert(path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn every_library_file_is_in_the_mutation_scope_or_out_of_it_with_a_reason() {
    let root = workspace_root();
    let mut files = BTreeSet::new();
    for c in CRATES {
        rust_files(&root, &root.join(c).join("src"), &mut files);
    }
    let text = std::fs::read_to_string(root.join(".cargo/mutants-scope.txt")).expect(".cargo/mutants-scope.txt");
    let mut listed = BTreeSet::new();
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[..] {
            [path, "in"] | [path, "out", _] if !listed.insert(path.to_string()) => {
                problems.push(format!("line {}: {path} listed twice", n + 1));
            }
            [_, "in"] => {}
            [_, "out", why] if why.split_whitespace().count() >= 3 => {}
            _ => problems.push(format!("line {}: `{line}` is not `PATH<TAB>in` or `PATH<TAB>out<TAB>reason`", n + 1)),
        }
    }
    problems.extend(files.difference(&listed).map(|f| format!("{f}: neither in the mutation scope nor out of it")));
    problems.extend(listed.difference(&files).map(|f| format!("{f}: listed, but no such file")));
    assert!(problems.is_empty(), ".cargo/mutants-scope.txt:\n{}", problems.join("\n"));
}
