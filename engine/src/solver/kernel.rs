//! The solver's instruction-set copies (docs/determinism.md#portable-build-fast-paths-chosen-at-run-time): the
//! recursive functions go through [`SolverKernel`], so a search started in
//! one copy stays in it. Three copies: portable, x86-64-v3 and x86-64-v4.

use super::Solver;
use crate::isa::{Kernel, Portable};

/// The solver's recursive functions for one kernel: the portable copy calls
/// the generic bodies directly, each fast copy calls twins compiled with its
/// features, so a whole search stays in one instruction set.
pub(super) trait SolverKernel: Kernel {
    fn search<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32;
    fn solve_small<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, odd: u64) -> i32;
}

impl SolverKernel for Portable {
    fn search<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        s.search::<Portable, FAST>(p, o, alpha, beta, n, passed)
    }
    fn solve_small<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, odd: u64) -> i32 {
        s.solve_small::<Portable, FAST>(p, o, alpha, beta, odd)
    }
}

/// One fast copy: module `$copy` holds the twins of the recursive functions
/// compiled with `$features`, and `$kernel`'s `SolverKernel` calls them.
/// `$copy::search_any` is the root's entry into the copy.
#[cfg(target_arch = "x86_64")]
macro_rules! fast_copy {
    ($copy:ident, $kernel:ident, $features:literal) => {
        pub(super) mod $copy {
            use super::super::Solver;
            use crate::isa::$kernel;

            impl super::SolverKernel for $kernel {
                #[inline(always)]
                fn search<const FAST: bool>(
                    s: &mut Solver,
                    p: u64,
                    o: u64,
                    alpha: i32,
                    beta: i32,
                    n: u32,
                    passed: bool,
                ) -> i32 {
                    // SAFETY: this kernel only runs inside a search the root started
                    // after `Isa::or_portable` confirmed the CPU has `$features`.
                    unsafe { search::<FAST>(s, p, o, alpha, beta, n, passed) }
                }
                #[inline(always)]
                fn solve_small<const FAST: bool>(
                    s: &mut Solver,
                    p: u64,
                    o: u64,
                    alpha: i32,
                    beta: i32,
                    odd: u64,
                ) -> i32 {
                    // SAFETY: as above.
                    unsafe { solve_small::<FAST>(s, p, o, alpha, beta, odd) }
                }
            }

            /// A whole search in this copy.
            ///
            /// # Safety
            /// The CPU must have every feature of this copy.
            #[target_feature(enable = $features)]
            pub(in crate::solver) unsafe fn search_any<const FAST: bool>(
                s: &mut Solver,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                n: u32,
            ) -> i32 {
                s.search_any::<$kernel, FAST>(p, o, alpha, beta, n)
            }

            #[target_feature(enable = $features)]
            unsafe fn search<const FAST: bool>(
                s: &mut Solver,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                n: u32,
                passed: bool,
            ) -> i32 {
                s.search::<$kernel, FAST>(p, o, alpha, beta, n, passed)
            }

            #[target_feature(enable = $features)]
            unsafe fn solve_small<const FAST: bool>(
                s: &mut Solver,
                p: u64,
                o: u64,
                alpha: i32,
                beta: i32,
                odd: u64,
            ) -> i32 {
                s.solve_small::<$kernel, FAST>(p, o, alpha, beta, odd)
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
fast_copy!(v3, X86V3, "popcnt,lzcnt,bmi1,bmi2,avx2");
#[cfg(target_arch = "x86_64")]
fast_copy!(v4, X86V4, "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl");
