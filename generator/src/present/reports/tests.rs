//! The report arithmetic against figures worked by hand, and the report
//! files' rows against docs/formats.md and docs/players.md.

use super::*;
use crate::puzzles::balance::Spread;

fn summary(wins: u64, draws: u64, losses: u64) -> MatchupSummary {
    let games = wins + draws + losses;
    MatchupSummary { first: PlayerKind::Level1, second: PlayerKind::FlipGrabber, games, wins, draws, losses }
}

/// A matchup's summary from its wins, draws and losses.
fn against(first: PlayerKind, second: PlayerKind, (wins, draws, losses): (u64, u64, u64)) -> MatchupSummary {
    MatchupSummary { first, second, games: wins + draws + losses, wins, draws, losses }
}

/// Figures worked out by hand (z = 1.959964), not by this code.
#[test]
fn wilson_intervals_have_their_known_values() {
    let near = |a: f64, b: f64| (a - b).abs() < 5e-7;
    for ((w, d, l), (lo, hi)) in [
        ((0, 0, 200), (0.0, 0.018845)),
        ((200, 0, 0), (0.981155, 1.0)),
        ((199, 0, 1), (0.972226, 0.999117)),
        ((100, 0, 100), (0.431361, 0.568639)),
        ((90, 20, 90), (0.431361, 0.568639)),
    ] {
        let s = summary(w, d, l);
        let (a, b) = s.wilson();
        assert!(near(a, lo) && near(b, hi), "{w}-{d}-{l}: ({a:.6}, {b:.6}), expected ({lo}, {hi})");
    }
}

#[test]
fn elo_is_bounded_only_strictly_inside_zero_and_one() {
    assert_eq!(elo(0.0), None);
    assert_eq!(elo(1.0), None);
    assert_eq!(elo(0.5), Some(0.0));
    assert!((elo(0.75).unwrap() - 190.848502).abs() < 1e-6);
    assert!((elo(0.995).unwrap() - 919.541231).abs() < 1e-6);
    assert!((elo(0.25).unwrap() + 190.848502).abs() < 1e-6);
    // The CSV leaves unbounded cells empty: never inf or NaN.
    let csv = String::from_utf8(ladder_csv(&[summary(200, 0, 0)])).unwrap();
    assert!(csv.ends_with(",1.0000,0.9812,1.0000,,686.6,\n"), "{csv}");
}

#[test]
fn the_settings_line_rounds_down_and_leaves_draws_out() {
    assert_eq!(beats_flip_grabber(&summary(0, 0, 200)), 0);
    assert_eq!(beats_flip_grabber(&summary(200, 0, 0)), 100);
    assert_eq!(beats_flip_grabber(&summary(199, 0, 1)), 99, "99.5% rounds down");
    assert_eq!(beats_flip_grabber(&summary(150, 50, 0)), 75, "draws are not wins");
    assert_eq!(beats_flip_grabber(&summary(1, 0, 2)), 33);
}

fn game(matchup: usize, game: u32, first_is_dark: bool, dark_discs: u32, light_discs: u32) -> GameRecord {
    GameRecord::hand_made(matchup, game, first_is_dark, dark_discs, light_discs)
}

/// Results count from the first-named side, whichever colour it had; empty
/// squares count for nobody; matchups come out in the order they first appear.
#[test]
fn summaries_count_from_the_first_named_side_in_game_order() {
    let games = [
        game(3, 0, true, 40, 24),  // first is Dark: a win
        game(0, 0, true, 30, 34),  // a loss
        game(3, 1, false, 40, 24), // first is Light: a loss
        game(3, 2, true, 30, 30),  // four empty squares: a draw
        game(0, 1, false, 20, 44), // a win
        game(3, 3, false, 10, 50), // a win
    ];
    let row = |m: usize, games, wins, draws, losses| MatchupSummary {
        first: MATCHUPS[m].first,
        second: MATCHUPS[m].second,
        games,
        wins,
        draws,
        losses,
    };
    assert_eq!(summarize(&games).unwrap(), [row(3, 4, 2, 1, 1), row(0, 2, 1, 0, 1)]);
}

