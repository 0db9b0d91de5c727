use super::*;
use crate::bitboard::Bitboard;
use crate::eval::Eval;
use crate::square::Color;

fn sq(name: &str) -> usize {
    name.parse::<Square>().unwrap().index()
}

#[test]
fn the_game_settings_hold_their_own_checks() {
    assert_eq!(Levels::GAME.check(), Ok(()));
    assert_eq!(Levels::default(), Levels::GAME);
}

type Spoil = fn(&mut Levels);

/// Sets all four corners of both tables to `v` (symmetric, the same in both states).
fn corners(l: &mut Levels, v: i32) {
    for c in [0, 7, 56, 63] {
        l.squares.corner_empty[c] = v;
        l.squares.corner_taken[c] = v;
    }
}

/// Sets the four X-squares of the corner-taken table to `v` (symmetric).
fn x_taken(l: &mut Levels, v: i32) {
    for x in [9, 14, 49, 54] {
        l.squares.corner_taken[x] = v;
    }
}

/// Every bound of the levels file (docs/players.md#the-levels-file) at its last
/// accepted value and its first refused one, one setting changed at a time: `None`
/// for accepted, else the key the error must name.
#[test]
fn every_bound_holds_at_its_edge() {
    let cases: &[(Option<&str>, Spoil)] = &[
        (None, |l| corners(l, MAX_SQUARE_VALUE)),
        (Some("squares.corner_empty"), |l| corners(l, MAX_SQUARE_VALUE + 1)),
        (None, |l| corners(l, -MAX_SQUARE_VALUE)),
        (Some("squares.corner_empty"), |l| corners(l, -MAX_SQUARE_VALUE - 1)),
        (None, |l| x_taken(l, -MAX_SQUARE_VALUE)),
        (Some("squares.corner_taken"), |l| x_taken(l, -MAX_SQUARE_VALUE - 1)),
        (Some("squares.corner_empty"), |l| l.squares.corner_empty[sq("d1")] = 4),
        (Some("squares.corner_taken"), |l| l.squares.corner_taken[sq("h2")] = 4),
        (Some("squares.corner_taken"), |l| l.squares.corner_taken[sq("h8")] = 4),
        (None, |l| l.level1 = Level1Settings { random: 1, out_of: 1 }),
        (None, |l| l.level1 = Level1Settings { random: 0, out_of: 1 }),
        (Some("level1.random_share"), |l| l.level1 = Level1Settings { random: 0, out_of: 0 }),
        (None, |l| l.level1 = Level1Settings { random: 1_000, out_of: 1_000 }),
        (Some("level1.random_share"), |l| l.level1 = Level1Settings { random: 1, out_of: 1_001 }),
        (Some("level1.random_share"), |l| l.level1 = Level1Settings { random: 6, out_of: 5 }),
        (None, |l| l.level2.mobility_hundredths = 0),
        (Some("level2.mobility_weight"), |l| l.level2.mobility_hundredths = -1),
        (None, |l| l.level2.mobility_hundredths = 10_000),
        (Some("level2.mobility_weight"), |l| l.level2.mobility_hundredths = 10_001),
        (None, |l| (l.level2.wobble_low, l.level2.wobble_high) = (1.5, 1.5)),
        (Some("level2.wobble"), |l| (l.level2.wobble_low, l.level2.wobble_high) = (1.5, 1.25)),
        (Some("level2.wobble"), |l| l.level2.wobble_low = f64::NAN),
        (Some("level2.wobble"), |l| l.level2.wobble_low = f64::NEG_INFINITY),
        (Some("level2.wobble"), |l| l.level2.wobble_high = f64::INFINITY),
        (None, |l| (l.level2.wobble_low, l.level2.wobble_high) = (-500.0, 500.0)),
        (Some("level2.wobble"), |l| (l.level2.wobble_low, l.level2.wobble_high) = (-500.0, 500.5)),
        (None, |l| l.level3.depth = 1),
        (Some("level3.depth"), |l| l.level3.depth = 0),
        (None, |l| l.level3.depth = MAX_CLUB_DEPTH),
        (Some("level3.depth"), |l| l.level3.depth = MAX_CLUB_DEPTH + 1),
        (Some("level4.depth"), |l| l.level4.depth = MAX_CLUB_DEPTH + 1),
        (None, |l| l.level3.pick_window = 1_000),
        (Some("level3.pick_window"), |l| l.level3.pick_window = 1_001),
        (Some("level3.pick_window"), |l| l.level3.pick_window = -1),
        (None, |l| l.level4.pick_window = 1_000),
        (Some("level4.pick_window"), |l| l.level4.pick_window = 1_001),
        (None, |l| l.level3.mobility_weight = 0),
        (Some("level3.mobility_weight"), |l| l.level3.mobility_weight = -1),
        (None, |l| l.level4.mobility_weight = 1_000),
        (Some("level4.mobility_weight"), |l| l.level4.mobility_weight = 1_001),
        (None, |l| l.level5.budget = 1),
        (Some("level5.budget"), |l| l.level5.budget = 0),
        (None, |l| l.level5.budget = 100_000_000),
        (Some("level5.budget"), |l| l.level5.budget = 100_000_001),
        (None, |l| l.level5.exact_empties = 20),
        (Some("level5.exact_empties"), |l| l.level5.exact_empties = 21),
        (None, |l| l.level5.parity_empties = 60),
        (Some("level5.parity_empties"), |l| l.level5.parity_empties = 61),
        (None, |l| {
            (l.level5.settled_weight, l.level5.frontier_weight, l.level5.parity_weight) = (-1_000, 1_000, -1_000);
        }),
        (Some("level5.settled_weight"), |l| l.level5.settled_weight = -1_001),
        (Some("level5.frontier_weight"), |l| l.level5.frontier_weight = 1_001),
        (Some("level5.parity_weight"), |l| l.level5.parity_weight = -1_001),
        (None, |l| l.reply_limit = 1_000),
        (Some("reply_limit"), |l| l.reply_limit = 999),
        (None, |l| l.reply_limit = 100_000_000),
        (Some("reply_limit"), |l| l.reply_limit = 100_000_001),
    ];
    for (i, (key, spoil)) in cases.iter().enumerate() {
        let mut levels = Levels::GAME;
        spoil(&mut levels);
        assert_eq!(levels.check().map_err(|e| e.key), key.map_or(Ok(()), Err), "case {i}");
    }
}

