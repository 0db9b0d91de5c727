//! The learned evaluation the solver's fast search orders its moves with
//! (docs/solver.md#learned-move-ordering).
//!
//! A pattern evaluation in the manner of Buro's Logistello (M. Buro, "An
//! Evaluation Function for Othello Based on Statistics", NEC Research
//! Institute, 1997; "Experiments with Multi-ProbCut and a New High-Quality
//! Evaluation Function for Othello", 1997): the board is read through
//! [`CLASSES`] of square sets (the edge with its two X-squares, the 3×3
//! corner, the second to fourth lines, the diagonals of 4 to 8 squares), each
//! in every symmetric place it has on the board ([`INSTANCES`] readings in
//! all). A reading is a base-3 number (empty 0, the mover's disc 1, the
//! opponent's 2), and the score is the sum of one weight per reading (one
//! table for every stage of the endgame: see the docs for why). The weights are
//! fitted by least squares to exact values the project's own solver found
//! (`scripts/train-ordering`); they are compiled into the binary
//! (`engine/data/ordering.weights`), so nothing is read at run time.
//!
//! A symmetric reading transforms the board and reads the class's own mask,
//! so every place of a class reads its squares in the same order and shares
//! the class's weights. A mask is read with `pext` where the CPU has BMI2.
//!
//! ```
//! use engine::ordering::{INSTANCES, indices, score};
//! use engine::{Position, Transform};
//!
//! let pos: Position = "--XXXXX--OOOXX-O-OOOOXXXOOOOXX--OOXOXXX-OOOOXX---OOOOX----OXX--- X".parse().unwrap();
//! let (p, o) = (pos.player().0, pos.opponent().0);
//! assert_eq!(indices(p, o).len(), INSTANCES);
//! // Every symmetric image of a board has the same readings, so the same score.
//! let turned = Transform::Rotate90.position(&pos);
//! assert_eq!(score(p, o), score(turned.player().0, turned.opponent().0));
//! ```

use crate::isa::Moves;
use crate::symmetry::{mirror_columns, transpose};

/// A class of square sets: one mask, read in every symmetric place.
#[derive(Clone, Copy, Debug)]
pub struct PatternClass {
    /// Its name in the docs and the training report.
    pub name: &'static str,
    /// The squares of its first place (bit `8 × row + column`, a1 = bit 0).
    pub mask: u64,
}

/// The pattern classes (Logistello's, without its 2×5 corner).
pub const CLASSES: [PatternClass; 10] = [
    PatternClass { name: "edge+2X", mask: 0x0000_0000_0000_42FF },
    PatternClass { name: "corner3x3", mask: 0x0000_0000_0007_0707 },
    PatternClass { name: "line2", mask: 0x0000_0000_0000_FF00 },
    PatternClass { name: "line3", mask: 0x0000_0000_00FF_0000 },
    PatternClass { name: "line4", mask: 0x0000_0000_FF00_0000 },
    PatternClass { name: "diag8", mask: 0x8040_2010_0804_0201 },
    PatternClass { name: "diag7", mask: 0x0080_4020_1008_0402 },
    PatternClass { name: "diag6", mask: 0x0000_8040_2010_0804 },
    PatternClass { name: "diag5", mask: 0x0000_0080_4020_1008 },
    PatternClass { name: "diag4", mask: 0x0000_0000_8040_2010 },
];

/// Weights per disc: a score of `WEIGHT_SCALE` is one disc of margin.
pub const WEIGHT_SCALE: i32 = 64;

/// How many squares a class reads.
const fn squares(class: usize) -> u32 {
    CLASSES[class].mask.count_ones()
}

/// Where each class's weights start in the table, and its size.
const OFFSETS: [usize; CLASSES.len() + 1] = {
    let mut t = [0; CLASSES.len() + 1];
    let mut c = 0;
    while c < CLASSES.len() {
        t[c + 1] = t[c] + 3usize.pow(squares(c));
        c += 1;
    }
    t
};

/// Weights in the table.
pub const WEIGHTS: usize = OFFSETS[CLASSES.len()];

/// The board transforms a reading may apply (the first six of
/// [`crate::Transform::ALL`]; the quarter turns give no new place).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum View {
    Identity,
    MirrorColumns,
    MirrorRows,
    Rotate180,
    Transpose,
    AntiTranspose,
}

const VIEWS: [View; 6] =
    [View::Identity, View::MirrorColumns, View::MirrorRows, View::Rotate180, View::Transpose, View::AntiTranspose];

/// A board seen through each of [`VIEWS`], in that order.
#[inline(always)]
const fn views(x: u64) -> [u64; 6] {
    let m = mirror_columns(x);
    let t = transpose(x);
    [x, m, x.swap_bytes(), m.swap_bytes(), t, mirror_columns(t).swap_bytes()]
}

/// The inverse of a view, on a mask: the board squares a reading of `mask`
/// through `view` looks at (each view is its own inverse).
const fn squares_read(view: View, mask: u64) -> u64 {
    views(mask)[view as usize]
}

/// One reading: a class read through a view.
#[derive(Clone, Copy, Debug)]
struct Reading {
    view: View,
    class: usize,
}

/// How many readings a board has: every distinct place of every class.
pub const INSTANCES: usize = {
    let mut n = 0;
    let mut c = 0;
    while c < CLASSES.len() {
        n += places(c).1;
        c += 1;
    }
    n
};

