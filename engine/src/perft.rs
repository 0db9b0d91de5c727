//! Move-path counting (perft) with the convention of docs/rules.md#move-counting-perft (OEIS A124004):
//! a forced pass counts as a move; a game that ended before move `n` is not
//! counted at `n`, one that ends exactly at move `n` is.

use crate::isa::Isa;
use crate::moves::legal_moves;
use crate::position::Position;

/// Number of move sequences of exactly `depth` moves from `pos`, counted
/// with the fastest instruction set this CPU has.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with(pos, depth, Isa::detect())
}

/// [`perft`] with the searches compiled for `isa` (the portable copy when
/// the CPU lacks it). The count never depends on it.
pub fn perft_with(pos: &Position, depth: u32, isa: Isa) -> u64 {
    let (p, o) = (pos.player().0, pos.opponent().0);
    match isa.or_portable() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `or_portable` confirmed the CPU has x86-64-v3 (v4 includes it).
        Isa::X86V3 | Isa::X86V4 => unsafe { perft_v3(p, o, depth) },
        _ => perft_portable(p, o, depth),
    }
}

fn perft_portable(p: u64, o: u64, depth: u32) -> u64 {
    perft_masks(p, o, depth, perft_portable)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
unsafe fn perft_v3(p: u64, o: u64, depth: u32) -> u64 {
    // SAFETY: recursion stays in this twin, entered only on a v3 CPU.
    perft_masks(p, o, depth, |p, o, d| unsafe { perft_v3(p, o, d) })
}

/// The counting body, written once; `recurse` is the copy for the same
/// instruction set, so a whole count runs in one of them.
#[inline(always)]
fn perft_masks(p: u64, o: u64, depth: u32, recurse: impl Fn(u64, u64, u32) -> u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            return 0; // the game is over: no move number `depth` exists
        }
        return recurse(o, p, depth - 1);
    }
    if depth == 1 {
        return moves.count_ones() as u64; // bulk count of the last move
    }
    let mut total = 0;
    while moves != 0 {
        let sq = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let (np, no) = crate::moves::play(p, o, sq);
        total += recurse(np, no, depth - 1);
    }
    total
}

/// Counts from the start position for depths 1 to 11: OEIS A124004
/// (<https://oeis.org/A124004>). Aart Bik's often-quoted 24,571,284 and
/// 212,258,800 at depths 10 and 11 keep finished games as leaves (228 games
/// end at move 9, 356 at move 10); `tests/tests/perft_agreement.rs` checks both.
pub const START_COUNTS: [u64; 11] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_056, 212_258_216];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_counts_to_depth_seven() {
        for (i, &count) in START_COUNTS.iter().take(7).enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&Position::start(), depth), count, "depth {depth}");
        }
    }
}
