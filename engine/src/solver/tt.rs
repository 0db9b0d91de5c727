//! A bounded transposition table for the exact solver, shareable between
//! threads.
//!
//! Entries store the full position (both masks), so a hit is never a hash
//! collision: a stored bound is always a true bound of that very position.
//! Buckets hold two entries in one 64-byte cache line; a new position
//! replaces a stale entry or the one with fewer empty squares (deep results
//! cost the most to redo). A search can prefetch a child's bucket while it
//! orders the moves, before it enters the child.
//! A generation stamp makes "clear" O(1), so every root search can start
//! from an empty table and report a position count that depends only on
//! the position searched.
//!
//! Several threads may share one table (`Team`, docs/solver.md#several-threads-for-one-position). Each
//! bucket has a version counter (a sequence lock): a writer makes it odd
//! while it writes, and a reader that saw it odd or changed treats the
//! probe as a miss; a writer that finds the bucket busy skips its store.
//! So a probe never returns a mix of two writes, and one thread alone
//! always succeeds, exactly as an unshared table would.

use crate::alphabeta::{Window, position_hash};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering, fence};

/// One entry as plain values.
#[derive(Clone, Copy, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    generation: u32,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
}

impl Entry {
    /// The third word: generation, bounds, best move, empties.
    fn data(&self) -> u64 {
        (self.generation as u64) << 32
            | (self.lower as u8 as u64) << 24
            | (self.upper as u8 as u64) << 16
            | (self.best as u64) << 8
            | self.empties as u64
    }

    fn from_words(player: u64, opponent: u64, data: u64) -> Entry {
        Entry {
            player,
            opponent,
            generation: (data >> 32) as u32,
            lower: (data >> 24) as u8 as i8,
            upper: (data >> 16) as u8 as i8,
            best: (data >> 8) as u8,
            empties: data as u8,
        }
    }
}

/// Two entries (three words each) and their version, one cache line.
#[repr(C, align(64))]
struct Bucket {
    version: AtomicU32,
    words: [AtomicU64; 6],
}

impl Bucket {
    /// Both entries, or `None` if a writer was busy with them.
    #[inline(always)]
    fn read(&self) -> Option<[Entry; 2]> {
        let v = self.version.load(Ordering::Acquire);
        if v & 1 == 1 {
            return None;
        }
        let w: [u64; 6] = std::array::from_fn(|k| self.words[k].load(Ordering::Relaxed));
        fence(Ordering::Acquire);
        if self.version.load(Ordering::Relaxed) != v {
            return None;
        }
        Some([Entry::from_words(w[0], w[1], w[2]), Entry::from_words(w[3], w[4], w[5])])
    }
}

pub(crate) struct Table {
    buckets: Buckets,
    /// The buckets in use are `0..=mask`: all of them, or fewer (`use_entries`).
    mask: AtomicUsize,
    generation: AtomicU32,
}

/// `n` empty buckets (all words zero: generation 0, which no search uses),
/// aligned to cache lines (on Linux a table of 2 MiB or more to a huge page,
/// and advised to be backed by huge pages), from zeroed memory of the allocator: the system
/// maps a page only when a search first touches it, so a search that uses
/// a few buckets (`use_entries`) never pays for the rest. (The allocator
/// zeroes by hand any block aligned beyond 16 bytes; hence the 16-byte
/// block with room to align within it.)
struct Buckets {
    first: std::ptr::NonNull<Bucket>,
    len: usize,
    block: *mut u8,
    layout: std::alloc::Layout,
}

/// The size of a huge page (x86-64, Linux's transparent huge pages).
const HUGE_PAGE: usize = 2 << 20;

/// Asks the system to back `bytes` from `start` (a huge-page boundary) with
/// huge pages as they are first touched: a table spread over many 4 KiB
/// pages misses the TLB at nearly every probe (docs/solver.md#choices). A
/// hint only: a system without them keeps small pages, and nothing else changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    unsafe extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    // SAFETY: the range lies inside one live allocation of this table, starts on a
    // page boundary, and the advice changes no contents (the memory stays zeroed).
    unsafe { madvise(start.cast(), bytes - bytes % HUGE_PAGE, MADV_HUGEPAGE) };
}

// SAFETY: `Buckets` owns its block like a `Box<[Bucket]>`, and `Bucket` is
// atomics only (Send and Sync).
unsafe impl Send for Buckets {}
// SAFETY: as above.
unsafe impl Sync for Buckets {}

