//! `discflip solve`'s input, line by line: a bad line is an error value, a
//! good one is solved (positions with at most 12 empty squares, so a run
//! cannot stall on a legitimately long exact search). Never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut solver = engine::Solver::with_scoring(engine::Scoring::Margin);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Ok(pos) = line.parse::<engine::Position>()
            && pos.empty_count() <= 12
        {
            let values = solver.move_values(&pos);
            if let Some(best) = values.first() {
                assert!(values.iter().all(|m| m.value <= best.value));
            }
        }
    }
});
