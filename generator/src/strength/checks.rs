//! The rule checks the help page cites (docs/ladder.md#rule-checks), as a report.

use crate::puzzles::seeds::{self, Stream};
use crate::table::Table;
use engine::{Bitboard, Color, Position, Square};
use engine::{PERFT_START_COUNTS, perft};
use engine::{random_playout, uniform_index};

/// One row of `rule_checks.csv`.
pub struct CheckRow {
    /// The check's name (`perft_3`, `flip_previews`, …).
    pub check: String,
    /// Cases checked.
    pub cases: u64,
    /// Cases that failed.
    pub failures: u64,
    /// What was compared, with the figures.
    pub detail: String,
}

/// Perft 1–7 against the published counts and against the verifier's
/// separately written, simple counter (required for 1–6; 7 is cheap too).
pub(crate) fn perft_rows() -> Vec<CheckRow> {
    perft_rows_with(perft)
}

/// `perft_rows` with the engine's counter under test given as `count`.
fn perft_rows_with(count: impl Fn(&Position, u32) -> u64) -> Vec<CheckRow> {
    let mut rows = Vec::new();
    for depth in 1..=7u32 {
        let got = count(&Position::start(), depth);
        let published = PERFT_START_COUNTS[depth as usize - 1];
        let simple = verifier::rules::count_paths(&verifier::rules::start(), depth);
        let failures = u64::from(got != published) + u64::from(simple != got);
        let detail = format!("engine {got}, published {published}, simple counter {simple}");
        rows.push(CheckRow { check: format!("perft_{depth}"), cases: 1, failures, detail });
    }
    rows
}

/// Plays a seeded random game, calling `visit` on each position (the last included).
fn random_game(seed: u64, mut visit: impl FnMut(&Position)) {
    random_playout(Position::start(), &mut seeds::rng(seed), |pos| {
        visit(pos);
        true
    });
}

/// On `count` seeded random positions, each legal move's previewed flips
/// equal the discs the verifier's separately written rules capture, and equal
/// the discs that change colour when the engine plays the move.
pub(crate) fn flip_preview_row(seed: u64, count: u64) -> CheckRow {
    flip_preview_row_with(seed, count, |pos, sq| pos.flips(sq))
}

/// `flip_preview_row` with the preview under test given as `preview`.
pub fn flip_preview_row_with(seed: u64, count: u64, preview: impl Fn(&Position, Square) -> Bitboard) -> CheckRow {
    let mut failures = 0;
    let (mut moves_checked, mut positions) = (0u64, 0u64);
    let mut i = 0;
    while positions < count {
        let stream = seeds::stream(seed, Stream::FlipPreviews, &[i]);
        i += 1;
        let mut rng = seeds::rng(stream);
        let stop = uniform_index(&mut rng, 60) as u32;
        let mut chosen = None;
        random_game(stream, |p| {
            if chosen.is_none() && p.empty_count() <= 60 - stop {
                chosen = Some(*p);
            }
        });
        let Some(pos) = chosen else { continue }; // the game ended first: draw another
        positions += 1;
        let independent = verifier::rules::Board { own: pos.player().0, other: pos.opponent().0 };
        for sq in pos.legal_moves() {
            moves_checked += 1;
            let shown = preview(&pos, sq);
            let after = pos.play_unchecked(sq);
            let mover = pos.side();
            let changed = pos.discs(mover.opposite()) & after.discs(mover);
            if shown.0 != independent.captures(sq.index() as u8) || changed != shown || !after.discs(mover).contains(sq)
            {
                failures += 1;
            }
        }
    }
    CheckRow {
        check: "flip_previews".into(),
        cases: positions,
        failures,
        detail: format!("{moves_checked} legal moves on {positions} random positions, against the verifier's rules"),
    }
}

/// In `count` seeded random games, no disc reported settled ever flips later.
pub(crate) fn settled_row(seed: u64, count: u64) -> CheckRow {
    settled_row_with(seed, count, Position::settled)
}

/// `settled_row` with the settled discs under test given as `settled`.
fn settled_row_with(seed: u64, count: u64, settled_discs: impl Fn(&Position, Color) -> Bitboard) -> CheckRow {
    let mut failures = 0;
    let mut reported = 0u64;
    for g in 0..count {
        // Every disc ever reported settled, with its colour then.
        let mut settled: [Option<Color>; 64] = [None; 64];
        let mut broken = false;
        random_game(seeds::stream(seed, Stream::SettledGames, &[g]), |pos| {
            for sq in Square::all() {
                if let Some(c) = settled[sq.index()]
                    && pos.disc_at(sq) != Some(c)
                {
                    broken = true;
                }
            }
            for c in [Color::Dark, Color::Light] {
                for sq in settled_discs(pos, c) {
                    reported += 1;
                    settled[sq.index()] = Some(c);
                }
            }
        });
        failures += u64::from(broken);
    }
    CheckRow {
        check: "settled_discs".into(),
        cases: count,
        failures,
        detail: format!("{reported} settled-disc reports over {count} random games"),
    }
}

