//! The benchmark sets `engine/benches/data/{random_10,random_12,random_14,selfplay_14}.txt` are regression
//! data made by the engine's own solver (`cargo bench --bench solver -- generate`).
//! This test proves their values once more with the verifier's independent
//! search, so a wrong value cannot hide in a benchmark that only compares the
//! engine with itself (docs/testing.md).

use verifier::rules::Board;
use verifier::search::{Rule, Searcher};

/// `<64 chars> X|O <value>`, read without the engine: the mover's discs as `own`.
fn parse(line: &str) -> (Board, i32) {
    let mut parts = line.split_whitespace();
    let (board, side, value) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
    let (mut x, mut o) = (0u64, 0u64);
    for (i, c) in board.chars().enumerate() {
        match c {
            'X' => x |= 1 << i,
            'O' => o |= 1 << i,
            '-' => {}
            other => panic!("unexpected {other:?} in {line}"),
        }
    }
    let b = if side == "X" { Board { own: x, other: o } } else { Board { own: o, other: x } };
    (b, value.parse().unwrap())
}

#[test]
fn bench_set_values_agree_with_the_verifiers_search() {
    let mut search = Searcher::new(Rule::Margin);
    for (set, empties, limit) in
        [("random", 10, usize::MAX), ("random", 12, usize::MAX), ("random", 14, 40), ("selfplay", 14, 40)]
    {
        let file = discflip_e2e::workspace_root().join(format!("engine/benches/data/{set}_{empties}.txt"));
        let path = file.display();
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines: Vec<(usize, &str)> =
            text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.is_empty()).take(limit).collect();
        assert!(lines.len() >= 40, "{path}: {} positions", lines.len());
        for (n, line) in lines {
            let (board, value) = parse(line);
            assert_eq!(board.empties(), empties, "{path} line {}", n + 1);
            assert_eq!(search.value(&board), value, "{path} line {}: {line}", n + 1);
        }
    }
}
