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
