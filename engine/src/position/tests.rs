//! Parsing, printing, playing and their errors.

use super::*;

#[test]
fn start_position_prints_as_the_spec_says() {
    let s = Position::start();
    let text = s.to_string();
    assert_eq!(&text[27..29], "OX", "d4 light, e4 dark");
    assert_eq!(&text[35..37], "XO", "d5 dark, e5 light");
    assert!(text.ends_with(" X"));
    assert_eq!(text.parse::<Position>().unwrap(), s);
    assert_eq!(s.legal_moves().count(), 4);
}

#[test]
fn parse_errors_name_the_character_and_index() {
    let mut board = "-".repeat(64);
    board.replace_range(10..11, "?");
    let e = format!("{board} X").parse::<Position>().unwrap_err();
    let c2 = Square::new(10).unwrap();
    assert_eq!(e, ParseBoardError { kind: ParseErrorKind::Character { found: '?', square: c2 }, index: 10 });
    assert!(e.to_string().contains("c2"), "{e}");

    let e = format!("{} X", "-".repeat(63)).parse::<Position>().unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::Length { found: 63 });

    let e = "-".repeat(64).parse::<Position>().unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::MissingSide);

    let e = format!("{} Z", "-".repeat(64)).parse::<Position>().unwrap_err();
    assert_eq!(e, ParseBoardError { kind: ParseErrorKind::Side { found: "Z".into() }, index: 65 });
}

#[test]
fn leading_whitespace_moves_the_index_but_not_the_square() {
    let mut board = "-".repeat(64);
    board.replace_range(10..11, "?");
    // Two spaces: the character is at input position 12, still square c2.
    let e = format!("  {board} X").parse::<Position>().unwrap_err();
    assert_eq!(e.index, 12);
    assert!(e.to_string().contains("position 12 (square c2)"), "{e}");
    // 300 spaces: positions past 255 must not wrap onto another square.
    let e = format!("{}{board} X", " ".repeat(300)).parse::<Position>().unwrap_err();
    assert_eq!(e.index, 310);
    assert!(e.to_string().contains("position 310 (square c2)"), "{e}");
    // The missing side is placed after the board, spaces included.
    let e = format!("  {}", "-".repeat(64)).parse::<Position>().unwrap_err();
    assert_eq!((e.kind, e.index), (ParseErrorKind::MissingSide, 66));
}

#[test]
fn accepts_dots_and_lower_case() {
    let p: Position = format!("x.o{} o", ".".repeat(61)).parse().unwrap();
    assert_eq!(p.side(), Color::Light);
    assert_eq!(p.disc_at(Square::A1), Some(Color::Dark));
    assert_eq!(p.disc_at("c1".parse().unwrap()), Some(Color::Light));
}

#[test]
fn checked_play_returns_the_unchanged_position() {
    let s = Position::start();
    let e = s.play(Square::A1).unwrap_err();
    assert_eq!(e.position, s);
    let after = s.play("d3".parse().unwrap()).unwrap();
    assert_eq!(after.side(), Color::Light);
    assert_eq!(after.margin(), 3);
    assert_eq!(e.to_string(), format!("a1 is not a legal move for Dark in {s}"));
}

#[test]
fn a_pass_is_not_the_end_of_the_game() {
    // Light to move cannot outflank Dark's corner; Dark could still play c1.
    let pos: Position = format!("XO{} O", "-".repeat(62)).parse().unwrap();
    assert!(pos.must_pass());
    assert!(!pos.is_game_over());
    assert!(!pos.pass().must_pass(), "Dark has c1");
}

#[test]
fn an_occupied_square_flips_nothing() {
    // a1 is Dark's own disc, yet b1 lies between it and c1.
    let pos: Position = format!("XOX{} X", "-".repeat(61)).parse().unwrap();
    assert_eq!(pos.flips(Square::A1), Bitboard::EMPTY);
}

#[test]
fn overlapping_discs_are_rejected() {
    let e = Position::from_discs(Bitboard(1), Bitboard(3), Color::Dark).unwrap_err();
    assert_eq!(e.squares, Bitboard(1));
    let both = Bitboard(1 | 1 << 63);
    let e = Position::from_discs(both, both, Color::Dark).unwrap_err();
    assert_eq!(e.to_string(), "squares hold both colours: a1 h8");
}
