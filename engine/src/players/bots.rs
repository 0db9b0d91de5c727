//! The bots and Levels 1–2 (docs/players.md#bots and #levels): one move ahead at most.

use super::{Choice, Player, PlayerKind, pick, uniform_index, uniform_unit};
use crate::eval::Eval;
use crate::eval::mobility_difference;
use crate::isa::{Moves, Portable};
use crate::levels::{Level1Settings, Level2Settings, Levels, Mobility};
use crate::position::Position;
use crate::square::Square;
use rand_chacha::ChaCha8Rng;

/// The moves that flip the most discs, in square order.
pub fn biggest_flips(pos: &Position) -> Vec<Square> {
    best_by(pos, |sq| pos.flips(sq).count() as i64)
}

/// Level 2's score of a move without the wobble, in hundredths of a point:
/// square values + the mobility weight per extra legal move, after the move
/// (docs/players.md#levels).
pub fn level2_base_score(levels: &Levels, pos: &Position, sq: Square) -> i64 {
    Level2::new(levels).base_score(pos, sq)
}

/// The moves tied for Level 2's best score without the wobble, in square order.
pub fn level2_best(levels: &Levels, pos: &Position) -> Vec<Square> {
    let level2 = Level2::new(levels);
    best_by(pos, |sq| level2.base_score(pos, sq))
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
pub struct CornerBot {
    eval: Eval,
}

impl CornerBot {
    /// The corner bot on `levels`' square table.
    pub fn new(levels: &Levels) -> CornerBot {
        CornerBot { eval: Eval::new(levels, 0) }
    }
}

impl Player for CornerBot {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Corner
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let best = best_by(pos, |sq| {
            let next = pos.play_unchecked(sq);
            self.eval.square_score(next.opponent().0, next.player().0) as i64
        });
        Choice { square: Some(pick(rng, &best)), positions: pos.legal_moves().count() as u64 }
    }
}

/// A random move with the random share's probability (the game's: 4/5),
/// otherwise the biggest flip.
pub struct Level1 {
    settings: Level1Settings,
}

impl Level1 {
    /// Level 1 as `levels` sets it.
    pub fn new(levels: &Levels) -> Level1 {
        Level1 { settings: levels.level1 }
    }

    /// One draw below the share's denominator: the first `out_of − random`
    /// values take the biggest flip, the rest a random move.
    fn plays_random(&self, rng: &mut ChaCha8Rng) -> bool {
        let s = self.settings;
        uniform_index(rng, s.out_of as usize) >= (s.out_of - s.random) as usize
    }
}

impl Player for Level1 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level1
    }
    /// Level 1 decides between random and biggest flip before it looks at
    /// the board, so a forced pass still draws that one number.
    fn on_pass(&mut self, rng: &mut ChaCha8Rng) {
        self.plays_random(rng);
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        if self.plays_random(rng) { RandomBot.choose_move(pos, rng) } else { FlipGrabber.choose_move(pos, rng) }
    }
}

/// One move ahead: square values + the mobility weight per extra legal move
/// + a wobble uniform in its range, drawn per candidate.
pub struct Level2 {
    settings: Level2Settings,
    eval: Eval,
}

impl Level2 {
    /// Level 2 as `levels` sets it.
    pub fn new(levels: &Levels) -> Level2 {
        Level2 { settings: levels.level2, eval: Eval::new(levels, 0) }
    }

    /// The score of `sq` without the wobble, in hundredths of a point.
    fn base_score(&self, pos: &Position, sq: Square) -> i64 {
        let next = pos.play_unchecked(sq);
        let (me, them) = (next.opponent().0, next.player().0);
        let mobility = match self.settings.mobility {
            Mobility::Difference => mobility_difference::<Portable>(me, them),
            Mobility::Own => Portable::legal_moves(me, them).count_ones() as i32,
        };
        100 * self.eval.square_score(me, them) as i64 + i64::from(self.settings.mobility_hundredths) * mobility as i64
    }
}

impl Player for Level2 {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Level2
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let (low, high) = (self.settings.wobble_low, self.settings.wobble_high);
        let mut best: Option<(f64, Square)> = None;
        let mut n = 0;
        for sq in pos.legal_moves() {
            n += 1;
            let score = self.base_score(pos, sq) as f64 / 100.0 + low + (high - low) * uniform_unit(rng);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, sq));
            }
        }
        Choice { square: best.map(|b| b.1), positions: n }
    }
}
