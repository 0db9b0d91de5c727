//! What the verifier's integration tests share: the small release committed
//! beside them (`tests/fixture/`, the generator's small release, kept current
//! by the end-to-end crate's `verifier_fixture.rs`) and scratch copies of it.

#![allow(dead_code, reason = "each test file uses part of this module")]

use std::path::PathBuf;
use verifier::layout::Sizes;

/// The fixture's sizes: 4 Endgame boards of each size, a 7-day Daily cycle.
pub const SIZES: Sizes = Sizes { endgame_per_empties: 4, cycle_days: 7 };

/// This crate's directory, as cargo gives it when it runs the test.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)"))
}

/// The committed small release.
pub fn fixture() -> PathBuf {
    crate_dir().join("tests/fixture")
}

/// A copy of the fixture in a temporary directory, removed when dropped.
pub fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("discflip-verify-").tempdir().expect("a temporary directory");
    for f in verifier::input::RELEASE_FILES {
        std::fs::copy(fixture().join(f), dir.path().join(f)).expect("a fixture file");
    }
    dir
}

/// A copy of the small release in `to` with file `name` replaced by `text` and `SHA256SUMS`
/// rewritten to match.
pub fn copy_with(to: &std::path::Path, name: &str, text: &str) {
    use sha2::{Digest, Sha256};
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).unwrap();
    let mut sums = String::new();
    for f in verifier::input::FILES {
        let bytes = if f == name { text.as_bytes().to_vec() } else { std::fs::read(fixture().join(f)).unwrap() };
        std::fs::write(to.join(f), &bytes).unwrap();
        let hex: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        sums += &format!("{hex}  {f}\n");
    }
    std::fs::write(to.join("SHA256SUMS"), sums).unwrap();
}
