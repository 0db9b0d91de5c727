//! The review page's pieces worked by hand (docs/review.md): escaping, the
//! inlined module's base64, a board's card and diagram, the charts, the
//! levels section (the worker script is the web crate's: `web::page`).

use super::board::{Place, card};
use super::charts::{self, Row};
use super::{EngineModule, base64, esc, levels_section};
use crate::present::Error;
use crate::present::fixture::{record, release};
use format::{LevelsFile, Theme};

#[test]
fn text_is_escaped_ampersands_first() {
    assert_eq!(esc(r#"a<b>&"c""#), "a&lt;b&gt;&amp;&quot;c&quot;");
    assert_eq!(esc("&lt;"), "&amp;lt;");
    assert_eq!(esc("Level 2's move"), "Level 2's move");
}

/// RFC 4648's test vectors (section 10), and the alphabet's last two letters.
#[test]
fn base64_is_rfc_4648s() {
    for (bytes, text) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64(bytes.as_bytes()), text, "{bytes:?}");
    }
    assert_eq!(base64(&[0xfb, 0xff, 0xbf]), "+/+/");
    assert_eq!(base64(&[0, 0, 1]), "AAAB");
}

#[test]
fn a_module_must_be_webassembly_version_1() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.wasm");
    let Err(Error::Module { file, .. }) = EngineModule::read(&missing) else { panic!("a missing module is an error") };
    assert_eq!(file, missing);
    for (name, bytes) in
        [("text.wasm", &b"not wasm at all"[..]), ("v2.wasm", b"\0asm\x02\0\0\0"), ("short.wasm", b"\0asm")]
    {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        match EngineModule::read(&path) {
            Err(e @ Error::Module { .. }) => assert!(e.to_string().contains("not a WebAssembly module"), "{name}: {e}"),
            other => panic!("{name}: {:?}", other.map(|m| m.0)),
        }
    }
    let path = dir.path().join("ok.wasm");
    std::fs::write(&path, b"\0asm\x01\0\0\0\x01").unwrap();
    assert_eq!(EngineModule::read(&path).unwrap().0, b"\0asm\x01\0\0\0\x01");
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("{start:?} in {text}")) + start.len();
    let to = text[from..].find(end).unwrap_or_else(|| panic!("{end:?} after {start:?} in {text}"));
    &text[from..from + to]
}

/// The diagram of the record's board, read row by row from its board string
/// (a1 top left: column, row, from 0).
#[test]
fn a_diagram_draws_each_disc_marker_and_value_on_its_square() {
    let card = card(&record(), &Place { set: "endgame", day: None });
    let draw = between(&card, "data-draw=\"", "\"");
    let light = "M4.5 0.5h0\
        M0.5 1.5h0M1.5 1.5h0M2.5 1.5h0M3.5 1.5h0M4.5 1.5h0\
        M1.5 2.5h0M3.5 2.5h0M5.5 2.5h0\
        M1.5 3.5h0M4.5 3.5h0M5.5 3.5h0M6.5 3.5h0\
        M5.5 4.5h0\
        M2.5 5.5h0M4.5 5.5h0\
        M3.5 6.5h0";
    assert_eq!(between(draw, "<path class='l' d='", "'"), light);
    assert_eq!(between(draw, "<path class='r' d='", "'"), light);
    let dark = between(draw, "<path class='d' d='", "'");
    assert!(dark.starts_with("M0.5 0.5h0M1.5 0.5h0M2.5 0.5h0M3.5 0.5h0M5.5 0.5h0M7.5 0.5h0M5.5 1.5h0"), "{dark}");
    assert!(dark.ends_with("M3.5 7.5h0M4.5 7.5h0M5.5 7.5h0M7.5 7.5h0"), "{dark}");
    assert_eq!(dark.matches("h0").count(), 39);
    let marks = draw.split_once("<path class='l'").unwrap().1.split_once("/>").unwrap().1;
    assert_eq!(
        marks,
        "<text class='v' x='6.5' y='4.63'>-12</text>\
         <use href='#bf' x='6' y='5'/><text class='v win' x='6.5' y='5.63'>+4</text>\
         <use href='#par' x='4' y='6'/><text class='v win' x='4.5' y='6.63'>+6</text>\
         <use href='#l2' x='5' y='6'/><text class='v win' x='5.5' y='6.63'>+4</text>"
    );
    let alt = between(&card, "aria-label=\"", "\"");
    assert_eq!(
        alt,
        "Board e08-bc71c9e8a241: Dark to move, 8 empty squares, Dark 39 discs, Light 17; par +6 by e7. \
         Moves: g5 -12; g6 +4 (biggest-flip trap); e7 +6 (par); f7 +4 (Level 2's move);"
    );
    // A move worth 0 is no win; a move with two roles names both.
    let mut r = record();
    r.moves[0].value = 0;
    r.level2.push(r.biggest_flip[0]);
    let card = super::board::card(&r, &Place { set: "endgame", day: None });
    assert!(card.contains("<text class='v' x='6.5' y='4.63'>+0</text>"), "{card}");
    assert!(card.contains("<use href='#bf' x='6' y='5'/><use href='#l2' x='6' y='5'/>"), "{card}");
    assert!(card.contains("g6 +4 (biggest-flip trap, Level 2's move);"), "{card}");
}

