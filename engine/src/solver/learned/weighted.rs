//! The learned evaluation of a child, searched one to three plies deeper
//! near the root (docs/solver.md#learned-move-ordering).

use crate::isa::Moves;

/// From these empty counts (of the node whose children are ordered) a
/// child's evaluation is searched one, two or three plies deeper.
const PLY_ORDER_MIN_EMPTIES: [u32; 3] = [17, 19, 20];

/// How many plies below the child the learned evaluation is searched, in a
/// node with `n` empties.
#[inline(always)]
const fn plies(n: u32) -> u32 {
    let [one, two, three] = PLY_ORDER_MIN_EMPTIES;
    if n >= three {
        3
    } else if n >= two {
        2
    } else if n >= one {
        1
    } else {
        0
    }
}

/// From this many empties the learned evaluation weighs more in the key.
const HEAVY_ORDER_MIN_EMPTIES: u32 = 19;

/// The learned evaluation (1/64 disc) is divided by this in the key of a
/// node with `n` empties: 4 key points per disc against 16 per reply, and
/// about 10.7 from [`HEAVY_ORDER_MIN_EMPTIES`], where the evaluation is
/// searched two or three plies deeper.
#[inline(always)]
pub(super) const fn learned_divisor(n: u32) -> i32 {
    if n >= HEAVY_ORDER_MIN_EMPTIES { 6 } else { 16 }
}

/// The learned evaluation of the child `(cp, co)` for its mover, whose legal
/// moves are `replies`, from a node with `n` empties: the child's own score,
/// or from the first of [`PLY_ORDER_MIN_EMPTIES`] its value searched one,
/// two or three plies deeper (alpha-beta on the learned score, a side
/// without moves scored as it stands). In 1/64 disc.
#[inline(always)]
pub(super) fn learned_value<K: Moves>(cp: u64, co: u64, replies: u64, n: u32) -> i32 {
    match plies(n) {
        0 => crate::ordering::score_with::<K>(cp, co),
        1 => deeper1::<K>(cp, co, replies, -i32::MAX, i32::MAX),
        2 => deeper2::<K>(cp, co, replies, -i32::MAX, i32::MAX),
        _ => deeper3::<K>(cp, co, replies, -i32::MAX, i32::MAX),
    }
}

/// The learned score of `(p, o)` for its mover searched one more ply than
/// `$child` (negamax, alpha-beta within `alpha..beta`), its legal moves
/// `moves`; a side without moves is scored as it stands. One function per
/// depth rather than a recursive one, so that every ply is inlined into the
/// search copy that calls it and runs with its instruction set.
macro_rules! ply {
    ($name:ident, $child:ident) => {
        #[inline(always)]
        fn $name<K: Moves>(p: u64, o: u64, moves: u64, alpha: i32, beta: i32) -> i32 {
            if moves == 0 {
                return crate::ordering::score_with::<K>(p, o);
            }
            let mut best = -i32::MAX;
            for y in crate::bitboard::Bitboard(moves) {
                let (gp, go) = K::play(p, o, y.index());
                let v = -$child::<K>(gp, go, -beta, -best.max(alpha));
                if v > best {
                    best = v;
                    if best >= beta {
                        break;
                    }
                }
            }
            best
        }
    };
}

/// The learned score, the leaf of [`deeper1`].
#[inline(always)]
fn leaf<K: Moves>(p: u64, o: u64, _alpha: i32, _beta: i32) -> i32 {
    crate::ordering::score_with::<K>(p, o)
}

/// [`deeper1`] with the child's moves generated, the leaf of [`deeper2`].
#[inline(always)]
fn node1<K: Moves>(p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
    deeper1::<K>(p, o, K::legal_moves(p, o), alpha, beta)
}

/// [`deeper2`] with the child's moves generated, the leaf of [`deeper3`].
#[inline(always)]
fn node2<K: Moves>(p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
    deeper2::<K>(p, o, K::legal_moves(p, o), alpha, beta)
}

ply!(deeper1, leaf);
ply!(deeper2, node1);
ply!(deeper3, node2);