/// The settings line lists the levels that played the flip-grabber, level 1
/// first whatever the row order; the strength table prints every row.
#[test]
fn the_settings_line_and_the_strength_table() {
    use PlayerKind::{FlipGrabber, Level1, Level2, Level3};
    let rows = [
        against(Level2, Level1, (50, 0, 150)),
        against(Level3, FlipGrabber, (199, 0, 1)),
        against(Level1, FlipGrabber, (150, 50, 0)),
        against(Level2, FlipGrabber, (200, 0, 0)),
    ];
    // The line `discflip ladder` prints, columns aligned.
    assert_eq!(rows[2].line(), "      level1 vs flip-grabber  200 games   150- 50-0    score 0.875");
    let settings = String::from_utf8(settings_line_csv(&rows)).unwrap();
    assert_eq!(settings, "level,beats_flip_grabber_percent\n1,75\n2,100\n3,99\n");
    let md = String::from_utf8(strength_md(&rows, &LevelsFile::game())).unwrap();
    // Scores, Wilson intervals and Elo worked out by hand.
    for line in [
        "| level2 | level1 | 200 | 50 | 0 | 150 | 0.250 | 0.195–0.314 | -191 |",
        "| level1 | flip-grabber | 200 | 150 | 50 | 0 | 0.875 | 0.822–0.914 | +338 |",
        "| level2 | flip-grabber | 200 | 200 | 0 | 0 | 1.000 | 0.981–1.000 | — |",
        "| Level 1 | 75% |\n| Level 2 | 100% |\n| Level 3 | 99% |\n",
    ] {
        assert!(md.contains(line), "{line:?} in\n{md}");
    }
}

/// `square_values.csv` is the table of docs/players.md#square-values-the-help-pages-figure-3, by square class.
#[test]
fn square_values_are_the_documented_figure() {
    let classes: [(&str, i32, i32); 8] = [
        ("a1 h1 a8 h8", 120, 120),
        ("a2 b1 g1 h2 a7 b8 g8 h7", -20, 5),
        ("b2 g2 b7 g7", -40, 5),
        ("c1 f1 a3 h3 a6 h6 c8 f8", 20, 20),
        ("d1 e1 a4 h4 a5 h5 d8 e8", 5, 5),
        ("c2 d2 e2 f2 b3 b4 b5 b6 g3 g4 g5 g6 c7 d7 e7 f7", -5, -5),
        ("c3 f3 c6 f6", 15, 15),
        ("d3 e3 c4 f4 c5 f5 d6 e6 d4 e4 d5 e5", 3, 3),
    ];
    let csv = String::from_utf8(square_values_csv(&Levels::GAME)).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("square,value_corner_empty,value_corner_taken"));
    let mut count = 0;
    for (i, line) in lines.enumerate() {
        let name = format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
        let (_, empty, taken) =
            classes.iter().find(|c| c.0.split(' ').any(|s| s == name)).unwrap_or_else(|| panic!("{name} has a class"));
        assert_eq!(line, format!("{name},{empty},{taken}"));
        count += 1;
    }
    assert_eq!(count, 64);
}

/// One row per empty count: the rejections in rule order, the pass rate
/// (accepted of candidates, two decimals; 0 without candidates).
#[test]
fn generation_rows_by_hand() {
    let mut rejected = BTreeMap::new();
    rejected.insert(Reject::AllWin, 7);
    rejected.insert(Reject::NoWin, 50);
    rejected.insert(Reject::ReplyLimit, 1);
    let busy = Stats { tried: 300, game_over: 3, rejected, duplicates: 2, accepted: 41, heaviest_reply: 1234 };
    let stats = BTreeMap::from([(10, busy), (8, Stats::default())]);
    let csv = String::from_utf8(generation_csv(&stats, 300_000)).unwrap();
    assert_eq!(
        csv,
        "empties,candidates,game_over_before_target,failed_rule1_win,failed_rule2_three_moves,\
         failed_rule3_unique_par,failed_rule4_losing_move,failed_rule5_biggest_flip,failed_rule6_level2,\
         failed_reply_limit,duplicates,accepted,pass_rate_percent,heaviest_reply_positions,reply_limit\n\
         8,0,0,0,0,0,0,0,0,0,0,0,0.00,0,300000\n\
         10,300,3,50,0,0,7,0,0,1,2,41,13.67,1234,300000\n"
    );
}

