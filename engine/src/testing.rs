//! Seeded positions and a xorshift sequence for the workspace's tests and
//! benchmarks: the one place they are written.
//!
//! ```
//! use engine::testing::{Xorshift, after_plies, down_to_empties};
//! use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(1);
//! assert_eq!(after_plies(&mut rng, 0), engine::Position::start());
//! let late = down_to_empties(&mut rng, 12);
//! assert!(late.empty_count() <= 12);
//! let mut x = Xorshift::new(7);
//! assert_ne!(x.next_u64(), x.next_u64());
//! ```

pub mod training;

use crate::players::random_playout;
use crate::position::Position;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// The position after `plies` moves of seeded random play from the start
/// (a pass counts as a move), or the finished game if it ends sooner.
pub fn after_plies(rng: &mut ChaCha8Rng, plies: usize) -> Position {
    let mut steps = 0;
    random_playout(Position::start(), rng, |_| {
        steps += 1;
        steps <= plies
    })
}

/// The first position of seeded random play from the start with at most
/// `empties` empty squares (exactly `empties` unless a move filled two at
/// once: it never does, so unless the game ended sooner).
pub fn down_to_empties(rng: &mut ChaCha8Rng, empties: u32) -> Position {
    random_playout(Position::start(), rng, |p| p.empty_count() > empties)
}

/// The first `count` positions `draw` gives with exactly `empties` empty
/// squares and a legal move for the mover, no two alike under the 8
/// symmetries and none whose canonical form is in `exclude` (such as the
/// learned ordering's training positions, [`training::positions`]): how the
/// benchmark sets are drawn. `draw` must keep reaching new positions.
pub fn distinct_positions(
    mut draw: impl FnMut() -> Position,
    empties: u32,
    count: usize,
    exclude: &HashSet<Position>,
) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let pos = draw();
        if pos.empty_count() != empties || pos.legal_moves().is_empty() {
            continue;
        }
        let canonical = pos.canonical().0;
        if !exclude.contains(&canonical) && seen.insert(canonical) {
            out.push(pos);
        }
    }
    out
}

/// A xorshift64 sequence (Marsaglia's 13, 7, 17): cheap seeded words for
/// random masks, where the quality of ChaCha is not needed.
#[derive(Clone, Copy, Debug)]
pub struct Xorshift(u64);

impl Xorshift {
    /// A sequence from `seed` (zero would stay zero, so it becomes one).
    pub fn new(seed: u64) -> Xorshift {
        Xorshift(seed.max(1))
    }

    /// The next word.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn distinct_positions_keep_the_empties_a_move_and_no_image_of_another_or_of_the_excluded() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let first = distinct_positions(|| down_to_empties(&mut rng, 12), 12, 50, &HashSet::new());
        assert_eq!(first.len(), 50);
        let canonical: HashSet<Position> = first.iter().map(|p| p.canonical().0).collect();
        assert_eq!(canonical.len(), 50, "no two alike under the symmetries");
        assert!(first.iter().all(|p| p.empty_count() == 12 && !p.legal_moves().is_empty()));
        // The same seed again, with the first ten excluded (as images): the rest, then new ones.
        let image = |p: &Position| crate::Transform::ALL[3].position(p);
        let exclude: HashSet<Position> = first[..10].iter().map(|p| image(p).canonical().0).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let again = distinct_positions(|| down_to_empties(&mut rng, 12), 12, 50, &exclude);
        assert_eq!(again[..40], first[10..]);
        assert!(again.iter().all(|p| !exclude.contains(&p.canonical().0)));
    }
}