impl Buckets {
    fn zeroed(len: usize) -> Buckets {
        let bytes = len.checked_mul(size_of::<Bucket>()).expect("table size fits in memory");
        // On Linux a table of a huge page or more starts on a huge-page boundary
        // (the room for it is only address space: untouched pages are never mapped).
        let align = if cfg!(target_os = "linux") && bytes >= HUGE_PAGE { HUGE_PAGE } else { align_of::<Bucket>() };
        let layout = bytes
            .checked_add(align)
            .and_then(|s| std::alloc::Layout::from_size_align(s, 16).ok())
            .expect("table size fits in memory");
        // SAFETY: `layout` has a non-zero size.
        let block = unsafe { std::alloc::alloc_zeroed(layout) };
        if block.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // The first boundary in the block: `len` buckets fit after it.
        let first = block.wrapping_add(block.align_offset(align)).cast::<Bucket>();
        #[cfg(target_os = "linux")]
        if align == HUGE_PAGE {
            advise_huge_pages(first.cast(), bytes);
        }
        // SAFETY: `first` lies inside the allocated block, not null.
        Buckets { first: unsafe { std::ptr::NonNull::new_unchecked(first) }, len, block, layout }
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `len` buckets from `first` lie in the block (see `zeroed`);
        // all-zero bytes are a valid `Bucket` (atomics only), and the block
        // lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: `block` came from `alloc_zeroed(self.layout)` and is freed once.
        unsafe { std::alloc::dealloc(self.block, self.layout) }
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy)]
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The best move found, if any.
    pub best: Option<u8>,
}

/// How an entry's best-move byte says "none" (squares are 0–63).
const NO_MOVE: u8 = 64;

impl Table {
    /// A table of `2^bits` entries (`2^(bits-1)` buckets of 64 bytes).
    pub fn new(bits: u32) -> Table {
        let buckets = 1usize << (bits.max(1) - 1);
        Table { buckets: Buckets::zeroed(buckets), mask: AtomicUsize::new(buckets - 1), generation: AtomicU32::new(1) }
    }

    /// Uses only the first `2^bits` entries (all of them if the table is
    /// smaller) until the next call: a small search then stays in the
    /// caches. Call it between searches, never during one.
    pub fn use_entries(&self, bits: u32) {
        let buckets = (1usize << (bits.max(1) - 1)).min(self.buckets.len());
        self.mask.store(buckets - 1, Ordering::Relaxed);
    }

    /// Forgets every entry (for every thread sharing the table).
    pub fn clear(&self) {
        let g = self.generation.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
        if g == 0 {
            // After 2^32 clears, stamps would repeat: wipe the words once.
            for b in self.buckets.iter() {
                for w in &b.words {
                    w.store(0, Ordering::Relaxed);
                }
            }
            self.generation.store(1, Ordering::Relaxed);
        }
    }

    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> usize {
        // Bucket k holds what were entries 2k and 2k + 1 of a flat table indexed by
        // the hash's low bits, so recorded position counts do not depend on the layout.
        (position_hash(p, o) as usize >> 1) & self.mask.load(Ordering::Relaxed)
    }

    #[inline(always)]
    fn find(entries: &[Entry; 2], generation: u32, p: u64, o: u64) -> Option<usize> {
        (0..2).find(|&k| entries[k].generation == generation && entries[k].player == p && entries[k].opponent == o)
    }

    /// Asks the CPU to bring the bucket of `(p, o)` into the cache.
    #[inline(always)]
    pub fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = &self.buckets[self.bucket(p, o)];
            // SAFETY: a prefetch is only a hint; the pointer is a valid bucket (and SSE,
            // which the instruction needs, is part of every x86-64 CPU).
            unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Bounds> {
        let entries = self.buckets[self.bucket(p, o)].read()?;
        let generation = self.generation.load(Ordering::Relaxed);
        Self::find(&entries, generation, p, o).map(|k| {
            let e = &entries[k];
            Bounds { lower: e.lower as i32, upper: e.upper as i32, best: (e.best != NO_MOVE).then_some(e.best) }
        })
    }

    /// The empties of every current entry that holds a bound (not only a best move).
    #[cfg(test)]
    pub(crate) fn bounded_empties(&self) -> Vec<u32> {
        let generation = self.generation.load(Ordering::Relaxed);
        let bounded = |e: &Entry| e.generation == generation && (e.lower > -64 || e.upper < 64);
        let entries = self.buckets.iter().filter_map(Bucket::read).flatten();
        entries.filter(bounded).map(|e| e.empties as u32).collect()
    }

