//! The board checks against the records of the small release beside the
//! integration tests, tampered ones and boards built by the verifier's own
//! search.

use super::*;

/// The small release beside the integration tests (`tests/fixture/`, the
/// generator's, with the game's levels file), found at run time.
fn fixture_dir() -> std::path::PathBuf {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo (CARGO_MANIFEST_DIR is set)");
    std::path::Path::new(&dir).join("tests/fixture")
}

/// The game's levels file, read as the verifier reads it.
fn shipped_levels() -> Levels {
    Levels::read(&fixture_dir()).expect("tests/fixture/levels.json")
}

/// Every square of the shipped levels file, read as the verifier reads it,
/// against the table of docs/players.md#square-values-the-help-pages-figure-3, listed there by name:
/// with its nearby corner empty, taken, and with only the other three taken.
#[test]
fn every_square_has_its_documented_value_with_its_corner_empty_and_taken() {
    let classes: [(&str, i32, i32); 8] = [
        ("a1 h1 a8 h8", 120, 120),
        ("a2 b1 g1 h2 a7 b8 g8 h7", -20, 5),
        ("b2 g2 b7 g7", -40, 5),
        ("c1 f1 a3 h3 a6 h6 c8 f8", 20, 20),
        ("d1 e1 a4 h4 a5 h5 d8 e8", 5, 5),
        ("c2 d2 e2 f2 b3 b4 b5 b6 g3 g4 g5 g6 c7 d7 e7 f7", -5, -5),
        ("c3 f3 c6 f6", 15, 15),
        ("d3 e3 c4 f4 c5 f5 d6 e6 d4 e4 d5 e5", 3, 3),
    ];
    let levels = shipped_levels();
    let table_value = |b: &Board, sq: u8| levels.square_value(b.own | b.other, sq);
    let mut seen = 0u64;
    for (names, empty, taken) in classes {
        for name in names.split(' ') {
            let sq = parse_square(name).expect("a square");
            seen |= 1 << sq;
            let (c, r) = (sq % 8, sq / 8);
            let corner = (if r < 4 { 0 } else { 56 }) + if c < 4 { 0 } else { 7 };
            assert_eq!(table_value(&Board { own: 0, other: 0 }, sq), empty, "{name}, corner empty");
            assert_eq!(table_value(&Board { own: 0, other: 1 << corner }, sq), taken, "{name}, corner taken");
            let far = (1u64 << 0 | 1 << 7 | 1 << 56 | 1 << 63) & !(1 << corner);
            assert_eq!(table_value(&Board { own: far, other: 0 }, sq), empty, "{name}: the other corners do not count");
        }
    }
    assert_eq!(seen, u64::MAX, "the table covers every square");
}

#[test]
fn canonical_is_the_same_for_all_eight_images_and_differs_otherwise() {
    // The images are built from two moves only (mirror the columns,
    // swap rows and columns), composed until no new image appears.
    let mirror = |b: u64| (0..64u8).filter(|s| b >> s & 1 == 1).fold(0u64, |m, s| m | 1 << (s / 8 * 8 + 7 - s % 8));
    let transpose = |b: u64| (0..64u8).filter(|s| b >> s & 1 == 1).fold(0u64, |m, s| m | 1 << (s % 8 * 8 + s / 8));
    // No symmetry maps this board onto itself.
    let b = Board { own: 0x0000_0010_3800_0103, other: 0x0080_4000_0418_0000 };
    let mut images = vec![(b.own, b.other)];
    let mut i = 0;
    while i < images.len() {
        let (own, other) = images[i];
        for next in [(mirror(own), mirror(other)), (transpose(own), transpose(other))] {
            if !images.contains(&next) {
                images.push(next);
            }
        }
        i += 1;
    }
    assert_eq!(images.len(), 8, "an asymmetric board has 8 distinct images");
    let key = canonical(&b);
    for &(own, other) in &images {
        assert_eq!(canonical(&Board { own, other }), key, "{own:#x} {other:#x}");
    }
    assert!(images.contains(&key), "the key is one of the images");
    let moved = Board { own: b.own ^ (1 << 63), other: b.other };
    assert_ne!(canonical(&moved), key, "a different board has another key");
}

