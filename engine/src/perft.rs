//! Move-path counting (perft) with the convention of docs/rules.md#move-counting-perft (OEIS A124004):
//! a forced pass counts as a move; a game that ended before move `n` is not
//! counted at `n`, one that ends exactly at move `n` is.

use crate::isa::{Isa, twins, with_kernel};
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
    with_kernel!(isa, K => K::perft(p, o, depth))
}

twins! {
    /// Perft's recursion in each instruction set.
    pub(crate) trait PerftTwins {
        fn perft(p: u64, o: u64, depth: u32) -> u64 = K => count::<K>(p, o, depth);
    }
}

/// The counting body, written once over the kernel `K`.
#[inline(always)]
fn count<K: PerftTwins>(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = K::legal_moves(p, o);
    if moves == 0 {
        if K::legal_moves(o, p) == 0 {
            return 0; // the game is over: no move number `depth` exists
        }
        return K::perft(o, p, depth - 1);
    }
    if depth == 1 {
        return moves.count_ones() as u64; // bulk count of the last move
    }
    let mut total = 0;
    while moves != 0 {
        let sq = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let (np, no) = K::play(p, o, sq);
        total += K::perft(np, no, depth - 1);
    }
    total
}

/// Counts from the start position for depths 1 to 11: OEIS A124004
/// (<https://oeis.org/A124004>). Aart Bik's often-quoted 24,571,284 and
/// 212,258,800 at depths 10 and 11 keep finished games as leaves (228 games
/// end at move 9, 356 at move 10); `tests/tests/perft_agreement.rs` checks both.
pub const PERFT_START_COUNTS: [u64; 11] =
    [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_056, 212_258_216];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_counts_to_depth_seven() {
        for (i, &count) in PERFT_START_COUNTS.iter().take(7).enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(perft(&Position::start(), depth), count, "depth {depth}");
        }
    }

    /// Dark (b1) cannot move, Light (a1) has one move, c1, after which Dark
    /// has no disc: the pass is move 1, c1 move 2, and no game reaches move 3.
    #[test]
    fn a_forced_pass_counts_as_a_move_and_a_finished_game_as_none() {
        let board = format!("OX{}", "-".repeat(62));
        let pos = Position::from_board_str(&board, crate::Color::Dark).unwrap();
        let counts: Vec<u64> = (0..4).map(|depth| perft(&pos, depth)).collect();
        assert_eq!(counts, [1, 1, 1, 0]);
    }
}
