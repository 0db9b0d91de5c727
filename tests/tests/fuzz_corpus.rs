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

#[test]
fn protocol_corpus() {
    use serde_json::{Value, json};
    const BUDGET: u64 = 100_000;
    let codes: Vec<Value> = web::protocol::ErrorCode::ALL.iter().map(|c| serde_json::to_value(c).unwrap()).collect();
    let mut engine = web::Engine::new(|| 0.0);
    let (mut answered, mut refused) = (0, 0);
    for (path, data) in corpus("protocol") {
        let Ok(text) = std::str::from_utf8(&data) else { continue };
        // As the target does: every moveValues and reply within a budget of at most 100,000.
        let mut request: Option<Value> = serde_json::from_str(text).ok();
        let mut text = text.to_string();
        if let Some(Value::Object(r)) = request.as_mut()
            && matches!(r.get("op").and_then(Value::as_str), Some("moveValues" | "reply"))
        {
            let options = r.entry("options").or_insert_with(|| json!({}));
            if options.is_null() {
                *options = json!({});
            }
            if let Value::Object(o) = options {
                let given = o.get("maxPositions").and_then(Value::as_u64).unwrap_or(BUDGET);
                o.insert("maxPositions".to_string(), json!(given.min(BUDGET)));
            }
            text = serde_json::to_string(r).unwrap();
        }
        let answer: Value = serde_json::from_str(&engine.handle(&text)).expect("every answer is JSON");
        let answer = answer.as_object().expect("an answer is an object");
        assert_eq!(answer.len(), 1, "{}: ok or error", path.display());
        match (answer.get("ok"), answer.get("error")) {
            (Some(ok), None) => {
                answered += 1;
                if request.as_ref().and_then(|r| r.get("op")) == Some(&json!("reply")) {
                    assert!(ok["positions"].as_u64().unwrap() <= BUDGET, "{}", path.display());
                }
            }
            (None, Some(error)) => {
                refused += 1;
                assert!(codes.contains(&error["code"]), "{}: {error}", path.display());
                assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{}", path.display());
            }
            _ => panic!("{}: {answer:?}", path.display()),
        }
    }
    assert!(answered > 0 && refused > 0, "the corpus has answered and refused requests: {answered}, {refused}");
}