#[test]
fn level2_score_of_d3_from_the_start_worked_by_hand() {
    // After Dark d3: Dark d3 d4 e4 d5, Light e5. Square values (the shipped
    // table): d3 and the centre 3 each, so Dark − Light = 12 − 3 = 9. Light
    // could answer c3, e3, c5; Dark could play f5, e6, f6: mobility
    // difference 0. Score: 100 × 9 + 15 × 0.
    assert_eq!(level2_score(&crate::rules::start(), 19, &shipped_levels()), 900);
}

/// The first `count` boards of the fixture with their records: the Endgame
/// set's first (8 empty squares: fast to prove), then the Daily set's.
fn shipped(count: usize) -> Vec<(BoardRecord, Board)> {
    let dir = fixture_dir();
    let endgame: crate::data::EndgameFile = crate::input::parse_json(&dir, "endgame.json").expect("endgame.json");
    let daily: crate::data::DailyFile = crate::input::parse_json(&dir, "daily.json").expect("daily.json");
    let boards = endgame.boards.into_iter().chain(daily.days.into_iter().flat_map(|d| d.boards)).take(count);
    let path = dir.join("endgame.json");
    boards.map(|rec| (rec.clone(), crate::input::parse_board(&path, &rec).expect("a board"))).collect()
}

/// The failures of `rec` changed by `tamper`, checked on its own board.
fn failures_after(rec: &BoardRecord, b: &Board, tamper: impl FnOnce(&mut BoardRecord)) -> Vec<String> {
    let mut rec = rec.clone();
    tamper(&mut rec);
    check_board(&rec, b, &mut Searcher::new(crate::search::Rule::Margin), &shipped_levels())
}

#[test]
fn each_tampered_answer_field_fails_with_its_own_message() {
    let has = |bad: &[String], phrase: &str| bad.iter().any(|w| w.contains(phrase));
    for (rec, b) in shipped(4) {
        assert_eq!(failures_after(&rec, &b, |_| ()), Vec::<String>::new(), "{}", rec.id);
        let at_limit = failures_after(&rec, &b, |r| r.moves[0].reply_positions = shipped_levels().reply_limit);
        assert_eq!(at_limit, Vec::<String>::new(), "{}: the limit itself is allowed", rec.id);
        let over = failures_after(&rec, &b, |r| r.moves[0].reply_positions = shipped_levels().reply_limit + 1);
        assert!(has(&over, "over the 300000 limit"), "{}: {over:?}", rec.id);
        let all_win = failures_after(&rec, &b, |r| r.moves.iter_mut().for_each(|m| m.value = m.value.abs() + 1));
        assert!(has(&all_win, "rule 4: every first move wins"), "{}: {all_win:?}", rec.id);
        let other = rec.moves.iter().find(|m| m.square != rec.par_move).expect("three or more moves");
        let moved_par = failures_after(&rec, &b, |r| r.par_move = other.square.clone());
        assert!(has(&moved_par, "par move"), "{}: {moved_par:?}", rec.id);
    }
}

/// A recorded reply that is optimal but not the first optimal one in
/// square order fails (the earlier one keeps Dark to the same value).
#[test]
fn a_later_optimal_reply_fails_naming_the_first() {
    let mut margin = Searcher::new(crate::search::Rule::Margin);
    let mut tried = 0;
    for (rec, b) in shipped(60) {
        for (k, m) in rec.moves.iter().enumerate() {
            let after = b.after(parse_square(&m.square).expect("a square"));
            let Some(first) = parse_square(&m.reply) else { continue };
            let later = after.legal().into_iter().filter(|&r| r > first);
            let Some(r) = later.into_iter().find(|&r| margin.value_is(&after.after(r), m.value)) else {
                continue;
            };
            let bad = failures_after(&rec, &b, |t| t.moves[k].reply = square_name(r));
            let want = format!("{} is optimal too and comes first in square order", square_name(first));
            assert!(bad.iter().any(|w| w.contains(&want)), "{} move {}: {bad:?}", rec.id, m.square);
            tried += 1;
        }
    }
    assert!(tried >= 5, "only {tried} moves with two optimal replies");
}