/// Every rule check under `seed`: perft 1–7, flip previews, settled discs.
pub fn all_rows(seed: u64) -> Vec<CheckRow> {
    let mut rows = perft_rows();
    rows.push(flip_preview_row(seed, 10_000));
    rows.push(settled_row(seed, 10_000));
    rows
}

/// `rule_checks.csv`.
pub(crate) fn rows_csv(rows: &[CheckRow]) -> Vec<u8> {
    let mut w = Table::new(["check", "cases", "failures", "detail"]);
    for r in rows {
        w.row([r.check.clone(), r.cases.to_string(), r.failures.to_string(), r.detail.clone()]);
    }
    w.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Perft 1–7 from the start: the published counts (OEIS A124004), each
    /// agreed by the engine and the verifier's counter.
    #[test]
    fn the_perft_rows_name_the_published_counts() {
        let rows = perft_rows();
        let published = [4, 12, 56, 244, 1_396, 8_200, 55_092];
        assert_eq!(rows.len(), 7);
        for (d, (r, n)) in rows.iter().zip(published).enumerate() {
            assert_eq!(r.check, format!("perft_{}", d + 1));
            assert_eq!((r.cases, r.failures), (1, 0), "{}", r.detail);
            assert_eq!(r.detail, format!("engine {n}, published {n}, simple counter {n}"));
        }
    }

    /// A wrong engine count fails its depth's row once against each of the
    /// published count and the simple counter, and no other row.
    #[test]
    fn a_wrong_perft_count_fails_its_row_twice() {
        let rows = perft_rows_with(|pos, depth| perft(pos, depth) + u64::from(depth == 5));
        let failures: Vec<u64> = rows.iter().map(|r| r.failures).collect();
        assert_eq!(failures, [0, 0, 0, 0, 2, 0, 0]);
        assert_eq!(rows[4].detail, "engine 1397, published 1396, simple counter 1396");
    }

    /// The flip-preview check counts moves: a preview that shows no flips
    /// fails every legal move once (each flips at least one disc).
    #[test]
    fn the_flip_preview_check_counts_each_failing_move_once() {
        let right = flip_preview_row_with(3, 50, |pos, sq| pos.flips(sq));
        assert_eq!((right.cases, right.failures), (50, 0), "{}", right.detail);
        let moves: u64 = right.detail.split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(right.detail, format!("{moves} legal moves on 50 random positions, against the verifier's rules"));
        let empty = flip_preview_row_with(3, 50, |_, _| Bitboard(0));
        assert_eq!(empty.failures, moves, "every legal move flips a disc");
    }

    /// Each case is a position of its own: the checked positions are distinct
    /// (random play from the start rarely meets one twice in 200 draws).
    #[test]
    fn the_flip_preview_check_draws_a_new_position_each_time() {
        let seen = std::cell::RefCell::new(std::collections::BTreeSet::new());
        let row = flip_preview_row_with(3, 200, |pos, sq| {
            seen.borrow_mut().insert(pos.to_string());
            pos.flips(sq)
        });
        assert_eq!(row.cases, 200);
        assert!(seen.borrow().len() > 190, "{} distinct positions of 200", seen.borrow().len());
    }

    /// No disc the engine reports settled ever flips, and the games report some.
    #[test]
    fn settled_discs_hold_in_seeded_games() {
        let row = settled_row(3, 20);
        assert_eq!((row.check.as_str(), row.cases, row.failures), ("settled_discs", 20, 0));
        let reported: u64 = row.detail.split_whitespace().next().unwrap().parse().unwrap();
        assert!(reported > 20 * 30, "{}", row.detail);
        assert!(reported < 20 * 61 * 64, "at most every square of every position: {}", row.detail);
        assert_eq!(row.detail, format!("{reported} settled-disc reports over 20 random games"));
    }

    /// A settled-disc rule that calls every disc settled fails the games where a
    /// disc flips (all of them), each game once.
    #[test]
    fn the_settled_check_fails_each_game_whose_settled_disc_flips() {
        let row = settled_row_with(3, 20, |pos, c| pos.discs(c));
        assert_eq!((row.cases, row.failures), (20, 20), "{}", row.detail);
        let none = settled_row_with(3, 20, |_, _| Bitboard(0));
        assert_eq!(none.failures, 0);
        assert_eq!(none.detail, "0 settled-disc reports over 20 random games");
    }

    #[test]
    fn the_csv_worked_by_hand() {
        let rows = [
            CheckRow { check: "perft_1".into(), cases: 1, failures: 0, detail: "engine 4".into() },
            CheckRow { check: "x".into(), cases: 7, failures: 2, detail: "a, b".into() },
        ];
        assert_eq!(
            String::from_utf8(rows_csv(&rows)).unwrap(),
            "check,cases,failures,detail\nperft_1,1,0,engine 4\nx,7,2,\"a, b\"\n"
        );
    }
}