/// The error reads as the levels file spells the key, then why; an asymmetric
/// table names the square and its mirror image with both values.
#[test]
fn errors_name_the_key_and_the_squares() {
    let mut levels = Levels::GAME;
    levels.squares.corner_empty[sq("c2")] = 7;
    let err = levels.check().unwrap_err();
    assert_eq!(err.key, "squares.corner_empty");
    assert!(err.why.contains("c2 is 7") && err.why.contains("is -5"), "{}", err.why);
    let mut levels = Levels::GAME;
    levels.level3.depth = 9;
    assert_eq!(levels.check().unwrap_err().to_string(), "level3.depth: 9 is not from 1 to 8");
}

/// The game's table is docs/players.md#square-values-the-help-pages-figure-3, square by
/// square, in both corner states.
#[test]
fn the_game_table_is_the_documented_figure_3() {
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
    let (mut empty, mut taken) = ([None; 64], [None; 64]);
    for (names, e, t) in classes {
        for name in names.split(' ') {
            assert_eq!(empty[sq(name)].replace(e), None, "{name} twice");
            taken[sq(name)] = Some(t);
        }
    }
    let table = SquareTable::NORVIG;
    assert_eq!(table.corner_empty.map(Some), empty);
    assert_eq!(table.corner_taken.map(Some), taken);
    assert_eq!(Levels::GAME.squares, table);
}

/// A square's value follows the corner of its own quadrant only.
#[test]
fn a_square_scores_by_its_own_quadrants_corner() {
    let table = SquareTable::NORVIG;
    let bit = |name: &str| 1u64 << sq(name);
    for (corner, x, c, elsewhere) in
        [("a1", "b2", "b1", "g7"), ("h1", "g2", "h2", "b7"), ("a8", "b7", "a7", "g2"), ("h8", "g7", "g8", "b2")]
    {
        let occupied = bit(corner) | bit("d4") | bit("e5");
        assert_eq!(table.value(occupied, sq(x)), 5, "{x} once {corner} is taken");
        assert_eq!(table.value(occupied, sq(c)), 5, "{c} once {corner} is taken");
        assert_eq!(table.value(occupied, sq(elsewhere)), -40, "{elsewhere} beside another corner");
        assert_eq!(table.value(bit(x) | bit(c), sq(x)), -40, "{x} while {corner} is empty");
    }
    let pos = Position::from_discs(Bitboard(bit("a1")), Bitboard(bit("b2")), Color::Light).unwrap();
    assert_eq!(Levels::GAME.square_value(&pos, "b2".parse().unwrap()), 5);
    assert_eq!(Levels::GAME.square_value(&pos, "g7".parse().unwrap()), -40);
    assert_eq!(Levels::GAME.square_value(&Position::start(), "b2".parse().unwrap()), -40);
}

#[test]
fn mobility_names_are_the_levels_files() {
    assert_eq!(Mobility::Difference.name(), "mover-minus-opponent");
    assert_eq!(Mobility::Own.name(), "mover");
}

/// The popcount sums equal the table read square by square, on random boards.
#[test]
fn square_score_sums_the_table_square_by_square() {
    let mut x = crate::testing::Xorshift::new(7);
    let mut rng = || x.next_u64();
    let mut levels = Levels::GAME;
    // A table with a change off the X- and C-squares too (c1 and a3 once a1 is taken).
    for sq in ["c1", "a3", "f1", "h3", "c8", "a6", "f8", "h6"] {
        levels.squares.corner_taken[sq.parse::<Square>().unwrap().index()] = 30;
    }
    for levels in [Levels::GAME, levels] {
        let eval = Eval::new(&levels, 5);
        for _ in 0..500 {
            let (a, b) = (rng(), rng());
            let (p, o) = (a & !b, b & !a);
            let by_square = |discs: u64| {
                (0..64).filter(|s| discs >> s & 1 == 1).map(|s| levels.squares.value(p | o, s)).sum::<i32>()
            };
            assert_eq!(eval.square_score(p, o), by_square(p) - by_square(o));
        }
    }
}
