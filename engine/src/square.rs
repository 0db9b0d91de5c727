//! Squares and colours.
//!
//! Numbering (docs/rules.md#board-and-coordinates): columns a–h left to right, rows 1–8 **top to bottom**.
//! `index = 8 * (row - 1) + column`, so a1 = 0 (top-left), h1 = 7, a8 = 56, h8 = 63.
//! There is no sentinel square: "no move" is `Option<Square>`.

use std::fmt;
use std::str::FromStr;

/// One of the 64 squares, a1 = 0 … h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The top-left corner.
    pub const A1: Square = Square(0);
    /// The top-right corner.
    pub const H1: Square = Square(7);
    /// The bottom-left corner.
    pub const A8: Square = Square(56);
    /// The bottom-right corner.
    pub const H8: Square = Square(63);

    /// The square with this index, if `index < 64`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The square with this index; the caller guarantees `index < 64`.
    #[inline(always)]
    pub const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), both below 8.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 { Some(Square(row * 8 + column)) } else { None }
    }

    #[inline(always)]
    /// Its index, a1 = 0 … h8 = 63.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 (a) to 7 (h).
    pub const fn column(self) -> u8 {
        self.0 & 7
    }

    /// Row, 0 (row 1, top) to 7 (row 8, bottom).
    pub const fn row(self) -> u8 {
        self.0 >> 3
    }

    #[inline(always)]
    /// Its bit in a 64-bit mask: `1 << index`.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, (b'1' + self.row()) as char)
    }
}

/// A square name that is not `a1`…`h8` (either case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that is not a square name.
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a square name (a1…h8)", self.text)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError { text: s.to_string() };
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(err());
        }
        let col = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let row = b[1].wrapping_sub(b'1');
        Square::from_coords(col, row).ok_or_else(err)
    }
}

/// The two sides. Dark moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// Dark (`X`), who moves first.
    Dark,
    /// Light (`O`).
    Light,
}

impl Color {
    #[inline(always)]
    /// The other colour.
    pub const fn opposite(self) -> Color {
        match self {
            Color::Dark => Color::Light,
            Color::Light => Color::Dark,
        }
    }

    /// `X` for Dark, `O` for Light (docs/rules.md#text-formats).
    pub const fn to_char(self) -> char {
        match self {
            Color::Dark => 'X',
            Color::Light => 'O',
        }
    }

    /// `"Dark"` or `"Light"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Dark => "Dark",
            Color::Light => "Light",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_matches_the_spec() {
        let cases = [("a1", 0), ("h1", 7), ("a2", 8), ("a8", 56), ("h8", 63), ("d5", 35)];
        for (name, index) in cases {
            let sq: Square = name.parse().unwrap();
            assert_eq!(sq.index(), index, "{name}");
            assert_eq!(sq.to_string(), name);
            assert_eq!(name.to_uppercase().parse::<Square>().unwrap(), sq);
        }
        for bad in ["", "a", "i1", "a9", "a0", "a10", "11"] {
            let e = bad.parse::<Square>().unwrap_err();
            assert_eq!(e.to_string(), format!("`{bad}` is not a square name (a1…h8)"));
        }
    }

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::from_coords(sq.column(), sq.row()), Some(sq));
        }
        assert_eq!(Square::new(64), None);
    }
}
