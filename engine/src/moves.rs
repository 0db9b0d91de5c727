//! Move generation and flips on raw masks, from the mover's view
//! (`p` = the mover's discs, `o` = the opponent's). Branch-free shift and
//! bit-scan arithmetic; no loop over squares.

/// Columns b–g: masks the wrap-around of horizontal and diagonal shifts.
const INNER_COLS: u64 = 0x7E7E_7E7E_7E7E_7E7E;
const COL_A: u64 = crate::bitboard::Bitboard::COL_A.0;
const COL_H: u64 = crate::bitboard::Bitboard::COL_H.0;

/// Squares reachable by shifting `p` along one direction through runs of `mask`.
#[inline(always)]
fn moves_along(p: u64, mask: u64, dir: u32) -> u64 {
    let mut l = mask & (p << dir);
    l |= mask & (l << dir);
    let pre_l = mask & (mask << dir);
    l |= pre_l & (l << (2 * dir));
    l |= pre_l & (l << (2 * dir));
    let mut r = mask & (p >> dir);
    r |= mask & (r >> dir);
    let pre_r = mask & (mask >> dir);
    r |= pre_r & (r >> (2 * dir));
    r |= pre_r & (r >> (2 * dir));
    (l << dir) | (r >> dir)
}

/// The mover's legal moves.
#[inline(always)]
pub(crate) fn legal_moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER_COLS;
    let m = moves_along(p, inner, 1) | moves_along(p, o, 8) | moves_along(p, inner, 7) | moves_along(p, inner, 9);
    m & !(p | o)
}

