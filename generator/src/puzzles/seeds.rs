//! Seed derivation: every random stream is a ChaCha8 generator whose seed is
//! derived from the release seed and the stream's coordinates, so results do
//! not depend on scheduling or thread count.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The default release seed.
pub const DEFAULT_SEED: u64 = 2026;

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A seed for the stream at `parts` under `base`.
pub(crate) fn derive(base: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(splitmix(base), |acc, &p| splitmix(acc ^ splitmix(p)))
}

/// The random streams of a release: the first number of each stream's
/// coordinates (docs/determinism.md#same-seed-same-bytes). The numbers are part of the output's
/// identity: changing one changes every board or game of that stream.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stream {
    /// Sampling candidates: (empties, candidate index).
    Candidates = 1,
    /// Ladder games: (matchup index, game number).
    Ladder = 2,
    /// The Level 5 endgame report's positions: ().
    Level5Report = 3,
    /// Flip-preview rule checks: (position index).
    FlipPreviews = 4,
    /// Settled-disc rule checks: (game index).
    SettledGames = 5,
    /// Openings of the openings suite: (opening index).
    Openings = 6,
    /// Games of the openings suite: (opening, 0 if Level 5 is Dark else 1).
    OpeningGames = 7,
    /// A board's seeded player tries: (canonical discs ×2, player, try).
    SolutionTries = 8,
}

/// The seed of stream `kind` at `coords` under the release seed `base`.
pub fn stream(base: u64, kind: Stream, coords: &[u64]) -> u64 {
    let mut parts = Vec::with_capacity(coords.len() + 1);
    parts.push(kind as u64);
    parts.extend_from_slice(coords);
    derive(base, &parts)
}

/// A ChaCha8 generator seeded with `seed`.
pub(crate) fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64 from state 0, whose state advances by the golden gamma:
    /// the first four outputs of the published generator (Vigna's splitmix64.c).
    #[test]
    fn the_step_is_splitmix64s() {
        let gamma = 0x9E37_79B9_7F4A_7C15u64;
        let want = [0xe220_a839_7b1d_cdaf, 0x6e78_9e6a_a1b9_65f4, 0x06c4_5d18_8009_454f, 0xf88b_b8a8_724c_81ec];
        for (i, w) in (0u64..).zip(want) {
            assert_eq!(splitmix(gamma.wrapping_mul(i)), w, "output {i}");
        }
    }

    /// docs/determinism.md#same-seed-same-bytes: `s = m(seed)`, then
    /// `s = m(s ^ m(c))` for each coordinate, the stream's number first.
    #[test]
    fn a_streams_seed_folds_its_coordinates_in_order() {
        let m = splitmix;
        assert_eq!(derive(5, &[]), m(5));
        assert_eq!(derive(5, &[1, 2]), m(m(m(5) ^ m(1)) ^ m(2)));
        assert_ne!(derive(5, &[1, 2]), derive(5, &[2, 1]));
        assert_eq!(stream(5, Stream::Ladder, &[3, 4]), m(m(m(m(5) ^ m(2)) ^ m(3)) ^ m(4)));
        assert_eq!(stream(5, Stream::SolutionTries, &[]), m(m(5) ^ m(8)));
    }
}
