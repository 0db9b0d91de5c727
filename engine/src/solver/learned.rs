//! The fast search's learned ordering term (docs/solver.md#learned-move-ordering): the learned
//! evaluation of a child, searched one or two plies deeper near the root.

use crate::isa::Kernel;

/// From this many empties the fast search adds the learned evaluation of
/// each child to its ordering key (docs/solver.md#learned-move-ordering; the
/// reference search does not).
pub(super) const LEARNED_ORDER_MIN_EMPTIES: u32 = 12;
/// From this many empties a child's evaluation is that of its best reply
/// (one ply deeper), and from [`TWO_PLY_ORDER_MIN_EMPTIES`] two plies deeper.
const ONE_PLY_ORDER_MIN_EMPTIES: u32 = 17;
const TWO_PLY_ORDER_MIN_EMPTIES: u32 = 19;
/// The learned evaluation (1/64 disc) is divided by this in the key: 4 key
/// points per disc, against 16 per reply.
pub(super) const LEARNED_DIVISOR: i32 = 16;

/// The learned evaluation of the child `(cp, co)` for its mover, whose legal
/// moves are `replies`, from a node with `n` empties: the child's own score,
/// or from [`ONE_PLY_ORDER_MIN_EMPTIES`] the best over its replies of the
/// reply's score, and from [`TWO_PLY_ORDER_MIN_EMPTIES`] each reply's score
/// one ply deeper again (alpha-beta over the two plies). In 1/64 disc.
#[inline(always)]
pub(super) fn learned_value<K: Kernel>(cp: u64, co: u64, replies: u64, n: u32) -> i32 {
    if n < ONE_PLY_ORDER_MIN_EMPTIES || replies == 0 {
        return crate::ordering::score_with::<K>(cp, co);
    }
    let mut best = -i32::MAX;
    for y in crate::bitboard::Bitboard(replies) {
        let (gp, go) = K::play(cp, co, y.index());
        let answers = if n >= TWO_PLY_ORDER_MIN_EMPTIES { K::legal_moves(gp, go) } else { 0 };
        let v = if answers == 0 {
            -crate::ordering::score_with::<K>(gp, go)
        } else {
            let mut ours = -i32::MAX;
            for z in crate::bitboard::Bitboard(answers) {
                let (hp, ho) = K::play(gp, go, z.index());
                ours = ours.max(-crate::ordering::score_with::<K>(hp, ho));
                if ours >= -best {
                    break; // this reply is no better for the child's mover than one already seen
                }
            }
            -ours
        };
        best = best.max(v);
    }
    best
}
