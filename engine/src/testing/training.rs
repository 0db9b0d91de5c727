//! The roots the learned move ordering was fitted on (`engine/examples/train_ordering.rs`,
//! docs/solver.md#learned-move-ordering): written here, beside the other seeded positions, so
//! that the trainer makes them and the benchmark sets keep clear of them.

use crate::levels::{ClubSettings, Level2Settings, Levels, Mobility, SquareTable};
use crate::position::Position;
use crate::{PlayerKind, uniform_index};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::collections::HashSet;

/// The seed of the committed weights (`engine/data/ordering.txt`).
pub const SEED: u64 = 36;

/// The levels the roots' Level 2 and Level 4 play under: the game's when the
/// committed weights were fitted (issue 36), written out where those players
/// read them (the square table, `level2`, `level4`: `PlayerKind::settings_read`)
/// so that a change to the game's levels (docs/players.md#changing-a-level)
/// leaves the training set, and so the weights' provenance and the benchmark
/// sets' disjointness, as they were.
const LEVELS: Levels = Levels {
    squares: SquareTable::NORVIG,
    level2: Level2Settings {
        mobility_hundredths: 15,
        mobility: Mobility::Difference,
        wobble_low: -2.0,
        wobble_high: 2.0,
    },
    level4: ClubSettings { depth: 4, mobility_weight: 5, pick_window: 0 },
    ..Levels::GAME
};

/// Roots per empty count at scale 1 (children have one empty square fewer),
/// in blocks numbered in order ([`SCHEDULE`]). Roots are seeded by their
/// number, so a block added at the end leaves every earlier root as it was.
pub type Block = &'static [(u32, usize)];

/// The training set of issue 36's first round.
const FIRST_ROUND: Block =
    &[(12, 12000), (13, 10000), (14, 8000), (15, 6000), (16, 4000), (17, 2500), (18, 1500), (19, 800), (20, 400)];
/// The blocks issue 36's sixth round added where the evaluation is read
/// most (the children and the deeper plies' leaves of 11–17 empties) and
/// which are the cheapest to solve.
const SIXTH_ROUND: Block = &[(12, 24000), (13, 20000), (14, 16000), (15, 12000), (16, 8000), (17, 5000), (18, 3000)];
/// Two more blocks of the sixth round (the same counts twice, different roots).
const SIXTH_ROUND_MORE: Block = &[(12, 36000), (13, 30000), (14, 24000), (15, 18000), (16, 12000), (17, 5000)];

/// Every block, in the order the roots are numbered.
pub const SCHEDULE: [Block; 4] = [FIRST_ROUND, SIXTH_ROUND, SIXTH_ROUND_MORE, SIXTH_ROUND_MORE];

/// The schedule's `(empties, roots)` at `scale` (at least one root each).
pub fn counts(scale: f64) -> Vec<(u32, usize)> {
    SCHEDULE.iter().copied().flatten().map(|&(e, n)| (e, ((n as f64 * scale).round() as usize).max(1))).collect()
}

/// Each root's empty count, in root order, at `scale`.
pub fn root_empties(scale: f64) -> Vec<u32> {
    counts(scale).iter().flat_map(|&(e, n)| std::iter::repeat_n(e, n)).collect()
}

/// Root `i` of `seed`: a game from the start seeded by `(seed, i)` — seeded
/// random play, or the game's Level 2 or Level 4 on both sides (4–15 random
/// opening moves, then one move in ten random) — stopped at `empties` empty
/// squares with a move for the mover (a game that does not get there is
/// played again from the next attempt's stream).
pub fn root(seed: u64, i: usize, empties: u32) -> Position {
    let levels = LEVELS;
    for attempt in 0u64.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream((i as u64) << 8 | attempt);
        let kind = [PlayerKind::Random, PlayerKind::Level2, PlayerKind::Level4][i % 3];
        let mut player = kind.build(&levels);
        let opening = 4 + rng.next_u32() as usize % 12;
        let mut pos = Position::start();
        let mut ply = 0;
        while pos.empty_count() > empties && !pos.is_game_over() {
            let moves: Vec<_> = pos.legal_moves().iter().collect();
            pos = if moves.is_empty() {
                pos.pass()
            } else if ply < opening || rng.next_u32() % 10 == 0 {
                pos.play_unchecked(moves[uniform_index(&mut rng, moves.len())])
            } else {
                pos.play_unchecked(player.choose(&pos, &mut rng).square.expect("a move"))
            };
            ply += 1;
        }
        if pos.empty_count() == empties && !pos.legal_moves().is_empty() {
            return pos;
        }
    }
    unreachable!("some attempt reaches the empty count")
}

/// The canonical forms (docs/puzzles.md#duplicates-and-ids) of every training
/// position of `seed` at scale 1 with `empties` empty squares: the roots of
/// `empties` and the children of the roots of `empties + 1`.
pub fn positions(seed: u64, empties: u32) -> HashSet<Position> {
    let mut out = HashSet::new();
    for (i, e) in root_empties(1.0).into_iter().enumerate() {
        if e == empties {
            out.insert(root(seed, i, e).canonical().0);
        } else if e == empties + 1 {
            let pos = root(seed, i, e);
            out.extend(pos.legal_moves().iter().map(|sq| pos.play_unchecked(sq).canonical().0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The roots the committed weights were fitted on stay as they were,
    /// whatever the game's levels become: one of each kind (random, Level 2,
    /// Level 4) at 12 and at 18 empties, as the trainer made them.
    #[test]
    fn the_training_roots_do_not_follow_the_games_levels() {
        let got: Vec<String> = [(0, 12), (1, 12), (2, 12), (3, 18), (4, 18), (5, 18)]
            .iter()
            .map(|&(i, e)| root(SEED, i, e).to_string())
            .collect();
        assert_eq!(
            got,
            [
                "--OOOOX-X-O-OOOXXXOOOOXOXXOOOXOOXOXOXOOOXXOOOXX-X-XXXXX----XXXX- X",
                "O-X-OO---XXXOO-OXXXXXOOOXXOOXOOOXOXXXX-OOOOOXOXO--OXXXXO--O-XOOO X",
                "OOOOOOXOOXXXOXXOOXXOOOXOOXXXOOXOXXXXXOXOO-XXXXOO--X-X-XO--X----- X",
                "-XXXX---OXXXX---OOOOOOOOOXOOXXX--XOOXOX-XXXOOOXOXOOOOO-----OX--- X",
                "--O-XXX---OOXX--XOOOOOOOXOOOXOX-XXOXXO-XXXXOOXXX--OO-X----OOXXX- X",
                "--X--X----XXXO--X-XXXOOO-XXOOOOOOOOXOOXOXOOXXOOO--OOOX-O-OOO-XX- X",
            ]
        );
    }
}
