//! The browser module's protocol (docs/web.md#the-module): any text as a
//! request. Every answer is JSON — `{"ok": …}`, or `{"error": {"code",
//! "message"}}` with a code of the protocol — never a panic, and no search
//! past its budget: a `moveValues` or `reply` request is given a
//! `maxPositions` of at most 100,000 first (so a run cannot stall on a
//! legitimately long exact search), and a reply's positions stay within it.
#![no_main]
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

const BUDGET: u64 = 100_000;

thread_local! {
    static ENGINE: std::cell::RefCell<web::Engine> = std::cell::RefCell::new(web::Engine::new(|| 0.0));
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
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
    // One engine for the run: no answer depends on an earlier call (docs/web.md#the-api).
    let answer = ENGINE.with_borrow_mut(|e| e.handle(&text));
    let answer: Value = serde_json::from_str(&answer).expect("every answer is JSON");
    let answer = answer.as_object().expect("an answer is an object");
    assert_eq!(answer.len(), 1, "ok or error: {answer:?}");
    if let Some(error) = answer.get("error") {
        let code = error["code"].as_str().expect("a code");
        let codes: Vec<Value> = web::protocol::ErrorCode::ALL.iter().map(|c| serde_json::to_value(c).unwrap()).collect();
        assert!(codes.contains(&json!(code)), "{code}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "a message");
    } else {
        let ok = &answer["ok"];
        if let Some(Value::Object(r)) = &request
            && r.get("op").and_then(Value::as_str) == Some("reply")
        {
            assert!(ok["positions"].as_u64().expect("positions") <= BUDGET, "within the budget");
        }
    }
});
