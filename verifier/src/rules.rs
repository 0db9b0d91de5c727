//! The verifier's own rules of Reversi, written independently of the engine:
//! a board as two disc sets and moves found by stepping square by square
//! along each of the eight directions.

/// (column step, row step) for the eight directions.
const DIRECTIONS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// Discs of the side to move (`own`) and of the other side (`other`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    /// The discs of the side to move.
    pub own: u64,
    /// The other side's discs.
    pub other: u64,
}

#[inline]
fn at(col: i8, row: i8) -> Option<u64> {
    if (0..8).contains(&col) && (0..8).contains(&row) { Some(1u64 << (row * 8 + col)) } else { None }
}

impl Board {
    /// Discs flipped by the side to move placing on square `sq` (0 if illegal).
    pub fn captures(&self, sq: u8) -> u64 {
        let bit = 1u64 << sq;
        if (self.own | self.other) & bit != 0 {
            return 0;
        }
        let (c0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut all = 0;
        for (dc, dr) in DIRECTIONS {
            let mut line = 0u64;
            let (mut c, mut r) = (c0 + dc, r0 + dr);
            while let Some(b) = at(c, r) {
                if self.other & b != 0 {
                    line |= b;
                } else {
                    if self.own & b != 0 {
                        all |= line;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    /// Legal squares of the side to move, ascending.
    pub fn legal(&self) -> Vec<u8> {
        squares(self.legal_set()).collect()
    }

    /// Legal squares of the side to move, one bit each (bit `sq` for square `sq`).
    pub fn legal_set(&self) -> u64 {
        // Only an empty square next to an opposing disc can capture.
        let empty = !(self.own | self.other);
        let near = squares(empty).filter(|&sq| NEIGHBOURS[sq as usize] & self.other != 0);
        near.filter(|&sq| self.captures(sq) != 0).fold(0, |set, sq| set | (1u64 << sq))
    }

    /// Whether the side to move has a legal move.
    pub fn has_move(&self) -> bool {
        self.empty_squares().any(|sq| self.captures(sq) != 0)
    }

    /// Empty squares, ascending.
    fn empty_squares(&self) -> impl Iterator<Item = u8> {
        let empty = !(self.own | self.other);
        (0..64u8).filter(move |&sq| empty & (1u64 << sq) != 0)
    }

    /// After the side to move plays `sq` (which must be legal); the other side is then to move.
    pub fn after(&self, sq: u8) -> Board {
        let f = self.captures(sq);
        Board { own: self.other & !f, other: self.own | f | (1u64 << sq) }
    }

    /// The same board with the other side to move.
    pub fn passed(&self) -> Board {
        Board { own: self.other, other: self.own }
    }

    /// How many squares are empty.
    pub fn empties(&self) -> u32 {
        64 - (self.own | self.other).count_ones()
    }
}

/// The squares around each square, one bit each (built once, at compile time).
const NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut d = 0;
        while d < 8 {
            let (c2, r2) = (c + DIRECTIONS[d].0, r + DIRECTIONS[d].1);
            if c2 >= 0 && c2 < 8 && r2 >= 0 && r2 < 8 {
                table[sq] |= 1u64 << (r2 * 8 + c2);
            }
            d += 1;
        }
        sq += 1;
    }
    table
};

/// The squares of a set of bits, ascending.
pub fn squares(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as u8;
            set &= set - 1;
            sq
        })
    })
}

/// The standard start, Dark to move.
pub fn start() -> Board {
    // d5 (35) and e4 (28) Dark; d4 (27) and e5 (36) Light.
    Board { own: (1 << 28) | (1 << 35), other: (1 << 27) | (1 << 36) }
}

/// Counts move sequences of exactly `depth` moves (a forced pass is a move;
/// a game that is already over has no further moves). Simple recursion, no
/// bulk counting: the separately written reference for the engine's perft.
pub fn count_paths(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.legal();
    if moves.is_empty() {
        if !b.passed().has_move() {
            return 0;
        }
        return count_paths(&b.passed(), depth - 1);
    }
    moves.iter().map(|&m| count_paths(&b.after(m), depth - 1)).sum()
}

/// `a1`…`h8` for index 0…63.
pub fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, (b'1' + sq / 8) as char)
}

/// The index of a square name (either case), if it is one.
pub fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let c = b[0].to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&c) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (c - b'a'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand: the side to move has only b1 and Light only a1. It must
    /// pass (a move); Light then plays c1 (the only move); then nobody can move.
    #[test]
    fn count_paths_counts_a_forced_pass_as_a_move() {
        let b = Board { own: 1 << 1, other: 1 };
        assert!(!b.has_move() && b.passed().has_move());
        assert_eq!([1, 2, 3].map(|d| count_paths(&b, d)), [1, 1, 0]);
    }

    #[test]
    fn empty_squares_are_the_squares_without_a_disc() {
        let all: Vec<u8> = (0..64).collect();
        let want: Vec<u8> = all.iter().copied().filter(|sq| ![27, 28, 35, 36].contains(sq)).collect();
        assert_eq!(start().empty_squares().collect::<Vec<u8>>(), want);
        let b = Board { own: 0xFF, other: 0xFF00 }; // rows 1 and 2 full
        assert_eq!(b.empty_squares().collect::<Vec<u8>>(), all[16..]);
    }

    #[test]
    fn an_occupied_square_captures_nothing() {
        // Dark (to move) on a1; Light on b1 and c1. Were c1 empty, a move there would
        // flip b1: as it is occupied, nothing.
        let b = Board { own: 1, other: (1 << 1) | (1 << 2) };
        assert_eq!(b.captures(2), 0);
        assert_eq!(Board { own: 1, other: 1 << 1 }.captures(2), 1 << 1, "empty c1 flips b1");
        // Every occupied square of the start position, either side to move.
        let s = start();
        for sq in 0..64u8 {
            if (s.own | s.other) >> sq & 1 == 1 {
                assert_eq!(s.captures(sq), 0, "{}", square_name(sq));
                assert_eq!(s.passed().captures(sq), 0, "{}", square_name(sq));
            }
        }
    }

    #[test]
    fn small_perft_matches_the_published_counts() {
        let want = [4, 12, 56, 244, 1396];
        for (d, w) in want.iter().enumerate() {
            assert_eq!(count_paths(&start(), d as u32 + 1), *w);
        }
    }

    #[test]
    fn square_names() {
        assert_eq!(square_name(0), "a1");
        assert_eq!(square_name(63), "h8");
        assert_eq!(parse_square("C4"), Some(26));
        assert_eq!(parse_square("i1"), None);
    }
}
