//! The AVX2 twins' shared steps: for move generation the four directions
//! 1, 8, 7, 9 lane by lane (as in [`super::legal_moves`]) and the runs of
//! opponent discs along them grown by doubling; for flips (x86-64-v3 and v4)
//! each square's eight rays, [`SQUARE_RAYS`]; and the union of the lanes.
//! Each function needs AVX2 and inlines into its caller, as
//! [`super::legal_moves_avx2`] does.

use super::{INNER_COLS, RAYS};
use core::arch::x86_64::*;

/// The eight rays of one square: directions 0–3 (higher squares) in the
/// first four words, 4–7 (lower squares) in the last four; one cache line.
#[repr(C, align(64))]
pub(super) struct SquareRays(pub [u64; 8]);

pub(super) static SQUARE_RAYS: [SquareRays; 64] = {
    let mut t = [const { SquareRays([0; 8]) }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq].0[d] = RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    t
};

/// Each lane's step and the opponent's discs a run may cross in its
/// direction (the inner columns where a step changes column).
pub(super) struct Lanes {
    pub dir: __m256i,
    dir2: __m256i,
    mask: __m256i,
}

impl Lanes {
    /// The lanes for an opponent with discs `o`.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(super) unsafe fn of(o: u64) -> Lanes {
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            // Lanes, low to high: directions 1, 8, 7, 9.
            let dir = _mm256_set_epi64x(9, 7, 8, 1);
            let inner = (o & INNER_COLS) as i64;
            let mask = _mm256_set_epi64x(inner, inner, o as i64, inner);
            Lanes { dir, dir2: _mm256_add_epi64(dir, dir), mask }
        }
    }

    /// From each square of `seed`, the run of opponent discs towards
    /// higher squares (up to six, the longest a line holds).
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(super) unsafe fn run_up(&self, seed: __m256i) -> __m256i {
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            let (and, or) = (_mm256_and_si256, _mm256_or_si256);
            let mut l = and(self.mask, _mm256_sllv_epi64(seed, self.dir));
            l = or(l, and(self.mask, _mm256_sllv_epi64(l, self.dir)));
            let pre = and(self.mask, _mm256_sllv_epi64(self.mask, self.dir));
            l = or(l, and(pre, _mm256_sllv_epi64(l, self.dir2)));
            or(l, and(pre, _mm256_sllv_epi64(l, self.dir2)))
        }
    }

    /// [`Lanes::run_up`] towards lower squares.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(super) unsafe fn run_down(&self, seed: __m256i) -> __m256i {
        // SAFETY: the caller guarantees AVX2.
        unsafe {
            let (and, or) = (_mm256_and_si256, _mm256_or_si256);
            let mut r = and(self.mask, _mm256_srlv_epi64(seed, self.dir));
            r = or(r, and(self.mask, _mm256_srlv_epi64(r, self.dir)));
            let pre = and(self.mask, _mm256_srlv_epi64(self.mask, self.dir));
            r = or(r, and(pre, _mm256_srlv_epi64(r, self.dir2)));
            or(r, and(pre, _mm256_srlv_epi64(r, self.dir2)))
        }
    }
}

/// The union of the four lanes.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
pub(super) unsafe fn or_lanes(v: __m256i) -> u64 {
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
    }
}
