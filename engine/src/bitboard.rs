//! A set of squares as a 64-bit mask: bit `i` is the square with index `i`.

use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
/// A set of squares: bit `i` set means the square with index `i` is in the set.
/// Its squares come in index order (`IntoIterator`, [`Bitboard::iter`]); `{:?}` draws it as the grid
/// the [`bitboard!`](crate::bitboard!) macro reads.
///
/// ```
/// use engine::{Bitboard, Square, bitboard};
///
/// let corners = bitboard!(
///     "x......x"
///     "........"
///     "........"
///     "........"
///     "........"
///     "........"
///     "........"
///     "x......x"
/// );
/// assert_eq!(corners, Bitboard::CORNERS);
/// let names: Vec<String> = corners.into_iter().map(|sq| sq.to_string()).collect();
/// assert_eq!(names, ["a1", "h1", "a8", "h8"]);
/// assert!(format!("{corners:?}").starts_with("Bitboard(\n  x......x\n  ........\n"));
/// ```
pub struct Bitboard(pub u64);

impl std::fmt::Debug for Bitboard {
    /// Eight rows of eight, row 1 first, `x` for a member, `.` otherwise.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Bitboard(\n")?;
        for row in 0..8 {
            let line: String = (0..8).map(|col| if self.0 >> (row * 8 + col) & 1 == 1 { 'x' } else { '.' }).collect();
            writeln!(f, "  {line}")?;
        }
        f.write_str(")")
    }
}

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The four corners a1, h1, a8, h8.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// Column a (the left edge).
    pub const COL_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// Column h (the right edge).
    pub const COL_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

    #[inline(always)]
    /// The set holding `sq` alone.
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    #[inline(always)]
    /// Whether `sq` is in the set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    #[inline(always)]
    /// How many squares the set holds.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline(always)]
    /// Whether the set holds no square.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    /// The set with `sq` added.
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.bit())
    }

    #[inline(always)]
    /// The set with `sq` removed.
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !sq.bit())
    }

    /// The lowest square in the set.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::new_unchecked(self.0.trailing_zeros() as u8)) }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    /// The squares in index order (a1, b1, …, h8).
    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl Bitboard {
    /// The squares in index order (a1, b1, …, h8).
    #[inline(always)]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a [`Bitboard`] in index order, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let sq = Bitboard(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl std::iter::FusedIterator for Squares {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $f:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
    };
}
bit_op!(BitAnd, bitand, &);
bit_op!(BitOr, bitor, |);
bit_op!(BitXor, bitxor, ^);

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// A bitboard written as a picture, for readable tests: eight rows of eight
/// characters, row 1 first; `x` (or `X`, `1`) marks a member, `.` (or `-`) not.
#[macro_export]
macro_rules! bitboard {
    ($($row:literal)*) => {{
        let text = concat!($($row),*);
        let mut mask = 0u64;
        let mut i = 0;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            if matches!(c, 'x' | 'X' | '1') {
                mask |= 1u64 << i;
            }
            i += 1;
        }
        assert!(i == 64, "a bitboard picture needs 64 squares");
        $crate::Bitboard(mask)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_draws_the_grid_the_macro_reads() {
        let b = Bitboard::from_square(Square::A1).with("c2".parse().unwrap()).with(Square::H8);
        let text = format!("{b:?}");
        assert_eq!(text.lines().count(), 10, "{text}");
        let rows: String = text.lines().skip(1).take(8).collect::<Vec<_>>().concat();
        let mut read = 0u64;
        for (i, c) in rows.chars().filter(|c| !c.is_whitespace()).enumerate() {
            read |= u64::from(c == 'x') << i;
        }
        assert_eq!(Bitboard(read), b);
        assert!(text.contains("  x.......\n  ..x....."), "{text}");
    }

    /// The named sets hold the squares their names say, and `with` and
    /// `without` change one square, whether or not it is already there.
    #[test]
    fn named_sets_and_one_square_changes() {
        assert_eq!(Bitboard::FULL.count(), 64);
        assert_eq!(Bitboard::FULL, !Bitboard::EMPTY);
        assert!(Bitboard::EMPTY.is_empty() && Bitboard::EMPTY.first().is_none());
        let names = |b: Bitboard| b.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(Bitboard::CORNERS), "a1 h1 a8 h8");
        assert_eq!(names(Bitboard::COL_A), "a1 a2 a3 a4 a5 a6 a7 a8");
        assert_eq!(names(Bitboard::COL_H), "h1 h2 h3 h4 h5 h6 h7 h8");
        let e4: Square = "e4".parse().unwrap();
        let corners_e4 = Bitboard::CORNERS.with(e4);
        assert_eq!(names(corners_e4), "a1 h1 e4 a8 h8");
        assert_eq!(corners_e4.with(e4), corners_e4, "adding a member changes nothing");
        assert_eq!(corners_e4.without(e4), Bitboard::CORNERS);
        assert_eq!(Bitboard::CORNERS.without(e4), Bitboard::CORNERS, "removing a non-member changes nothing");
        assert_eq!(Bitboard::FULL.without(e4).count(), 63);
        assert!(!Bitboard::FULL.without(e4).contains(e4) && Bitboard::FULL.without(e4).contains(Square::A1));
        let collected: Bitboard = [Square::H8, e4, e4, Square::A1].into_iter().collect();
        assert_eq!(names(collected), "a1 e4 h8");
        assert_eq!(names(Bitboard::COL_A & Bitboard::CORNERS), "a1 a8");
        assert_eq!(names(Bitboard::COL_A ^ Bitboard::CORNERS), "h1 a2 a3 a4 a5 a6 a7 h8");
        assert_eq!((Bitboard::COL_A | Bitboard::COL_H).count(), 16);
        let mut edges = Bitboard::COL_A;
        edges |= Bitboard::CORNERS;
        assert_eq!(names(edges), "a1 h1 a2 a3 a4 a5 a6 a7 a8 h8");
        edges &= Bitboard::COL_H;
        assert_eq!(names(edges), "h1 h8");
    }

    #[test]
    fn iterates_in_index_order() {
        let b = Bitboard::from_square(Square::H8).with(Square::A1).with("e4".parse().unwrap());
        let names: Vec<String> = b.iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "e4", "h8"]);
        assert_eq!(b.iter().len(), 3);
        assert_eq!(b.into_iter().last(), Some(Square::H8));
    }

    #[test]
    fn picture_macro_places_row_one_first() {
        let b = bitboard!(
            "x......."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
            ".......x"
        );
        assert_eq!(b, Bitboard::from_square(Square::A1).with(Square::H8));
        assert_eq!(b.count(), 2);
    }
}
