//! The solver's table gives its memory back: a counting allocator sees the
//! bytes in use return to where they were after solvers are dropped.

use engine::{Solver, SolverConfig};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes in use.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counter only observes the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_dropped_solver_returns_its_table() {
    let before = IN_USE.load(Ordering::Relaxed);
    let solver = Solver::new(SolverConfig { table_bits: 20, ..SolverConfig::default() });
    let held = IN_USE.load(Ordering::Relaxed) - before;
    assert!(held >= 32 << 20, "a 2^20-entry table holds 32 MiB: {held} bytes");
    drop(solver);
    assert_eq!(IN_USE.load(Ordering::Relaxed), before, "the table's block is freed with its solver");
}