/// [`legal_moves`] with the four directions side by side in one AVX2
/// register (the same shifts and masks, lane by lane).
///
/// # Safety
/// The CPU must have AVX2 (see [`crate::isa::Isa::X86V3`]). Not itself a
/// `#[target_feature]` function, so that it inlines into the x86-64-v3
/// search twins, which have the features on.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn legal_moves_avx2(p: u64, o: u64) -> u64 {
    use core::arch::x86_64::*;
    // SAFETY: the caller guarantees AVX2.
    unsafe {
        let lanes = avx2::Lanes::of(o);
        let pv = _mm256_set1_epi64x(p as i64);
        let (l, r) = (lanes.run_up(pv), lanes.run_down(pv));
        let m = _mm256_or_si256(_mm256_sllv_epi64(l, lanes.dir), _mm256_srlv_epi64(r, lanes.dir));
        avx2::or_lanes(m) & !(p | o)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
pub(crate) use avx512::flips_avx512;

/// Rays from each square: `RAYS[d][sq]` is the set of squares strictly beyond
/// `sq` in direction `d`. Directions 0–3 increase the index (E, SW, S, SE with
/// row 1 on top); 4–7 decrease it (W, NE, N, NW).
const RAYS: [[u64; 64]; 8] = build_rays();

const fn build_rays() -> [[u64; 64]; 8] {
    const STEPS: [(i32, i32); 8] = [(1, 0), (-1, 1), (0, 1), (1, 1), (-1, 0), (1, -1), (0, -1), (-1, -1)];
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (dc, dr) = STEPS[d];
            let mut c = (sq % 8) as i32 + dc;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[d][sq] = ray;
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// Flips along a ray whose squares have higher indices than the move.
#[inline(always)]
fn flips_up(ray: u64, p: u64, o: u64) -> u64 {
    let stop = ray & !o;
    let first = stop & stop.wrapping_neg();
    let hit = ((first & p) != 0) as u64;
    ray & first.wrapping_sub(1) & hit.wrapping_neg()
}

/// Flips along a ray whose squares have lower indices than the move.
#[inline(always)]
fn flips_down(ray: u64, p: u64, o: u64) -> u64 {
    let stop = ray & !o;
    // `| 1` keeps the shift in range when the ray holds only opponent discs;
    // then `first & p` is zero (square 0 is either off the ray or an opponent disc).
    let first = 1u64 << (63 - (stop | 1).leading_zeros());
    let hit = ((first & p & ray) != 0) as u64;
    ray & !(first | first.wrapping_sub(1)) & hit.wrapping_neg()
}

/// The position after the mover (`p`) plays the legal move `sq`, from the
/// next mover's side: the opponent's discs less the flipped ones, then the
/// mover's with the flipped ones and the new disc.
#[inline(always)]
pub(crate) fn play(p: u64, o: u64, sq: usize) -> (u64, u64) {
    after(p, o, flips(p, o, sq), sq)
}

/// [`play`] when the flipped discs `f` are already known.
#[inline(always)]
pub(crate) fn after(p: u64, o: u64, f: u64, sq: usize) -> (u64, u64) {
    (o ^ f, p | f | (1 << sq))
}

/// The discs a move on `sq` flips (empty when the move is illegal).
#[inline(always)]
pub(crate) fn flips(p: u64, o: u64, sq: usize) -> u64 {
    flips_up(RAYS[0][sq], p, o)
        | flips_up(RAYS[1][sq], p, o)
        | flips_up(RAYS[2][sq], p, o)
        | flips_up(RAYS[3][sq], p, o)
        | flips_down(RAYS[4][sq], p, o)
        | flips_down(RAYS[5][sq], p, o)
        | flips_down(RAYS[6][sq], p, o)
        | flips_down(RAYS[7][sq], p, o)
}

/// [`flips`] with the eight rays of the move side by side in two AVX2
/// registers (the rays of [`avx2::SQUARE_RAYS`]): along each, the opponent
/// discs from the move up to the first other square, kept when that square
/// holds a mover's disc.
///
/// # Safety
/// The CPU must have AVX2 (see [`crate::isa::Isa::X86V3`]); inlines into the
/// x86-64-v3 search twins like [`legal_moves_avx2`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn flips_avx2(p: u64, o: u64, sq: usize) -> u64 {
    use core::arch::x86_64::*;
    let rays = &avx2::SQUARE_RAYS[sq].0;
    // SAFETY: the caller guarantees AVX2; the loads read the two 32-byte halves
    // of one 64-byte-aligned line.
    unsafe {
        let up = _mm256_load_si256(rays.as_ptr().cast());
        let down = _mm256_load_si256(rays[4..].as_ptr().cast());
        let (pv, ov) = (_mm256_set1_epi64x(p as i64), _mm256_set1_epi64x(o as i64));
        let zero = _mm256_setzero_si256();
        // Upwards the run ends at the ray's lowest square that is not the opponent's
        // (its lowest set bit): the run is the ray's squares below it.
        let stop = _mm256_andnot_si256(ov, up);
        let end = _mm256_and_si256(_mm256_and_si256(stop, _mm256_sub_epi64(zero, stop)), pv);
        let open = _mm256_cmpeq_epi64(end, zero);
        let below = _mm256_add_epi64(end, _mm256_set1_epi64x(-1));
        let run_up = _mm256_andnot_si256(open, _mm256_and_si256(up, below));
        // Downwards it ends at the ray's highest such square: smeared down the ray
        // (steps 1, 7, 8, 9, as rays 4-7), the squares at or beyond it; the run is the rest.
        let step = _mm256_set_epi64x(9, 8, 7, 1);
        let stop = _mm256_andnot_si256(ov, down);
        let mut beyond = _mm256_or_si256(stop, _mm256_srlv_epi64(stop, step));
        beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, _mm256_add_epi64(step, step)));
        beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, _mm256_slli_epi64::<2>(step)));
        let run = _mm256_andnot_si256(beyond, down);
        // Closed when the square after the run's last disc is the mover's.
        let closed = _mm256_and_si256(_mm256_sllv_epi64(_mm256_and_si256(pv, down), step), run);
        let run_down = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed, zero), run);
        avx2::or_lanes(_mm256_or_si256(run_up, run_down))
    }
}

/// The four lines (row, column, both diagonals) through each square:
/// (mask, the square's rank within the mask's bits, the line's length).
#[cfg(target_arch = "x86_64")] // used by the BMI2 twin only
const LINES: [[(u64, u8, u8); 4]; 64] = build_lines();