/// A record of `b` made with the verifier's own search, without a
/// solution: every move's value, flips and first optimal reply, the tied
/// moves of rules 5 and 6, the par move.
fn record_of(b: &Board, margin: &mut Searcher) -> BoardRecord {
    let legal = b.legal();
    let moves: Vec<MoveRecord> = legal
        .iter()
        .map(|&sq| {
            let after = b.after(sq);
            let value = -margin.value(&after);
            let reply = after.legal().into_iter().find(|&r| margin.value_is(&after.after(r), value));
            MoveRecord {
                square: square_name(sq),
                value,
                flips: b.captures(sq).count_ones(),
                reply: reply.map_or("pass".into(), square_name),
                reply_positions: 0,
                line: None,
            }
        })
        .collect();
    let par = moves.iter().map(|m| m.value).max().expect("a legal move");
    BoardRecord {
        id: "built".into(),
        board: (0..64)
            .map(|i| {
                if b.own >> i & 1 == 1 {
                    'X'
                } else if b.other >> i & 1 == 1 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect(),
        empties: b.empties(),
        par,
        par_move: moves.iter().find(|m| m.value == par).expect("par").square.clone(),
        biggest_flip: names(&tied_best(&legal, |s| b.captures(s).count_ones() as i64)),
        level2: names(&tied_best(&legal, |s| level2_score(b, s, &shipped_levels()))),
        moves,
        solution: None,
        themes: None,
        display: serde::de::IgnoredAny,
        provenance: serde::de::IgnoredAny,
    }
}

/// Rules 5 and 6 ask it of every tied move: a board whose one par move
/// is a later one of the tied moves fails (boards two plies past the
/// shipped ones, Dark to move, meeting rules 1 to 4).
#[test]
fn a_par_move_tied_second_for_the_biggest_flip_or_level2_fails() {
    let mut margin = Searcher::new(crate::search::Rule::Margin);
    let mut found = [false; 2];
    'search: for (_, b) in shipped(300).into_iter().filter(|(_, b)| b.empties() >= 8) {
        for next in b.legal().into_iter().flat_map(|m| {
            let light = b.after(m);
            light.legal().into_iter().map(move |r| light.after(r))
        }) {
            let legal = next.legal();
            if legal.len() < 3 {
                continue;
            }
            let rec = record_of(&next, &mut margin);
            let at_par: Vec<&str> =
                rec.moves.iter().filter(|m| m.value == rec.par).map(|m| m.square.as_str()).collect();
            if rec.par <= 0 || at_par.len() != 1 || rec.moves.iter().all(|m| m.value > 0) {
                continue;
            }
            for (k, (rule, tied)) in
                [("rule 5: biggest_flip", &rec.biggest_flip), ("rule 6: level2", &rec.level2)].into_iter().enumerate()
            {
                let later = tied.len() >= 2 && tied[1..].contains(&rec.par_move);
                if found[k] || !later {
                    continue;
                }
                let bad = check_board(&rec, &next, &mut margin, &shipped_levels());
                let want = format!("{rule} move {} reaches par", rec.par_move);
                assert!(bad.contains(&want), "{} (tied {tied:?}): {bad:?}", rec.board);
                // The record has no solution, themes or trap lines (what teaches is checked apart).
                let untaught = |w: &String| {
                    w.starts_with("no solution") || w == "no themes" || w.ends_with("a trap without its line")
                };
                let rest = bad.iter().filter(|w| !w.starts_with("rule ") && !untaught(w));
                assert_eq!(rest.count(), 0, "only the rules fail on a record built by the search: {bad:?}");
                found[k] = true;
            }
            if found == [true, true] {
                break 'search;
            }
        }
    }
    assert_eq!(found, [true, true], "boards with the par move second among the tied moves, for rules 5 and 6");
}

/// Rule 2 at its boundary: a board (two plies past a shipped one) with two
/// legal first moves fails it, one with exactly three does not.
#[test]
fn rule_2_refuses_two_first_moves_and_lets_three_pass() {
    let mut margin = Searcher::new(crate::search::Rule::Margin);
    let mut seen = [false; 2];
    for (_, b) in shipped(100) {
        for m in b.legal() {
            let light = b.after(m);
            for next in light.legal().into_iter().map(|r| light.after(r)) {
                let n = next.legal().len();
                if !(2..=3).contains(&n) || seen[n - 2] {
                    continue;
                }
                let rec = record_of(&next, &mut margin);
                let bad = check_board(&rec, &next, &mut margin, &shipped_levels());
                let failed = bad.iter().any(|w| w.starts_with("rule 2:"));
                assert_eq!(failed, n == 2, "{} with {n} moves: {bad:?}", rec.board);
                seen[n - 2] = true;
            }
        }
    }
    assert_eq!(seen, [true, true], "boards with two and with three first moves");
}

/// A board's themes and trap lines (docs/puzzles.md#themes and #the-why-of-every-trap):
/// the fixture's hold; a theme added, a theme removed, a trap line with a
/// wrong move, one cut short of the end, a missing line and a line on a move
/// that is no trap each fail, naming it.
#[test]
fn tampered_themes_and_trap_lines_fail_by_name() {
    let has = |bad: &[String], phrase: &str| bad.iter().any(|w| w.contains(phrase));
    let mut seen = 0;
    for (rec, b) in shipped(12) {
        assert_eq!(failures_after(&rec, &b, |_| ()), Vec::<String>::new(), "{}", rec.id);
        let themes = rec.themes.clone().expect("themes");
        let absent = crate::teach::THEMES.iter().map(|t| t.0).find(|t| !themes.iter().any(|s| s == t)).unwrap();
        let added = failures_after(&rec, &b, |r| r.themes.as_mut().unwrap().push(absent.to_string()));
        assert!(has(&added, &format!("theme {absent} recorded: the board does not show it")), "{added:?}");
        if let Some(first) = themes.first() {
            let removed = failures_after(&rec, &b, |r| {
                r.themes.as_mut().unwrap().remove(0);
            });
            assert!(has(&removed, &format!("theme {first} missing: the board shows it")), "{removed:?}");
        }
        let unknown = failures_after(&rec, &b, |r| r.themes = Some(vec!["parity".into()]));
        assert!(has(&unknown, "theme \"parity\" is not a theme"), "{unknown:?}");
        assert_eq!(unknown.iter().filter(|w| w.contains("parity")).count(), 1, "named once: {unknown:?}");
        let trap = rec.moves.iter().position(|m| m.line.is_some()).expect("a trap move");
        let line = rec.moves[trap].line.clone().unwrap();
        // A wrong move: the second step replaced by another legal reply, when there is one.
        let after = b.after(parse_square(&line[0]).unwrap());
        if let Some(other) = after.legal().into_iter().map(square_name).find(|s| *s != line[1]) {
            let wrong = failures_after(&rec, &b, |r| r.moves[trap].line.as_mut().unwrap()[1] = other.clone());
            assert!(has(&wrong, "the first optimal move is"), "{wrong:?}");
            seen += 1;
        }
        let short = failures_after(&rec, &b, |r| {
            r.moves[trap].line.as_mut().unwrap().pop();
        });
        assert!(has(&short, "stops before the end of the game"), "{short:?}");
        let missing = failures_after(&rec, &b, |r| r.moves[trap].line = None);
        assert!(has(&missing, "a trap without its line"), "{missing:?}");
        let plain = rec.moves.iter().position(|m| m.line.is_none()).expect("a move that is no trap");
        let extra = failures_after(&rec, &b, |r| r.moves[plain].line = Some(line.clone()));
        assert!(has(&extra, "a line, but the move is no trap"), "{extra:?}");
        let moved = failures_after(&rec, &b, |r| r.moves[trap].line.as_mut().unwrap()[0] = "a1".into());
        assert!(has(&moved, "does not start with the move"), "{moved:?}");
    }
    assert!(seen >= 6, "wrong moves tried on {seen} boards");
}

/// A trap line that reaches another margin than the move's value: the
/// value tampered on both the move and (so its check passes) nowhere else
/// fails the line by its end.
#[test]
fn a_trap_line_ending_at_another_margin_fails() {
    let (rec, b) = shipped(1).remove(0);
    let trap = rec.moves.iter().position(|m| m.line.is_some()).expect("a trap move");
    let m = &rec.moves[trap];
    let mut margin = Searcher::new(crate::search::Rule::Margin);
    let wrong = MoveRecord { value: m.value + 2, ..m.clone() };
    let bad = crate::teach::check_trap_lines(&BoardRecord { moves: vec![wrong], ..rec.clone() }, &b, &mut margin);
    assert!(bad.iter().any(|w| w.contains("no move keeps the value") || w.contains("ends at")), "{bad:?}");
}
