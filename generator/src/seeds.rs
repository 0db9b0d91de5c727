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
pub fn derive(base: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(splitmix(base), |acc, &p| splitmix(acc ^ splitmix(p)))
}

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}
