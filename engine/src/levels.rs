//! The computer levels' settings (docs/players.md#the-levels-file): the square
//! table in both corner states and every level's weights, depths, wobble,
//! pick window, budget and thresholds, plus the computer's reply limit.
//!
//! One value describes them all. The shipped `data/levels.json` is read into
//! it by the `format` crate; [`Levels::GAME`] is the built-in copy of the
//! game's settings (the shipped file's contents, checked by a test). Every
//! player is built from a `Levels` ([`crate::PlayerKind::build_with`]).

use crate::position::Position;
use crate::square::Square;
use crate::symmetry::Transform;
use std::fmt;

/// Every computer level's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    /// The square values ("Figure 3") that Levels 2–5 and the corner bot score with.
    pub squares: SquareTable,
    /// Level 1, Beginner.
    pub level1: Level1Settings,
    /// Level 2, Casual.
    pub level2: Level2Settings,
    /// Level 3, Club.
    pub level3: ClubSettings,
    /// Level 4, Strong.
    pub level4: ClubSettings,
    /// Level 5, Expert.
    pub level5: Level5Settings,
    /// The computer's perfect reply gives up past this many positions
    /// (docs/puzzles.md#the-computers-reply).
    pub reply_limit: u64,
}

/// The square values, by square (a1 = 0 … h8 = 63), in both states of the
/// corner of the square's quadrant: a square scores `corner_empty` while
/// that corner is empty and `corner_taken` once a disc stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareTable {
    /// Values while the quadrant's corner is empty (the table's usual face).
    pub corner_empty: [i32; 64],
    /// Values once the quadrant's corner is taken.
    pub corner_taken: [i32; 64],
}

/// Level 1: a random move with probability `random / out_of`, otherwise the
/// flip-grabber's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level1Settings {
    /// The random share's numerator.
    pub random: u32,
    /// The random share's denominator (one draw below it decides).
    pub out_of: u32,
}

/// What "an extra legal move" counts, in the position after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// The mover's legal moves minus the opponent's.
    Difference,
    /// The mover's own legal moves.
    Own,
}

impl Mobility {
    /// The name in the levels file.
    pub const fn name(self) -> &'static str {
        match self {
            Mobility::Difference => "mover-minus-opponent",
            Mobility::Own => "mover",
        }
    }
}

/// Level 2: one move ahead, square score + mobility + a uniform wobble per
/// candidate; the highest total wins (the first in square order on a tie).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level2Settings {
    /// Points per extra legal move, in hundredths (15 = 0.15).
    pub mobility_hundredths: i32,
    /// What counts as an extra legal move.
    pub mobility: Mobility,
    /// The wobble's lower end, in points.
    pub wobble_low: f64,
    /// The wobble's upper end, in points (uniform in `[low, high)`).
    pub wobble_high: f64,
}

/// Levels 3 and 4: alpha-beta to `depth` plies on square score +
/// `mobility_weight` per extra legal move (mover's minus opponent's);
/// a random pick among the root moves within `pick_window` points of the best
/// (0: exact ties only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClubSettings {
    /// Plies searched (its move is the first).
    pub depth: u32,
    /// Points per extra legal move at a leaf.
    pub mobility_weight: i32,
    /// Root moves within this many points of the best are picked from at random.
    pub pick_window: i32,
}

/// Level 5's budget, exact threshold and evaluation terms (added to Level 4's
/// leaf score).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level5Settings {
    /// Positions per move.
    pub budget: u64,
    /// Empty squares at or below which it solves exactly.
    pub exact_empties: u32,
    /// Points per extra settled disc, once any corner is taken.
    pub settled_weight: i32,
    /// Points taken off per extra frontier disc (a disc next to an empty square).
    pub frontier_weight: i32,
    /// Parity: + this for the side to move when the empty count is odd, − when even…
    pub parity_weight: i32,
    /// …with this many empty squares or fewer.
    pub parity_empties: u32,
    /// The game's wall-clock limit per move, in milliseconds (interactive use only).
    pub time_limit_ms: u32,
}

/// Mirrors a quarter (a1–d4, row by row) onto the whole board.
const fn from_quarter(q: [[i32; 4]; 4]) -> [i32; 64] {
    let mut out = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        let (c, r) = (if c < 4 { c } else { 7 - c }, if r < 4 { r } else { 7 - r });
        out[sq] = q[r][c];
        sq += 1;
    }
    out
}

/// `table` with every corner's X- and C-squares set to `x` and `c`.
const fn with_x_and_c(mut table: [i32; 64], x: i32, c: i32) -> [i32; 64] {
    let (xs, cs) = ([9, 14, 49, 54], [1, 8, 6, 15, 48, 57, 55, 62]);
    let mut i = 0;
    while i < 8 {
        if i < 4 {
            table[xs[i]] = x;
        }
        table[cs[i]] = c;
        i += 1;
    }
    table
}

