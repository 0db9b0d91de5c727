//! Move-path counting (perft) with the convention of SPEC §4 (OEIS A124004):
//! a forced pass counts as a move; a game that ended before move `n` is not
//! counted at `n`, one that ends exactly at move `n` is.

use crate::moves::legal_moves;
use crate::position::Position;

/// Number of move sequences of exactly `depth` moves from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_masks(pos.player().0, pos.opponent().0, depth)
}

fn perft_masks(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = legal_moves(p, o);
    if moves == 0 {
        if legal_moves(o, p) == 0 {
            return 0; // the game is over: no move number `depth` exists
        }
        return perft_masks(o, p, depth - 1);
    }
    if depth == 1 {
        return moves.count_ones() as u64; // bulk count of the last move
    }
    let mut total = 0;
    while moves != 0 {
        let sq = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let f = crate::moves::flips(p, o, sq);
        total += perft_masks(o ^ f, p | f | (1 << sq), depth - 1);
    }
    total
}

/// Counts from the start position for depths 1 to 11 under this convention.
/// Depths 1–9 equal OEIS A124004; from depth 10 OEIS keeps counting games
/// that already ended (228 end at move 9, 356 at move 10), so its figures are
/// 24,571,284 and 212,258,800 (a test in `tests/` checks the relation).
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
