//! A level changed in one place (docs/players.md#changing-a-level): the game's
//! levels are `Levels::GAME`, and every committed copy of their file or its
//! SHA-256 outside a generated release is written from it here and held to it:
//! `data/levels.json`, the module's `web/src/levels.sha256`, and the header of
//! the format crate's test data. `DISCFLIP_WRITE_LEVELS=1` writes them
//! (`scripts/levels-changed` runs it first).

use discflip_e2e::workspace_root;
use format::LevelsFile;

/// The files whose header names the levels file by `"levels_sha256": "<hex>"`.
const HEADERS: [&str; 2] = ["format/tests/data/endgame.json", "format/tests/data/daily.json"];

/// `text` with the value of its `"levels_sha256"` field replaced by `sha256`.
fn with_levels_sha256(text: &str, sha256: &str) -> Option<String> {
    let key = "\"levels_sha256\": \"";
    let at = text.find(key)? + key.len();
    (text.len() >= at + 64).then(|| format!("{}{sha256}{}", &text[..at], &text[at + 64..]))
}

#[test]
fn every_copy_of_the_levels_file_and_its_hash_is_the_games() {
    let (root, game) = (workspace_root(), LevelsFile::game());
    let sha_file = root.join("web/src/levels.sha256");
    if std::env::var_os("DISCFLIP_WRITE_LEVELS").is_some() {
        std::fs::write(root.join("data/levels.json"), &game.bytes).expect("data/levels.json");
        std::fs::write(&sha_file, &game.sha256).expect("web/src/levels.sha256");
        for name in HEADERS {
            let text = std::fs::read_to_string(root.join(name)).expect(name);
            let text = with_levels_sha256(&text, &game.sha256).unwrap_or_else(|| panic!("{name}: no levels_sha256"));
            std::fs::write(root.join(name), text).expect(name);
        }
    }
    let fix = "run scripts/levels-changed (docs/players.md#changing-a-level)";
    assert!(std::fs::read(root.join("data/levels.json")).unwrap() == game.bytes, "data/levels.json: {fix}");
    assert_eq!(std::fs::read_to_string(&sha_file).unwrap(), game.sha256, "{}: {fix}", sha_file.display());
    for name in HEADERS {
        let text = std::fs::read_to_string(root.join(name)).expect(name);
        assert_eq!(with_levels_sha256(&text, &game.sha256).as_deref(), Some(text.as_str()), "{name}: {fix}");
    }
}

#[test]
fn the_header_rewrite_changes_only_the_hash() {
    let text = "{\n  \"seed\": 1,\n  \"levels_sha256\": \"".to_string() + &"a".repeat(64) + "\",\n  \"x\": 2\n}\n";
    let b = "b".repeat(64);
    let changed = with_levels_sha256(&text, &b).unwrap();
    assert_eq!(changed, text.replace(&"a".repeat(64), &b));
    assert_eq!(with_levels_sha256("{}", &b), None);
}
