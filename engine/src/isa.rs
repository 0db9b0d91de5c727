//! Instruction-set dispatch: the engine's hot searches (the exact solver,
//! perft, Levels 3–5) exist once per instruction set: for any CPU of the
//! target architecture, for x86-64-v3 (POPCNT, LZCNT, BMI1/2, AVX2) and for
//! x86-64-v4 (x86-64-v3 and AVX-512, whose flips take a leading-zero count
//! per direction), chosen once per whole search.
//!
//! The default build is portable: nothing forces a `target-cpu`. One
//! mechanism makes every copy:
//! - `for_each_fast_isa!` lists each fast instruction set's kernel and
//!   features, the one place they are written (detection reads the same list);
//! - a kernel per instruction set ([`Moves`]: its move generation and flips)
//!   carries its copy of every search's recursive functions;
//! - `twins!` declares a search's recursive functions once, each body generic
//!   over the kernel, and makes a `#[target_feature]` twin per fast set that
//!   the recursion calls back into, so every node of a search runs with the
//!   features on and no node checks the CPU again;
//! - `with_kernel!` is the one dispatch from an [`Isa`] to its kernel; it
//!   names no search: each search module names the `twins!` traits it needs.
//!
//! Every copy gives the same answers; tests run them side by side
//! (`engine/tests/isa_twins.rs`).

use std::sync::OnceLock;

/// An instruction set the engine has a compiled copy of its searches for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Isa {
    /// Any CPU of the target architecture: no optional instructions.
    Portable,
    /// x86-64-v3 (Haswell, 2013, and later): POPCNT, LZCNT, BMI1, BMI2, AVX2.
    X86V3,
    /// x86-64-v4: x86-64-v3 and AVX-512 F, BW, CD, DQ, VL.
    X86V4,
}

/// Calls `$m!(Kernel, [features…] $extra…)` once per fast instruction set:
/// the one list of their kernels and `#[target_feature]` names. Empty off
/// x86-64.
#[cfg(target_arch = "x86_64")]
macro_rules! for_each_fast_isa {
    ($m:ident! $($extra:tt)*) => {
        $m!(X86V3, ["popcnt", "lzcnt", "bmi1", "bmi2", "avx2"] $($extra)*);
        $m!(
            X86V4,
            ["popcnt", "lzcnt", "bmi1", "bmi2", "avx2", "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"]
            $($extra)*
        );
    };
}
#[cfg(not(target_arch = "x86_64"))]
macro_rules! for_each_fast_isa {
    ($m:ident! $($extra:tt)*) => {};
}
pub(crate) use for_each_fast_isa;

/// `$item` compiled with each feature of the list.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))] // no fast set elsewhere
macro_rules! with_features {
    ([$($feature:tt),+] $($item:tt)*) => {
        $(#[target_feature(enable = $feature)])+
        $($item)*
    };
}
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
pub(crate) use with_features;

/// Whether this CPU has every feature of a fast kernel's list.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! detect {
    ($kernel:ident, [$($feature:tt),+]) => {
        impl $kernel {
            fn detected() -> bool {
                $(std::arch::is_x86_feature_detected!($feature))&&+
            }
        }
    };
}
for_each_fast_isa!(detect!);

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
            #[cfg(target_arch = "x86_64")]
            Isa::X86V3 => X86V3::detected(),
            #[cfg(target_arch = "x86_64")]
            Isa::X86V4 => X86V4::detected(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
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

/// Runs `$body` with the type name `$k` bound to the kernel of the [`Isa`]
/// `$isa` (the portable one when the CPU lacks it): the one place an
/// instruction set becomes a kernel, so a fast kernel's code runs only on a
/// CPU that has its features. `$body` is compiled once per kernel; it names
/// the searches it runs through their `twins!` traits, which every kernel
/// implements, so this module knows none of its clients.
macro_rules! with_kernel {
    ($isa:expr, $k:ident => $body:expr) => {
        match $crate::isa::Isa::or_portable($isa) {
            #[cfg(target_arch = "x86_64")]
            $crate::isa::Isa::X86V3 => {
                type $k = $crate::isa::X86V3;
                $body
            }
            #[cfg(target_arch = "x86_64")]
            $crate::isa::Isa::X86V4 => {
                type $k = $crate::isa::X86V4;
                $body
            }
            _ => {
                type $k = $crate::isa::Portable;
                $body
            }
        }
    };
}
pub(crate) use with_kernel;

/// The few operations whose best code differs by instruction set. Implemented
/// by zero-sized markers; generic search code takes one as a type parameter.
pub(crate) trait Moves: Copy + 'static {
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

    /// The bits of `x` under `mask`, packed from bit 0 up in square order
    /// (BMI2's `pext`; only the learned ordering reads masks).
    #[cfg(feature = "learned-ordering")]
    #[inline(always)]
    fn extract(x: u64, mask: u64) -> u64 {
        let (mut out, mut m, mut bit) = (0, mask, 1);
        while m != 0 {
            if x & m & m.wrapping_neg() != 0 {
                out |= bit;
            }
            m &= m - 1;
            bit <<= 1;
        }
        out
    }

    /// The position after the legal move `sq` (see [`crate::moves::play`]).
    #[inline(always)]
    fn play(p: u64, o: u64, sq: usize) -> (u64, u64) {
        crate::moves::after(p, o, Self::flips(p, o, sq), sq)
    }
}

