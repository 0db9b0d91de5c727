use super::*;
use crate::levels::Levels;

const GAME: Levels = Levels::GAME;
use crate::solver::MoveValue;
use crate::solver::{Scoring, Solver};
use rand_chacha::rand_core::SeedableRng;

mod club;
mod level2;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Whether a node from `pos` down to `plies` plies below it must pass, the game not over.
pub(super) fn passes_within(pos: &Position, plies: u32) -> bool {
    !pos.is_game_over()
        && (pos.must_pass()
            || plies > 0 && pos.legal_moves().iter().any(|sq| passes_within(&pos.play_unchecked(sq), plies - 1)))
}

/// Positions from seeded random play, `plies` moves from the start.
fn played(seed: u64, plies: usize) -> Position {
    crate::testing::after_plies(&mut rng(seed), plies)
}

/// A position where Dark can take a1 (flipping one disc) or play elsewhere for more flips.
fn corner_available() -> Position {
    //            a1 empty, b1 light, c1 dark → a1 takes the corner flipping b1.
    let mut board = "-OX-----".to_string();
    board += "--------";
    board += "---OOO--";
    board += "---OOOX-";
    board += "---XXX--";
    board += "--------";
    board += "--------";
    board += "--------";
    format!("{board} X").parse().unwrap()
}

#[test]
fn names_parse_back() {
    for k in PlayerKind::ALL {
        assert_eq!(k.name().parse::<PlayerKind>().unwrap(), k);
    }
    assert_eq!("Level 3".parse::<PlayerKind>().unwrap(), PlayerKind::Level3);
    assert!("level9".parse::<PlayerKind>().is_err());
    // What the CSV files and messages print.
    assert_eq!(PlayerKind::FlipGrabber.to_string(), "flip-grabber");
    let unknown = "level9".parse::<PlayerKind>().unwrap_err().to_string();
    assert!(unknown.starts_with("unknown player `level9` (expected one of: random, "), "{unknown}");
}

#[test]
fn flip_grabber_takes_a_biggest_flip() {
    for seed in 0..200 {
        let pos = played(seed, 20);
        if pos.legal_moves().is_empty() {
            continue;
        }
        let most = pos.legal_moves().iter().map(|sq| pos.flips(sq).count()).max().unwrap();
        let sq = FlipGrabber.choose(&pos, &mut rng(seed)).square.unwrap();
        assert_eq!(pos.flips(sq).count(), most, "{pos}");
    }
}

#[test]
fn corner_bot_level3_and_level4_take_the_free_corner() {
    let pos = corner_available();
    assert!(pos.is_legal(Square::A1));
    assert!(pos.legal_moves().iter().any(|sq| pos.flips(sq).count() > 1), "a bigger flip exists");
    for seed in 0..20 {
        assert_eq!(CornerBot::new(&GAME).choose(&pos, &mut rng(seed)).square, Some(Square::A1));
        assert_eq!(Club::level3(&GAME).choose(&pos, &mut rng(seed)).square, Some(Square::A1));
        assert_eq!(Club::level4(&GAME).choose(&pos, &mut rng(seed)).square, Some(Square::A1));
    }
}

/// Level 1 plays a random move with its share's probability (the game's 4/5,
/// and others), otherwise the biggest flip.
#[test]
fn level1_takes_the_biggest_flip_as_often_as_its_share_says_beyond_chance() {
    let pos = corner_available();
    let n = pos.legal_moves().count() as f64;
    let best = biggest_flips(&pos);
    assert!(best.len() < pos.legal_moves().count() as usize);
    let trials = 20_000;
    for (random, out_of) in [(4, 5), (1, 5), (2, 7)] {
        let mut levels = GAME;
        levels.level1 = crate::levels::Level1Settings { random, out_of };
        let mut level1 = Level1::new(&levels);
        let mut r = rng(1);
        let hits = (0..trials).filter(|_| best.contains(&level1.choose(&pos, &mut r).square.unwrap())).count() as f64;
        // The biggest flip 1 - random/out_of of the time, plus the random moves landing on one by chance.
        let share = f64::from(random) / f64::from(out_of);
        let expect = 1.0 - share + share * best.len() as f64 / n;
        let rate = hits / trials as f64;
        assert!((rate - expect).abs() < 0.015, "{random}/{out_of}: rate {rate:.3}, expected {expect:.3}");
    }
}

