//! The calibration study (docs/ladder.md#calibration-against-the-published-ladder):
//! the ladder played under several plausible, sourced readings of the help
//! page's loose phrases, each matchup compared with the game's published
//! results by a two-sample z on the score (draws as half).

use crate::strength::ladder::MATCHUPS;
use crate::strength::summary::MatchupSummary;
use engine::{Levels, Mobility, SquareTable};

/// The help page's published ladder, `(wins, draws, losses)` of the
/// first-named side, in [`MATCHUPS`] order.
pub(crate) const PUBLISHED: [(u64, u64, u64); 12] = [
    (415, 31, 354),
    (351, 29, 420),
    (310, 26, 464),
    (701, 19, 80),
    (707, 12, 81),
    (193, 1, 6),
    (162, 3, 35),
    (193, 1, 6),
    (200, 0, 0),
    (177, 2, 21),
    (200, 0, 0),
    (200, 0, 0),
];

/// The help page's Settings line, "Beats a flip-grabber", Levels 1–5 (percent).
pub(crate) const PUBLISHED_SETTINGS: [u64; 5] = [43, 87, 96, 100, 100];

/// A row is off when |z| reaches this.
pub(crate) const Z_LIMIT: f64 = 2.0;

/// The published row of matchup `i` as a summary.
pub(crate) fn published(i: usize) -> MatchupSummary {
    let (wins, draws, losses) = PUBLISHED[i];
    MatchupSummary {
        first: MATCHUPS[i].first,
        second: MATCHUPS[i].second,
        games: wins + draws + losses,
        wins,
        draws,
        losses,
    }
}

/// Two-sample z of `ours` against `theirs` on the score, draws as half, with
/// the pooled score's variance; 0 when both are all wins or all losses.
pub(crate) fn z(ours: &MatchupSummary, theirs: &MatchupSummary) -> f64 {
    let (n1, n2) = (ours.games as f64, theirs.games as f64);
    let (p1, p2) = (ours.score(), theirs.score());
    let pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
    let var = pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2);
    if var <= 0.0 { 0.0 } else { (p1 - p2) / var.sqrt() }
}

/// A square table from the literature, with its source.
pub(crate) struct SourcedTable {
    /// A short name for the CSV (`discflip`, `norvig`, …).
    pub(crate) name: &'static str,
    /// Where it comes from: the citation, kept beside the values, read by people.
    #[expect(dead_code, reason = "a citation for readers of the code, not an output")]
    pub(crate) source: &'static str,
    /// The values, both corner states.
    pub(crate) table: SquareTable,
}

/// The square tables of the study: the project's own and three published ones.
pub(crate) const TABLES: [SourcedTable; 4] = [
    SourcedTable {
        name: "discflip",
        source: "discflip's first reading of Figure 3, the widely copied 100/-20/10/5, -50/-2, 1/0 positional table; \
                 X- and C-squares -2 and 5 once their corner is taken",
        table: SquareTable::DISCFLIP,
    },
    SourcedTable {
        name: "norvig",
        source: "P. Norvig, Paradigms of AI Programming (1992), ch. 18, *weights*; \
                 modified-weighted-squares: a taken corner's neighbours score 5",
        table: SquareTable::NORVIG,
    },
    SourcedTable {
        name: "sannidhanam",
        source: "V. Sannidhanam and M. Annamalai, An Analysis of Heuristics in Othello (University of Washington), \
                 static weights; X- and C-squares -1 and 2 once their corner is taken (the help page's rule)",
        table: SquareTable::symmetric([[4, -3, 2, 2], [-3, -4, -1, -1], [2, -1, 1, 0], [2, -1, 0, 1]], -1, 2),
    },
    SourcedTable {
        name: "lucas",
        source: "S. M. Lucas and T. P. Runarsson, Temporal difference learning versus co-evolution for acquiring Othello \
                 position evaluation (CIG 2006), the standard weighted piece counter (x100); X- and C-squares 1 and 5 \
                 once their corner is taken (the help page's rule)",
        table: SquareTable::symmetric([[100, -25, 10, 5], [-25, -25, 1, 1], [10, 1, 5, 2], [5, 1, 2, 1]], 1, 5),
    },
];

