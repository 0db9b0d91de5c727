//! Levels 3 and 4 (docs/players.md#levels): a few plies of alpha-beta on the
//! club score (square values + 5 per extra legal move).

use super::{Choice, Player, PlayerKind, pick};
use crate::eval::Eval;
use crate::isa::{Isa, twins, with_kernel};
use crate::levels::{ClubSettings, Levels};
use crate::moves::play;
use crate::position::Position;
use crate::square::Square;
use rand_chacha::ChaCha8Rng;

/// Score of a finished game for the side to move, beyond any evaluation.
#[inline(always)]
pub(super) fn terminal_score(p: u64, o: u64) -> i32 {
    let d = p.count_ones() as i32 - o.count_ones() as i32;
    10_000 * d.signum() + d
}

/// A club player: alpha-beta to its depth on the club score, then a
/// random pick among the root moves within its window of the best (Level 3:
/// two plies, 3 points; Level 4: four plies, exact ties).
pub struct Club {
    kind: PlayerKind,
    settings: ClubSettings,
    eval: Eval,
}

impl Club {
    /// Level 3 as `levels` sets it (the game's: two moves ahead, its move and
    /// the reply; a random pick among the moves within 3 points of the best).
    pub fn level3(levels: &Levels) -> Club {
        Club {
            kind: PlayerKind::Level3,
            settings: levels.level3,
            eval: Eval::new(levels, levels.level3.mobility_weight),
        }
    }

    /// Level 4 as `levels` sets it (the game's: four moves ahead on Level 3's
    /// scoring; exact ties at random).
    pub fn level4(levels: &Levels) -> Club {
        Club {
            kind: PlayerKind::Level4,
            settings: levels.level4,
            eval: Eval::new(levels, levels.level4.mobility_weight),
        }
    }

    /// Every root move with its score (exact within the pick window of the best).
    fn scored(&self, pos: &Position) -> (Vec<(Square, i32)>, u64) {
        let order: Vec<Square> = pos.legal_moves().iter().collect();
        let mut s = MidSearch { positions: 0, isa: Isa::detect(), eval: &self.eval };
        let scored = s.root(pos, &order, self.settings.depth, self.settings.pick_window);
        (scored, s.positions)
    }
}

impl Player for Club {
    fn kind(&self) -> PlayerKind {
        self.kind
    }
    fn choose_move(&mut self, pos: &Position, rng: &mut ChaCha8Rng) -> Choice {
        let (scored, positions) = self.scored(pos);
        let best = scored.iter().map(|x| x.1).max().expect("a legal move");
        let band: Vec<Square> =
            scored.iter().filter(|x| x.1 >= best - self.settings.pick_window).map(|x| x.0).collect();
        Choice { square: Some(pick(rng, &band)), positions }
    }
}

/// Levels 3 and 4: depth-limited negamax alpha-beta on the club score,
/// counting positions.
pub(crate) struct MidSearch<'e> {
    positions: u64,
    isa: Isa,
    eval: &'e Eval,
}