#[test]
fn a_card_carries_its_filters_caption_buttons_and_move_table() {
    let mut r = record();
    r.themes = Some(vec![Theme::Corner, Theme::Quiet]);
    r.moves[1].line = Some(["g6", "e7", "h2"].map(|s| Some(s.parse().unwrap())).to_vec());
    let card = card(&r, &Place { set: "daily", day: Some((3, "Thu")) });
    assert!(
        card.starts_with(
            r#"<article class="card" data-set="daily" data-size="8" data-day="3" data-weekday="Thu" data-tier="2" data-themes="corner quiet"><svg class="board""#
        ),
        "{card}"
    );
    assert!(
        card.contains(
            "<p class=\"cap\">e08-bc71c9e8a241\ndaily day 3 (Thu) · 8 empty · par +6 by e7\nthemes: corner, quiet</p>"
        ),
        "{card}"
    );
    assert!(card.contains(&format!(
        r#"<button type="button" class="play" data-id="e08-bc71c9e8a241" data-board="{}" data-par="6">Play</button> <button type="button" class="block" data-id="e08-bc71c9e8a241" aria-pressed="false">Block…</button>"#,
        r.board
    )));
    let lines =
        "1. e7 f7  2. g6 h2  3. g1 g5  4. pass h7  5. pass g8|1. e7 f7  2. g6 h2  3. g5 g1  4. pass h7  5. pass g8";
    assert!(
        card.ends_with(&format!(
            r#"<details data-moves="g5 -12 3 e7,g6 +4 4 e7,e7 +6 2 f7,f7 +4 1 e7" data-traps="g6 flips 4 but Light answers e7: 1. g6 e7  2. h2; the board ends +4, 2 short of par" data-about="Random play reaches par 12.5000% of the time; 2 of 3 decisions have one par-keeping move." data-lines="{lines}"><summary>Moves · difficulty 20 (tier 2), 2 par lines</summary></details></article>"#
        )),
        "{card}"
    );
    // An Endgame board without themes; more par lines than listed; none.
    let mut r = record();
    r.solution.as_mut().unwrap().line_count = 3;
    let card = super::board::card(&r, &Place { set: "endgame", day: None });
    assert!(card.starts_with(r#"<article class="card" data-set="endgame" data-size="8" data-day="" data-weekday="" data-tier="2" data-themes="">"#));
    assert!(card.contains("\nendgame · 8 empty · par +6 by e7\nthemes: none</p>"), "{card}");
    assert!(card.contains(r#" data-traps="" "#), "{card}");
    assert!(card.contains("par-keeping move. The first 2 of the 3 par lines are listed.\""), "{card}");
    assert!(card.contains("(tier 2), 3 par lines</summary>"), "{card}");
    r.solution = None;
    let card = super::board::card(&r, &Place { set: "endgame", day: None });
    assert!(card.contains(r#"data-tier="""#), "{card}");
    assert!(card.ends_with(r#"data-traps=""><summary>Moves</summary></details></article>"#), "{card}");
}

fn row(cells: &[(&str, &str)]) -> Row {
    cells.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The score axis runs from x = 230 (0) to 610 (1); rows 26 apart from y = 24.
#[test]
fn the_strength_chart_places_each_score_and_interval() {
    let rows = [
        row(&[
            ("first", "Level 2"),
            ("second", "Level 1"),
            ("games", "10"),
            ("wins", "6"),
            ("draws", "2"),
            ("losses", "2"),
            ("score", "0.625"),
            ("score_low95", "0.25"),
            ("score_high95", "0.75"),
            ("elo", "88.7"),
            ("elo_low95", "-10"),
            ("elo_high95", "400"),
        ]),
        // No lower bound at all, and no Elo: the bar starts at 0, the table shows dashes.
        row(&[("first", "A<B"), ("second", "flip-grabber"), ("score", "0.5"), ("score_high95", "1"), ("elo", "")]),
    ];
    let s = charts::strength(&rows);
    assert!(s.starts_with(r#"<figure><svg class="chart" viewBox="0 0 640 82" role="img""#), "{s}");
    for (t, x) in [("0", 230), ("0.25", 325), ("0.5", 420), ("0.75", 515), ("1", 610)] {
        let tick = format!(
            r##"<line x1="{x}" x2="{x}" y1="10" y2="64" stroke="#ccc"/><text x="{x}" y="78" font-size="11" text-anchor="middle">{t}</text>"##
        );
        assert!(s.contains(&tick), "{tick} in {s}");
    }
    assert!(s.contains(r##"<text x="4" y="28" font-size="12">Level 2 vs Level 1</text><line x1="325" x2="515" y1="24" y2="24" stroke="#1565c0" stroke-width="6"/><circle cx="467.5" cy="24" r="5" fill="#111"/>"##), "{s}");
    assert!(s.contains(r##"<text x="4" y="54" font-size="12">A&lt;B vs flip-grabber</text><line x1="230" x2="610" y1="50" y2="50" stroke="#1565c0" stroke-width="6"/><circle cx="420" cy="50" r="5" fill="#111"/>"##), "{s}");
    assert!(s.ends_with(
        "<tr><td>Level 2</td><td>Level 1</td><td>10</td><td>6–2–2</td><td>0.625</td><td>0.25–0.75</td><td>88.7</td><td>-10 to 400</td></tr>\
         <tr><td>A&lt;B</td><td>flip-grabber</td><td></td><td>––</td><td>0.5</td><td>–1</td><td>—</td><td>— to —</td></tr></table>"
    ), "{s}");
}

#[test]
fn the_settings_line_is_a_row_per_level() {
    let rows = [row(&[("level", "1"), ("beats_flip_grabber_percent", "12")]), row(&[("level", "<5>")])];
    assert_eq!(
        charts::settings_line(&rows),
        "<table><tr><th>level</th><th>beats a flip-grabber</th></tr>\
         <tr><td>Level 1</td><td>12%</td></tr><tr><td>Level &lt;5&gt;</td><td>%</td></tr></table>"
    );
}

/// Bars 550 wide from x = 80, each segment its share of the candidates; rows 30 apart.
#[test]
fn the_funnel_splits_each_bar_by_outcome() {
    let columns = [
        "game_over_before_target",
        "failed_rule2_three_moves",
        "failed_rule1_win",
        "failed_rule5_biggest_flip",
        "failed_rule6_level2",
        "failed_rule3_unique_par",
        "failed_rule4_losing_move",
        "failed_reply_limit",
        "duplicates",
        "accepted",
    ];
    let counts = ["10", "0", "40", "0", "0", "0", "0", "0", "0", "50"];
    let mut first: Vec<(&str, &str)> = columns.into_iter().zip(counts).collect();
    first.extend([("empties", "8"), ("candidates", "100"), ("pass_rate_percent", "50")]);
    let rows = [row(&first), row(&[("empties", "10"), ("candidates", "0"), ("accepted", "0")])];
    let s = charts::funnel(&rows);
    assert!(s.starts_with(r#"<figure><svg class="chart" viewBox="0 0 640 70" role="img""#), "{s}");
    assert!(s.contains(r##"<text x="4" y="22" font-size="12">8 empty</text><rect x="80.00" y="8" width="55.00" height="20" fill="#9e9e9e" stroke="#fff" stroke-width=".5"><title>game over first: 10</title></rect><rect x="135.00" y="8" width="220.00" height="20" fill="#e57373" stroke="#fff" stroke-width=".5"><title>rule 1: no win: 40</title></rect><rect x="355.00" y="8" width="275.00" height="20" fill="#2e7d32" stroke="#fff" stroke-width=".5"><title>accepted: 50</title></rect><text x="4" y="52" font-size="12">10 empty</text></svg>"##), "{s}");
    assert_eq!(s.matches("<rect").count(), 3, "{s}");
    assert!(s.contains(r##"<th>candidates</th><th><span class="sw" style="background:#9e9e9e"></span>game over first</th><th><span class="sw" style="background:#8d6e63"></span>rule 2: < 3 moves</th>"##), "{s}");
    assert!(s.ends_with(
        "<tr><td>8</td><td>100</td><td>10</td><td>0</td><td>40</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>50</td><td>50%</td></tr>\
         <tr><td>10</td><td>0</td><td></td><td></td><td></td><td></td><td></td><td></td><td></td><td></td><td></td><td>0</td><td>%</td></tr></table>"
    ), "{s}");
}

/// Each square's value in its row and column: a table whose values name their squares.
#[test]
fn the_levels_section_names_the_file_and_lays_out_both_square_tables() {
    let mut levels = engine::Levels::GAME;
    levels.squares.corner_empty = std::array::from_fn(|i| i as i32);
    levels.squares.corner_taken = std::array::from_fn(|i| 100 + i as i32);
    let file = LevelsFile::from_levels("A & B", "from <here>", &levels);
    let s = levels_section(&file);
    assert!(s.starts_with(&format!(
        "<h3>Levels</h3>\n<p>Played and generated under <code>levels.json</code> “A &amp; B”, SHA-256 <code>{}</code>.</p>\n",
        file.sha256
    )));
    for (i, (name, does)) in crate::present::reports::level_descriptions(&levels).iter().enumerate() {
        let line = format!("<tr><th scope=\"row\">Level {} ({name})</th><td>{}</td></tr>\n", i + 1, esc(does));
        assert!(s.contains(&line), "{line} in {s}");
    }
    assert!(s.contains(
        "<table class=\"squares\"><caption>Square values, corner empty</caption><tbody>\n\
         <tr><th scope=\"row\">1</th><td>0</td><td>1</td><td>2</td><td>3</td><td>4</td><td>5</td><td>6</td><td>7</td></tr>\n\
         <tr><th scope=\"row\">2</th><td>8</td><td>9</td><td>10</td><td>11</td><td>12</td><td>13</td><td>14</td><td>15</td></tr>\n"
    ), "{s}");
    assert!(s.contains(
        "<tr><th scope=\"row\">8</th><td>156</td><td>157</td><td>158</td><td>159</td><td>160</td><td>161</td><td>162</td><td>163</td></tr>\n</tbody></table>\n<p class=\"source\">Square table: from &lt;here&gt;</p>\n"
    ), "{s}");
    assert!(s.contains("<caption>Square values, once the corner is taken</caption><tbody>\n<tr><th scope=\"row\">1</th><td>100</td>"), "{s}");
    assert_eq!(s.matches("<tr><th scope=\"row\">").count(), 5 + 16);
}

const MODULE: &[u8] = b"\0asm\x01\0\0\0";

#[test]
fn the_page_holds_every_board_day_and_report() {
    let root = tempfile::tempdir().unwrap();
    let (data, reports) = release(root.path());
    let html = String::from_utf8(super::page(&data, &reports, &EngineModule(MODULE.to_vec())).unwrap()).unwrap();
    assert!(!html.contains("{{"), "a placeholder left");
    assert!(html.contains(r#"<p id="shown" role="status" aria-live="polite">11 boards</p>"#));
    assert_eq!(html.matches(r#"<article class="card""#).count(), 11);
    assert_eq!(html.matches(r#"data-set="endgame""#).count(), 2);
    // Day d's weekday is d mod 7 from Monday.
    for (d, weekday) in [(3, "Thu"), (6, "Sun"), (7, "Mon"), (8, "Tue")] {
        let card = format!(r#"data-set="daily" data-size="8" data-day="{d}" data-weekday="{weekday}""#);
        assert!(html.contains(&card), "{card}");
    }
    assert!(html.contains("e08-000000000108\ndaily day 8 (Tue)"));
    let calendar: String =
        (0..9).map(|d| format!(r#"<button type="button" data-day="{d}" aria-label="Day {d}">{d}</button>"#)).collect();
    assert!(html.contains(&format!("\n{calendar}</div>")), "the calendar");
    assert!(html.contains(r#"data-epoch="2025-01-06" data-cycle="9""#));
    assert!(html.contains("every 9 days from the epoch 2025-01-06"));
    assert!(
        html.contains("<td>level2</td><td>level1</td>")
            && html.contains("<td>level5</td><td>level4 (openings suite)</td>")
    );
    assert!(html.contains("<tr><td>Level 1</td><td>40%</td></tr>"));
    assert!(html.contains("<tr><td>8</td><td>10</td>"));
    assert!(html.contains(&format!("“{}”", format::GAME_NAME)), "the game's levels when data/ has none");
    assert!(html.contains(r#"<script id="engine-wasm" type="application/octet-stream">AGFzbQEAAAA=</script>"#));
    assert!(
        html.contains(r#"<option title="Take the corners.">corner</option>"#) && html.contains("<option>edge</option>")
    );
    // The openings suite is optional; the other reports are not.
    std::fs::remove_file(reports.join("openings.csv")).unwrap();
    let html = String::from_utf8(super::page(&data, &reports, &EngineModule(MODULE.to_vec())).unwrap()).unwrap();
    assert!(html.contains("<td>level2</td>") && !html.contains("openings suite"));
    for name in ["ladder.csv", "settings_line.csv", "generation.csv"] {
        let (data, reports) = release(&root.path().join(name));
        std::fs::remove_file(reports.join(name)).unwrap();
        let e = super::page(&data, &reports, &EngineModule(MODULE.to_vec())).unwrap_err();
        assert!(matches!(&e, Error::Csv { file, .. } if *file == reports.join(name)), "{name}: {e}");
    }
}

#[test]
fn a_malformed_board_or_report_is_named() {
    let root = tempfile::tempdir().unwrap();
    let (data, reports) = release(root.path());
    let text = std::fs::read_to_string(data.join("daily.json")).unwrap();
    let board = record().board;
    let bad = text.replacen(&board, &board.replace('-', "?"), 5);
    std::fs::write(data.join("daily.json"), bad).unwrap();
    let e = super::page(&data, &reports, &EngineModule(MODULE.to_vec())).unwrap_err();
    assert!(
        matches!(&e, Error::Shape { file, what } if *file == data.join("daily.json") && what.starts_with("board e08-000000000100: ")),
        "{e}"
    );
    let (data, reports) = release(&root.path().join("endgame"));
    let text = std::fs::read_to_string(data.join("endgame.json")).unwrap();
    std::fs::write(data.join("endgame.json"), text.replacen(&board, "XO", 1)).unwrap();
    let e = super::page(&data, &reports, &EngineModule(MODULE.to_vec())).unwrap_err();
    assert!(
        matches!(&e, Error::Shape { file, what } if *file == data.join("endgame.json") && what.starts_with("board e08-000000000000: ")),
        "{e}"
    );
    let (data, reports) = release(&root.path().join("ragged"));
    std::fs::write(reports.join("generation.csv"), "empties,candidates\n8,10,5\n").unwrap();
    let e = super::page(&data, &reports, &EngineModule(MODULE.to_vec())).unwrap_err();
    assert!(matches!(&e, Error::Csv { file, .. } if *file == reports.join("generation.csv")), "{e}");
}
