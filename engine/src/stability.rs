//! Settled discs: discs that can never flip again for the rest of the game.
//!
//! A disc is settled when, along each of the four lines through it
//! (horizontal, vertical, both diagonals), the line is full, or the disc sits
//! on the board's edge of that line, or its neighbour on that line is a
//! settled disc of the same colour. Iterated to a fixpoint from the empty set.
//! This covers corners and edge runs from a held corner, and more. (The code
//! starts the iteration from those edge runs, settled by the same rule: the
//! same fixpoint in fewer rounds.)
//!
//! Soundness: a flip along a line needs the disc between an empty square and a
//! disc of the other colour on that line; a full line has no empty square, an
//! edge leaves no room on one side, and a settled same-coloured neighbour can
//! neither be flipped with it nor anchor the other colour.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::Color;

/// One kind of line (rows, columns, diagonals or anti-diagonals) as a
/// direction along it.
struct Direction {
    /// The square index step of one square along the line.
    shift: u32,
    /// `ends_ahead[k]`: squares with no square `2^k` steps ahead on their
    /// line; `ends_behind[k]` likewise behind.
    ends_ahead: [u64; 3],
    ends_behind: [u64; 3],
}

const fn on_board(c: i32, r: i32) -> bool {
    c >= 0 && c < 8 && r >= 0 && r < 8
}

/// The direction whose step of `shift` indices moves `dc` columns and `dr` rows.
const fn direction(shift: u32, dc: i32, dr: i32) -> Direction {
    let mut ends_ahead = [0u64; 3];
    let mut ends_behind = [0u64; 3];
    let mut k = 0;
    while k < 3 {
        let steps = 1 << k;
        let mut sq = 0;
        while sq < 64 {
            let (c, r) = (sq % 8, sq / 8);
            if !on_board(c + steps * dc, r + steps * dr) {
                ends_ahead[k] |= 1u64 << sq;
            }
            if !on_board(c - steps * dc, r - steps * dr) {
                ends_behind[k] |= 1u64 << sq;
            }
            sq += 1;
        }
        k += 1;
    }
    Direction { shift, ends_ahead, ends_behind }
}

/// Rows, columns, diagonals (a1–h8) and anti-diagonals (h1–a8).
const DIRECTIONS: [Direction; 4] = [direction(1, 1, 0), direction(8, 0, 1), direction(9, 1, 1), direction(7, -1, 1)];

/// Occupied squares whose line in direction `d` is full: every square
/// ahead and every square behind is occupied. By doubling: after step `k`,
/// a square stays in `ahead` when it and its next `2^(k+1) - 1` squares
/// ahead are occupied (or as many as lie before the board's edge); likewise
/// `behind`. Three steps cover the longest line.
#[inline(always)]
fn full_along(occupied: u64, d: &Direction) -> u64 {
    let (mut ahead, mut behind) = (occupied, occupied);
    for k in 0..3 {
        let s = d.shift << k;
        ahead &= (ahead >> s) | d.ends_ahead[k];
        behind &= (behind << s) | d.ends_behind[k];
    }
    ahead & behind
}

/// Squares whose four lines are each full, one mask per line kind.
#[inline(always)]
fn full_lines(occupied: u64) -> [u64; 4] {
    [
        full_along(occupied, &DIRECTIONS[0]),
        full_along(occupied, &DIRECTIONS[1]),
        full_along(occupied, &DIRECTIONS[2]),
        full_along(occupied, &DIRECTIONS[3]),
    ]
}

/// Own discs protected along direction `d`: the line through them is full,
/// they end it (the board's edge), or a neighbour on it is settled.
#[inline(always)]
fn protected(d: &Direction, full: u64, stable: u64) -> u64 {
    let (ahead, behind) = (d.ends_ahead[0], d.ends_behind[0]);
    full | ahead | behind | ((stable << d.shift) & !behind) | ((stable >> d.shift) & !ahead)
}

