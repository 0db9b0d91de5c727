//! Board and position parsing: never a panic; what parses prints back to
//! itself and parses again to the same position.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = text.parse::<engine::Position>() {
        let printed = pos.to_string();
        assert_eq!(printed.parse::<engine::Position>().ok(), Some(pos), "{printed}");
    }
    let _ = engine::Position::from_board_str(text, engine::Color::Dark);
});
