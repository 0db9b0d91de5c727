//! No module ring at any depth (issue 93, ARCHITECTURE.md): within every
//! crate's `src/` (its binaries' folders aside), each source file is a module
//! (`solver/mode.rs` is `solver::mode`), and the modules it names — through
//! `crate::`, `super::`, `self::` or a child module's name, `use` lines and
//! paths in code alike, comments and test code left out — form no circle.
//! A module's own ancestors and descendants do not count: a parent owns its
//! children, and a child reads the items its parent defines. So a ring is
//! between siblings or cousins (`solver::mode` and `solver::search`), as
//! `engine`'s instruction-set dispatch naming a search would be.

use discflip_e2e::{rust_sources, workspace_root};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The module path of a source file under `src` (`["solver", "mode"]` for
/// `solver/mode.rs`, `["solver"]` for `solver/mod.rs`, `[]` for the root).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap();
    let stem = last.strip_suffix(".rs").unwrap_or(&last);
    if !(stem == "mod" || (parts.is_empty() && (stem == "lib" || stem == "main"))) {
        parts.push(stem.to_string());
    }
    parts
}

/// `text` without comment lines (a doc link is no import) and without test
/// code (an inline `#[cfg(test)] mod tests` to the file's end).
fn code_of(text: &str) -> String {
    text.split("#[cfg(test)]\nmod tests {")
        .next()
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a piece of code names from its start `at`: `a::b::{c, d::e}`
/// gives `[a, b, c]` and `[a, b, d, e]`; a `*` or an item name ends a path.
fn paths_at(code: &str) -> Vec<Vec<String>> {
    let ident = |s: &str| -> usize { s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len()) };
    let mut rest = code;
    let mut prefix = Vec::new();
    loop {
        let n = ident(rest);
        if n == 0 {
            break;
        }
        prefix.push(rest[..n].to_string());
        match rest[n..].strip_prefix("::") {
            Some(more) => rest = more,
            None => return vec![prefix],
        }
    }
    let Some(group) = rest.strip_prefix('{') else { return vec![prefix] };
    // The group's top-level members, each a path of its own.
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                out.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    let mut paths: Vec<Vec<String>> = out
        .into_iter()
        .flat_map(|m| paths_at(m.trim()))
        .map(|tail| prefix.iter().cloned().chain(tail).collect())
        .collect();
    if paths.is_empty() {
        paths.push(prefix);
    }
    paths
}

/// The modules of `modules` that module `me`'s code names, resolved from
/// `crate::`, `super::`, `self::` and child module names (the longest known
/// module prefix of each path).
fn imports(me: &[String], code: &str, modules: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let children: BTreeSet<&String> =
        modules.iter().filter(|m| m.len() == me.len() + 1 && m.starts_with(me)).map(|m| &m[me.len()]).collect();
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices(|c: char| c.is_alphabetic() || c == '_') {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue; // inside a word, or a later segment of a path
        }
        for path in paths_at(&code[at..]) {
            let (mut base, segments): (Vec<String>, &[String]) = match path[0].as_str() {
                "crate" => (Vec::new(), &path[1..]),
                "self" => (me.to_vec(), &path[1..]),
                "super" => (me[..me.len().saturating_sub(1)].to_vec(), &path[1..]),
                name if path.len() > 1 && children.contains(&name.to_string()) => (me.to_vec(), &path[..]),
                _ => continue,
            };
            for seg in segments {
                if seg == "super" {
                    base.pop();
                    continue;
                }
                let mut next = base.clone();
                next.push(seg.clone());
                if !modules.contains(&next) {
                    break;
                }
                base = next;
            }
            out.insert(base);
        }
    }
    out
}

/// Each module of a crate's `src/` (binaries and test code aside) and the
/// modules it names that are neither its ancestors nor its descendants.
fn graph(krate: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = workspace_root().join(krate).join("src");
    let files: Vec<_> = rust_sources(&src)
        .into_iter()
        .filter(|f| {
            let rel = f.strip_prefix(&src).unwrap();
            let in_tests = rel.components().any(|c| c.as_os_str() == "tests" || c.as_os_str() == "bin");
            let name = f.file_name().unwrap().to_string_lossy();
            !(in_tests || name == "tests.rs" || name.ends_with("_tests.rs"))
        })
        .collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let name = |m: &[String]| if m.is_empty() { "crate".to_string() } else { m.join("::") };
    let mut g: BTreeMap<String, BTreeSet<String>> = modules.iter().map(|m| (name(m), BTreeSet::new())).collect();
    for f in &files {
        let me = module_of(&src, f);
        let code = code_of(&std::fs::read_to_string(f).unwrap());
        let related = |m: &Vec<String>| m.starts_with(&me) || me.starts_with(m);
        let named: BTreeSet<String> =
            imports(&me, &code, &modules).iter().filter(|m| !related(m)).map(|m| name(m)).collect();
        g.get_mut(&name(&me)).unwrap().extend(named);
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
fn no_crate_has_a_module_ring_at_any_depth() {
    for (krate, at_least) in [("engine", 30), ("format", 8), ("generator", 40), ("verifier", 18), ("web", 4)] {
        let g = graph(krate);
        assert!(g.len() >= at_least, "{krate}: only {} modules read", g.len());
        assert_eq!(rings(&g), Vec::<BTreeSet<String>>::new(), "{krate}: modules that import each other round: {g:?}");
    }
}

#[test]
fn the_engines_nested_modules_are_read() {
    let g = graph("engine");
    let solver = |m: &str| g.get(&format!("solver::{m}")).unwrap_or_else(|| panic!("solver::{m} in {g:?}"));
    assert!(solver("search").contains("solver::mode"), "search names mode: {g:?}");
    assert!(solver("team").contains("solver::search") && solver("team").contains("solver::node"));
    assert!(!solver("search").contains("solver"), "a parent does not count");
    assert!(g["crate"].is_empty(), "the root's children do not count: {:?}", g["crate"]);
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
}

#[test]
fn paths_resolve_from_crate_super_self_and_child_names() {
    let m = |s: &str| -> Vec<String> { if s.is_empty() { vec![] } else { s.split("::").map(String::from).collect() } };
    let modules: BTreeSet<Vec<String>> =
        ["", "files", "game", "solver", "solver::mode", "solver::search", "solver::node"]
            .iter()
            .map(|s| m(s))
            .collect();
    let code = code_of(
        "use super::{mode::{A, B}, node::Node};\nuse crate::files::X;\nlet y = search::f();\n/// [`crate::game`]\n// crate::game\nuse super::*;\n#[cfg(test)]\nmod tests {\n use crate::game;\n}",
    );
    let got = imports(&m("solver::search"), &code, &modules);
    let want: BTreeSet<Vec<String>> =
        ["solver::mode", "solver::node", "files", "solver"].iter().map(|s| m(s)).collect();
    assert_eq!(got, want, "search::f is no child of solver::search; comments and tests left out");
    let from_parent = imports(&m("solver"), "use mode::Count;\nlet t = team::x();", &modules);
    assert_eq!(from_parent, [m("solver::mode")].into_iter().collect(), "a child's name, and only a known one");
}
