//! What the generator's CLI tests share: a small release made by the
//! library exactly as `discflip release` makes the game's, in a temporary
//! directory, so the tests read no shipped file.

#![allow(dead_code, reason = "each test file uses part of this module")]

use std::sync::OnceLock;

/// The data files of a small release (seed 59: 4 Endgame boards of each size,
/// a 7-day Daily cycle), made once per test binary.
pub fn small_release_files() -> &'static [(String, Vec<u8>)] {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let sizes = generator::puzzles::sets::SetSizes { endgame_per_empties: 4, days: 7 };
        generator::files::write::release_files(59, &sizes, &format::LevelsFile::game())
    })
}

/// The small release in a fresh temporary directory (removed when dropped).
pub fn small_release() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("discflip-data-").tempdir().expect("a temporary directory");
    for (name, bytes) in small_release_files() {
        std::fs::write(dir.path().join(name), bytes).expect("a data file");
    }
    dir
}

/// The names of the entries of `dir`, sorted.
pub fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}
