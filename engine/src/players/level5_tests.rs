//! Level 5's move order and clock against docs/players.md#level-5, worked from
//! the position through the public board API.

use super::*;
use crate::players::random_playout;
use crate::players::tests::{negamax, passes_within};
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

std::thread_local! {
    /// The readings of [`ticking`]: each one a millisecond after the last.
    static TICKS: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// A clock that moves one millisecond per reading (on this thread).
fn ticking() -> f64 {
    TICKS.with(|t| {
        let now = t.get();
        t.set(now + 1.0);
        now
    })
}

/// The limit counts from the clock's reading at the start of the move: with
/// a clock one millisecond on at each reading (every 1,024 positions), a
/// limit of `ms` milliseconds stops the search at its `ms`-th reading.
#[test]
fn a_time_limit_runs_out_its_milliseconds_on_the_given_clock() {
    for ms in [3u64, 5] {
        let config =
            Level5Config { time_limit: Some(Duration::from_millis(ms)), clock: ticking, ..Level5Config::default() };
        for pos in game_positions().into_iter().filter(|p| p.empty_count() > 10).step_by(97) {
            TICKS.with(|t| t.set(1_000.0));
            let choice = Level5::new(config).choose(&pos, &mut ChaCha8Rng::seed_from_u64(0));
            assert_eq!(choice.positions, 1024 * ms, "{pos} with {ms} ms");
        }
    }
}

/// The native clock reads milliseconds: it moves on by at least a sleep's.
#[test]
fn the_system_clock_reads_milliseconds() {
    let before = system_clock();
    std::thread::sleep(Duration::from_millis(20));
    let waited = system_clock() - before;
    assert!((20.0..60_000.0).contains(&waited), "{waited} ms for a 20 ms sleep");
}

/// A batch run plays by the levels given, with no clock; an interactive one
/// adds the levels' own time limit.
#[test]
fn batch_and_interactive_runs_take_the_levels_given() {
    let mut levels = Levels::GAME;
    (levels.level5.budget, levels.level5.time_limit_ms) = (12_345, 777);
    let batch = Level5Config::batch(&levels);
    assert_eq!((batch.levels, batch.time_limit, batch.isa), (levels, None, Isa::detect()));
    let interactive = Level5Config::interactive(&levels);
    assert_eq!((interactive.levels, interactive.time_limit), (levels, Some(Duration::from_millis(777))));
    assert_eq!(Level5Config::default().levels, Levels::GAME);
}

/// Positions of the seeded games in pairs that share a slot of a 16-slot table.
fn sharing_a_slot(table: &MidTable) -> Vec<((u64, u64), (u64, u64))> {
    let mut first: [Option<(u64, u64)>; 16] = [None; 16];
    let mut pairs = Vec::new();
    for pos in game_positions().into_iter().step_by(7) {
        let key = (pos.player().0, pos.opponent().0);
        match first[table.slot(key.0, key.1)] {
            Some(other) if other != key => pairs.push((other, key)),
            Some(_) => {}
            None => first[table.slot(key.0, key.1)] = Some(key),
        }
    }
    pairs
}

/// The table keeps bounds by the window searched, finds only the position
/// stored (a hit is never a collision), and in a shared slot keeps a deeper
/// entry of another position, takes an equal or shallower one's place, always
/// takes its own position's place, and treats entries before a clear as gone.
#[test]
fn the_table_keeps_its_deeper_entries_and_finds_only_its_own_positions() {
    let w = Window::new(-10, 10);
    let mut table = MidTable::new(4);
    let pairs = sharing_a_slot(&table);
    assert!(pairs.len() > 100, "{} pairs", pairs.len());
    for &((ap, ao), (bp, bo)) in &pairs {
        table.clear();
        assert!(table.probe(ap, ao).is_none(), "nothing after a clear");
        table.store(ap, ao, 5, w, 3, Some(9));
        let a = table.probe(ap, ao).expect("the position stored");
        assert_eq!((a.lower, a.upper, a.depth, a.best), (3, 3, 5, Some(9)));
        assert!(table.probe(bp, bo).is_none(), "another position in the slot is not a hit");
        table.store(bp, bo, 4, w, 20, None);
        assert!(table.probe(bp, bo).is_none(), "a shallower entry of another position is refused");
        assert_eq!(table.probe(ap, ao).map(|e| e.depth), Some(5));
        table.store(ap, ao, 2, w, -10, Some(1));
        let a = table.probe(ap, ao).expect("its own position replaces it");
        assert_eq!((a.lower, a.upper, a.depth, a.best), (i32::MIN, -10, 2, Some(1)), "a fail-low: an upper bound");
        table.store(bp, bo, 2, w, 10, None);
        let b = table.probe(bp, bo).expect("an equal depth takes the slot");
        assert_eq!((b.lower, b.upper, b.depth), (10, i32::MAX, 2), "a fail-high: a lower bound");
        assert!(table.probe(ap, ao).is_none());
        table.store(bp, bo, 9, w, 0, None);
        table.clear();
        table.store(ap, ao, 1, w, 0, None);
        assert_eq!(table.probe(ap, ao).map(|e| e.depth), Some(1), "an entry from before the clear gives way");
    }
}

/// A clear that wraps the generation around empties the table for real.
#[test]
fn the_tables_generation_wraps_to_an_empty_table() {
    let mut table = MidTable::new(4);
    assert_ne!(table.slot(1, 2), table.slot(3, 4), "two slots");
    table.store(1, 2, 3, Window::new(-1, 1), 0, None);
    table.generation = u32::MAX;
    table.store(3, 4, 3, Window::new(-1, 1), 0, None);
    table.clear();
    assert_eq!(table.generation, 1);
    assert!(table.probe(1, 2).is_none() && table.probe(3, 4).is_none());
}

/// Negamax to `depth` plies on the expert evaluation with no window.
fn plain(eval: &Eval, pos: &Position, depth: u32) -> i32 {
    let leaf = |p: &Position| i64::from(eval.expert_score::<crate::isa::Portable>(p.player().0, p.opponent().0));
    i32::try_from(negamax(pos, depth, &leaf)).expect("a score")
}

/// A search with no budget and no clock, in the portable instruction set.
fn unbounded<'t, 'e>(table: &'t mut MidTable, eval: &'e Eval) -> ExpertSearch<'t, 'e> {
    ExpertSearch {
        positions: 0,
        budget: u64::MAX,
        deadline: None,
        clock: system_clock,
        out_of_budget: false,
        isa: Isa::Portable,
        table,
        eval,
    }
}

/// With the budget out of reach, the search's value of a position is the
/// negamax value, passes included (a pass uses a ply): every position of
/// the seeded games that must pass within three plies, at depths 1 to 4.
#[test]
fn the_search_value_is_negamax_through_passes() {
    let eval = game_eval();
    let mut table = MidTable::new(16);
    let mut checked = 0;
    for pos in game_positions().into_iter().filter(|p| p.empty_count() < 24 && passes_within(p, 2)).step_by(3) {
        for depth in 1..=4 {
            table.clear();
            let mut s = unbounded(&mut table, &eval);
            let (p, o) = (pos.player().0, pos.opponent().0);
            assert_eq!(
                s.search(p, o, depth, Window::new(-INF, INF)),
                plain(&eval, &pos, depth),
                "{pos} at depth {depth}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 100, "{checked} positions");
}

/// The table keeps, for a searched position, the first move in the search
/// order that reaches its value (a later move must score strictly better):
/// positions of the seeded games with tied best moves among others.
#[test]
fn the_table_keeps_the_first_best_move_in_the_search_order() {
    let eval = game_eval();
    let mut table = MidTable::new(16);
    let (mut checked, mut tied) = (0, 0);
    for pos in game_positions().into_iter().filter(|p| (14..24).contains(&p.empty_count())).step_by(5) {
        let (p, o) = (pos.player().0, pos.opponent().0);
        for depth in 2..=3 {
            table.clear();
            let mut s = unbounded(&mut table, &eval);
            let value = s.search(p, o, depth, Window::new(-INF, INF));
            let (list, count) = search_order::<crate::isa::Portable>(&eval, p, o, pos.legal_moves().0, depth, None);
            let values: Vec<(u8, i32)> = list[..count]
                .iter()
                .map(|&(x, _)| (x, -plain(&eval, &pos.play_unchecked(Square::new_unchecked(x)), depth - 1)))
                .collect();
            let first = values.iter().find(|m| m.1 == value).expect("a move reaches the value").0;
            assert_eq!(table.probe(p, o).and_then(|e| e.best), Some(first), "{pos} at depth {depth}");
            checked += 1;
            tied += usize::from(values.iter().filter(|m| m.1 == value).count() > 1);
        }
    }
    assert!(checked >= 100 && tied >= 10, "{tied} with ties of {checked}");
}

/// Another position is another even when one side's discs are the same:
/// either bitboard differing makes a shallower entry give way to nothing.
#[test]
fn a_position_sharing_one_sides_discs_is_another_position() {
    let w = Window::new(-10, 10);
    let mut table = MidTable::new(4);
    let (p, o) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
    let slot = table.slot(p, o);
    let same_player = (1..).map(|k: u64| (p, o ^ k << 40)).find(|&(x, y)| table.slot(x, y) == slot);
    let same_opponent = (1..).map(|k: u64| (p ^ k << 40, o)).find(|&(x, y)| table.slot(x, y) == slot);
    for (bp, bo) in [same_player, same_opponent].map(|k| k.expect("a key in the slot")) {
        table.clear();
        table.store(p, o, 5, w, 3, None);
        table.store(bp, bo, 4, w, 7, None);
        assert!(table.probe(bp, bo).is_none(), "a shallower entry of another position is refused");
        assert_eq!(table.probe(p, o).map(|e| e.depth), Some(5));
    }
}