/// `difficulty.csv` for a small release worked by hand: per set and size the
/// tiers as recorded and the scores' min, mean and max; per weekday group the
/// spread before (as recorded) and after (of the days as they stand).
#[test]
fn difficulty_rows_by_hand() {
    let template = crate::puzzles::rules::template();
    let board = |empties: u32, difficulty: u32, tier: u32| {
        let mut r = template.clone();
        r.empties = empties;
        let sol = r.solution.as_mut().expect("the template has a solution");
        (sol.difficulty, sol.tier) = (difficulty, tier);
        r
    };
    let mut unsolved = board(8, 0, 1);
    unsolved.solution = None;
    // Day d: difficulties d, 10 and 20 (6, 8 and 10 empties): totals 30 + d.
    let days = (0..7).map(|d| vec![board(6, d, 1), board(8, 10, 1), board(10, 20, 2)]).collect();
    let g = crate::puzzles::sets::Generated {
        blocklist: crate::puzzles::blocklist::Blocklist::default(),
        levels: LevelsFile::game(),
        endgame: vec![board(10, 90, 5), board(8, 30, 2), unsolved, board(8, 45, 3)],
        days,
        stats: BTreeMap::new(),
        seed: 1,
        kept: None,
        spread_before: Some([
            Spread { min: 1, mean: 2.5, max: 4, spread: 3, stdev: 0.5 },
            Spread { min: 5, mean: 6.25, max: 7, spread: 2, stdev: 1.0 },
        ]),
    };
    let csv = String::from_utf8(difficulty_csv(&g)).unwrap();
    let want = "section,set,empties,weekday_group,count,tier1,tier2,tier3,tier4,tier5,min,mean,max,spread,stdev\n\
        boards,endgame,8,,2,0,1,1,0,0,30,37.50,45,,\n\
        boards,endgame,10,,1,0,0,0,0,1,90,90.00,90,,\n\
        boards,daily,6,,7,7,0,0,0,0,0,3.00,6,,\n\
        boards,daily,8,,7,7,0,0,0,0,10,10.00,10,,\n\
        boards,daily,10,,7,0,7,0,0,0,20,20.00,20,,\n\
        days_before,daily,,mon-wed,3,,,,,,1,2.50,4,3,0.50\n\
        days_after,daily,,mon-wed,3,,,,,,30,31.00,32,2,0.82\n\
        days_before,daily,,thu-sun,4,,,,,,5,6.25,7,2,1.00\n\
        days_after,daily,,thu-sun,4,,,,,,33,34.50,36,3,1.12\n";
    assert_eq!(csv, want);
}

/// `themes.csv` for a small release worked by hand: per set and size each
/// theme's boards and their mean difficulty; per weekday group and the week
/// the distinct themes a week covers, over two weeks that differ.
#[test]
fn theme_rows_by_hand() {
    use format::Theme::{Corner, Edge, Mobility, Quiet, Tempo};
    let template = crate::puzzles::rules::template();
    let board = |empties: u32, difficulty: u32, themes: Vec<format::Theme>| {
        let mut r = template.clone();
        r.empties = empties;
        r.solution.as_mut().expect("the template has a solution").difficulty = difficulty;
        r.themes = Some(themes);
        r
    };
    // Monday to Wednesday a 6-empty board shows mobility and quiet, Thursday to Sunday
    // tempo; the 8-empty boards show edge in the first week only.
    let days = (0..14)
        .map(|d| {
            let six = if d % 7 < 3 { vec![Mobility, Quiet] } else { vec![Tempo] };
            let eight = if d < 7 { vec![Edge] } else { vec![] };
            vec![board(6, d, six), board(8, 10, eight), board(10, 20, vec![])]
        })
        .collect();
    let g = crate::puzzles::sets::Generated {
        blocklist: crate::puzzles::blocklist::Blocklist::default(),
        levels: LevelsFile::game(),
        endgame: vec![
            board(8, 10, vec![Corner]),
            board(8, 30, vec![Corner, Tempo]),
            board(8, 50, vec![]),
            board(10, 70, vec![Quiet]),
        ],
        days,
        stats: BTreeMap::new(),
        seed: 1,
        kept: None,
        spread_before: None,
    };
    let csv = String::from_utf8(themes_csv(&g)).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "section,set,empties,weekday_group,theme,boards,of,mean_difficulty,min,mean,max");
    assert_eq!(lines.len(), 1 + 9 * 5 + 3, "nine themes per set and size, three week rows");
    for row in [
        "boards,endgame,8,,corner,2,3,20.00,,,",
        "boards,endgame,8,,tempo,1,3,30.00,,,",
        "boards,endgame,8,,quiet,0,3,,,,",
        "boards,endgame,10,,quiet,1,1,70.00,,,",
        "boards,daily,6,,mobility,6,14,4.50,,,",
        "boards,daily,6,,tempo,8,14,8.00,,,",
        "boards,daily,8,,edge,7,14,10.00,,,",
        "weeks,daily,,mon-wed,,9,2,,2,2.50,3",
        "weeks,daily,,thu-sun,,12,2,,1,1.50,2",
        "weeks,daily,,week,,21,2,,3,3.50,4",
    ] {
        assert!(lines.contains(&row), "{row}\n{csv}");
    }
}

