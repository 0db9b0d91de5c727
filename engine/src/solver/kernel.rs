//! The solver's instruction-set copies (docs/determinism.md §3): the
//! recursive functions go through [`SolverKernel`], so a search started in
//! one copy stays in it. Three copies: portable, x86-64-v3 and x86-64-v4.

use super::Solver;
use crate::isa::{Kernel, Portable};
#[cfg(target_arch = "x86_64")]
use crate::isa::{X86V3, X86V4};

/// The solver's recursive functions for one kernel: the portable copy calls
/// the generic bodies directly, the x86-64-v3 copy calls twins compiled with
/// the v3 features, so a whole search stays in one instruction set.
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

#[cfg(target_arch = "x86_64")]
impl SolverKernel for X86V3 {
    #[inline(always)]
    fn search<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        // SAFETY: the X86V3 kernel only runs inside a search the root started
        // after `Isa::or_portable` confirmed the CPU.
        unsafe { search_v3::<FAST>(s, p, o, alpha, beta, n, passed) }
    }
    #[inline(always)]
    fn solve_small<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, odd: u64) -> i32 {
        // SAFETY: as above.
        unsafe { solve_small_v3::<FAST>(s, p, o, alpha, beta, odd) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
pub(super) unsafe fn search_any_v3<const FAST: bool>(
    s: &mut Solver,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    n: u32,
) -> i32 {
    s.search_any::<X86V3, FAST>(p, o, alpha, beta, n)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
unsafe fn search_v3<const FAST: bool>(
    s: &mut Solver,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    n: u32,
    passed: bool,
) -> i32 {
    s.search::<X86V3, FAST>(p, o, alpha, beta, n, passed)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
unsafe fn solve_small_v3<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, odd: u64) -> i32 {
    s.solve_small::<X86V3, FAST>(p, o, alpha, beta, odd)
}

#[cfg(target_arch = "x86_64")]
impl SolverKernel for X86V4 {
    #[inline(always)]
    fn search<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, n: u32, passed: bool) -> i32 {
        // SAFETY: the X86V4 kernel only runs inside a search the root started
        // after `Isa::or_portable` confirmed the CPU.
        unsafe { search_v4::<FAST>(s, p, o, alpha, beta, n, passed) }
    }
    #[inline(always)]
    fn solve_small<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, odd: u64) -> i32 {
        // SAFETY: as above.
        unsafe { solve_small_v4::<FAST>(s, p, o, alpha, beta, odd) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl")]
pub(super) unsafe fn search_any_v4<const FAST: bool>(
    s: &mut Solver,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    n: u32,
) -> i32 {
    s.search_any::<X86V4, FAST>(p, o, alpha, beta, n)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl")]
unsafe fn search_v4<const FAST: bool>(
    s: &mut Solver,
    p: u64,
    o: u64,
    alpha: i32,
    beta: i32,
    n: u32,
    passed: bool,
) -> i32 {
    s.search::<X86V4, FAST>(p, o, alpha, beta, n, passed)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512bw,avx512cd,avx512dq,avx512vl")]
unsafe fn solve_small_v4<const FAST: bool>(s: &mut Solver, p: u64, o: u64, alpha: i32, beta: i32, odd: u64) -> i32 {
    s.solve_small::<X86V4, FAST>(p, o, alpha, beta, odd)
}
