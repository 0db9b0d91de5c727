//! Property tests over seeded random positions: the fast bitboard rules
//! against a naive square-by-square reference, symmetry, parse/print.

use engine::random_playout;
use engine::testing::after_plies;
use engine::{Bitboard, Color, Position, Square, Transform};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Naive reference: walk each direction from the square.
fn naive_flips(pos: &Position, sq: Square) -> Bitboard {
    if pos.disc_at(sq).is_some() {
        return Bitboard::EMPTY;
    }
    let me = pos.side();
    let mut all = Bitboard::EMPTY;
    for (dc, dr) in [(-1i8, -1i8), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        let mut run = Bitboard::EMPTY;
        let (mut c, mut r) = (sq.column() as i8 + dc, sq.row() as i8 + dr);
        while (0..8).contains(&c) && (0..8).contains(&r) {
            let s = Square::from_coords(c as u8, r as u8).unwrap();
            match pos.disc_at(s) {
                Some(col) if col != me => run = run.with(s),
                Some(_) => {
                    all |= run;
                    break;
                }
                None => break,
            }
            c += dc;
            r += dr;
        }
    }
    all
}

/// Random positions: random play, and random disc soups (not reachable, still valid).
fn samples(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        if out.len() % 2 == 0 {
            let plies = rng.next_u32() % 60;
            out.push(after_plies(&mut rng, plies as usize));
        } else {
            let a = rng.next_u64();
            let b = rng.next_u64() & !a & rng.next_u64();
            let side = if rng.next_u32() % 2 == 0 { Color::Dark } else { Color::Light };
            out.push(Position::from_discs(Bitboard(a & rng.next_u64()), Bitboard(b), side).unwrap());
        }
    }
    out
}

#[test]
fn legal_moves_and_flips_agree_with_the_naive_reference() {
    for pos in samples(1, 5_000) {
        let mut naive_moves = Bitboard::EMPTY;
        for sq in Square::all() {
            let f = naive_flips(&pos, sq);
            assert_eq!(pos.flips(sq), f, "{pos} {sq}");
            if !f.is_empty() {
                naive_moves = naive_moves.with(sq);
            }
        }
        assert_eq!(pos.legal_moves(), naive_moves, "{pos}");
    }
}

#[test]
fn symmetry_commutes_with_moves_and_flips() {
    for pos in samples(2, 2_000) {
        for t in Transform::ALL {
            let image = t.position(&pos);
            assert_eq!(image.legal_moves(), t.bitboard(pos.legal_moves()), "{pos} {t:?}");
            for sq in pos.legal_moves() {
                assert_eq!(image.flips(t.square(sq)), t.bitboard(pos.flips(sq)));
                assert_eq!(image.play_unchecked(t.square(sq)), t.position(&pos.play_unchecked(sq)));
            }
            assert_eq!(image.canonical().0, pos.canonical().0);
        }
    }
}

#[test]
fn parse_print_round_trip() {
    for pos in samples(3, 2_000) {
        let text = pos.to_string();
        assert_eq!(text.parse::<Position>().unwrap(), pos);
        let relaxed = text.replace('-', ".").to_lowercase();
        assert_eq!(relaxed.parse::<Position>().unwrap(), pos, "lower case and dots");
    }
}

#[test]
fn settled_discs_never_flip_in_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..2_000 {
        let mut settled = [None; 64];
        let pos = random_playout(Position::start(), &mut rng, |pos| {
            for sq in Square::all() {
                if let Some(c) = settled[sq.index()] {
                    assert_eq!(pos.disc_at(sq), Some(c), "{pos}: {sq} was reported settled");
                }
            }
            for c in [Color::Dark, Color::Light] {
                for sq in pos.settled(c) {
                    settled[sq.index()] = Some(c);
                }
            }
            true
        });
        if pos.empty_count() == 0 {
            let all = pos.settled(Color::Dark).count() + pos.settled(Color::Light).count();
            assert_eq!(all, 64, "{pos}: on a full board every disc is settled");
        }
    }
}