/// What each level does under the game's settings, in the help page's words
/// (docs/players.md#levels), worked from `Levels::GAME`.
const GAME_LEVELS: [(&str, &str); 5] = [
    ("Beginner", "a random legal move 80% of the time, otherwise the move that flips the most discs"),
    (
        "Casual",
        "looks one move ahead: square values + 0.15 per extra legal move (its moves minus the opponent's) + a random wobble of up to ±2 points",
    ),
    (
        "Club",
        "looks 2 moves ahead: square values + 5 per extra legal move; picks at random among moves within 3 points of the best",
    ),
    (
        "Strong",
        "looks 4 moves ahead with the same scoring as Level 3 (+5 per extra legal move); breaks exact ties at random",
    ),
    (
        "Expert",
        "searches deeper and deeper within 70,000 positions (and 2.5 s); adds settled discs, frontier discs and parity to Level 4's score; solves the last 10 empty squares exactly",
    ),
];

#[test]
fn each_level_is_described_with_its_settings() {
    let game = level_descriptions(&Levels::GAME);
    assert_eq!(game.each_ref().map(|(n, d)| (*n, d.as_str())), GAME_LEVELS);
    // Other settings: another share, the mobility the mover has, a lopsided
    // wobble, Level 3 breaking ties and Level 4 picking within a window.
    let mut other = Levels::GAME;
    other.level1 = engine::Level1Settings { random: 1, out_of: 3 };
    other.level2.mobility = engine::Mobility::Own;
    other.level2.mobility_hundredths = 250;
    (other.level2.wobble_low, other.level2.wobble_high) = (-1.0, 3.0);
    other.level3.pick_window = 0;
    other.level4.pick_window = 7;
    (other.level5.budget, other.level5.time_limit_ms, other.level5.exact_empties) = (1_234_567, 500, 12);
    let d = level_descriptions(&other).map(|(_, d)| d);
    assert_eq!(d[0], "a random legal move 33% of the time, otherwise the move that flips the most discs");
    assert_eq!(
        d[1],
        "looks one move ahead: square values + 2.5 per legal move it has + a random wobble between -1 and 3 points"
    );
    assert!(d[2].ends_with("per extra legal move; breaks exact ties at random"), "{}", d[2]);
    assert!(d[3].ends_with("; picks at random among moves within 7 points of the best"), "{}", d[3]);
    assert!(d[4].starts_with("searches deeper and deeper within 1,234,567 positions (and 0.5 s);"), "{}", d[4]);
    assert!(d[4].ends_with("solves the last 12 empty squares exactly"), "{}", d[4]);
}