    /// Records the result `score` of a search of window `(alpha, beta)`
    /// (skipped if another thread is writing the same bucket).
    #[inline(always)]
    pub fn store(&self, p: u64, o: u64, empties: u32, Window { alpha, beta }: Window, score: i32, best: Option<u8>) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = &self.buckets[self.bucket(p, o)];
        let v = bucket.version.load(Ordering::Relaxed);
        if v & 1 == 1
            || bucket.version.compare_exchange(v, v.wrapping_add(1), Ordering::Acquire, Ordering::Relaxed).is_err()
        {
            return;
        }
        fence(Ordering::Release); // the odd version is seen before any of the words below
        let w: [u64; 6] = std::array::from_fn(|k| bucket.words[k].load(Ordering::Relaxed));
        let entries = [Entry::from_words(w[0], w[1], w[2]), Entry::from_words(w[3], w[4], w[5])];
        let (slot, mut lower, mut upper) = match Self::find(&entries, generation, p, o) {
            Some(k) => (k, entries[k].lower as i32, entries[k].upper as i32),
            None => {
                let [a, b] = &entries;
                let victim = if a.generation != generation {
                    0
                } else if b.generation != generation || b.empties <= a.empties {
                    1
                } else {
                    0
                };
                (victim, -64, 64)
            }
        };
        if score > alpha {
            lower = lower.max(score);
        }
        if score < beta {
            upper = upper.min(score);
        }
        let e = Entry {
            player: p,
            opponent: o,
            generation,
            lower: lower as i8,
            upper: upper as i8,
            best: best.unwrap_or(NO_MOVE),
            empties: empties as u8,
        };
        bucket.words[3 * slot].store(e.player, Ordering::Relaxed);
        bucket.words[3 * slot + 1].store(e.opponent, Ordering::Relaxed);
        bucket.words[3 * slot + 2].store(e.data(), Ordering::Relaxed);
        bucket.version.store(v.wrapping_add(2), Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::Table;
    use crate::alphabeta::Window;
    use std::sync::atomic::Ordering;

    fn bounds(t: &Table, p: u64, o: u64) -> Option<(i32, i32, Option<u8>)> {
        t.probe(p, o).map(|b| (b.lower, b.upper, b.best))
    }

    #[test]
    fn a_table_of_a_huge_page_starts_on_a_huge_page_boundary_on_linux() {
        let start = |bits: u32| Table::new(bits).buckets.first.as_ptr() as usize;
        // 2^16 entries of 32 bytes: 2 MiB, one huge page; 2^15: half of one.
        let huge = if cfg!(target_os = "linux") { super::HUGE_PAGE } else { 64 };
        for bits in [16, 17, 20] {
            assert_eq!(start(bits) % huge, 0, "2^{bits} entries");
        }
        assert_eq!(start(15) % 64, 0, "a small table on a cache line");
        // The room to align in is only as large as the alignment: a small table
        // reserves no huge page's worth of address space.
        let block = |bits: u32| Table::new(bits).buckets.layout.size();
        assert_eq!(block(16), (32 << 16) + huge, "2^16 entries");
        assert_eq!(block(15), (32 << 15) + 64, "2^15 entries");
        // The last bucket of a huge-page table is usable memory of the table.
        let t = Table::new(16);
        let last = (0u64..).find(|&p| t.bucket(p, 1) == t.buckets.len() - 1).unwrap();
        t.store(last, 1, 9, Window::new(-64, 64), 3, Some(5));
        assert_eq!(bounds(&t, last, 1), Some((3, 3, Some(5))));
    }

    #[test]
    fn a_result_is_stored_as_the_bound_its_window_proves() {
        let t = Table::new(10);
        t.store(1, 2, 9, Window::new(-3, 4), 6, Some(17)); // failed high: at least 6
        t.store(3, 4, 9, Window::new(-3, 4), -5, Some(18)); // failed low: at most −5
        t.store(5, 6, 9, Window::new(-3, 4), 2, Some(19)); // inside: exactly 2
        t.store(7, 8, 9, Window::new(64, -64), -64, Some(63)); // no window (the guessing pass): a best move only
        assert_eq!(bounds(&t, 1, 2), Some((6, 64, Some(17))));
        assert_eq!(bounds(&t, 3, 4), Some((-64, -5, Some(18))));
        assert_eq!(bounds(&t, 5, 6), Some((2, 2, Some(19))));
        assert_eq!(bounds(&t, 7, 8), Some((-64, 64, Some(63))));
        assert_eq!(bounds(&t, 2, 1), None, "the same discs, the other side to move");
        t.store(9, 10, 9, Window::new(-3, 4), 2, None); // no move (a pass)
        assert_eq!(bounds(&t, 9, 10), Some((2, 2, None)));
        // A second result for a position narrows what is known.
        t.store(1, 2, 9, Window::new(7, 9), 8, Some(20));
        assert_eq!(bounds(&t, 1, 2), Some((8, 8, Some(20))));
        t.store(3, 4, 9, Window::new(-20, -19), -19, Some(21));
        assert_eq!(bounds(&t, 3, 4), Some((-19, -5, Some(21))));
    }

    #[test]
    fn clearing_forgets_everything_even_when_the_stamp_wraps() {
        let t = Table::new(4);
        t.store(1, 2, 9, Window::new(-64, 64), 3, Some(5));
        t.clear();
        assert_eq!(bounds(&t, 1, 2), None);
        t.store(1, 2, 9, Window::new(-64, 64), 3, Some(5));
        // The next clear wraps the stamp to 0: every word is wiped, stamps restart at 1.
        t.generation.store(u32::MAX, Ordering::Relaxed);
        t.store(3, 4, 9, Window::new(-64, 64), 3, Some(5));
        t.clear();
        assert_eq!(t.generation.load(Ordering::Relaxed), 1);
        assert!(t.buckets.iter().all(|b| b.words.iter().all(|w| w.load(Ordering::Relaxed) == 0)));
        assert_eq!((bounds(&t, 1, 2), bounds(&t, 3, 4)), (None, None));
    }

    #[test]
    fn a_full_bucket_keeps_the_entry_with_more_empties() {
        let t = Table::new(1); // one bucket: every position lands in it
        t.store(1, 0, 5, Window::new(-64, 64), 1, Some(0));
        t.store(2, 0, 10, Window::new(-64, 64), 2, Some(0));
        t.store(3, 0, 7, Window::new(-64, 64), 3, Some(0)); // replaces the 5-empty entry
        assert_eq!([1, 2, 3].map(|p| bounds(&t, p, 0).map(|b| b.0)), [None, Some(2), Some(3)]);
        t.store(4, 0, 8, Window::new(-64, 64), 4, Some(0)); // replaces the 7-empty entry
        assert_eq!([2, 3, 4].map(|p| bounds(&t, p, 0).map(|b| b.0)), [Some(2), None, Some(4)]);
        t.store(5, 0, 8, Window::new(-64, 64), 5, Some(0)); // equal empties: the second slot goes
        assert_eq!([2, 4, 5].map(|p| bounds(&t, p, 0).map(|b| b.0)), [Some(2), None, Some(5)]);
        t.clear();
        t.store(6, 0, 1, Window::new(-64, 64), 6, Some(0)); // stale entries go first, whatever their empties
        t.store(7, 0, 1, Window::new(-64, 64), 7, Some(0));
        assert_eq!([6, 7].map(|p| bounds(&t, p, 0).map(|b| b.0)), [Some(6), Some(7)]);
    }

    #[test]
    fn a_table_can_use_fewer_entries_than_it_holds() {
        let t = Table::new(8); // 128 buckets
        let stored = |t: &Table| (1..=64u64).filter(|&p| bounds(t, p, 0).is_some()).count();
        let fill = |t: &Table| (1..=64u64).for_each(|p| t.store(p, 0, 9, Window::new(-64, 64), 1, Some(0)));
        t.use_entries(1); // 2^1 entries: one bucket
        fill(&t);
        assert_eq!(stored(&t), 2, "64 positions in one bucket: the last two are kept");
        t.use_entries(30); // more than the table holds: all 128 buckets
        t.clear();
        fill(&t);
        assert!(stored(&t) > 40, "64 positions over 128 buckets: most are kept ({})", stored(&t));
    }

    #[test]
    fn a_bucket_being_written_is_a_miss_and_takes_no_store() {
        let t = Table::new(1);
        t.store(1, 2, 9, Window::new(-64, 64), 3, Some(5));
        t.buckets[0].version.fetch_add(1, Ordering::Relaxed); // a writer is busy
        assert_eq!(bounds(&t, 1, 2), None);
        t.store(3, 4, 9, Window::new(-64, 64), 3, Some(5));
        t.buckets[0].version.fetch_add(1, Ordering::Relaxed); // the writer is done
        assert_eq!((bounds(&t, 1, 2), bounds(&t, 3, 4)), (Some((3, 3, Some(5))), None));
    }
}
