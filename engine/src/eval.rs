//! The game's evaluation terms (docs/players.md#square-values-the-help-pages-figure-3, #level-5): square values ("Figure 3"),
//! mobility, frontier, settled discs and parity, weighted as a [`Levels`] says.

use crate::isa::Moves;
use crate::levels::{Level5Settings, Levels, QUADRANTS};
use crate::moves::neighbours;
use crate::stability::settled_masks;

/// Legal moves of `p` minus legal moves of `o` on this board.
#[inline(always)] // inlined into each instruction-set copy of the searches
pub(crate) fn mobility_difference<K: Moves>(p: u64, o: u64) -> i32 {
    K::legal_moves(p, o).count_ones() as i32 - K::legal_moves(o, p).count_ones() as i32
}

impl Eval {
    /// Level 3 and 4 leaf score for `p`: square values + the club mobility
    /// weight per extra legal move.
    #[inline(always)] // inlined into each instruction-set copy of the searches
    pub(crate) fn club_score<K: Moves>(&self, p: u64, o: u64) -> i32 {
        self.square_score(p, o) + self.club_mobility * mobility_difference::<K>(p, o)
    }

    /// Level 5 leaf score for `p`, the side to move: Level 4's score, + the
    /// settled weight per extra settled disc once any corner is taken, − the
    /// frontier weight per extra frontier disc, and parity (± its weight
    /// with few enough empties: + when the empty count is odd).
    #[inline(always)] // inlined into each instruction-set copy of the searches
    pub(crate) fn expert_score<K: Moves>(&self, p: u64, o: u64) -> i32 {
        let t = &self.level5;
        let occ = p | o;
        let empty = !occ;
        let mut s = self.club_score::<K>(p, o);
        if occ & crate::bitboard::Bitboard::CORNERS.0 != 0 {
            let (sp, so) = settled_masks(p, o);
            s += t.settled_weight * (sp.count_ones() as i32 - so.count_ones() as i32);
        }
        let near_empty = neighbours(empty);
        s -= t.frontier_weight * ((p & near_empty).count_ones() as i32 - (o & near_empty).count_ones() as i32);
        let n = empty.count_ones();
        if n <= t.parity_empties {
            s += if n % 2 == 1 { t.parity_weight } else { -t.parity_weight };
        }
        s
    }
}

/// A quadrant's corner bit, and the (change, squares) classes of its squares
/// whose value changes once that corner is taken (how many are used).
type Quadrant = (u64, [(i32, u64); 16], usize);

/// The scores of Levels 2–5 and the corner bot as popcount sums, built once
/// from a [`Levels`]: the corner-empty table by value class, and per quadrant
/// the squares whose value changes once its corner is taken.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Eval {
    /// The corner-empty table by square (Level 5's cheap move order).
    corner_empty: [i32; 64],
    /// (value, squares) of the corner-empty table, one entry per distinct value.
    classes: [(i32, u64); 64],
    class_count: usize,
    /// Per quadrant: its corner's bit, and (change, squares) once it is taken.
    taken: [Quadrant; 4],
    /// Levels 3–4's points per extra legal move (Level 4's in Level 5's score).
    pub(crate) club_mobility: i32,
    pub(crate) level5: Level5Settings,
}

impl Eval {
    /// The evaluation of `levels`.
    pub(crate) const fn new(levels: &Levels, club_mobility: i32) -> Eval {
        let table = &levels.squares;
        let mut classes = [(0i32, 0u64); 64];
        let mut class_count = 0;
        let mut sq = 0;
        while sq < 64 {
            let v = table.corner_empty[sq];
            let mut k = 0;
            while k < class_count && classes[k].0 != v {
                k += 1;
            }
            if k == class_count {
                classes[k] = (v, 0);
                class_count += 1;
            }
            classes[k].1 |= 1 << sq;
            sq += 1;
        }
        let mut taken = [(0u64, [(0i32, 0u64); 16], 0usize); 4];
        let mut q = 0;
        while q < 4 {
            let (corner, squares) = QUADRANTS[q];
            taken[q].0 = 1 << corner;
            let mut sq = 0;
            while sq < 64 {
                let change = table.corner_taken[sq] - table.corner_empty[sq];
                if squares >> sq & 1 == 1 && change != 0 {
                    let (list, count) = (&mut taken[q].1, &mut taken[q].2);
                    let mut k = 0;
                    while k < *count && list[k].0 != change {
                        k += 1;
                    }
                    if k == *count {
                        list[k] = (change, 0);
                        *count += 1;
                    }
                    list[k].1 |= 1 << sq;
                }
                sq += 1;
            }
            q += 1;
        }
        Eval { corner_empty: table.corner_empty, classes, class_count, taken, club_mobility, level5: levels.level5 }
    }

    /// The corner-empty value of square `x`.
    #[inline(always)]
    pub(crate) fn corner_empty_value(&self, x: usize) -> i32 {
        self.corner_empty[x]
    }

