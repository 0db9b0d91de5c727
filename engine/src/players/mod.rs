//! The computer players of docs/players.md: three bots and Levels 1–5.
//!
//! Every player chooses through one interface, with an explicit seeded ChaCha
//! generator and no clock (an optional time limit exists for interactive use
//! of Level 5 only). Each choice reports the positions its search visited.

mod bots;
mod club;
mod level5;
mod names;

pub use bots::{CornerBot, FlipGrabber, Level1, Level2, RandomBot, biggest_flips, level2_base_score, level2_best};
pub use club::{Club, level4_hint, level4_score};
pub use level5::{Clock, Level5, Level5Config, Level5Method, system_clock};
pub use names::{PlayerKind, UnknownPlayer};

use crate::position::Position;
use crate::square::Square;
use club::terminal_score;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

/// A move decision: `None` is a pass (only when no move is legal).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The move, or `None` for a forced pass.
    pub square: Option<Square>,
    /// Positions the choice looked at.
    pub positions: u64,
}

/// One interface for all players. Every random choice draws from the
/// generator passed in, so a seed replays a game.
///
/// ```
/// use engine::{PlayerKind, Position};
/// use rand_chacha::ChaCha8Rng;
/// use rand_chacha::rand_core::SeedableRng;
///
/// let start = Position::start();
/// let choose = |seed| PlayerKind::Level1.build(&engine::Levels::GAME).choose(&start, &mut ChaCha8Rng::seed_from_u64(seed));
/// let choice = choose(7);
/// assert!(start.legal_moves().contains(choice.square.expect("a legal move, not a pass")));
/// assert_eq!(choose(7), choice, "the same seed, the same move");
/// ```
pub trait Player {
    /// Which player this is.
    fn kind(&self) -> PlayerKind;

    /// Chooses a move for the side to move in `pos`: a forced pass (no
    /// positions searched) when no move is legal, otherwise
    /// [`Player::choose_move`].
    fn choose(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if pos.legal_moves().is_empty() {
            self.on_pass(rng);
            return Choice { square: None, positions: 0 };
        }
        self.choose_move(pos, rng)
    }

    /// Chooses among the legal moves; called only when there is one.
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice;

    /// What a player does with its random stream on a forced pass (most: nothing).
    fn on_pass(&mut self, _rng: &mut ChaCha8Rng) {}

    /// The depth the last choice's search completed, for players that deepen
    /// (Level 5 outside its exact endgame); `None` otherwise.
    fn last_depth(&self) -> Option<u32> {
        None
    }
}

/// A uniform index below `n` (n > 0), by rejection so it is exactly uniform.
pub fn uniform_index(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

/// Uniform in [0, 1) with 53 random bits.
pub fn uniform_unit(rng: &mut ChaCha8Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

pub(crate) fn pick(rng: &mut ChaCha8Rng, moves: &[Square]) -> Square {
    moves[uniform_index(rng, moves.len())]
}

/// Plays uniformly random moves (a forced pass when no move is legal) from
/// `start` with `rng`, calling `visit` on each position before its move,
/// until the game ends or `visit` returns false; returns the last position.
/// The one random playout of the tests, benchmarks and rule checks.
pub fn random_playout(start: Position, rng: &mut ChaCha8Rng, mut visit: impl FnMut(&Position) -> bool) -> Position {
    let mut pos = start;
    while visit(&pos) && !pos.is_game_over() {
        pos = match RandomBot.choose(&pos, rng).square {
            Some(sq) => pos.play_unchecked(sq),
            None => pos.pass(),
        };
    }
    pos
}

#[cfg(test)]
mod tests;