/// Readings of "a random wobble of up to 2 points": `(name, low, high)`.
pub(crate) const WOBBLES: [(&str, f64, f64); 3] = [("[0,2)", 0.0, 2.0), ("[-2,2]", -2.0, 2.0), ("[-1,1]", -1.0, 1.0)];

/// Readings of "0.15 per extra legal move".
pub(crate) const MOBILITIES: [Mobility; 2] = [Mobility::Difference, Mobility::Own];

/// One reading of the loose phrases: its parts and the levels they make.
pub(crate) struct Reading {
    /// `wobble [-2,2], mobility mover, table norvig`.
    pub(crate) name: String,
    /// The wobble's name.
    pub(crate) wobble: &'static str,
    /// The mobility reading.
    pub(crate) mobility: Mobility,
    /// The square table.
    pub(crate) table: &'static SourcedTable,
    /// The levels: the game's, with these three parts.
    pub(crate) levels: Levels,
}

/// Every reading: each square table × each mobility reading × each wobble,
/// the other settings `base`'s.
pub(crate) fn readings(base: &Levels) -> Vec<Reading> {
    let mut out = Vec::new();
    for table in &TABLES {
        for mobility in MOBILITIES {
            for (wobble, low, high) in WOBBLES {
                let mut levels = *base;
                levels.squares = table.table;
                levels.level2.mobility = mobility;
                (levels.level2.wobble_low, levels.level2.wobble_high) = (low, high);
                let name = format!("wobble {wobble}, mobility {}, table {}", mobility.name(), table.name);
                out.push(Reading { name, wobble, mobility, table, levels });
            }
        }
    }
    out
}

/// The matchups to play for several ladders, each once for all the ladders
/// that agree on both its players ([`engine::PlayerKind::settings_read`]):
/// `matchups` the distinct ones (an index into [`MATCHUPS`] and the levels to
/// play it under), `of[l][i]` where ladder `l`'s matchup `i` is among them.
pub(crate) struct Plan<'a> {
    pub(crate) matchups: Vec<(usize, &'a Levels)>,
    pub(crate) of: Vec<[usize; MATCHUPS.len()]>,
}

/// The [`Plan`] of the ladders under each of `ladders`.
pub(crate) fn plan<'a>(ladders: &[&'a Levels]) -> Plan<'a> {
    let mut matchups = Vec::new();
    let mut keys: Vec<(usize, Levels, Levels)> = Vec::new();
    let of = ladders
        .iter()
        .map(|&levels| {
            std::array::from_fn(|i| {
                let m = &MATCHUPS[i];
                let key = (i, m.first.settings_read(levels), m.second.settings_read(levels));
                keys.iter().position(|k| *k == key).unwrap_or_else(|| {
                    keys.push(key);
                    matchups.push((i, levels));
                    matchups.len() - 1
                })
            })
        })
        .collect();
    Plan { matchups, of }
}

/// How one reading compares with the published ladder.
pub(crate) struct Verdict {
    /// Each matchup's z, in ladder order.
    pub(crate) z: Vec<f64>,
    /// Matchups with |z| at or over [`Z_LIMIT`].
    pub(crate) off: usize,
    /// The sum of z², the tie-break (smaller is closer).
    pub(crate) sum_z2: f64,
    /// The Settings line, Levels 1–5.
    pub(crate) settings: Vec<u64>,
    /// The largest distance from the published Settings line, in points.
    pub(crate) settings_gap: u64,
}