#[test]
fn thousands_are_grouped_by_threes_from_the_right() {
    for (n, text) in [(0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (70_000, "70,000"), (100_000, "100,000")] {
        assert_eq!(group_thousands(n), text);
    }
    assert_eq!(group_thousands(12_345_678_901), "12,345,678,901");
}

/// `strength.md` ends with the help page's own two tables: matchups named as
/// the help page names them, and each level's Settings figure ("—" for a
/// level that did not play the flip-grabber).
#[test]
fn the_help_page_section_names_players_as_the_help_page_does() {
    use PlayerKind::{Corner, FlipGrabber, Level1, Level2, Level5, Random};
    let row = |first, second, wins, draws, losses| against(first, second, (wins, draws, losses));
    let rows = [
        row(Random, FlipGrabber, 1, 2, 7),
        row(Level2, Level1, 50, 0, 150),
        row(Level1, FlipGrabber, 150, 50, 0),
        row(Level5, Corner, 4, 0, 0),
    ];
    let md = String::from_utf8(strength_md(&rows, &LevelsFile::game())).unwrap();
    let mut want = String::from(
        "\n## For the help page\n\nThe same figures in the help page's layout, to paste.\n\n\
         ### How strong is each level?\n\n| Matchup | Games | Wins–draws–losses |\n|---|---:|---|\n\
         | Random bot vs flip-grabber | 10 | 1–2–7 |\n\
         | Level 2 vs Level 1 | 200 | 50–0–150 |\n\
         | Level 1 vs flip-grabber | 200 | 150–50–0 |\n\
         | Level 5 vs corner bot | 4 | 4–0–0 |\n\n\
         ### What each level does\n\n| Level | What it does | Settings: \"Beats a flip-grabber\" |\n|---|---|---:|\n",
    );
    for (i, (name, does)) in GAME_LEVELS.iter().enumerate() {
        let settings = if i == 0 { "75%" } else { "—" };
        want += &format!("| Level {} ({name}) | {does} | {settings} |\n", i + 1);
    }
    assert!(md.ends_with(&want), "{md}");
    assert_eq!(help_matchup(Corner, Level5), "Corner bot vs Level 5");
}

/// `calibration.csv` and `calibration_summary.csv` for one hand-made reading
/// of two rows (docs/formats.md#reports-reports): each row beside the
/// published one (415–31–354 and 351–29–420 of 800), z to two places with
/// its sign, the summary's largest |z|, and both SHA-256 columns.
#[test]
fn calibration_rows_by_hand() {
    use crate::strength::calibration::{Reading, TABLES, Verdict};
    let reading = Reading {
        name: "one, reading".into(),
        wobble: "[0,2)",
        mobility: engine::Mobility::Own,
        table: &TABLES[1],
        levels: Levels::GAME,
    };
    let ours = |second, results| against(PlayerKind::Level1, second, results);
    let rows = vec![ours(PlayerKind::Random, (400, 0, 400)), ours(PlayerKind::FlipGrabber, (300, 100, 400))];
    let verdict = Verdict {
        z: vec![1.234, -2.5],
        off: 1,
        sum_z2: 7.772756,
        settings: vec![40, 86, 90, 95, 100],
        settings_gap: 3,
    };
    let made = MadeUnder { levels_sha256: "L".into(), ladder_sha256: "G".into() };
    let results = [(reading, rows, verdict)];
    assert_eq!(
        String::from_utf8(calibration_csv(&results, &made)).unwrap(),
        "reading,wobble,mobility,table,first,second,games,wins,draws,losses,score,\
         published_wins,published_draws,published_losses,published_score,z,levels_sha256,ladder_sha256\n\
         \"one, reading\",\"[0,2)\",mover,norvig,level1,random,800,400,0,400,0.5000,415,31,354,0.5381,+1.23,L,G\n\
         \"one, reading\",\"[0,2)\",mover,norvig,level1,flip-grabber,800,300,100,400,0.4375,351,29,420,0.4569,-2.50,L,G\n"
    );
    assert_eq!(
        String::from_utf8(calibration_summary_csv(&results, &made)).unwrap(),
        "reading,wobble,mobility,table,rows_off,sum_z2,max_abs_z,settings_level1,settings_level2,\
         settings_level3,settings_level4,settings_level5,settings_gap,levels_sha256,ladder_sha256\n\
         \"one, reading\",\"[0,2)\",mover,norvig,1,7.77,2.50,40,86,90,95,100,3,L,G\n"
    );
}
