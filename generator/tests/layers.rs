//! The generator's layers point only down (ARCHITECTURE.md): read from each
//! layer's sources, every `crate::` path names the layer itself, a layer
//! below it, or the shared vocabulary (`progress`, the CSV `table`).

use std::path::Path;

/// Each layer folder and the layers it may use.
const LAYERS: [(&str, &[&str]); 4] = [
    ("puzzles", &["puzzles"]),
    ("files", &["files", "puzzles"]),
    ("strength", &["strength", "puzzles"]),
    ("present", &["present", "strength", "files", "puzzles"]),
];

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn every_layer_uses_only_the_layers_below_it() {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
    let src = Path::new(&dir).join("src");
    let mut checked = 0;
    for (layer, allowed) in LAYERS {
        let mut files = Vec::new();
        sources(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "{layer}/ has sources");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for (n, line) in text.lines().enumerate() {
                for (at, _) in line.match_indices("crate::") {
                    let used: String =
                        line[at + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    assert!(
                        matches!(used.as_str(), "progress" | "table") || allowed.contains(&used.as_str()),
                        "{}:{}: the {layer} layer uses crate::{used}",
                        f.display(),
                        n + 1
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} paths read");
}
