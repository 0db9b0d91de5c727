//! Level 5's move order and clock against docs/players.md#level-5, worked from
//! the position through the public board API.

use super::*;
use crate::players::random_playout;
use rand_chacha::rand_core::SeedableRng;

/// Every position of a few seeded random games (with a move to order).
fn game_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..150 {
        random_playout(Position::start(), &mut ChaCha8Rng::seed_from_u64(seed), |pos| {
            if !pos.legal_moves().is_empty() {
                out.push(*pos);
            }
            true
        });
    }
    out
}

/// Level 5's evaluation with the game's levels.
fn game_eval() -> Eval {
    Eval::new(&Levels::GAME, Levels::GAME.level4.mobility_weight)
}

fn corner(sq: Square) -> bool {
    (sq.column() == 0 || sq.column() == 7) && (sq.row() == 0 || sq.row() == 7)
}

/// docs/players.md#level-5: the hash move first; three or more plies above the
/// leaves the opponent's Level 3/4 score after the move, lowest first,
/// corners first among equals; two plies up the square-value table
/// (corners empty), highest first; at the last ply square order. Ties keep
/// square order.
fn documented_order(pos: &Position, depth: u32, hash: Option<Square>) -> Vec<u8> {
    let mut moves: Vec<Square> = pos.legal_moves().iter().collect();
    if depth >= 3 {
        moves.sort_by_key(|&sq| {
            let after = pos.play_unchecked(sq);
            (game_eval().club_score::<crate::isa::Portable>(after.player().0, after.opponent().0), !corner(sq))
        });
    } else if depth == 2 {
        moves.sort_by_key(|&sq| -Levels::GAME.squares.corner_empty[sq.index()]);
    }
    if let Some(h) = hash {
        moves.retain(|&sq| sq != h);
        moves.insert(0, h);
    }
    moves.iter().map(|sq| sq.index() as u8).collect()
}

#[test]
fn moves_are_searched_in_the_documented_order() {
    let (mut corner_ties, mut corner_one_point) = (0, 0);
    for pos in game_positions() {
        let (p, o) = (pos.player().0, pos.opponent().0);
        let moves: Vec<Square> = pos.legal_moves().iter().collect();
        // The hash move is any legal move; 64 (none) in the table's terms.
        let hashes = [None, moves.last().copied(), moves.get(moves.len() / 2).copied()];
        for depth in 1..=4 {
            for hash in hashes {
                let (list, count) = search_order::<crate::isa::Portable>(
                    &game_eval(),
                    p,
                    o,
                    pos.legal_moves().0,
                    depth,
                    hash.map(|h| h.index() as u8),
                );
                let want = documented_order(&pos, depth, hash);
                let got: Vec<u8> = list[..count].iter().map(|m| m.0).collect();
                assert_eq!(got, want, "{pos}: depth {depth}, hash move {hash:?}");
            }
        }
        // How often the corner rule decides something (below).
        let scores: Vec<(i32, bool)> = moves
            .iter()
            .map(|&sq| {
                let after = pos.play_unchecked(sq);
                (game_eval().club_score::<crate::isa::Portable>(after.player().0, after.opponent().0), corner(sq))
            })
            .collect();
        for &(s, _) in scores.iter().filter(|x| x.1) {
            corner_ties += scores.iter().filter(|x| !x.1 && x.0 == s).count();
            corner_one_point += scores.iter().filter(|x| !x.1 && (x.0 - s).abs() == 1).count();
        }
    }
    // The positions exercise the tie-break and its limit (a corner never
    // outranks a whole point).
    assert!(corner_ties >= 5 && corner_one_point >= 5, "{corner_ties} ties, {corner_one_point} one-point gaps");
}

/// docs/players.md#level-5: the clock is read every 1,024 positions, so a limit
/// already passed stops the search at the 1,024th position (counted, not
/// entered): the same search as a budget of 1,023.
#[test]
fn a_passed_time_limit_stops_at_the_first_clock_reading() {
    let config = Level5Config { time_limit: Some(Duration::ZERO), ..Level5Config::default() };
    for pos in game_positions().into_iter().filter(|p| p.empty_count() > 10).step_by(97) {
        let mut level5 = Level5::new(config);
        let choice = level5.choose(&pos, &mut ChaCha8Rng::seed_from_u64(0));
        assert_eq!(choice.positions, 1024, "{pos}");
        let depth = level5.last_depth().expect("a search, not an exact solve");
        let mut levels = Levels::GAME;
        levels.level5.budget = 1023;
        let mut to_depth = Level5::new(Level5Config::batch(&levels));
        assert_eq!(to_depth.choose(&pos, &mut ChaCha8Rng::seed_from_u64(0)).square, choice.square, "{pos}");
        assert_eq!(to_depth.last_depth(), Some(depth), "{pos}");
    }
}