/// Own discs on an edge joined to an own corner by own discs along that
/// edge: settled (each is on the board's edge across the other three
/// lines, and its neighbour towards the corner is settled), so the
/// fixpoint below may start from them instead of the empty set and
/// reaches the same set in fewer rounds.
#[inline(always)]
fn edge_runs(own: u64) -> u64 {
    const ROWS_1_8: u64 = 0xFF00_0000_0000_00FF;
    const COLS_A_H: u64 = Bitboard::COL_A.0 | Bitboard::COL_H.0;
    let corners = own & Bitboard::CORNERS.0;
    // Fill from `seed` through `path` by steps of `s` (up when `up`), doubling.
    let fill = |seed: u64, mut path: u64, s: u32, up: bool| {
        let step = |b: u64, k: u32| if up { b << k } else { b >> k };
        let mut g = seed | (path & step(seed, s));
        path &= step(path, s);
        g |= path & step(g, 2 * s);
        path &= step(path, 2 * s);
        g | (path & step(g, 4 * s))
    };
    let (rows, cols) = (own & ROWS_1_8, own & COLS_A_H);
    fill(corners, rows & !Bitboard::COL_A.0, 1, true)
        | fill(corners, rows & !Bitboard::COL_H.0, 1, false)
        | fill(corners, cols, 8, true)
        | fill(corners, cols, 8, false)
}