twins! {
    /// Levels 3 and 4's recursion in each instruction set.
    pub(crate) trait MidTwins {
        fn mid_search(s: &mut MidSearch<'_>, p: u64, o: u64, depth: u32, alpha: i32, beta: i32, passed: bool) -> i32 = K => s.search_body::<K>(p, o, depth, alpha, beta, passed);
    }
}

impl MidSearch<'_> {
    /// One whole search below a root move, in this search's instruction set.
    fn search(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        with_kernel!(self.isa, K => K::mid_search(self, p, o, depth, alpha, beta, false))
    }

    /// The search body, written once over the kernel `K`.
    #[inline(always)]
    fn search_body<K: MidTwins>(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.positions += 1;
        let mut moves = K::legal_moves(p, o);
        if moves == 0 {
            if passed || K::legal_moves(o, p) == 0 {
                return terminal_score(p, o);
            }
            if depth == 0 {
                return self.eval.club_score::<K>(p, o);
            }
            return -K::mid_search(self, o, p, depth - 1, -beta, -alpha, true);
        }
        if depth == 0 {
            return self.eval.club_score::<K>(p, o);
        }
        let mut best = i32::MIN + 1;
        while moves != 0 {
            let x = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (cp, co) = K::play(p, o, x);
            let v = -K::mid_search(self, cp, co, depth - 1, -beta, -alpha, false);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Scores each root move to `depth` plies in total. The window starts
    /// `band` points below the best so far, so every move within `band` of
    /// the best gets its exact value; worse ones get an upper bound below
    /// the band (cut off early).
    fn root(&mut self, pos: &Position, order: &[Square], depth: u32, band: i32) -> Vec<(Square, i32)> {
        let (p, o) = (pos.player().0, pos.opponent().0);
        let mut best = i32::MIN + 1;
        let mut out = Vec::with_capacity(order.len());
        self.positions += 1;
        for &sq in order {
            let (cp, co) = play(p, o, sq.index());
            // Window (best - band - 1, +inf): a move within the band gets its exact value.
            let alpha = if best == i32::MIN + 1 { best } else { best - band - 1 };
            let v = -self.search(cp, co, depth - 1, i32::MIN + 1, -alpha);
            best = best.max(v);
            out.push((sq, v));
        }
        out
    }
}

/// Level 4's hint (docs/players.md#levels): the move it scores best, the
/// first in square order among exact ties (where Level 4 picks at random),
/// and the positions it searched; `None` when the side to move must pass.
pub fn level4_hint(levels: &Levels, pos: &Position) -> Option<Choice> {
    if pos.legal_moves().is_empty() {
        return None;
    }
    let (scored, positions) = Club::level4(levels).scored(pos);
    let best = scored.iter().map(|x| x.1).max()?;
    let square = scored.iter().filter(|x| x.1 == best).map(|x| x.0).min();
    Some(Choice { square, positions })
}

/// The score Level 4 sees for the side to move in `pos`: the best of its
/// alpha-beta values (docs/players.md#levels); `None` when it must pass.
pub fn level4_score(levels: &Levels, pos: &Position) -> Option<i32> {
    if pos.legal_moves().is_empty() {
        return None;
    }
    Club::level4(levels).scored(pos).0.into_iter().map(|x| x.1).max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::Portable;
    use crate::players::tests::{negamax, passes_within};
    use rand_chacha::rand_core::SeedableRng;

    /// Levels 3 and 4 play and count the same in every instruction set
    /// (docs/determinism.md#portable-build-fast-paths-chosen-at-run-time): each root move's value and the positions.
    #[test]
    fn every_instruction_set_scores_and_counts_the_same() {
        for seed in 0..30u64 {
            let pos = crate::testing::after_plies(&mut ChaCha8Rng::seed_from_u64(seed), 10 + seed as usize % 45);
            let order: Vec<Square> = pos.legal_moves().iter().collect();
            let eval = Eval::new(&Levels::GAME, 5);
            let run = |isa| {
                let mut s = MidSearch { positions: 0, isa, eval: &eval };
                (s.root(&pos, &order, 4, 0), s.root(&pos, &order, 2, 3), s.positions)
            };
            let portable = run(Isa::Portable);
            for isa in Isa::supported() {
                assert_eq!(run(isa), portable, "{pos}: {isa:?}");
            }
        }
    }

    /// Negamax to `depth` plies on the club score with no window.
    fn plain(eval: &Eval, pos: &Position, depth: u32) -> i32 {
        let leaf = |p: &Position| i64::from(eval.club_score::<Portable>(p.player().0, p.opponent().0));
        i32::try_from(negamax(pos, depth, &leaf)).expect("a score")
    }

    /// The root search gives every move within its band of the best the
    /// negamax value, and each other move an upper bound below the band, on
    /// positions where a pass falls inside the plies with two or more plies
    /// left below it (where the window it passes on matters), at depths 3 to 5.
    #[test]
    fn root_values_are_exact_within_the_band_and_bounds_below_it() {
        let eval = Eval::new(&Levels::GAME, 5);
        let mut searched = [0; 6];
        for seed in 0..3000u64 {
            let pos = crate::testing::after_plies(&mut ChaCha8Rng::seed_from_u64(seed), 30 + seed as usize % 28);
            let order: Vec<Square> = pos.legal_moves().iter().collect();
            for depth in 3..=5 {
                if !order.iter().any(|&sq| passes_within(&pos.play_unchecked(sq), depth - 3)) {
                    continue;
                }
                let want: Vec<i32> =
                    order.iter().map(|&sq| -plain(&eval, &pos.play_unchecked(sq), depth - 1)).collect();
                let best = *want.iter().max().expect("a move");
                for band in [0, 3, 1_000_000] {
                    let mut s = MidSearch { positions: 0, isa: Isa::Portable, eval: &eval };
                    let got = s.root(&pos, &order, depth, band);
                    for (&(sq, v), &w) in got.iter().zip(&want) {
                        if w >= best - band {
                            assert_eq!(v, w, "{pos}: {sq} at depth {depth}, band {band}");
                        } else {
                            assert!(
                                w <= v && v < best - band,
                                "{pos}: {sq} at depth {depth}, band {band}: {v} for {w}"
                            );
                        }
                    }
                }
                searched[depth as usize] += 1;
            }
        }
        assert!(searched[3..].iter().all(|&n| n >= 40), "positions searched by depth: {searched:?}");
    }

    /// The positions of the whole tree to `depth` plies: each node once, a
    /// pass a node of its own.
    fn whole_tree(pos: &Position, depth: u32) -> u64 {
        if depth == 0 || pos.is_game_over() {
            return 1;
        }
        if pos.must_pass() {
            return 1 + whole_tree(&pos.pass(), depth - 1);
        }
        1 + pos.legal_moves().iter().map(|sq| whole_tree(&pos.play_unchecked(sq), depth - 1)).sum::<u64>()
    }

    /// Alpha-beta counts each position it visits once, never more than the
    /// whole tree, and its cutoffs leave most of the tree unvisited.
    #[test]
    fn the_search_visits_part_of_the_whole_tree() {
        let eval = Eval::new(&Levels::GAME, 5);
        let (mut visited, mut whole) = (0, 0);
        for seed in 0..60u64 {
            let pos = crate::testing::after_plies(&mut ChaCha8Rng::seed_from_u64(seed), 16 + seed as usize % 40);
            let order: Vec<Square> = pos.legal_moves().iter().collect();
            for (depth, band) in [(2, 3), (4, 0)] {
                let mut s = MidSearch { positions: 0, isa: Isa::Portable, eval: &eval };
                s.root(&pos, &order, depth, band);
                let tree = whole_tree(&pos, depth);
                assert!(s.positions <= tree, "{pos}: {} of {tree} at depth {depth}", s.positions);
                (visited, whole) = (visited + s.positions, whole + tree);
            }
        }
        assert!(visited * 3 < whole, "{visited} of the whole trees' {whole} positions");
    }

    #[test]
    fn the_hint_is_level4s_best_move_first_in_square_order() {
        let mut tied = 0;
        for seed in 0..200u64 {
            let pos = crate::testing::after_plies(&mut ChaCha8Rng::seed_from_u64(seed), 4 + seed as usize % 50);
            let Some(hint) = level4_hint(&Levels::GAME, &pos) else {
                assert!(pos.legal_moves().is_empty(), "{pos}: a hint whenever there is a move");
                continue;
            };
            let (scored, positions) = Club::level4(&Levels::GAME).scored(&pos);
            let best = scored.iter().map(|x| x.1).max().unwrap();
            let ties: Vec<Square> = scored.iter().filter(|x| x.1 == best).map(|x| x.0).collect();
            assert_eq!(hint, Choice { square: Some(ties[0]), positions }, "{pos}");
            assert_eq!(Some(best), level4_score(&Levels::GAME, &pos));
            tied += usize::from(ties.len() > 1);
        }
        assert!(tied > 0, "some positions have tied best moves, where the hint is the first");
    }
}
