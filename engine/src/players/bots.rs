//! The bots and Levels 1–2 (docs/players.md#bots and #levels): one move ahead at most.

use super::{Choice, Player, PlayerKind, pick, uniform_index, uniform_unit};
use crate::eval::{mobility_difference, square_score};
use crate::isa::Portable;
use crate::position::Position;
use crate::square::Square;
use rand_chacha::ChaCha8Rng;

/// The moves that flip the most discs, in square order.
pub fn biggest_flips(pos: &Position) -> Vec<Square> {
    best_by(pos, |sq| pos.flips(sq).count() as i64)
}

/// Level 2's score of a move without the wobble, in hundredths of a point:
/// square values + 0.15 per extra legal move, after the move.
pub fn level2_base_score(pos: &Position, sq: Square) -> i64 {
    let next = pos.play_unchecked(sq);
    let (me, them) = (next.opponent().0, next.player().0);
    100 * square_score(me, them) as i64 + 15 * mobility_difference::<Portable>(me, them) as i64
}

/// The moves tied for Level 2's best score without the wobble, in square order.
pub fn level2_best(pos: &Position) -> Vec<Square> {
    best_by(pos, |sq| level2_base_score(pos, sq))
}

fn best_by(pos: &Position, score: impl Fn(Square) -> i64) -> Vec<Square> {
    let scored: Vec<(Square, i64)> = pos.legal_moves().iter().map(|sq| (sq, score(sq))).collect();
    let best = scored.iter().map(|s| s.1).max();
    scored.into_iter().filter(|s| Some(s.1) == best).map(|s| s.0).collect()
}

/// Any legal move, uniformly.
pub struct RandomBot;

impl Player for RandomBot {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Random
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let moves: Vec<Square> = pos.legal_moves().iter().collect();
        Choice { square: Some(pick(rng, &moves)), positions: moves.len() as u64 }
    }
}

/// The move that flips the most discs; ties at random.
pub struct FlipGrabber;

impl Player for FlipGrabber {
    fn kind(&self) -> PlayerKind {
        PlayerKind::FlipGrabber
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let best = biggest_flips(pos);
        Choice { square: Some(pick(rng, &best)), positions: pos.legal_moves().count() as u64 }
    }
}

/// One move ahead on the square values alone; ties at random.
pub struct CornerBot;

impl Player for CornerBot {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Corner
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let best = best_by(pos, |sq| {
            let next = pos.play_unchecked(sq);
            square_score(next.opponent().0, next.player().0) as i64
        });
        Choice { square: Some(pick(rng, &best)), positions: pos.legal_moves().count() as u64 }
    }
}

/// Random 80% of the time, otherwise the biggest flip.
pub struct Level1;

impl Player for Level1 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level1
    }
    /// Level 1 decides between random and biggest flip before it looks at
    /// the board, so a forced pass still draws that one number.
    fn on_pass(&mut self, rng: &mut ChaCha8Rng) {
        uniform_index(rng, 5);
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if uniform_index(rng, 5) == 0 { FlipGrabber.choose_move(pos, rng) } else { RandomBot.choose_move(pos, rng) }
    }
}

/// One move ahead: square values + 0.15 per extra legal move + a wobble
/// uniform in [0, 2) points per candidate.
pub struct Level2;

impl Player for Level2 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level2
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let mut best: Option<(f64, Square)> = None;
        let mut n = 0;
        for sq in pos.legal_moves() {
            n += 1;
            let score = level2_base_score(pos, sq) as f64 / 100.0 + 2.0 * uniform_unit(rng);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, sq));
            }
        }
        Choice { square: best.map(|b| b.1), positions: n }
    }
}
