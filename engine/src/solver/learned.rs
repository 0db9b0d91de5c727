//! The fast search's learned ordering term (docs/solver.md#learned-move-ordering),
//! present with the engine's `learned-ordering` feature (on by default; the
//! WebAssembly module leaves it out: docs/web.md#sizes).

use crate::isa::Moves;

/// From this many empties the fast search adds the learned evaluation of
/// each child to its ordering key (docs/solver.md#learned-move-ordering; the
/// reference search does not).
pub(super) const LEARNED_ORDER_MIN_EMPTIES: u32 = 12;

#[cfg(feature = "learned-ordering")]
mod weighted;

/// The learned term of the fast order's key of the child `(cp, co)`, whose
/// legal moves are `replies`, from a node with `n` empties: its learned value
/// over the divisor of `n` empties; 0 without the `learned-ordering` feature.
#[inline(always)]
pub(super) fn learned_key<K: Moves>(cp: u64, co: u64, replies: u64, n: u32) -> i32 {
    #[cfg(feature = "learned-ordering")]
    return weighted::learned_value::<K>(cp, co, replies, n) / weighted::learned_divisor(n);
    #[cfg(not(feature = "learned-ordering"))]
    {
        let _ = (cp, co, replies, n);
        0
    }
}