#[cfg(target_arch = "x86_64")] // used by the BMI2 twin only
const fn build_lines() -> [[(u64, u8, u8); 4]; 64] {
    let mut out = [[(0u64, 0u8, 0u8); 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        // Each line is the union of two opposite rays plus the square itself.
        let pairs = [(0, 4), (2, 6), (3, 7), (1, 5)];
        let mut l = 0;
        while l < 4 {
            let mask = RAYS[pairs[l].0][sq] | RAYS[pairs[l].1][sq] | (1u64 << sq);
            let rank = (mask & ((1u64 << sq) - 1)).count_ones() as u8;
            out[sq][l] = (mask, rank, mask.count_ones() as u8);
            l += 1;
        }
        sq += 1;
    }
    out
}

/// `LAST_FLIPS[len - 1][rank][pattern]`: discs flipped along one full line of
/// `len` squares by a move at `rank`, where `pattern` has the mover's discs
/// set and every other square of the line belongs to the opponent.
#[cfg(target_arch = "x86_64")] // used by the BMI2 twin only
static LAST_FLIPS: [[[u8; 256]; 8]; 8] = build_last_flips();

#[cfg(target_arch = "x86_64")] // used by the BMI2 twin only
const fn build_last_flips() -> [[[u8; 256]; 8]; 8] {
    let mut t = [[[0u8; 256]; 8]; 8];
    let mut len = 1;
    while len <= 8 {
        let mut k = 0;
        while k < len {
            let mut pat = 0;
            while pat < 256 {
                let mut total = 0;
                // Towards higher ranks.
                let mut i = k + 1;
                let mut run = 0;
                while i < len && (pat >> i) & 1 == 0 {
                    run += 1;
                    i += 1;
                }
                if i < len {
                    total += run;
                }
                // Towards lower ranks.
                let mut i = k as i32 - 1;
                let mut run = 0;
                while i >= 0 && (pat >> i) & 1 == 0 {
                    run += 1;
                    i -= 1;
                }
                if i >= 0 {
                    total += run;
                }
                t[len - 1][k][pat] = total as u8;
                pat += 1;
            }
            k += 1;
        }
        len += 1;
    }
    t
}

/// How many discs the mover (`p`) flips by playing `sq` when `sq` is the
/// last empty square (every other square is occupied): the portable twin.
#[inline(always)]
pub(crate) fn last_flip_count_portable(p: u64, sq: usize) -> u32 {
    flips(p, !p & !(1u64 << sq), sq).count_ones()
}

/// The same count by four table lookups, each line's discs gathered with
/// BMI2 `pext`.
///
/// # Safety
/// The CPU must have BMI2 (see [`crate::isa::Isa::X86V3`]). Not itself a
/// `#[target_feature]` function, so that it inlines into the x86-64-v3
/// search twins, which have the features on.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) unsafe fn last_flip_count_bmi2(p: u64, sq: usize) -> u32 {
    let mut n = 0;
    for &(mask, rank, len) in &LINES[sq] {
        // SAFETY: the caller guarantees BMI2.
        let bits = unsafe { core::arch::x86_64::_pext_u64(p, mask) } as usize;
        n += LAST_FLIPS[len as usize - 1][rank as usize][bits] as u32;
    }
    n
}

/// The squares next to each square (8-neighbourhood): a move on `sq` can
/// only flip if an opponent disc is in `NEIGHBOURS[sq]`.
pub(crate) const NEIGHBOURS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = neighbours(1u64 << sq);
        sq += 1;
    }
    t
};

