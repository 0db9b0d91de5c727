//! Candidate positions: seeded self-play between computer players until the
//! target number of empty squares, Dark to move.

use crate::puzzles::seeds::{self, Stream};
use engine::uniform_index;
use engine::{Bitboard, Color, Levels, PlayerKind, Position};
use format::Provenance;

/// How candidates are made, as written into the data's provenance.
pub(crate) const METHOD: &str = "self-play from the start between two players drawn uniformly from \
level1, level2, level3 and corner (seeded ChaCha8 per candidate) until the target empty count; \
if Light is to move there, colours are swapped so Dark moves";

const SAMPLERS: [PlayerKind; 4] = [PlayerKind::Level1, PlayerKind::Level2, PlayerKind::Level3, PlayerKind::Corner];

/// Candidate `index` for `empties` under `seed`, its players as `levels`
/// sets them; `None` when the game ended first.
pub fn candidate(seed: u64, empties: u32, index: u64, levels: &Levels) -> Option<(Position, Provenance)> {
    let stream = seeds::stream(seed, Stream::Candidates, &[empties as u64, index]);
    let mut rng = seeds::rng(stream);
    let kinds = [SAMPLERS[uniform_index(&mut rng, 4)], SAMPLERS[uniform_index(&mut rng, 4)]];
    let mut players = [kinds[0].build(levels), kinds[1].build(levels)];
    let mut pos = Position::start();
    while pos.empty_count() > empties {
        if pos.is_game_over() {
            return None;
        }
        let who = usize::from(pos.side() == Color::Light);
        match players[who].choose(&pos, &mut rng).square {
            Some(sq) => pos = pos.play_unchecked(sq),
            None => pos = pos.pass(),
        }
    }
    let swapped = pos.side() == Color::Light;
    if swapped {
        pos = Position::from_discs(Bitboard(pos.light().0), Bitboard(pos.dark().0), Color::Dark).expect("disjoint");
    }
    let provenance = Provenance {
        method: "self-play".to_string(),
        seed: stream,
        candidate: index,
        dark_player: kinds[0],
        light_player: kinds[1],
        colours_swapped: swapped,
    };
    Some((pos, provenance))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each candidate is the game its provenance names (`METHOD`): replayed
    /// from the start on its stream (the two players drawn first), the named
    /// Dark player moving for Dark and the Light player for Light down to the
    /// target; its colours swapped, so that Dark moves, exactly when Light
    /// was to move there (at 9 empty squares mostly, at 10 after a pass).
    #[test]
    fn a_candidate_is_the_self_play_game_its_provenance_names() {
        let levels = Levels::GAME;
        let (mut kept, mut swapped) = (0, 0);
        for (empties, index) in [9, 10].into_iter().flat_map(|e| (0..30).map(move |i| (e, i))) {
            let Some((pos, p)) = candidate(7, empties, index, &levels) else { continue };
            assert_eq!(p.seed, seeds::stream(7, Stream::Candidates, &[u64::from(empties), index]));
            assert_eq!((p.method.as_str(), p.candidate), ("self-play", index));
            let mut rng = seeds::rng(p.seed);
            let drawn = [SAMPLERS[uniform_index(&mut rng, 4)], SAMPLERS[uniform_index(&mut rng, 4)]];
            assert_eq!(drawn, [p.dark_player, p.light_player]);
            let (mut dark, mut light) = (p.dark_player.build(&levels), p.light_player.build(&levels));
            let mut game = Position::start();
            while game.empty_count() > empties {
                let player = if game.side() == Color::Dark { &mut dark } else { &mut light };
                game = match player.choose(&game, &mut rng).square {
                    Some(sq) => game.play_unchecked(sq),
                    None => game.pass(),
                };
            }
            assert_eq!(pos.side(), Color::Dark);
            assert_eq!(p.colours_swapped, game.side() == Color::Light, "candidate {index}");
            if p.colours_swapped {
                assert_eq!((pos.dark(), pos.light()), (game.light(), game.dark()), "candidate {index}");
            } else {
                assert_eq!(pos, game, "candidate {index}");
            }
            kept += 1;
            swapped += usize::from(p.colours_swapped);
        }
        assert!(kept >= 40 && swapped >= 10 && kept - swapped >= 10, "{kept} kept, {swapped} swapped");
    }
}
