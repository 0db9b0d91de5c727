//! A bounded transposition table for the exact solver.
//!
//! Entries store the full position (both masks), so a hit is never a hash
//! collision: a stored bound is always a true bound of that very position.
//! Buckets hold two entries; a new position replaces a stale entry or the
//! one with fewer empty squares (deep results cost the most to redo).
//! A generation stamp makes "clear" O(1), so every root search can start
//! from an empty table and report a position count that depends only on
//! the position searched.

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

pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u32,
}

/// What the table knows about a position.
#[derive(Clone, Copy)]
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// Best move found, 64 if none.
    pub best: u8,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.max(1);
        Table { entries: vec![Entry::default(); size], mask: (size - 1) & !1, generation: 1 }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        (h ^ (h >> 32)) as usize & self.mask
    }

    #[inline(always)]
    fn find(&self, i: usize, p: u64, o: u64) -> Option<usize> {
        (i..i + 2).find(|&k| {
            let e = &self.entries[k];
            e.generation == self.generation && e.player == p && e.opponent == o
        })
    }

    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Bounds> {
        let i = self.bucket(p, o);
        self.find(i, p, o).map(|k| {
            let e = &self.entries[k];
            Bounds { lower: e.lower as i32, upper: e.upper as i32, best: e.best }
        })
    }

    /// Records the result `score` of a search of window `(alpha, beta)`.
    #[inline(always)]
    pub fn store(&mut self, p: u64, o: u64, empties: u32, (alpha, beta): (i32, i32), score: i32, best: u8) {
        let generation = self.generation;
        let i = self.bucket(p, o);
        let (slot, mut lower, mut upper) = match self.find(i, p, o) {
            Some(k) => (k, self.entries[k].lower as i32, self.entries[k].upper as i32),
            None => {
                let (a, b) = (&self.entries[i], &self.entries[i + 1]);
                let victim = if a.generation != generation {
                    i
                } else if b.generation != generation || b.empties <= a.empties {
                    i + 1
                } else {
                    i
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
        self.entries[slot] = Entry {
            player: p,
            opponent: o,
            generation,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
        };
    }
}

/// Applies a table entry's bounds `lower..=upper` to the window `(alpha, beta)`:
/// `Err(value)` when they decide the node on their own, otherwise the narrowed
/// window. Shared by the exact solver and Level 5's midgame table.
#[inline(always)]
pub(crate) fn apply_bounds(lower: i32, upper: i32, alpha: i32, beta: i32) -> Result<(i32, i32), i32> {
    if lower >= beta {
        return Err(lower);
    }
    if upper <= alpha {
        return Err(upper);
    }
    if lower == upper {
        return Err(lower);
    }
    Ok((alpha.max(lower), beta.min(upper)))
}
