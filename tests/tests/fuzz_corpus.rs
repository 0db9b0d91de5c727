//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the
//! same properties the fuzz targets check, so CI guards every input the
//! fuzzers kept (docs/testing.md#fuzzing). The fuzzers themselves need nightly
//! and run by hand: `scripts/fuzz`.

use std::path::PathBuf;

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = discflip_e2e::workspace_root().join("fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: an empty corpus", dir.display());
    files.into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect()
}

#[test]
fn parse_position_corpus() {
    for (path, data) in corpus("parse_position") {
        let Ok(text) = std::str::from_utf8(&data) else { continue };
        if let Ok(pos) = text.parse::<engine::Position>() {
            let printed = pos.to_string();
            assert_eq!(printed.parse::<engine::Position>().ok(), Some(pos), "{}", path.display());
        }
        let _ = engine::Position::from_board_str(text, engine::Color::Dark);
    }
}

#[test]
fn solve_input_corpus() {
    let mut solver = engine::Solver::with_scoring(engine::Scoring::Margin);
    for (path, data) in corpus("solve_input") {
        let Ok(text) = std::str::from_utf8(&data) else { continue };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if let Ok(pos) = line.parse::<engine::Position>()
                && pos.empty_count() <= 12
            {
                let values = solver.move_values(&pos);
                assert!(values.windows(2).all(|w| w[0].value >= w[1].value), "{}", path.display());
            }
        }
    }
}

#[test]
fn verify_files_corpus() {
    const FILES: [&str; 9] = verifier::input::RELEASE_FILES;
    let fixture = discflip_e2e::workspace_root().join("fuzz/fixture");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = tmp.path();
    for (_, data) in corpus("verify_files") {
        let Some((&pick, content)) = data.split_first() else { continue };
        for (i, name) in FILES.iter().enumerate() {
            let bytes = if i == usize::from(pick) % FILES.len() {
                content.to_vec()
            } else {
                std::fs::read(fixture.join(name)).unwrap()
            };
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        // A report or an input error; a panic fails the test.
        let _ = verifier::verify_dir(dir);
    }
}