impl SquareTable {
    /// The symmetric table whose a1–d4 quarter (row by row) is `quarter`,
    /// with every X- and C-square scoring `x_taken` and `c_taken` once its
    /// corner is taken (every other square the same in both states).
    pub const fn symmetric(quarter: [[i32; 4]; 4], x_taken: i32, c_taken: i32) -> SquareTable {
        let corner_empty = from_quarter(quarter);
        SquareTable { corner_empty, corner_taken: with_x_and_c(corner_empty, x_taken, c_taken) }
    }

    /// The game's table (docs/players.md#square-values-the-help-pages-figure-3): P. Norvig's
    /// weighted squares (Paradigms of AI Programming, 1992, ch. 18), with
    /// his modified rule that a taken corner's neighbours score 5; chosen by
    /// the calibration study (docs/ladder.md#calibration-against-the-published-ladder).
    pub const NORVIG: SquareTable =
        SquareTable::symmetric([[120, -20, 20, 5], [-20, -40, -5, -5], [20, -5, 15, 3], [5, -5, 3, 3]], 5, 5);

    /// discflip's first reading of Figure 3, the widely copied
    /// 100/−20/10/5 table: X- and C-squares −2 and 5 once their corner is
    /// taken. The solver's fast search orders its moves with it.
    pub const DISCFLIP: SquareTable =
        SquareTable::symmetric([[100, -20, 10, 5], [-20, -50, -2, -2], [10, -2, 1, 1], [5, -2, 1, 0]], -2, 5);
}

impl Levels {
    /// The game's settings: the contents of the shipped `data/levels.json`.
    pub const GAME: Levels = Levels {
        squares: SquareTable::NORVIG,
        level1: Level1Settings { random: 4, out_of: 5 },
        level2: Level2Settings {
            mobility_hundredths: 15,
            mobility: Mobility::Difference,
            wobble_low: -2.0,
            wobble_high: 2.0,
        },
        level3: ClubSettings { depth: 2, mobility_weight: 5, pick_window: 3 },
        level4: ClubSettings { depth: 4, mobility_weight: 5, pick_window: 0 },
        level5: Level5Settings {
            budget: 70_000,
            exact_empties: 10,
            settled_weight: 15,
            frontier_weight: 3,
            parity_weight: 8,
            parity_empties: 20,
            time_limit_ms: 2_500,
        },
        reply_limit: 300_000,
    };

    /// The value of `sq` in `pos` (it depends on whether the corner of its
    /// quadrant is taken).
    pub fn square_value(&self, pos: &Position, sq: Square) -> i32 {
        self.squares.value(!pos.empties().0, sq.index())
    }

    /// Checks what the types cannot say; the error names the offending key
    /// as the levels file spells it (`level3.depth`).
    pub fn check(&self) -> Result<(), LevelsError> {
        self.check_squares()?;
        self.check_levels_1_and_2()?;
        self.check_clubs()?;
        self.check_level5()?;
        let bad = |key: &'static str, why: String| Err(LevelsError { key, why });
        if !(1_000..=100_000_000).contains(&self.reply_limit) {
            return bad("reply_limit", format!("{} is not from 1,000 to 100,000,000", self.reply_limit));
        }
        Ok(())
    }

    /// Both tables symmetric, in range, and the corners the same in both states.
    fn check_squares(&self) -> Result<(), LevelsError> {
        let bad = |key: &'static str, why: String| Err(LevelsError { key, why });
        for (key, table) in
            [("squares.corner_empty", &self.squares.corner_empty), ("squares.corner_taken", &self.squares.corner_taken)]
        {
            if let Some((sq, t)) = asymmetry(table) {
                let (a, b) = (Square::new_unchecked(sq as u8), t.square(Square::new_unchecked(sq as u8)));
                return bad(
                    key,
                    format!("not symmetric: {a} is {} but its mirror image {b} is {}", table[sq], table[b.index()]),
                );
            }
            if let Some(v) = table.iter().find(|v| v.abs() > MAX_SQUARE_VALUE) {
                return bad(key, format!("{v} is outside ±{MAX_SQUARE_VALUE}"));
            }
        }
        for corner in [0usize, 7, 56, 63] {
            if self.squares.corner_empty[corner] != self.squares.corner_taken[corner] {
                return bad(
                    "squares.corner_taken",
                    format!(
                        "the corner {} differs from corner_empty (a corner is taken when it is played)",
                        Square::new_unchecked(corner as u8)
                    ),
                );
            }
        }
        Ok(())
    }