/// Discs adjacent (8-neighbourhood) to any square of `b`.
#[inline(always)]
pub(crate) const fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & !COL_A) | ((b >> 1) & !COL_H);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Xorshift;

    #[test]
    fn start_position_has_four_moves() {
        // Dark to move: Dark on e4 (28) and d5 (35); Light on d4 (27) and e5 (36).
        let p = (1 << 28) | (1 << 35);
        let o = (1 << 27) | (1 << 36);
        let m = legal_moves(p, o);
        // d3 = 19, c4 = 26, f5 = 37, e6 = 44
        assert_eq!(m, (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44));
        assert_eq!(flips(p, o, 19), 1 << 27);
        assert_eq!(flips(p, o, 0), 0);
    }

    #[test]
    fn last_flip_count_matches_flips_on_full_boards() {
        let mut words = Xorshift::new(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..20_000 {
            let x = words.next_u64();
            let sq = (x >> 58) as usize;
            let p = x.rotate_left(17) & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            for (mover, other) in [(p, o), (o, p)] {
                let want = flips(mover, other, sq).count_ones();
                assert_eq!(last_flip_count_portable(mover, sq), want, "portable: p {mover:#x} sq {sq}");
                #[cfg(target_arch = "x86_64")]
                if crate::isa::Isa::X86V3.is_supported() {
                    // SAFETY: BMI2 was detected just above.
                    let fast = unsafe { last_flip_count_bmi2(mover, sq) };
                    assert_eq!(fast, want, "bmi2: p {mover:#x} sq {sq}");
                }
            }
        }
    }

    /// The AVX2 twin of `legal_moves` on random boards, sparse and dense.
    #[test]
    fn avx2_legal_moves_match_the_portable_ones() {
        #[cfg(target_arch = "x86_64")]
        if crate::isa::Isa::X86V3.is_supported() {
            let mut words = Xorshift::new(0x2545_F491_4F6C_DD1Du64);
            for i in 0..20_000 {
                let x = words.next_u64();
                let occupied = if i % 2 == 0 { x | x.rotate_left(23) } else { x & x.rotate_left(23) };
                let p = occupied & x.rotate_left(41);
                let o = occupied & !p;
                for (mover, other) in [(p, o), (o, p)] {
                    // SAFETY: AVX2 was detected just above.
                    let fast = unsafe { legal_moves_avx2(mover, other) };
                    assert_eq!(fast, legal_moves(mover, other), "p {mover:#x} o {other:#x}");
                }
            }
        }
    }

    /// The AVX2 and AVX-512 twins of `flips` (each where the CPU has it) on
    /// random boards, sparse and dense, from every empty square (legal
    /// moves or not).
    #[test]
    fn fast_flips_match_the_portable_ones() {
        #[cfg(target_arch = "x86_64")]
        {
            use crate::isa::Isa;
            let (v3, v4) = (Isa::X86V3.is_supported(), Isa::X86V4.is_supported());
            let mut words = Xorshift::new(0x9FB2_1C65_1E98_DF25u64);
            let mut flipping = 0;
            for i in 0..5_000 {
                let x = words.next_u64();
                let occupied = if i % 2 == 0 { x | x.rotate_left(29) } else { x & x.rotate_left(29) };
                let p = occupied & x.rotate_left(37);
                let o = occupied & !p;
                for sq in (0..64).filter(|&sq| occupied >> sq & 1 == 0) {
                    let want = flips(p, o, sq);
                    flipping += usize::from(want != 0);
                    if v3 {
                        // SAFETY: AVX2 was detected just above.
                        assert_eq!(unsafe { flips_avx2(p, o, sq) }, want, "avx2: p {p:#x} o {o:#x} sq {sq}");
                    }
                    if v4 {
                        // SAFETY: AVX-512 was detected just above.
                        let fast = unsafe { flips_avx512_checked(p, o, sq) };
                        assert_eq!(fast, want, "avx512: p {p:#x} o {o:#x} sq {sq}");
                    }
                }
            }
            assert!(flipping > 10_000, "the boards have moves to compare: {flipping}");
        }
    }

    /// `flips_avx512` compiled with the features it needs.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,avx512f,avx512cd,avx512vl")]
    unsafe fn flips_avx512_checked(p: u64, o: u64, sq: usize) -> u64 {
        // SAFETY: the caller checked the CPU.
        unsafe { flips_avx512(p, o, sq) }
    }

    /// `neighbours` of a set of squares against the union, square by square,
    /// of each one's 8-neighbourhood worked out from rows and columns.
    #[test]
    fn neighbours_of_a_set_are_the_union_of_each_squares() {
        let mut words = Xorshift::new(0x853C_49E6_748F_EA9Bu64);
        for _ in 0..5_000 {
            let x = words.next_u64();
            let b = x & x.rotate_left(11);
            let mut want = 0u64;
            for sq in (0..64).filter(|s| b >> s & 1 == 1) {
                let (c, r) = (sq % 8, sq / 8);
                for (dc, dr) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                    let (nc, nr) = (c + dc, r + dr);
                    if (0..8).contains(&nc) && (0..8).contains(&nr) {
                        want |= 1 << (nr * 8 + nc);
                    }
                }
            }
            assert_eq!(neighbours(b), want, "{b:#x}");
        }
    }

    #[test]
    fn rays_stay_on_the_board() {
        assert_eq!(RAYS[0][7], 0, "nothing east of h1");
        assert_eq!(RAYS[4][8], 0, "nothing west of a2");
        assert_eq!(RAYS[3][0].count_ones(), 7, "a1 to h8 diagonal");
    }
}
