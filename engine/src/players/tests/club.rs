//! Levels 3 and 4: the documented minimax, through passes, and their counts.

use super::*;

/// On the last empty square, Levels 3 and 4 count exactly the root and the
/// finished game after the move.
#[test]
fn levels_3_and_4_count_the_root_and_the_last_move() {
    let mut checked = 0;
    for seed in 0..200 {
        let pos = played(seed, 59);
        if pos.empty_count() != 1 || pos.legal_moves().count() != 1 {
            continue;
        }
        assert_eq!(Club::level3(&GAME).choose(&pos, &mut rng(seed)).positions, 2, "{pos}");
        assert_eq!(Club::level4(&GAME).choose(&pos, &mut rng(seed)).positions, 2, "{pos}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} positions");
}

/// A pass inside the club search's plies is a ply of its own, searched on
/// to the depth left, as in the documented minimax: Level 4's score at
/// depths 1 to 5, on late positions with a pass below a root move.
#[test]
fn level4_searches_on_through_a_pass() {
    let mut checked = [0; 6];
    for seed in 0..400 {
        let pos = played(seed, 44 + seed as usize % 14);
        for depth in 1..=5 {
            // A pass within the depth - 1 plies the move leaves: at the child or up to depth - 2 below it.
            let below = |sq| depth > 1 && passes_within(&pos.play_unchecked(sq), depth - 2);
            if pos.legal_moves().is_empty() || !pos.legal_moves().iter().any(below) {
                continue;
            }
            let mut levels = GAME;
            levels.level4.depth = depth;
            let want = pos.legal_moves().iter().map(|sq| -documented_club(&pos.play_unchecked(sq), depth - 1)).max();
            assert_eq!(level4_score(&levels, &pos).map(i64::from), want, "{pos} at depth {depth}");
            checked[depth as usize] += 1;
        }
    }
    assert!(checked[3..].iter().all(|&c| c >= 20), "positions with a pass below a root move, by depth: {checked:?}");
}

/// Level 4 sees the four-ply minimax value; Level 3 picks among exactly the
/// moves within 3 points of the two-ply one (64 seeds reach each of them);
/// both count at least the root and its children, at most the whole tree.
#[test]
fn levels_3_and_4_follow_the_documented_minimax() {
    for seed in 0..40 {
        let pos = played(seed, 20 + seed as usize % 39);
        if pos.legal_moves().is_empty() {
            continue;
        }
        let values = |depth: u32| -> Vec<(Square, i64)> {
            pos.legal_moves().iter().map(|sq| (sq, -documented_club(&pos.play_unchecked(sq), depth - 1))).collect()
        };
        let four = values(4);
        assert_eq!(level4_score(&GAME, &pos).map(i64::from), four.iter().map(|m| m.1).max(), "{pos}");
        let best4 = four.iter().map(|m| m.1).max().unwrap();
        let two = values(2);
        let best2 = two.iter().map(|m| m.1).max().unwrap();
        let band: std::collections::BTreeSet<Square> = two.iter().filter(|m| m.1 >= best2 - 3).map(|m| m.0).collect();
        let mut picked = std::collections::BTreeSet::new();
        for draw in 0..64 {
            let c = Club::level3(&GAME).choose(&pos, &mut rng(draw));
            picked.insert(c.square.unwrap());
            assert!(c.positions > four.len() as u64 && c.positions <= 1 + 64 * 64, "{pos}: {}", c.positions);
            let c = Club::level4(&GAME).choose(&pos, &mut rng(draw));
            assert!(four.iter().any(|m| Some(m.0) == c.square && m.1 == best4), "{pos}: Level 4 played {:?}", c.square);
            assert!(c.positions > four.len() as u64 && c.positions < 1 << 24, "{pos}: {}", c.positions);
        }
        assert_eq!(picked, band, "{pos}");
    }
}
