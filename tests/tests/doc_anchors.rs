//! Every `file.md#anchor` reference in the repository's docs, code and
//! scripts names a heading that exists (GitHub's anchor of it), so a renamed
//! heading cannot leave stale references behind.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens.
fn anchor(heading: &str) -> String {
    let kept: String = heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .collect();
    kept.replace(' ', "-")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "corpus" && name != "node_modules" {
                walk(&p, out);
            }
        } else if [".md", ".rs", ".toml"].iter().any(|x| name.ends_with(x)) || p.parent().unwrap().ends_with("scripts")
        {
            out.push(p);
        }
    }
}

#[test]
fn every_doc_anchor_names_a_heading() {
    let root = discflip_e2e::workspace_root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.push(root.join(".cargo/mutants.toml"));
    files.push(root.join(".cargo/mutants-skip.txt"));
    let mut headings: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files.iter().filter(|f| f.extension().is_some_and(|x| x == "md")) {
        let text = std::fs::read_to_string(f).unwrap();
        let set = headings.entry(f.file_name().unwrap().to_string_lossy().into_owned()).or_default();
        set.extend(text.lines().filter(|l| l.starts_with('#')).map(|l| anchor(l.trim_start_matches('#'))));
    }
    let mut checked = 0;
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        for (n, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices(".md#") {
                let start = line[..at].rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
                let file = format!("{}.md", &line[start..at]);
                let rest = &line[at + 4..];
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_').collect();
                let Some(set) = headings.get(&file) else { continue };
                assert!(set.contains(&name), "{}:{}: {file}#{name} names no heading", f.display(), n + 1);
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "only {checked} anchors read");
}

#[test]
fn every_relative_link_of_the_docs_names_a_file_that_exists() {
    let root = discflip_e2e::workspace_root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut checked = 0;
    let mut broken = Vec::new();
    for f in files.iter().filter(|f| f.extension().is_some_and(|x| x == "md")) {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("](") {
                let target: String = line[at + 2..].chars().take_while(|&c| c != ')' && c != '#' && c != ' ').collect();
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                if !f.parent().unwrap().join(&target).exists() {
                    broken.push(format!("{}:{}: {target}", f.strip_prefix(&root).unwrap().display(), n + 1));
                }
            }
        }
    }
    assert!(broken.is_empty(), "links to no file:\n{}", broken.join("\n"));
    assert!(checked > 100, "only {checked} links read");
}
