//! The 8 symmetries of the square, on squares, bitboards and positions, and the
//! canonical form used for deduplication.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::Square;

/// A symmetry of the board. `Identity` first; the order is part of the
/// canonical-form definition (ties keep the earliest transform).
///
/// ```
/// use engine::{Position, Square, Transform};
///
/// let a2: Square = "a2".parse().unwrap();
/// assert_eq!(Transform::MirrorColumns.square(a2).to_string(), "h2");
///
/// // The four first moves are images of one another: one canonical form.
/// let start = Position::start();
/// let after: Vec<Position> = start.legal_moves().iter().map(|sq| start.play(sq).unwrap()).collect();
/// let (canonical, _) = after[0].canonical();
/// assert!(after.iter().all(|p| p.canonical().0 == canonical));
/// // The transform it returns maps the position onto its canonical form.
/// let (c, t) = after[2].canonical();
/// assert_eq!(t.position(&after[2]), c);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Transform {
    /// No change.
    Identity,
    /// Columns mirrored (a ↔ h).
    MirrorColumns,
    /// Rows mirrored (1 ↔ 8).
    MirrorRows,
    /// Quarter turn twice.
    Rotate180,
    /// Swap column and row (a1–h8 diagonal fixed).
    Transpose,
    /// The other diagonal (h1–a8) fixed.
    AntiTranspose,
    /// Transpose then mirror columns.
    Rotate90,
    /// Transpose then mirror rows.
    Rotate270,
}

impl Transform {
    /// The 8 symmetries of the square, identity first.
    pub const ALL: [Transform; 8] = [
        Transform::Identity,
        Transform::MirrorColumns,
        Transform::MirrorRows,
        Transform::Rotate180,
        Transform::Transpose,
        Transform::AntiTranspose,
        Transform::Rotate90,
        Transform::Rotate270,
    ];

    /// Where square `sq` goes.
    pub fn square(self, sq: Square) -> Square {
        let (c, r) = (sq.column(), sq.row());
        let (c, r) = match self {
            Transform::Identity => (c, r),
            Transform::MirrorColumns => (7 - c, r),
            Transform::MirrorRows => (c, 7 - r),
            Transform::Rotate180 => (7 - c, 7 - r),
            Transform::Transpose => (r, c),
            Transform::AntiTranspose => (7 - r, 7 - c),
            Transform::Rotate90 => (7 - r, c),
            Transform::Rotate270 => (r, 7 - c),
        };
        Square::from_coords(c, r).expect("a symmetry keeps squares on the board")
    }

    /// The transform that undoes this one.
    pub fn inverse(self) -> Transform {
        match self {
            Transform::Rotate90 => Transform::Rotate270,
            Transform::Rotate270 => Transform::Rotate90,
            other => other,
        }
    }

    /// Applies the transform to every square of a set.
    pub fn bitboard(self, b: Bitboard) -> Bitboard {
        let x = b.0;
        Bitboard(match self {
            Transform::Identity => x,
            Transform::MirrorColumns => mirror_columns(x),
            Transform::MirrorRows => x.swap_bytes(),
            Transform::Rotate180 => x.reverse_bits(),
            Transform::Transpose => transpose(x),
            Transform::AntiTranspose => transpose(x).reverse_bits(),
            Transform::Rotate90 => mirror_columns(transpose(x)),
            Transform::Rotate270 => transpose(x).swap_bytes(),
        })
    }

    /// The position with both colours' discs transformed; the side to move is kept.
    pub fn position(self, p: &Position) -> Position {
        Position::from_mover_unchecked(self.bitboard(p.player()).0, self.bitboard(p.opponent()).0, p.side())
    }
}

/// Reverses the bits inside every byte (a ↔ h); three swaps of neighbouring
/// bit groups (cheaper than a bit reversal where the CPU has no instruction
/// for it; the learned ordering reads boards through it).
#[inline(always)]
pub(crate) const fn mirror_columns(x: u64) -> u64 {
    let x = ((x >> 1) & 0x5555_5555_5555_5555) | ((x & 0x5555_5555_5555_5555) << 1);
    let x = ((x >> 2) & 0x3333_3333_3333_3333) | ((x & 0x3333_3333_3333_3333) << 2);
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// (column, row) → (row, column).
#[inline(always)]
pub(crate) const fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

impl Position {
    /// The canonical representative among the 8 symmetric images (the least by
    /// (mover's discs, opponent's discs)) and the transform that produced it.
    pub fn canonical(&self) -> (Position, Transform) {
        let mut best = (*self, Transform::Identity);
        let mut key = (self.player().0, self.opponent().0);
        for t in &Transform::ALL[1..] {
            let image = t.position(self);
            let k = (image.player().0, image.opponent().0);
            if k < key {
                key = k;
                best = (image, *t);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard_transforms_agree_with_square_transforms() {
        for t in Transform::ALL {
            for sq in Square::all() {
                assert_eq!(t.bitboard(Bitboard::from_square(sq)), Bitboard::from_square(t.square(sq)), "{t:?} {sq}");
                assert_eq!(t.inverse().square(t.square(sq)), sq, "{t:?} inverse");
            }
        }
    }

    #[test]
    fn the_eight_transforms_are_distinct() {
        let probe = Square::new(1).unwrap(); // b1: not on any symmetry axis
        let images: std::collections::BTreeSet<_> = Transform::ALL.iter().map(|t| t.square(probe)).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn canonical_form_is_shared_by_all_images() {
        let p = Position::start().play("d3".parse().unwrap()).unwrap();
        let (c, t) = p.canonical();
        assert_eq!(t.position(&p), c);
        for u in Transform::ALL {
            assert_eq!(u.position(&p).canonical().0, c);
        }
    }

    #[test]
    fn canonical_form_is_the_least_image_and_ties_keep_the_earliest_transform() {
        let key = |q: &Position| (q.player().0, q.opponent().0);
        let mut p = Position::start();
        // The start and the positions after each of the first few moves: some of
        // them map onto themselves under a symmetry, so images tie.
        for sq in ["d3", "c3", "c4", "e3"] {
            let (c, t) = p.canonical();
            let least = Transform::ALL.iter().map(|u| key(&u.position(&p))).min().unwrap();
            assert_eq!(key(&c), least, "{p}: the least image");
            let earliest = Transform::ALL.into_iter().find(|u| key(&u.position(&p)) == least).unwrap();
            assert_eq!(t, earliest, "{p}: the earliest transform reaching it");
            p = p.play(sq.parse().unwrap()).unwrap();
        }
        let symmetric = Position::start();
        assert!(Transform::ALL.iter().filter(|u| u.position(&symmetric) == symmetric).count() > 1);
    }
}