/// A square's value in docs/players.md#square-values-the-help-pages-figure-3, by its place in its quadrant:
/// (row, column) from the nearest corner, and whether that corner is taken.
fn documented_value(sq: usize, occupied: u64) -> i64 {
    let fold = |x: usize| x.min(7 - x);
    let (r, c) = (fold(sq / 8), fold(sq % 8));
    let corner = (if sq / 8 < 4 { 0 } else { 56 }) + (if sq % 8 < 4 { 0 } else { 7 });
    let taken = occupied >> corner & 1 == 1;
    match (r.min(c), r.max(c)) {
        (0, 0) => 120,
        (0, 1) => {
            if taken {
                5
            } else {
                -20
            }
        }
        (1, 1) => {
            if taken {
                5
            } else {
                -40
            }
        }
        (0, 2) => 20,
        (0, 3) => 5,
        (1, 2) | (1, 3) => -5,
        (2, 2) => 15,
        _ => 3,
    }
}

/// Level 2's score as docs/players.md#levels words it, from the rules alone: the
/// square values after the move, mine minus theirs, plus 0.15 per legal move
/// I would have beyond theirs (hundredths of a point).
fn documented_level2(pos: &Position, sq: Square) -> i64 {
    let next = pos.play_unchecked(sq);
    let (me, them) = (next.opponent().0, next.player().0);
    let mobility = next.pass().legal_moves().count() as i64 - next.legal_moves().count() as i64;
    100 * documented_squares(me, them) + 15 * mobility
}

/// The square score of docs/players.md#square-values-the-help-pages-figure-3: my discs' values minus theirs.
fn documented_squares(me: u64, them: u64) -> i64 {
    let sum = |discs: u64| (0..64).filter(|i| discs >> i & 1 == 1).map(|i| documented_value(i, me | them)).sum::<i64>();
    sum(me) - sum(them)
}

/// Plain negamax to `depth` plies with `leaf` for the side to move (docs/players.md#levels
/// and #level-5): a finished game scores 10,000 × sign(margin) + margin, a pass is a ply.
pub(super) fn negamax(pos: &Position, depth: u32, leaf: &dyn Fn(&Position) -> i64) -> i64 {
    if pos.is_game_over() {
        let margin = pos.player().count() as i64 - pos.opponent().count() as i64;
        return 10_000 * margin.signum() + margin;
    }
    if depth == 0 {
        return leaf(pos);
    }
    let children: Vec<Position> = pos.legal_moves().iter().map(|sq| pos.play_unchecked(sq)).collect();
    if children.is_empty() {
        return -negamax(&pos.pass(), depth - 1, leaf);
    }
    children.iter().map(|c| -negamax(c, depth - 1, leaf)).max().unwrap()
}

/// Levels 3 and 4 as docs/players.md#levels words them: the club leaf score
/// (square score + 5 per extra legal move) under plain negamax.
fn documented_club(pos: &Position, depth: u32) -> i64 {
    negamax(pos, depth, &|p| {
        let mobility = p.legal_moves().count() as i64 - p.pass().legal_moves().count() as i64;
        documented_squares(p.player().0, p.opponent().0) + 5 * mobility
    })
}

#[test]
fn players_are_deterministic_for_a_seed() {
    for kind in PlayerKind::ALL {
        for seed in 0..5 {
            let pos = played(seed, 24);
            let a = kind.build(&GAME).choose(&pos, &mut rng(seed));
            let b = kind.build(&GAME).choose(&pos, &mut rng(seed));
            assert_eq!(a, b, "{kind} seed {seed}");
            if pos.legal_moves().is_empty() {
                assert_eq!(a.square, None);
            } else {
                assert!(pos.is_legal(a.square.unwrap()), "{kind}: legal move");
            }
        }
    }
}

