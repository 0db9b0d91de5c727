//! Instruction-set dispatch: the engine's hot searches exist twice, once
//! for any CPU of the target architecture and once for x86-64-v3 (POPCNT,
//! LZCNT, BMI1/2, AVX2), chosen once per whole search; the exact solver has
//! a third copy for x86-64-v4 (AVX-512), whose flips take a leading-zero
//! count per direction.
//!
//! The default build is portable: nothing forces a `target-cpu`. A search
//! entry point (solver root, perft, a player's search) reads [`Isa`] once
//! and runs a copy of its recursion compiled for that instruction set:
//! each recursive function is written once, generic over a [`Kernel`], and
//! the fast copy is a `#[target_feature]` wrapper that the recursion calls
//! back into, so every node of the search runs with the features on and no
//! node checks the CPU again. Both copies give the same answers; tests run
//! them side by side (`engine/tests/isa_twins.rs`).

use std::sync::OnceLock;

/// An instruction set the engine has a compiled copy of its searches for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Isa {
    /// Any CPU of the target architecture: no optional instructions.
    Portable,
    /// x86-64-v3 (Haswell, 2013, and later): POPCNT, LZCNT, BMI1, BMI2, AVX2.
    X86V3,
    /// x86-64-v4: x86-64-v3 and AVX-512 F, BW, CD, DQ, VL. Only the exact
    /// solver has a copy of its own; the other searches run their
    /// x86-64-v3 copy.
    X86V4,
}

impl Isa {
    /// Every instruction set, portable first.
    pub const ALL: [Isa; 3] = [Isa::Portable, Isa::X86V3, Isa::X86V4];

    /// The fastest instruction set this CPU runs, detected once per process.
    pub fn detect() -> Isa {
        static DETECTED: OnceLock<Isa> = OnceLock::new();
        *DETECTED.get_or_init(|| Isa::supported().pop().unwrap_or(Isa::Portable))
    }

    /// Whether this CPU can run the searches compiled for `self`.
    pub fn is_supported(self) -> bool {
        match self {
            Isa::Portable => true,
            Isa::X86V3 => x86_v3_supported(),
            Isa::X86V4 => x86_v3_supported() && x86_v4_extras_supported(),
        }
    }

    /// Every instruction set this CPU runs, portable first.
    pub fn supported() -> Vec<Isa> {
        Isa::ALL.into_iter().filter(|isa| isa.is_supported()).collect()
    }

    /// `self` if this CPU runs it, otherwise the portable copy: a search
    /// asked for an instruction set the CPU lacks runs slower, never crashes.
    pub fn or_portable(self) -> Isa {
        if self.is_supported() { self } else { Isa::Portable }
    }

    /// A short name for benchmarks and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Isa::Portable => "portable",
            Isa::X86V3 => "x86-64-v3",
            Isa::X86V4 => "x86-64-v4",
        }
    }
}

impl Default for Isa {
    /// The detected instruction set.
    fn default() -> Isa {
        Isa::detect()
    }
}

#[cfg(target_arch = "x86_64")]
fn x86_v3_supported() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn x86_v3_supported() -> bool {
    false
}

/// What x86-64-v4 adds to x86-64-v3.
#[cfg(target_arch = "x86_64")]
fn x86_v4_extras_supported() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512cd")
        && std::arch::is_x86_feature_detected!("avx512dq")
        && std::arch::is_x86_feature_detected!("avx512vl")
}

#[cfg(not(target_arch = "x86_64"))]
fn x86_v4_extras_supported() -> bool {
    false
}

/// The few operations whose best code differs by instruction set. Implemented
/// by zero-sized markers; generic search code takes one as a type parameter.
pub(crate) trait Kernel: Copy + 'static {
    /// How many discs the mover (`p`) flips by playing `sq` when `sq` is the
    /// last empty square (every other square is occupied).
    fn last_flip_count(p: u64, sq: usize) -> u32;

    /// The mover's legal moves (see [`crate::moves::legal_moves`]).
    #[inline(always)]
    fn legal_moves(p: u64, o: u64) -> u64 {
        crate::moves::legal_moves(p, o)
    }

    /// The discs a move on the empty square `sq` flips (see [`crate::moves::flips`]).
    #[inline(always)]
    fn flips(p: u64, o: u64, sq: usize) -> u64 {
        crate::moves::flips(p, o, sq)
    }

    /// The position after the legal move `sq` (see [`crate::moves::play`]).
    #[inline(always)]
    fn play(p: u64, o: u64, sq: usize) -> (u64, u64) {
        crate::moves::after(p, o, Self::flips(p, o, sq), sq)
    }
}

/// The portable kernel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn last_flip_count(p: u64, sq: usize) -> u32 {
        crate::moves::last_flip_count_portable(p, sq)
    }
}

/// The x86-64-v3 kernel. Its code is only ever reached from functions
/// compiled with `#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]`,
/// which are only called after [`Isa::is_supported`] said yes.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86V3;

#[cfg(target_arch = "x86_64")]
impl Kernel for X86V3 {
    #[inline(always)]
    fn last_flip_count(p: u64, sq: usize) -> u32 {
        // SAFETY: this kernel only runs inside the v3 twins (see the type's docs),
        // so BMI2 is present.
        unsafe { crate::moves::last_flip_count_bmi2(p, sq) }
    }

    #[inline(always)]
    fn legal_moves(p: u64, o: u64) -> u64 {
        // SAFETY: as above: AVX2 is present.
        unsafe { crate::moves::legal_moves_avx2(p, o) }
    }

    #[inline(always)]
    fn flips(p: u64, o: u64, sq: usize) -> u64 {
        // SAFETY: as above: AVX2 is present.
        unsafe { crate::moves::flips_avx2(p, o, sq) }
    }
}

/// The x86-64-v4 kernel: the v3 kernel's code, but flips by
/// [`crate::moves::flips_avx512`]. Reached only from functions compiled with
/// the v4 features, called after [`Isa::is_supported`] said yes.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86V4;

#[cfg(target_arch = "x86_64")]
impl Kernel for X86V4 {
    #[inline(always)]
    fn last_flip_count(p: u64, sq: usize) -> u32 {
        X86V3::last_flip_count(p, sq)
    }

    #[inline(always)]
    fn legal_moves(p: u64, o: u64) -> u64 {
        X86V3::legal_moves(p, o)
    }

    #[inline(always)]
    fn flips(p: u64, o: u64, sq: usize) -> u64 {
        // SAFETY: this kernel only runs inside the v4 twins (see the type's docs),
        // so AVX-512 F, CD and VL are present.
        unsafe { crate::moves::flips_avx512(p, o, sq) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_is_always_supported_and_detection_picks_a_supported_set() {
        assert!(Isa::Portable.is_supported());
        assert!(Isa::detect().is_supported());
        assert_eq!(Isa::supported()[0], Isa::Portable);
        assert!(Isa::X86V3.or_portable().is_supported());
        assert!(Isa::X86V4.or_portable().is_supported());
        assert_eq!(Isa::detect(), *Isa::supported().last().unwrap(), "the fastest supported set");
        if Isa::X86V4.is_supported() {
            assert!(Isa::X86V3.is_supported(), "x86-64-v4 includes x86-64-v3");
        }
    }
}
