//! The verifier's loading of each file it reads. The first byte picks the
//! file (endgame.json, daily.json, endgame.obf, daily.obf, the two game files,
//! blocklist.txt, levels.json, SHA256SUMS); the
//! rest replaces it in a small, valid fixture data set. Every input gives a
//! report or an input error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

const FILES: [&str; 9] = [
    "endgame.json",
    "daily.json",
    "endgame.obf",
    "daily.obf",
    "game-endgame.json",
    "game-daily.json",
    "blocklist.txt",
    "levels.json",
    "SHA256SUMS",
];
const FIXTURE: [&[u8]; 9] = [
    include_bytes!("../fixture/endgame.json"),
    include_bytes!("../fixture/daily.json"),
    include_bytes!("../fixture/endgame.obf"),
    include_bytes!("../fixture/daily.obf"),
    include_bytes!("../fixture/game-endgame.json"),
    include_bytes!("../fixture/game-daily.json"),
    include_bytes!("../fixture/blocklist.txt"),
    include_bytes!("../fixture/levels.json"),
    include_bytes!("../fixture/SHA256SUMS"),
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, content)) = data.split_first() else { return };
    let dir = std::env::temp_dir().join(format!("discflip-fuzz-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for (i, name) in FILES.iter().enumerate() {
        let bytes = if i == usize::from(pick) % FILES.len() { content } else { FIXTURE[i] };
        std::fs::write(dir.join(name), bytes).expect("writable");
    }
    let _ = verifier::verify_dir(&dir);
});