#[test]
fn level5_never_exceeds_its_budget_and_plays_perfectly_at_ten_empties() {
    let mut solver = Solver::with_scoring(Scoring::Margin);
    let mut l5 = Level5::new(Level5Config::default());
    let mut checked = 0;
    for seed in 0..60 {
        let pos = played(seed, 20 + seed as usize % 30);
        if pos.legal_moves().is_empty() {
            continue;
        }
        let c = l5.choose(&pos, &mut rng(seed));
        assert!(c.positions <= GAME.level5.budget, "{pos}: {} positions", c.positions);
        assert!(matches!(l5.last_method, Some(Level5Method::Deepening { depth }) if depth >= 2), "{pos}");
    }
    for seed in 0..400 {
        let pos = played(seed, 50);
        if pos.empty_count() != 10 || pos.legal_moves().is_empty() {
            continue;
        }
        let c = l5.choose(&pos, &mut rng(seed));
        assert!(c.positions <= GAME.level5.budget);
        let values = solver.move_values(&pos);
        let best: &MoveValue = &values[0];
        let picked = values.iter().find(|m| Some(m.square) == c.square).unwrap();
        assert_eq!(picked.value, best.value, "{pos}: Level 5 must play a move with the best final margin");
        assert!(matches!(l5.last_method, Some(Level5Method::Exact { .. })));
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} ten-empty positions");
}

/// Plain negamax on Level 5's evaluation.
fn expert_minimax(pos: &Position, depth: u32) -> i64 {
    negamax(pos, depth, &|p| {
        i64::from(crate::eval::Eval::new(&GAME, 5).expert_score::<crate::isa::Portable>(p.player().0, p.opponent().0))
    })
}

/// Level 5's table, windows and re-searches change how fast it searches,
/// never what: where plain negamax to its deepest completed depth has one
/// best move, Level 5 plays it, within its budget.
#[test]
fn level5_plays_the_minimax_move_of_its_completed_depth() {
    let mut levels = GAME;
    (levels.level5.budget, levels.level5.exact_empties) = (6_000, 0);
    let config = Level5Config::batch(&levels);
    let mut level5 = Level5::new(config);
    let mut unique = 0;
    for seed in 0..40 {
        let pos = played(seed, 8 + seed as usize % 48);
        if pos.legal_moves().is_empty() {
            continue;
        }
        let c = level5.choose(&pos, &mut rng(seed));
        // At depth 2 or more it enters the root and each of its children at least.
        let least = 1 + pos.legal_moves().count() as u64;
        assert!(c.positions <= config.levels.level5.budget && c.positions >= least, "{pos}: {}", c.positions);
        let depth = level5.last_depth().expect("deepening");
        assert!(depth >= 2, "{pos}: depth {depth}");
        let values: Vec<(Square, i64)> =
            pos.legal_moves().iter().map(|sq| (sq, -expert_minimax(&pos.play_unchecked(sq), depth - 1))).collect();
        let best = values.iter().map(|m| m.1).max().unwrap();
        let tied: Vec<Square> = values.iter().filter(|m| m.1 == best).map(|m| m.0).collect();
        assert!(tied.contains(&c.square.unwrap()), "{pos}: depth {depth}, played {:?}, best {tied:?}", c.square);
        unique += usize::from(tied.len() == 1);
    }
    assert!(unique >= 20, "only {unique} positions with one best move");
}

/// A time limit is a ceiling, never a target: one far beyond the budget's
/// reach leaves every choice as the budget alone makes it.
#[test]
fn level5_with_a_generous_time_limit_plays_as_without() {
    let limited = Level5Config { time_limit: Some(std::time::Duration::from_secs(600)), ..Level5Config::default() };
    for seed in 0..6 {
        let pos = played(seed, 14 + seed as usize);
        let (mut a, mut b) = (Level5::new(limited), Level5::new(Level5Config::default()));
        let want = (b.choose(&pos, &mut rng(0)), b.last_method);
        assert_eq!((a.choose(&pos, &mut rng(0)), a.last_method), want, "{pos}");
    }
}