    /// Square-value sum of `discs` on a board whose occupied squares are `occupied`.
    #[inline(always)]
    fn table_sum(&self, discs: u64, occupied: u64) -> i32 {
        let mut s = 0;
        for &(v, m) in &self.classes[..self.class_count] {
            s += v * (discs & m).count_ones() as i32;
        }
        for (corner, list, count) in &self.taken {
            if occupied & corner != 0 {
                for &(change, m) in &list[..*count] {
                    s += change * (discs & m).count_ones() as i32;
                }
            }
        }
        s
    }

    /// Square-value score of `p`'s discs minus `o`'s.
    #[inline(always)] // inlined into each instruction-set copy of the searches
    pub(crate) fn square_score(&self, p: u64, o: u64) -> i32 {
        let occ = p | o;
        self.table_sum(p, occ) - self.table_sum(o, occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::Portable;
    use crate::levels::{ClubSettings, Level5Settings, SquareTable};
    use crate::position::Position;
    use crate::square::Square;
    use crate::symmetry::Transform;

    const VALUES_CORNER_EMPTY: [i32; 64] = SquareTable::DISCFLIP.corner_empty;
    /// Level 5's terms on discflip's first table, with the weights these tests
    /// work by hand written out (mobility 5, settled 15, frontier 3, parity 8
    /// from 20 empties), so that a change to the game's levels
    /// (docs/players.md#changing-a-level) leaves them as they are.
    const ORDER_LEVELS: Levels = Levels {
        squares: SquareTable::DISCFLIP,
        level4: ClubSettings { mobility_weight: 5, ..Levels::GAME.level4 },
        level5: Level5Settings {
            settled_weight: 15,
            frontier_weight: 3,
            parity_weight: 8,
            parity_empties: 20,
            ..Levels::GAME.level5
        },
        ..Levels::GAME
    };
    static ORDER_EVAL: Eval = Eval::new(&ORDER_LEVELS, ORDER_LEVELS.level4.mobility_weight);

    fn square_value(pos: &Position, sq: Square) -> i32 {
        ORDER_LEVELS.square_value(pos, sq)
    }
    fn square_score(p: u64, o: u64) -> i32 {
        ORDER_EVAL.square_score(p, o)
    }
    fn club_score<K: Moves>(p: u64, o: u64) -> i32 {
        ORDER_EVAL.club_score::<K>(p, o)
    }
    fn expert_score<K: Moves>(p: u64, o: u64) -> i32 {
        ORDER_EVAL.expert_score::<K>(p, o)
    }

    #[test]
    fn table_is_symmetric_with_corners_highest() {
        for t in Transform::ALL {
            for sq in Square::all() {
                assert_eq!(VALUES_CORNER_EMPTY[t.square(sq).index()], VALUES_CORNER_EMPTY[sq.index()]);
            }
        }
        let max = *VALUES_CORNER_EMPTY.iter().max().unwrap();
        for c in [0, 7, 56, 63] {
            assert_eq!(VALUES_CORNER_EMPTY[c], max);
        }
    }

    #[test]
    fn x_and_c_squares_turn_ordinary_once_the_corner_is_taken() {
        let b2: Square = "b2".parse().unwrap();
        let a2: Square = "a2".parse().unwrap();
        let empty_corner: Position = format!("{} X", "-".repeat(64)).parse().unwrap();
        assert_eq!(square_value(&empty_corner, b2), -50);
        assert_eq!(square_value(&empty_corner, a2), -20);
        let taken: Position = format!("O{} X", "-".repeat(63)).parse().unwrap();
        // docs/players.md#square-values-the-help-pages-figure-3: an X-square then scores −2, a C-square 5.
        assert_eq!(square_value(&taken, b2), -2);
        assert_eq!(square_value(&taken, a2), 5);
        // The popcount sum agrees with the square-by-square table.
        let p = (1u64 << 9) | (1 << 8) | 1;
        assert_eq!(square_score(p, 0), 100 - 2 + 5);
        assert_eq!(square_score(p & !1, 0), -50 - 20);
    }

    /// Each corner's X- and C-squares, by name (docs/players.md#square-values-the-help-pages-figure-3), turn
    /// ordinary when that corner is taken, and no other corner's do.
    #[test]
    fn each_corner_governs_its_own_x_and_c_squares() {
        let groups = [
            ("a1", "b2", ["a2", "b1"]),
            ("h1", "g2", ["g1", "h2"]),
            ("a8", "b7", ["a7", "b8"]),
            ("h8", "g7", ["g8", "h7"]),
        ];
        let sq = |name: &str| name.parse::<Square>().unwrap();
        for (corner, x, cs) in groups {
            let mut board = vec!['-'; 64];
            board[sq(corner).index()] = 'O';
            let pos: Position = format!("{} X", board.iter().collect::<String>()).parse().unwrap();
            for (other, ox, ocs) in groups {
                let (xv, cv) = if other == corner { (-2, 5) } else { (-50, -20) };
                assert_eq!(square_value(&pos, sq(ox)), xv, "{ox} with {corner} taken");
                for c in ocs {
                    assert_eq!(square_value(&pos, sq(c)), cv, "{c} with {corner} taken");
                }
            }
            // The popcount sum: Dark on the X- and both C-squares, Light on the corner.
            let dark = sq(x).bit() | sq(cs[0]).bit() | sq(cs[1]).bit();
            assert_eq!(square_score(dark, sq(corner).bit()), (-2 + 5 + 5) - 100, "{corner}'s group");
        }
    }

    /// Worked by hand: Dark (to move) on a1, b1, c1; Light on d4; 60 empties.
    /// Square values 100 + 5 (b1, its corner taken) + 10 − 0 = 115; nobody has
    /// a move (mobility 0); a corner is taken, and a1, b1, c1 are settled, d4
    /// is not: +15 × 3; all four discs touch an empty square: −3 × (3 − 1);
    /// more than 20 empties: no parity. 115 + 45 − 6 = 154.
    #[test]
    fn expert_score_of_a_hand_worked_position() {
        let (p, o) = (0b111u64, 1u64 << 27);
        assert_eq!(square_score(p, o), 115);
        assert_eq!(mobility_difference::<Portable>(p, o), 0);
        assert_eq!(club_score::<Portable>(p, o), 115);
        assert_eq!(expert_score::<Portable>(p, o), 154);
        // Light's view of the same board is the negation of every term, and the
        // parity term goes to the side to move: none here (60 empties).
        assert_eq!(expert_score::<Portable>(o, p), -154);
    }

    /// Worked by hand: Dark on a1, Light on b1 and c1. Dark can play d1, its one
    /// move; Light has none. Square values 100 − (5 + 10) = 85 (b1's corner is
    /// taken); mobility +1, worth 5: 90.
    #[test]
    fn club_score_of_a_hand_worked_position() {
        let (p, o) = (1u64, 0b110u64);
        assert_eq!(square_score(p, o), 85);
        assert_eq!(mobility_difference::<Portable>(p, o), 1);
        assert_eq!(mobility_difference::<Portable>(o, p), -1);
        assert_eq!(club_score::<Portable>(p, o), 90);
        assert_eq!(club_score::<Portable>(o, p), -90);
    }

    /// Settled discs count only once a corner is taken: here every square but
    /// the corners is full, so Dark's discs off the corners' lines (c4, say)
    /// are settled, yet the term stays out.
    #[test]
    fn settled_discs_count_only_once_a_corner_is_taken() {
        let corners = crate::bitboard::Bitboard::CORNERS.0;
        let o = 1u64 << 27; // Light on d4
        let p = !corners & !o;
        assert!(settled_difference(p, o) > 0, "the board has settled discs");
        // 4 empties (even): −8 for the side to move.
        assert_eq!(expert_score::<Portable>(p, o), club_score::<Portable>(p, o) - 3 * frontier_difference(p, o) - 8);
    }

    /// Parity: with 20 or fewer empties, +8 for the side to move when the count is odd, −8 when even.
    #[test]
    fn parity_counts_only_at_twenty_empties_or_fewer() {
        // Rows 1–5 alternate by column (Dark on a, c, e, g): 40 discs, 24 empties; then one
        // more row makes 48 discs and 16 empties, and one more disc 15.
        let rows = |n: u32| {
            (0..n * 8).fold((0u64, 0u64), |(d, l), i| if i % 2 == 0 { (d | 1 << i, l) } else { (d, l | 1 << i) })
        };
        let (d5, l5) = rows(5);
        let (d6, l6) = rows(6);
        let base = |p, o| club_score::<Portable>(p, o) - 3 * frontier_difference(p, o);
        // 24 empties: no parity term, and a corner is held by Dark (a1) with settled discs.
        assert_eq!(expert_score::<Portable>(d5, l5) - base(d5, l5) - 15 * settled_difference(d5, l5), 0);
        // 16 empties (even): −8 for the side to move.
        assert_eq!(expert_score::<Portable>(d6, l6) - base(d6, l6) - 15 * settled_difference(d6, l6), -8);
        // 15 empties (odd): +8.
        let (d7, l7) = (d6 | 1 << 48, l6);
        assert_eq!(expert_score::<Portable>(d7, l7) - base(d7, l7) - 15 * settled_difference(d7, l7), 8);
    }

    fn frontier_difference(p: u64, o: u64) -> i32 {
        // Written out square by square: a disc with an empty 8-neighbour.
        let touches = |discs: u64| {
            (0..64)
                .filter(|&sq| discs >> sq & 1 == 1)
                .filter(|&sq: &i32| {
                    let (c, r) = (sq % 8, sq / 8);
                    (-1..=1).any(|dc| {
                        (-1..=1).any(|dr| {
                            let (cc, rr) = (c + dc, r + dr);
                            (0..8).contains(&cc) && (0..8).contains(&rr) && (p | o) >> (rr * 8 + cc) & 1 == 0
                        })
                    })
                })
                .count() as i32
        };
        touches(p) - touches(o)
    }

    fn settled_difference(p: u64, o: u64) -> i32 {
        let (sp, so) = settled_masks(p, o);
        sp.count_ones() as i32 - so.count_ones() as i32
    }
}
