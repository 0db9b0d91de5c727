//! No module ring (issue 67, ARCHITECTURE.md): within `engine/`, `format/`
//! and `verifier/`, read from each source file's `crate::` paths (comments
//! and test code left out), the top-level modules' imports form no circle:
//! the instruction-set dispatch names none of the searches that use it, and
//! every file-name constant, pattern and parser lives below the modules that
//! use it.

use discflip_e2e::{rust_sources, workspace_root};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level module of a source file under `src` (`schema` for
/// `schema/typescript.rs`); `None` for the crate root.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    match first.strip_suffix(".rs") {
        Some("lib" | "main") => None,
        Some(name) => Some(name.to_string()),
        None => Some(first),
    }
}

/// The top-level modules `text` names through `crate::`, comment lines (a
/// doc link is no import) and test code (an inline `#[cfg(test)] mod tests`
/// to the file's end) left out.
fn imports(text: &str) -> BTreeSet<String> {
    let code: String = text
        .split("#[cfg(test)]\nmod tests {")
        .next()
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + 7..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group[..group.find('}').unwrap_or(0)].split(',').collect(),
            None => vec![rest],
        };
        for n in names {
            let name: String = n.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// Each top-level module of a crate's `src/` and the other modules it imports.
fn graph(krate: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = workspace_root().join(krate).join("src");
    let files = rust_sources(&src);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let in_tests_dir = f.strip_prefix(&src).unwrap().components().any(|c| c.as_os_str() == "tests");
        let is_test = in_tests_dir
            || f.file_name().is_some_and(|n| n == "tests.rs" || n.to_string_lossy().ends_with("_tests.rs"));
        let Some(module) = module_of(&src, &f).filter(|_| !is_test) else { continue };
        let used = imports(&std::fs::read_to_string(&f).unwrap());
        let entry = g.entry(module.clone()).or_default();
        entry.extend(used.into_iter().filter(|u| *u != module));
    }
    g
}

/// The modules that lie on some circle of `g`, each circle's members sorted.
fn rings(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(m) = todo.pop() {
            for next in g.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = g.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for m in g.keys().filter(|m| reached[m].contains(*m)) {
        let ring: BTreeSet<String> =
            g.keys().filter(|n| reached[m].contains(*n) && reached[n].contains(m)).cloned().collect();
        if !out.contains(&ring) {
            out.push(ring);
        }
    }
    out
}

#[test]
fn the_engine_format_and_the_verifier_have_no_module_ring() {
    for krate in ["engine", "format", "verifier"] {
        let g = graph(krate);
        assert!(g.len() >= 8, "{krate}: only {} modules read", g.len());
        assert_eq!(rings(&g), Vec::<BTreeSet<String>>::new(), "{krate}: modules that import each other round: {g:?}");
    }
}

#[test]
fn the_ring_finder_finds_a_ring_and_only_its_members() {
    let g: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a", "d"]), ("d", vec![]), ("e", vec!["d"])]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
            .collect();
    let ring: BTreeSet<String> = ["a", "b", "c"].into_iter().map(String::from).collect();
    assert_eq!(rings(&g), vec![ring]);
    let mut broken = g.clone();
    broken.get_mut("c").unwrap().remove("a");
    assert_eq!(rings(&broken), Vec::<BTreeSet<String>>::new());
    assert_eq!(
        imports(
            "use crate::files::{A, B};\nuse crate::{game, record::R};\n/// [`crate::doc`]\n  // crate::note\n#[cfg(test)]\nmod tests {\n use crate::x;\n}"
        ),
        ["files", "game", "record"].into_iter().map(String::from).collect()
    );
}