/// Level 5 chooses, counts and deepens the same in every instruction set.
#[test]
fn level5_is_the_same_in_every_instruction_set() {
    for seed in 0..6 {
        let pos = played(seed, 20 + 3 * seed as usize);
        let choose = |isa| {
            let mut level5 = Level5::new(Level5Config { isa, ..Level5Config::default() });
            (level5.choose(&pos, &mut rng(0)), level5.last_method)
        };
        let portable = choose(crate::isa::Isa::Portable);
        for isa in crate::isa::Isa::supported() {
            assert_eq!(choose(isa), portable, "{pos}: {isa:?}");
        }
    }
}

/// Level 5's table starts empty for every move (docs/players.md#level-5): one
/// player moving through a game chooses, counts and deepens as a fresh one would.
#[test]
fn level5_forgets_its_table_between_moves() {
    let mut seasoned = Level5::new(Level5Config::default());
    for plies in 12..40 {
        let pos = played(4, plies);
        let mut fresh = Level5::new(Level5Config::default());
        let want = (fresh.choose(&pos, &mut rng(0)), fresh.last_method);
        assert_eq!((seasoned.choose(&pos, &mut rng(0)), seasoned.last_method), want, "{pos}");
    }
}

/// docs/players.md#settled-discs: a forced pass draws no random number, except for
/// Level 1, which draws its one number (random move or biggest flip) first.
#[test]
fn only_level1_draws_on_a_forced_pass() {
    let pass = (0..)
        .map(|seed| played(seed, 20 + seed as usize % 40))
        .find(|p| p.legal_moves().is_empty() && !p.is_game_over())
        .expect("a seeded game with a pass");
    for kind in PlayerKind::ALL {
        let mut stream = rng(3);
        assert_eq!(kind.build(&GAME).choose(&pass, &mut stream), Choice { square: None, positions: 0 });
        let drawn = stream.get_word_pos() > 0;
        assert_eq!(drawn, kind == PlayerKind::Level1, "{kind}");
    }
}

/// The one-move players look at each legal move once: their position count
/// is the number of legal moves.
#[test]
fn one_move_players_count_the_legal_moves() {
    use PlayerKind::{Corner, FlipGrabber, Level1, Level2, Random};
    for seed in 0..50 {
        let pos = played(seed, 4 + seed as usize % 40);
        let moves = pos.legal_moves().count() as u64;
        if moves == 0 {
            continue;
        }
        for kind in [Random, FlipGrabber, Corner, Level1, Level2] {
            assert_eq!(kind.build(&GAME).choose(&pos, &mut rng(seed)).positions, moves, "{kind}: {pos}");
        }
    }
}

/// Only a deepening player reports a search depth: every other player's
/// `last_depth` stays `None` after a move (the ladder records depths by it).
#[test]
fn only_level5_reports_a_depth() {
    let pos = played(7, 10);
    for kind in PlayerKind::ALL {
        let mut player = kind.build(&GAME);
        player.choose(&pos, &mut rng(1));
        if kind == PlayerKind::Level5 {
            assert!(player.last_depth().is_some(), "Level 5 deepens from 50 empties");
        } else {
            assert_eq!(player.last_depth(), None, "{kind}");
        }
    }
}

/// `uniform_unit` draws spread over [0, 1): a seeded stream's 10,000 draws
/// stay in range, and their mean is 1/2 within five standard errors.
#[test]
fn unit_draws_are_spread_over_zero_to_one() {
    let mut r = rng(3);
    let draws: Vec<f64> = (0..10_000).map(|_| uniform_unit(&mut r)).collect();
    assert!(draws.iter().all(|&u| (0.0..1.0).contains(&u)));
    let mean = draws.iter().sum::<f64>() / draws.len() as f64;
    assert!((mean - 0.5).abs() < 5.0 * (1.0f64 / 12.0 / 10_000.0).sqrt(), "mean {mean}");
}