/// The distinct places of class `c`: the views that read a square set no
/// earlier view reads, and how many.
const fn places(c: usize) -> ([View; 6], usize) {
    let mask = CLASSES[c].mask;
    let mut out = [View::Identity; 6];
    let mut n = 0;
    let mut v = 0;
    while v < VIEWS.len() {
        let set = squares_read(VIEWS[v], mask);
        let mut seen = false;
        let mut k = 0;
        while k < n {
            if squares_read(out[k], mask) == set {
                seen = true;
            }
            k += 1;
        }
        if !seen {
            out[n] = VIEWS[v];
            n += 1;
        }
        v += 1;
    }
    (out, n)
}

const READINGS: [Reading; INSTANCES] = {
    let mut t = [Reading { view: View::Identity, class: 0 }; INSTANCES];
    let mut n = 0;
    let mut c = 0;
    while c < CLASSES.len() {
        let (views, count) = places(c);
        let mut k = 0;
        while k < count {
            t[n] = Reading { view: views[k], class: c };
            n += 1;
            k += 1;
        }
        c += 1;
    }
    t
};

/// `TERNARY[b]`: the binary number `b` read in base 3 (bit i → 3^i).
const TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut v, mut pow, mut i) = (0u16, 1u16, 0);
        while i < 10 {
            if b >> i & 1 == 1 {
                v += pow;
            }
            pow = pow.wrapping_mul(3);
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// The position of each reading's weight in the table, for the
/// mover `p` and the opponent `o`, through `K`'s bit extraction.
#[inline(always)]
fn indices_with<K: Moves>(p: u64, o: u64) -> [u32; INSTANCES] {
    let (pv, ov) = (views(p), views(o));
    let mut out = [0u32; INSTANCES];
    for (slot, r) in out.iter_mut().zip(READINGS.iter()) {
        let mask = CLASSES[r.class].mask;
        let (bp, bo) = (K::extract(pv[r.view as usize], mask), K::extract(ov[r.view as usize], mask));
        *slot = (OFFSETS[r.class] + TERNARY[bp as usize] as usize + 2 * TERNARY[bo as usize] as usize) as u32;
    }
    out
}

/// The position of each reading's weight in the table (the training's
/// features).
pub fn indices(p: u64, o: u64) -> [u32; INSTANCES] {
    indices_with::<crate::isa::Portable>(p, o)
}

/// The committed weights: a 16-byte header (magic, the table count 1, the
/// table's size), then [`WEIGHTS`] little-endian `i16`.
static FILE: &[u8] = include_bytes!("../data/ordering.weights");

/// The weights file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"DFORDER1";
const HEADER: usize = 16;

const _: () = {
    assert!(FILE.len() == HEADER + 2 * WEIGHTS, "ordering.weights has the size of these classes");
    let mut i = 0;
    while i < 8 {
        assert!(FILE[i] == MAGIC[i], "ordering.weights starts with its magic");
        i += 1;
    }
};

/// The learned score of the mover `p` against `o`, in 1/[`WEIGHT_SCALE`]
/// discs, through `K`'s bit extraction.
#[inline(always)]
pub(crate) fn score_with<K: Moves>(p: u64, o: u64) -> i32 {
    let t = &FILE[HEADER..];
    let mut s = 0;
    for i in indices_with::<K>(p, o) {
        let i = 2 * i as usize;
        s += i16::from_le_bytes([t[i], t[i + 1]]) as i32;
    }
    s
}

/// The learned score of the mover `p` against `o`, in 1/[`WEIGHT_SCALE`] discs.
pub fn score(p: u64, o: u64) -> i32 {
    score_with::<crate::isa::Portable>(p, o)
}

/// A weights file for `table`, weights in discs (rounded to
/// 1/[`WEIGHT_SCALE`], clamped to `i16`).
pub fn encode(table: &[f64]) -> Vec<u8> {
    assert_eq!(table.len(), WEIGHTS, "a full table");
    let mut out = Vec::with_capacity(HEADER + 2 * WEIGHTS);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&1u32.to_le_bytes());
    out.extend_from_slice(&(WEIGHTS as u32).to_le_bytes());
    for &w in table {
        let q = (w * WEIGHT_SCALE as f64).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
        out.extend_from_slice(&q.to_le_bytes());
    }
    out
}

/// The least index among the images of reading `index` of class `class`
/// under the symmetries that map the class's mask onto itself (a line read
/// backwards, the corner across its diagonal): the training gives all of
/// them one weight, so a place reads the same whichever way round it is read.
pub fn canonical(class: usize, index: u32) -> u32 {
    let mask = CLASSES[class].mask;
    let squares: Vec<u32> = crate::Bitboard(mask).iter().map(|sq| sq.index() as u32).collect();
    let digits: Vec<u32> = (0..squares.len()).map(|i| index / 3u32.pow(i as u32) % 3).collect();
    crate::Transform::ALL
        .iter()
        .filter(|t| t.bitboard(crate::Bitboard(mask)).0 == mask)
        .map(|t| {
            squares.iter().zip(&digits).fold(0, |acc, (&sq, &d)| {
                let to = t.bitboard(crate::Bitboard(1 << sq)).0.trailing_zeros();
                let pos = squares.iter().position(|&s| s == to).expect("the mask maps onto itself") as u32;
                acc + d * 3u32.pow(pos)
            })
        })
        .min()
        .expect("the identity keeps the mask")
}

/// The class of each reading, and where the class's weights start in the
/// table (the training's view of [`indices`]).
pub fn reading_classes() -> [(usize, u32); INSTANCES] {
    std::array::from_fn(|i| (READINGS[i].class, OFFSETS[READINGS[i].class] as u32))
}

/// The squares each reading looks at, by class name (for the docs and tests).
pub fn places_of(class: usize) -> Vec<u64> {
    READINGS.iter().filter(|r| r.class == class).map(|r| squares_read(r.view, CLASSES[r.class].mask)).collect()
}

#[cfg(test)]
#[path = "ordering_tests.rs"]
mod tests;