/// Compares `rows` (in ladder order) with the published table.
pub(crate) fn verdict(rows: &[MatchupSummary]) -> Verdict {
    let z: Vec<f64> = rows.iter().enumerate().map(|(i, r)| z(r, &published(i))).collect();
    let off = z.iter().filter(|z| z.abs() >= Z_LIMIT).count();
    let sum_z2 = z.iter().map(|z| z * z).sum();
    let settings: Vec<u64> = MATCHUPS
        .iter()
        .zip(rows)
        .filter(|(m, _)| m.second == engine::PlayerKind::FlipGrabber && m.first != engine::PlayerKind::Random)
        .map(|(_, r)| r.wins * 100 / r.games.max(1))
        .collect();
    let settings_gap = settings.iter().zip(PUBLISHED_SETTINGS).map(|(a, b)| a.abs_diff(b)).max().unwrap_or(0);
    Verdict { z, off, sum_z2, settings, settings_gap }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table: our committed rows against the published ones, z by hand.
    #[test]
    fn z_of_worked_rows() {
        let ours =
            |i: usize, w, d, l| MatchupSummary { wins: w, draws: d, losses: l, games: w + d + l, ..published(i) };
        // Level 2 vs flip-grabber: 752–13–35 against 701–19–80 is +4.4.
        assert!((z(&ours(3, 752, 13, 35), &published(3)) - 4.37).abs() < 0.01);
        // Level 1 vs flip-grabber: 326–24–450 against 351–29–420 is −1.4
        // (scores 0.4225 and 0.4569, pooled 0.4397: −0.0344 / 0.0248).
        assert!((z(&ours(1, 326, 24, 450), &published(1)) + 1.385).abs() < 0.01);
        // Level 4 vs flip-grabber: 199–0–1 against 200–0–0 is −1.0; all wins on both sides is 0.
        assert!((z(&ours(8, 199, 0, 1), &published(8)) + 1.0).abs() < 0.01);
        assert_eq!(z(&published(11), &published(11)), 0.0);
    }

    #[test]
    fn the_published_table_fits_itself_and_has_the_ladder_sizes() {
        let rows: Vec<MatchupSummary> = (0..12).map(published).collect();
        for (r, m) in rows.iter().zip(&MATCHUPS) {
            assert_eq!(r.games, u64::from(m.games), "{}", m.name());
        }
        let v = verdict(&rows);
        assert_eq!((v.off, v.sum_z2, v.settings_gap), (0, 0.0, 0));
        assert_eq!(v.settings, PUBLISHED_SETTINGS);
    }

    /// Two rows off the published table: one past the limit, one inside it; the
    /// tie-break sums their z², and the Settings line moves with the two rows.
    #[test]
    fn a_verdict_counts_rows_off_and_sums_their_squares() {
        let mut rows: Vec<MatchupSummary> = (0..12).map(published).collect();
        (rows[3].wins, rows[3].draws, rows[3].losses) = (752, 13, 35);
        (rows[1].wins, rows[1].draws, rows[1].losses) = (326, 24, 450);
        let v = verdict(&rows);
        let (z1, z3) = (z(&rows[1], &published(1)), z(&rows[3], &published(3)));
        assert!((z1 + 1.385).abs() < 0.01 && (z3 - 4.37).abs() < 0.01, "{z1} {z3}");
        assert_eq!(v.z.iter().filter(|z| **z != 0.0).count(), 2);
        assert_eq!((v.z[1], v.z[3]), (z1, z3));
        assert_eq!(v.off, 1, "only Level 2 vs flip-grabber reaches |z| = 2");
        assert!((v.sum_z2 - (z1 * z1 + z3 * z3)).abs() < 1e-9 && v.sum_z2 > 21.0, "{}", v.sum_z2);
        // Level 1 wins 326 of 800 (40%), Level 2 752 (94%): 3 and 7 points from 43 and 87.
        assert_eq!(v.settings, [40, 94, 96, 100, 100]);
        assert_eq!(v.settings_gap, 7);
    }

    #[test]
    fn a_plan_plays_each_matchup_once_for_the_readings_that_agree_on_its_players() {
        let all = readings(&Levels::GAME);
        let ladders: Vec<&Levels> = all.iter().map(|r| &r.levels).collect();
        let plan = plan(&ladders);
        // Random vs flip-grabber and Level 1's two matchups read nothing the readings change;
        // Level 2's three are played under every reading; the rest once per square table.
        let level2 = [3, 4, 6];
        let per_table = MATCHUPS.len() - 3 - level2.len();
        assert_eq!(plan.matchups.len(), 3 + 24 * level2.len() + TABLES.len() * per_table);
        for (l, levels) in ladders.iter().enumerate() {
            for (i, m) in MATCHUPS.iter().enumerate() {
                let (j, played) = plan.matchups[plan.of[l][i]];
                assert_eq!(j, i);
                for kind in [m.first, m.second] {
                    assert_eq!(kind.settings_read(played), kind.settings_read(levels), "reading {l}, {}", m.name());
                }
            }
        }
        assert_eq!(plan.of[0][2], plan.of[23][2], "random vs flip-grabber once");
        assert_ne!(plan.of[0][3], plan.of[1][3], "Level 2 under each wobble");
    }

    /// The two tables from the literature, whole, as their sources print them (corner
    /// empty), and with the X- and C-squares' values once their corner is taken.
    #[test]
    fn the_published_tables_are_their_sources_grids() {
        #[rustfmt::skip]
        let sannidhanam = [
             4, -3,  2,  2,  2,  2, -3,  4,
            -3, -4, -1, -1, -1, -1, -4, -3,
             2, -1,  1,  0,  0,  1, -1,  2,
             2, -1,  0,  1,  1,  0, -1,  2,
             2, -1,  0,  1,  1,  0, -1,  2,
             2, -1,  1,  0,  0,  1, -1,  2,
            -3, -4, -1, -1, -1, -1, -4, -3,
             4, -3,  2,  2,  2,  2, -3,  4,
        ];
        #[rustfmt::skip]
        let lucas = [
            100, -25, 10, 5, 5, 10, -25, 100,
            -25, -25,  1, 1, 1,  1, -25, -25,
             10,   1,  5, 2, 2,  5,   1,  10,
              5,   1,  2, 1, 1,  2,   1,   5,
              5,   1,  2, 1, 1,  2,   1,   5,
             10,   1,  5, 2, 2,  5,   1,  10,
            -25, -25,  1, 1, 1,  1, -25, -25,
            100, -25, 10, 5, 5, 10, -25, 100,
        ];
        let (x_squares, c_squares) = ([9, 14, 49, 54], [1, 6, 8, 15, 48, 55, 57, 62]);
        for (t, grid, (x, c)) in [(&TABLES[2], sannidhanam, (-1, 2)), (&TABLES[3], lucas, (1, 5))] {
            assert_eq!(t.table.corner_empty, grid, "{}", t.name);
            for (sq, (&value, &taken)) in grid.iter().zip(&t.table.corner_taken).enumerate() {
                let want = if x_squares.contains(&sq) {
                    x
                } else if c_squares.contains(&sq) {
                    c
                } else {
                    value
                };
                assert_eq!(taken, want, "{} square {sq}", t.name);
            }
        }
    }

    /// Each wobble reading's bounds are the ones its name, in the CSV, says.
    #[test]
    fn each_wobble_reading_has_the_bounds_its_name_says() {
        for r in readings(&Levels::GAME) {
            let (low, high) = r.wobble[1..r.wobble.len() - 1].split_once(',').unwrap();
            let bounds = (r.levels.level2.wobble_low, r.levels.level2.wobble_high);
            assert_eq!(bounds, (low.parse().unwrap(), high.parse().unwrap()), "{}", r.name);
            assert!(r.name.starts_with(&format!("wobble {}, ", r.wobble)), "{}", r.name);
        }
    }

    #[test]
    fn every_reading_is_valid_and_distinct() {
        let all = readings(&Levels::GAME);
        assert_eq!(all.len(), TABLES.len() * MOBILITIES.len() * WOBBLES.len());
        for r in &all {
            assert_eq!(r.levels.check(), Ok(()), "{}", r.name);
        }
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.levels, b.levels, "{} and {}", a.name, b.name);
            }
        }
        assert_eq!(TABLES[1].table.corner_empty[0..8], [120, -20, 20, 5, 5, 20, -20, 120]);
        assert_eq!(TABLES[1].table.corner_taken[9], 5, "Norvig: a taken corner's X-square scores 5");
        assert_eq!(TABLES[2].table.corner_empty[0..8], [4, -3, 2, 2, 2, 2, -3, 4]);
        assert_eq!(TABLES[3].table.corner_empty[8..16], [-25, -25, 1, 1, 1, 1, -25, -25]);
    }
}
