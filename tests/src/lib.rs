//! End-to-end tests across the discflip crates live in `tests/`; this library
//! holds what several of them share.

use std::sync::OnceLock;

/// The sizes of [`small_release`]: 4 Endgame boards of each size and a
/// 7-day Daily cycle (12 and 21 boards).
pub const SMALL: verifier::layout::Sizes = verifier::layout::Sizes { endgame_per_empties: 4, cycle_days: 7 };

/// The data files of a small release made by the generator exactly as
/// `discflip release` makes the game's (seed 59, sizes [`SMALL`]), made once
/// per test binary.
pub fn small_release_files() -> &'static [(String, Vec<u8>)] {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let sizes = generator::puzzles::sets::SetSizes {
            endgame_per_empties: SMALL.endgame_per_empties,
            days: SMALL.cycle_days,
        };
        generator::files::write::release_files(59, &sizes, &format::LevelsFile::game())
    })
}

/// A fresh copy of [`small_release_files`] in a temporary directory, removed
/// when the returned value is dropped.
pub fn small_release() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("discflip-small-").tempdir().expect("a temporary directory");
    for (name, bytes) in small_release_files() {
        std::fs::write(dir.path().join(name), bytes).expect("a file of the small release");
    }
    dir
}

/// The crates `package` builds with (`cargo tree`, normal dependencies, host
/// platform, offline), one name per entry, `package` itself first.
pub fn cargo_tree(package: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["tree", "-p", package, "-e", "normal", "--prefix", "none", "--offline"])
        // The directory cargo runs the test in, not the one this library was first built in:
        // a target directory shared between clones keeps the library built from another one.
        .current_dir(workspace_root())
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.lines().filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect()
}

/// The board of a JSON board record, from Dark's view (Dark to move), read
/// without the engine.
pub fn board_of(rec: &serde_json::Value) -> verifier::rules::Board {
    let mut b = verifier::rules::Board { own: 0, other: 0 };
    for (i, c) in rec["board"].as_str().expect("a board string").chars().enumerate() {
        match c {
            'X' => b.own |= 1 << i,
            'O' => b.other |= 1 << i,
            _ => {}
        }
    }
    b
}

/// The workspace's root directory: the parent of this crate's, as cargo gives
/// it when it runs the test (not the one baked in when the binary was built:
/// a target directory shared between clones can outlive that one).
pub fn workspace_root() -> std::path::PathBuf {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
    std::path::Path::new(&dir).parent().expect("the crate sits in the workspace").to_path_buf()
}

/// Every `.rs` file under `dir`, at any depth, in directory order.
pub fn rust_sources(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("a source directory") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            out.extend(rust_sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}
