//! Flips with AVX-512 (the x86-64-v4 kernel): the eight rays from the move
//! side by side, four towards higher squares and four towards lower, each
//! ended at its first square that is not an opponent disc, found in one
//! step: the lowest set bit upwards, a leading-zero count (AVX-512 CD)
//! downwards. The runs need no doubling, so the chain is short.

use super::avx2::SQUARE_RAYS;
use core::arch::x86_64::*;

/// [`super::flips`] with AVX-512: along each ray, the opponent discs from
/// the move up to the first other square, kept when that square holds a
/// mover's disc.
///
/// # Safety
/// The CPU must have AVX2, AVX-512 F, CD and VL (see
/// [`crate::isa::Isa::X86V4`]). Not itself a `#[target_feature]` function,
/// so that it inlines into the x86-64-v4 solver twins.
#[inline(always)]
pub(crate) unsafe fn flips_avx512(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &SQUARE_RAYS[sq].0;
    // SAFETY: the caller guarantees the features; the loads read the two
    // 32-byte halves of one 64-byte-aligned line.
    unsafe {
        let up = _mm256_load_si256(rays.as_ptr().cast());
        let down = _mm256_load_si256(rays[4..].as_ptr().cast());
        let (pv, ov) = (_mm256_set1_epi64x(p as i64), _mm256_set1_epi64x(o as i64));
        let zero = _mm256_setzero_si256();
        // Upwards the run ends at the ray's lowest square that is not the opponent's:
        // the run is the ray's squares below it.
        let stop = _mm256_andnot_si256(ov, up);
        let end = _mm256_and_si256(stop, _mm256_sub_epi64(zero, stop));
        let closed = _mm256_test_epi64_mask(end, pv);
        let run_up = _mm256_maskz_and_epi64(closed, _mm256_sub_epi64(end, _mm256_set1_epi64x(1)), up);
        // Downwards it ends at the highest such square (none: a shift by 64 gives 0);
        // the run is the ray's squares above it.
        let stop = _mm256_andnot_si256(ov, down);
        let end = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(stop));
        let closed = _mm256_test_epi64_mask(end, pv);
        let above = _mm256_sub_epi64(zero, _mm256_add_epi64(end, end));
        let run_down = _mm256_maskz_and_epi64(closed, above, down);
        super::avx2::or_lanes(_mm256_or_si256(run_up, run_down))
    }
}