/// Declares a search's recursive functions: a trait of them that every
/// kernel implements, its portable copy running each body directly, and per
/// fast instruction set a twin of each compiled with its features. Each
/// function may take one type parameter; its body is written once as
/// `K => expr`, with `K` naming the kernel it runs in (as in `with_kernel!`),
/// and recurses through the trait (`K::f(…)`), so a search entered in one copy
/// stays in it.
///
/// The twins are `unsafe` to call only because of their features, and
/// `with_kernel!` is the only place a fast kernel is chosen.
macro_rules! twins {
    (
        $(#[$meta:meta])*
        $vis:vis trait $name:ident {
            $(
                $(#[$fmeta:meta])*
                fn $f:ident $(<$g:ident: $gb:path>)? ($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $k:ident => $body:expr;
            )+
        }
    ) => {
        $(#[$meta])*
        $vis trait $name: $crate::isa::Moves {
            $( $(#[$fmeta])* fn $f $(<$g: $gb>)? ($($arg: $ty),*) -> $ret; )+
        }

        impl $name for $crate::isa::Portable {
            $(
                #[inline(always)]
                fn $f $(<$g: $gb>)? ($($arg: $ty),*) -> $ret {
                    type $k = $crate::isa::Portable;
                    $body
                }
            )+
        }

        const _: () = {
            #[allow(unused_imports)] // no fast set outside x86-64: nothing uses twin_impl
            use $crate::isa::{for_each_fast_isa, twin_impl};
            for_each_fast_isa!(twin_impl! $name { $( fn $f $(<$g: $gb>)? ($($arg: $ty),*) -> $ret = $k => $body; )+ });
        };
    };
}
pub(crate) use twins;

/// One fast kernel's implementation of a `twins!` trait.
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_macros))]
macro_rules! twin_impl {
    (
        $kernel:ident, $features:tt
        $name:ident { $( fn $f:ident $(<$g:ident: $gb:path>)? ($($arg:ident: $ty:ty),*) -> $ret:ty = $k:ident => $body:expr; )+ }
    ) => {
        impl $name for $crate::isa::$kernel {
            $(
                #[inline(always)]
                fn $f $(<$g: $gb>)? ($($arg: $ty),*) -> $ret {
                    $crate::isa::with_features! { $features
                        unsafe fn twin $(<$g: $gb>)? ($($arg: $ty),*) -> $ret {
                            type $k = $crate::isa::$kernel;
                            $body
                        }
                    }
                    // SAFETY: this kernel runs only in a `with_kernel!` body, entered after
                    // `Isa::or_portable` confirmed the CPU has its features.
                    unsafe { twin $(::<$g>)? ($($arg),*) }
                }
            )+
        }
    };
}
pub(crate) use twin_impl;

/// The portable kernel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl Moves for Portable {
    #[inline(always)]
    fn last_flip_count(p: u64, sq: usize) -> u32 {
        crate::moves::last_flip_count_portable(p, sq)
    }
}

/// The x86-64-v3 kernel. Its code is only ever reached from functions
/// compiled with its features (`for_each_fast_isa!`), in a `with_kernel!` body
/// entered after [`Isa::is_supported`] said yes.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86V3;

#[cfg(target_arch = "x86_64")]
impl Moves for X86V3 {
    #[inline(always)]
    fn last_flip_count(p: u64, sq: usize) -> u32 {
        // SAFETY: this kernel only runs inside the v3 twins (see the type's docs),
        // so BMI2 is present.
        unsafe { crate::moves::last_flip_count_bmi2(p, sq) }
    }

    #[cfg(feature = "learned-ordering")]
    #[inline(always)]
    fn extract(x: u64, mask: u64) -> u64 {
        // SAFETY: as above: BMI2 is present.
        unsafe { core::arch::x86_64::_pext_u64(x, mask) }
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
/// [`crate::moves::flips_avx512`]. Reached only as the v3 kernel is, with
/// the v4 features.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86V4;

#[cfg(target_arch = "x86_64")]
impl Moves for X86V4 {
    #[inline(always)]
    fn last_flip_count(p: u64, sq: usize) -> u32 {
        X86V3::last_flip_count(p, sq)
    }

    #[inline(always)]
    fn legal_moves(p: u64, o: u64) -> u64 {
        X86V3::legal_moves(p, o)
    }

    #[cfg(feature = "learned-ordering")]
    #[inline(always)]
    fn extract(x: u64, mask: u64) -> u64 {
        X86V3::extract(x, mask)
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
        for isa in Isa::supported() {
            assert_eq!(isa.or_portable(), isa, "a set the CPU runs is kept");
        }
    }

    /// The names the benchmarks print and the run records compare across sittings.
    #[test]
    fn each_set_is_named_as_its_microarchitecture_level() {
        assert_eq!(Isa::ALL.map(Isa::name), ["portable", "x86-64-v3", "x86-64-v4"]);
    }

    /// `with_kernel!` hands its body the kernel of the set it was asked for,
    /// or the portable one: each kernel's name, read back through the body.
    #[test]
    fn with_kernel_picks_the_asked_kernel_or_the_portable_one() {
        fn name<K>() -> &'static str {
            std::any::type_name::<K>().rsplit("::").next().unwrap_or("")
        }
        let want = |isa: Isa| match isa.or_portable() {
            Isa::Portable => "Portable",
            Isa::X86V3 => "X86V3",
            Isa::X86V4 => "X86V4",
        };
        for isa in Isa::ALL {
            assert_eq!(with_kernel!(isa, K => name::<K>()), want(isa), "{isa:?}");
        }
    }
}
