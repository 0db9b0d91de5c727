//! Settled discs: discs that can never flip again for the rest of the game.
//!
//! A disc is settled when, along each of the four lines through it
//! (horizontal, vertical, both diagonals), the line is full, or the disc sits
//! on the board's edge of that line, or its neighbour on that line is a
//! settled disc of the same colour. Iterated to a fixpoint from the empty set.
//! This covers corners and edge runs from a held corner, and more.
//!
//! Soundness: a flip along a line needs the disc between an empty square and a
//! disc of the other colour on that line; a full line has no empty square, an
//! edge leaves no room on one side, and a settled same-coloured neighbour can
//! neither be flipped with it nor anchor the other colour.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::Color;

const COL_A: u64 = Bitboard::COL_A.0;
const COL_H: u64 = Bitboard::COL_H.0;
const ROW_1: u64 = 0x0000_0000_0000_00FF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;
const EDGE: u64 = COL_A | COL_H | ROW_1 | ROW_8;

/// Masks of the 15 diagonals (a1–h8 direction) and 15 anti-diagonals.
const DIAGONALS: [u64; 15] = build_diagonals(false);
const ANTI_DIAGONALS: [u64; 15] = build_diagonals(true);

const fn build_diagonals(anti: bool) -> [u64; 15] {
    let mut out = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let c = sq % 8;
        let r = sq / 8;
        let k = if anti { c + r } else { c + 7 - r };
        out[k] |= 1u64 << sq;
        sq += 1;
    }
    out
}

/// Squares whose four lines are each full, one mask per line kind.
#[inline(always)]
fn full_lines(occupied: u64) -> [u64; 4] {
    let mut h = 0u64;
    for r in 0..8 {
        let row = ROW_1 << (8 * r);
        if occupied & row == row {
            h |= row;
        }
    }
    let mut cols = occupied;
    cols &= cols >> 32;
    cols &= cols >> 16;
    cols &= cols >> 8;
    let v = (cols & ROW_1).wrapping_mul(COL_A);
    let mut d = 0u64;
    for m in DIAGONALS {
        if occupied & m == m {
            d |= m;
        }
    }
    let mut a = 0u64;
    for m in ANTI_DIAGONALS {
        if occupied & m == m {
            a |= m;
        }
    }
    [h, v, d, a]
}

#[inline(always)]
fn settled_of(own: u64, full: &[u64; 4]) -> u64 {
    let mut stable = 0u64;
    loop {
        let ph = full[0] | COL_A | COL_H | ((stable << 1) & !COL_A) | ((stable >> 1) & !COL_H);
        let pv = full[1] | ROW_1 | ROW_8 | (stable << 8) | (stable >> 8);
        let pd = full[2] | EDGE | ((stable << 9) & !COL_A) | ((stable >> 9) & !COL_H);
        let pa = full[3] | EDGE | ((stable << 7) & !COL_H) | ((stable >> 7) & !COL_A);
        let next = stable | (own & ph & pv & pd & pa);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Settled discs of each side from raw masks: (of `p`, of `o`).
#[inline(always)]
pub(crate) fn settled_masks(p: u64, o: u64) -> (u64, u64) {
    let full = full_lines(p | o);
    (settled_of(p, &full), settled_of(o, &full))
}

/// Settled discs of `own` alone, on a board whose occupied squares are `occupied`.
#[inline(always)]
pub(crate) fn settled_one(own: u64, occupied: u64) -> u64 {
    settled_of(own, &full_lines(occupied))
}

impl Position {
    /// The settled discs of `color`.
    pub fn settled(&self, color: Color) -> Bitboard {
        let (p, o) = settled_masks(self.player().0, self.opponent().0);
        Bitboard(if color == self.side() { p } else { o })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;

    #[test]
    fn corner_and_edge_run_are_settled_but_not_a_loose_edge_disc() {
        let dark = bitboard!(
            "xxx....x"
            "x......."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
        );
        let light = bitboard!(
            "...x...."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
        );
        let p = Position::from_discs(dark, light, Color::Dark).unwrap();
        let s = p.settled(Color::Dark);
        // a1, b1, c1 and a2 form runs from a held corner; h1 is a corner.
        let expect = bitboard!(
            "xxx....x"
            "x......."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
        );
        assert_eq!(s, expect);
        assert!(p.settled(Color::Light).is_empty(), "d1 can still be flipped");
    }
}
