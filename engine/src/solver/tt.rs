//! A bounded transposition table for the exact solver.
//!
//! Entries store the full position (both masks), so a hit is never a hash
//! collision: a stored bound is always a true bound of that very position.
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
        let size = 1usize << bits;
        Table { entries: vec![Entry::default(); size], mask: size - 1, generation: 1 }
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
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        (h ^ (h >> 32)) as usize & self.mask
    }

    #[inline(always)]
    pub fn probe(&self, p: u64, o: u64) -> Option<Bounds> {
        let e = &self.entries[self.index(p, o)];
        if e.generation == self.generation && e.player == p && e.opponent == o {
            Some(Bounds { lower: e.lower as i32, upper: e.upper as i32, best: e.best })
        } else {
            None
        }
    }

    /// Records the result `score` of a search of window (alpha, beta).
    #[inline(always)]
    pub fn store(&mut self, p: u64, o: u64, alpha: i32, beta: i32, score: i32, best: u8) {
        let generation = self.generation;
        let i = self.index(p, o);
        let e = &mut self.entries[i];
        let (mut lower, mut upper) = if e.generation == generation && e.player == p && e.opponent == o {
            (e.lower as i32, e.upper as i32)
        } else {
            (-64, 64)
        };
        if score > alpha {
            lower = lower.max(score);
        }
        if score < beta {
            upper = upper.min(score);
        }
        *e = Entry { player: p, opponent: o, generation, lower: lower as i8, upper: upper as i8, best };
    }
}