    /// Level 1's share, Level 2's mobility weight and wobble.
    fn check_levels_1_and_2(&self) -> Result<(), LevelsError> {
        let bad = |key: &'static str, why: String| Err(LevelsError { key, why });
        let l1 = self.level1;
        if l1.out_of == 0 || l1.out_of > 1_000 || l1.random > l1.out_of {
            return bad(
                "level1.random_share",
                format!("{}/{} is not a share from 0/N to N/N with N from 1 to 1000", l1.random, l1.out_of),
            );
        }
        let l2 = self.level2;
        if !(0..=10_000).contains(&l2.mobility_hundredths) {
            return bad("level2.mobility_weight", "must be from 0 to 100 points".to_string());
        }
        if !(l2.wobble_low.is_finite() && l2.wobble_high.is_finite() && l2.wobble_low <= l2.wobble_high) {
            return bad(
                "level2.wobble",
                format!("[{}, {}) is not a range of finite numbers, low ≤ high", l2.wobble_low, l2.wobble_high),
            );
        }
        if l2.wobble_high - l2.wobble_low > 1_000.0 {
            return bad("level2.wobble", "is wider than 1000 points".to_string());
        }
        Ok(())
    }

    /// Levels 3 and 4: depth, pick window, mobility weight.
    fn check_clubs(&self) -> Result<(), LevelsError> {
        let bad = |key: &'static str, why: String| Err(LevelsError { key, why });
        for (depth, window, mobility, which) in [
            (
                self.level3.depth,
                self.level3.pick_window,
                self.level3.mobility_weight,
                ["level3.depth", "level3.pick_window", "level3.mobility_weight"],
            ),
            (
                self.level4.depth,
                self.level4.pick_window,
                self.level4.mobility_weight,
                ["level4.depth", "level4.pick_window", "level4.mobility_weight"],
            ),
        ] {
            if !(1..=MAX_CLUB_DEPTH).contains(&depth) {
                return bad(which[0], format!("{depth} is not from 1 to {MAX_CLUB_DEPTH}"));
            }
            if !(0..=1_000).contains(&window) {
                return bad(which[1], format!("{window} is not from 0 to 1000"));
            }
            if !(0..=1_000).contains(&mobility) {
                return bad(which[2], format!("{mobility} is not from 0 to 1000"));
            }
        }
        Ok(())
    }

    /// Level 5's budget, thresholds and weights.
    fn check_level5(&self) -> Result<(), LevelsError> {
        let bad = |key: &'static str, why: String| Err(LevelsError { key, why });
        let l5 = self.level5;
        if !(1..=100_000_000).contains(&l5.budget) {
            return bad("level5.budget", format!("{} is not from 1 to 100,000,000", l5.budget));
        }
        if l5.exact_empties > 20 {
            return bad("level5.exact_empties", format!("{} is over 20", l5.exact_empties));
        }
        if l5.parity_empties > 60 {
            return bad("level5.parity_empties", format!("{} is over 60", l5.parity_empties));
        }
        for (v, key) in [
            (l5.settled_weight, "level5.settled_weight"),
            (l5.frontier_weight, "level5.frontier_weight"),
            (l5.parity_weight, "level5.parity_weight"),
        ] {
            if !(-1_000..=1_000).contains(&v) {
                return bad(key, format!("{v} is not from -1000 to 1000"));
            }
        }
        Ok(())
    }
}

/// The deepest Levels 3 and 4 may search (a full-width search; 8 plies is already slow).
pub const MAX_CLUB_DEPTH: u32 = 8;
/// Square values stay within ± this, so every score fits its integer.
pub const MAX_SQUARE_VALUE: i32 = 10_000;

impl Default for Levels {
    fn default() -> Levels {
        Levels::GAME
    }
}

/// A square whose value differs from its image under a transform, if any.
fn asymmetry(table: &[i32; 64]) -> Option<(usize, Transform)> {
    Transform::ALL.into_iter().find_map(|t| {
        (0..64).find(|&sq| table[t.square(Square::new_unchecked(sq as u8)).index()] != table[sq]).map(|sq| (sq, t))
    })
}

/// The quadrant corners' squares, and the squares of each quadrant.
pub(crate) const QUADRANTS: [(usize, u64); 4] =
    [(0, 0x0000_0000_0f0f_0f0f), (7, 0x0000_0000_f0f0_f0f0), (56, 0x0f0f_0f0f_0000_0000), (63, 0xf0f0_f0f0_0000_0000)];

impl SquareTable {
    /// The value of square `sq` on a board whose occupied squares are `occupied`.
    pub fn value(&self, occupied: u64, sq: usize) -> i32 {
        let (corner, _) = QUADRANTS.iter().find(|(_, q)| q >> sq & 1 == 1).expect("every square is in a quadrant");
        if occupied >> corner & 1 == 1 { self.corner_taken[sq] } else { self.corner_empty[sq] }
    }
}

/// A setting that does not hold, named by its key in the levels file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelsError {
    /// The key, as the levels file spells it (`level3.depth`).
    pub key: &'static str,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for LevelsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.why)
    }
}

impl std::error::Error for LevelsError {}

#[cfg(test)]
#[path = "levels_tests.rs"]
mod tests;