/// The settled discs among `own`, given each line kind's full squares: the
/// fixpoint of "protected along all four lines", started from the edge runs
/// (settled themselves, so the fixpoint is the one from the empty set).
#[inline(always)]
fn settled_of(own: u64, full: &[u64; 4]) -> u64 {
    let mut stable = edge_runs(own);
    loop {
        let mut next = own;
        for (d, &f) in DIRECTIONS.iter().zip(full) {
            next &= protected(d, f, stable);
        }
        next |= stable;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Settled discs of each side from raw masks: (of `p`, of `o`).
#[inline(always)]
pub(crate) fn settled_masks(p: u64, o: u64) -> (u64, u64) {
    let full = full_lines(p | o);
    (settled_of(p, &full), settled_of(o, &full))
}

/// Settled discs of `own` alone, on a board whose occupied squares are `occupied`.
#[inline(always)]
pub(crate) fn settled_one(own: u64, occupied: u64) -> u64 {
    settled_of(own, &full_lines(occupied))
}

impl Position {
    /// The settled discs of `color`.
    pub fn settled(&self, color: Color) -> Bitboard {
        let (p, o) = settled_masks(self.player().0, self.opponent().0);
        Bitboard(if color == self.side() { p } else { o })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;

    #[test]
    fn corner_and_edge_run_are_settled_but_not_a_loose_edge_disc() {
        let dark = bitboard!(
            "xxx....x"
            "x......."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
        );
        let light = bitboard!(
            "...x...."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
        );
        let p = Position::from_discs(dark, light, Color::Dark).unwrap();
        let s = p.settled(Color::Dark);
        // a1, b1, c1 and a2 form runs from a held corner; h1 is a corner.
        let expect = bitboard!(
            "xxx....x"
            "x......."
            "........"
            "........"
            "........"
            "........"
            "........"
            "........"
        );
        assert_eq!(s, expect);
        assert!(p.settled(Color::Light).is_empty(), "d1 can still be flipped");
    }

    /// The fixpoint's starting set, worked by hand: runs of own discs along
    /// an edge from an own corner, on all four edges and both ways, not
    /// past a gap, not round a corner the side does not hold, up to a whole
    /// edge, and no disc off the edges.
    #[test]
    fn edge_runs_follow_each_edge_from_a_held_corner() {
        let own = bitboard!(
            "xxx.x.xx"
            "x.....x."
            "x..x...."
            "........"
            "x......."
            "........"
            ".......x"
            ".xxxx.xx"
        );
        // Row 1: a1–c1 from a1, g1–h1 from h1 (e1 is past d1's gap). Column a:
        // a2–a3 (a5 is past a4's gap). Row 8: g8–h8 from h8; b8–e8 have no
        // held corner (a8 is empty). Column h: h7 from h8. Not g2 or d3.
        let want = bitboard!(
            "xxx...xx"
            "x......."
            "x......."
            "........"
            "........"
            "........"
            ".......x"
            "......xx"
        );
        assert_eq!(Bitboard(edge_runs(own.0)), want);
        // A full row and a full column (each run found from both ends), and a
        // run of six from one corner (h1–h6: h7 is empty).
        let own = bitboard!(
            "xxxxxxxx"
            "xx.....x"
            "x......x"
            "x..x...x"
            "x......x"
            "x......x"
            "x......."
            "xxx.x.xx"
        );
        let want = bitboard!(
            "xxxxxxxx"
            "x......x"
            "x......x"
            "x......x"
            "x......x"
            "x......x"
            "x......."
            "xxx...xx"
        );
        assert_eq!(Bitboard(edge_runs(own.0)), want);
    }

    /// The step (columns, rows) along each of the four line kinds.
    const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

    fn on_board(c: i32, r: i32) -> bool {
        (0..8).contains(&c) && (0..8).contains(&r)
    }

    /// Is every square of the line through (`c`, `r`) along (`dc`, `dr`)
    /// occupied? Walked square by square both ways to the board's edge.
    fn line_is_full(occupied: u64, c: i32, r: i32, dc: i32, dr: i32) -> bool {
        [1, -1].into_iter().all(|sign| {
            let (mut cc, mut rr) = (c, r);
            while on_board(cc, rr) {
                if occupied >> (rr * 8 + cc) & 1 == 0 {
                    return false;
                }
                (cc, rr) = (cc + sign * dc, rr + sign * dr);
            }
            true
        })
    }

    /// The settled discs of the module's rule, applied square by square to a
    /// fixpoint: along each line, the line is full, or the disc has no square
    /// on one side, or a settled disc of its own colour next to it.
    fn settled_by_walk(own: u64, occupied: u64) -> u64 {
        let settled_at = |set: u64, c: i32, r: i32| on_board(c, r) && set >> (r * 8 + c) & 1 == 1;
        let mut stable = 0u64;
        loop {
            let mut next = stable;
            for sq in (0..64).filter(|&sq| own >> sq & 1 == 1) {
                let (c, r) = (sq % 8, sq / 8);
                let holds = STEPS.into_iter().all(|(dc, dr)| {
                    let sides = [(c + dc, r + dr), (c - dc, r - dr)];
                    line_is_full(occupied, c, r, dc, dr)
                        || sides.iter().any(|&(cc, rr)| !on_board(cc, rr) || settled_at(stable, cc, rr))
                });
                if holds {
                    next |= 1 << sq;
                }
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }

    /// `settled_masks` and `settled_one` against the rule walked square by
    /// square, for both sides of every position of 300 random games.
    #[test]
    fn settled_discs_match_the_rule_walked_square_by_square() {
        use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
        let mut checked = 0;
        for seed in 0..300 {
            crate::players::random_playout(Position::start(), &mut ChaCha8Rng::seed_from_u64(seed), |pos| {
                let (p, o) = (pos.player().0, pos.opponent().0);
                let want = (settled_by_walk(p, p | o), settled_by_walk(o, p | o));
                assert_eq!(settled_masks(p, o), want, "{pos}");
                // The solver's one-side entry point (its stability cutoff).
                assert_eq!((settled_one(p, p | o), settled_one(o, p | o)), want, "{pos}");
                checked += 1;
                true
            });
        }
        assert!(checked > 300 * 55, "{checked} positions");
    }

    /// `full_lines` against a walk of each square's line in each direction,
    /// on random boards with many empty squares and with few.
    #[test]
    fn full_lines_match_a_walk_of_each_line() {
        let mut words = crate::testing::Xorshift::new(0x9E37_79B9_7F4A_7C15);
        for trial in 0..4000 {
            let seed = words.next_u64();
            // Denser boards later: the AND of fewer random words.
            let occupied = if trial % 2 == 0 {
                seed | seed.rotate_left(17)
            } else {
                seed | seed.rotate_left(29) | seed.rotate_left(41)
            };
            let full = full_lines(occupied);
            for (k, (dc, dr)) in STEPS.into_iter().enumerate() {
                for sq in 0..64i32 {
                    let all = line_is_full(occupied, sq % 8, sq / 8, dc, dr);
                    assert_eq!(full[k] >> sq & 1 == 1, all, "line {k} through square {sq} of {occupied:#x}");
                }
            }
        }
    }
}
