//! `reports/review.html` (docs/review.md): one self-contained static page
//! for whoever signs off a release: every board as an inline SVG diagram,
//! filters, the Daily as a 420-day calendar, the strength tables and the
//! generation funnel. No network, no external scripts, fonts or images, and
//! the same bytes for the same data.

mod board;
mod charts;

use crate::present::Error;
use crate::puzzles::schedule::{EPOCH, WEEKDAYS};
use charts::Row;
use format::{BoardRecord, DataDir, LevelsFile, Set};
use std::path::Path;

/// HTML-escapes `text` for element content and attribute values.
pub(crate) fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn shape(file: &Path, what: impl Into<String>) -> Error {
    Error::Shape { file: file.to_path_buf(), what: what.into() }
}

/// Checks each board string of `records` (the diagrams rely on it).
fn check_boards(dir: &Path, records: &[&BoardRecord], file: &str) -> Result<(), Error> {
    for r in records {
        engine::Position::from_board_str(&r.board, engine::Color::Dark)
            .map_err(|e| shape(&dir.join(file), format!("board {}: {e}", r.id)))?;
    }
    Ok(())
}

fn csv_rows(dir: &Path, name: &str) -> Result<Vec<Row>, Error> {
    let path = dir.join(name);
    let file = path.clone();
    let mut reader = csv::Reader::from_path(&path).map_err(|source| Error::Csv { file: file.clone(), source })?;
    let header = reader.headers().map_err(|source| Error::Csv { file: file.clone(), source })?.clone();
    reader
        .records()
        .map(|r| {
            let r = r.map_err(|source| Error::Csv { file: file.clone(), source })?;
            Ok(header.iter().zip(r.iter()).map(|(k, v)| (k.to_string(), v.to_string())).collect())
        })
        .collect()
}

/// The engine's WebAssembly module the page inlines so that it plays boards
/// offline (docs/web.md), read at run time like the data: `scripts/build-web`
/// builds it, `web/dist/discflip.wasm` is the committed copy (CI checks that a
/// fresh build gives the same bytes, and that moving engine lines does not
/// change them: docs/web.md#a-module-that-stays-still).
pub(crate) struct EngineModule(Vec<u8>);

impl EngineModule {
    /// The module in `file`.
    pub(crate) fn read(file: &Path) -> Result<EngineModule, Error> {
        let module = |what: String| Error::Module { file: file.to_path_buf(), what };
        let bytes = std::fs::read(file).map_err(|e| module(e.to_string()))?;
        if !bytes.starts_with(b"\0asm\x01\0\0\0") {
            return Err(module("not a WebAssembly module (it does not start with \\0asm and version 1)".into()));
        }
        Ok(EngineModule(bytes))
    }
}

/// The page for the data in `data` and the reports in `reports`, with the
/// engine's `module`.
pub(crate) fn page(data: &Path, reports: &Path, module: &EngineModule) -> Result<Vec<u8>, Error> {
    let files = DataDir::load(data)?;
    check_boards(data, &files.endgame.boards.iter().collect::<Vec<_>>(), Set::Endgame.file_name())?;
    check_boards(data, &files.daily.boards().map(|(_, b)| b).collect::<Vec<_>>(), Set::Daily.file_name())?;
    let days = &files.daily.days;
    let mut cards = String::new();
    let mut count = 0;
    for r in &files.endgame.boards {
        cards += &board::card(r, &board::Place { set: "endgame", day: None });
        count += 1;
    }
    for (d, day) in days.iter().enumerate() {
        for r in &day.boards {
            cards += &board::card(r, &board::Place { set: "daily", day: Some((d, WEEKDAYS[d % 7])) });
            count += 1;
        }
    }
    let ladder = csv_rows(reports, "ladder.csv")?;
    let openings = csv_rows(reports, "openings.csv").unwrap_or_default();
    let settings = csv_rows(reports, "settings_line.csv")?;
    let generation = csv_rows(reports, "generation.csv")?;

    let mut strength_rows = ladder;
    for mut r in openings {
        r.insert("second".into(), format!("{} (openings suite)", r.get("second").map_or("", String::as_str)));
        strength_rows.push(r);
    }
    let calendar: String = (0..days.len())
        .map(|d| format!(r#"<button type="button" data-day="{d}" aria-label="Day {d}">{d}</button>"#))
        .collect();
    let html = TEMPLATE
        .replace("{{css}}", include_str!("page.css"))
        .replace("{{draw_js}}", include_str!("draw.js"))
        .replace("{{js}}", include_str!("page.js"))
        .replace("{{engine_js}}", web::page::ENGINE_JS)
        .replace("{{worker_js}}", &web::page::classic_worker_js())
        .replace("{{play_js}}", include_str!("play.js"))
        .replace("{{engine_wasm}}", &base64(&module.0))
        .replace("{{symbols}}", board::SYMBOLS)
        .replace("{{count}}", &count.to_string())
        .replace("{{epoch}}", EPOCH)
        .replace("{{cycle}}", &days.len().to_string())
        .replace("{{calendar}}", &calendar)
        .replace("{{theme_options}}", &theme_options())
        .replace("{{strength}}", &charts::strength(&strength_rows))
        .replace("{{settings}}", &charts::settings_line(&settings))
        .replace("{{levels}}", &levels_section(&LevelsFile::choose(None, data)?))
        .replace("{{funnel}}", &charts::funnel(&generation))
        .replace("{{cards}}", &cards);
    Ok(html.into_bytes())
}

/// The theme filter's options (docs/puzzles.md#themes), each with its tip as a title.
fn theme_options() -> String {
    format::Theme::ALL
        .iter()
        .map(|t| match t.tip() {
            Some(tip) => format!(r#"<option title="{tip}">{t}</option>"#),
            None => format!("<option>{t}</option>"),
        })
        .collect()
}

/// Standard base64 with padding (RFC 4648), for the inlined module.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The levels the data was made under (docs/players.md#the-levels-file): the
/// file's name and SHA-256, what each level does, and the square table in
/// both corner states.
fn levels_section(levels: &LevelsFile) -> String {
    let mut s = format!(
        "<h3>Levels</h3>\n<p>Played and generated under <code>levels.json</code> “{}”, SHA-256 <code>{}</code>.</p>\n",
        esc(&levels.name),
        levels.sha256
    );
    s += "<table class=\"levels\"><thead><tr><th scope=\"col\">Level</th><th scope=\"col\">What it does</th></tr></thead><tbody>\n";
    for (i, (name, does)) in crate::present::reports::level_descriptions(&levels.levels).iter().enumerate() {
        s += &format!("<tr><th scope=\"row\">Level {} ({name})</th><td>{}</td></tr>\n", i + 1, esc(does));
    }
    s += "</tbody></table>\n";
    let squares = &levels.levels.squares;
    for (caption, table) in [
        ("Square values, corner empty", &squares.corner_empty),
        ("Square values, once the corner is taken", &squares.corner_taken),
    ] {
        s += &format!("<table class=\"squares\"><caption>{caption}</caption><tbody>\n");
        for row in 0..8 {
            s += &format!("<tr><th scope=\"row\">{}</th>", row + 1);
            for col in 0..8 {
                s += &format!("<td>{}</td>", table[row * 8 + col]);
            }
            s += "</tr>\n";
        }
        s += "</tbody></table>\n";
    }
    s += &format!("<p class=\"source\">Square table: {}</p>\n", esc(&levels.source));
    s
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Disc Flip release review</title>
<style>{{css}}</style>
<script>{{draw_js}}</script>
</head>
<body>
{{symbols}}
<header>
<h1>Disc Flip release review</h1>
<nav><a href="#boards">Boards</a> · <a href="#calendar">Daily calendar</a> · <a href="#strength">Strength</a> · <a href="#generation">Generation</a></nav>
</header>
<main>
<section id="boards" aria-labelledby="boards-h">
<h2 id="boards-h">Boards</h2>
<p class="legend"><span class="key"><svg viewBox="0 0 1 1"><use href="#par"/></svg> par move (thick ring)</span>
<span class="key"><svg viewBox="0 0 1 1"><use href="#bf"/></svg> biggest-flip trap (dashed square)</span>
<span class="key"><svg viewBox="0 0 1 1"><use href="#l2"/></svg> Level 2's move (dotted diamond)</span>
<span class="key">numbers: each legal first move's exact final margin; bold when it wins</span></p>
<form id="filters" aria-label="Filter the boards">
<label>Set <select id="f-set"><option value="">all</option><option value="endgame">Endgame</option><option value="daily">Daily</option></select></label>
<label>Empty squares <select id="f-size"><option value="">all</option><option>6</option><option>8</option><option>10</option><option>12</option></select></label>
<label>Weekday <select id="f-weekday"><option value="">all</option><option>Mon</option><option>Tue</option><option>Wed</option><option>Thu</option><option>Fri</option><option>Sat</option><option>Sun</option></select></label>
<label>Difficulty <select id="f-tier"><option value="">all</option><option>1</option><option>2</option><option>3</option><option>4</option><option>5</option></select></label>
<label>Theme <select id="f-theme"><option value="">all</option>{{theme_options}}</select></label>
<button type="button" id="f-clear">Show all</button>
</form>
<p id="shown" role="status" aria-live="polite">{{count}} boards</p>
<details id="blocklist"><summary>Blocklist lines (<span id="bl-count">0</span> marked)</summary>
<p>Mark a board with its “Block…” button and give the reason; press it again to unmark. Add these lines to <code>data/blocklist.txt</code> (docs/puzzles.md#the-blocklist): no release emits the board again.</p>
<textarea id="bl-lines" rows="4" cols="60" readonly aria-label="Lines to add to data/blocklist.txt"></textarea>
<button type="button" id="bl-copy">Copy lines</button></details>
<div id="play" class="play-panel" role="dialog" aria-labelledby="play-title" hidden>
<h3 id="play-title">Playing</h3>
<p>You are Dark; the computer answers with its perfect reply, as in the game. Arrow keys move between squares, Enter plays, U undoes, V shows the values, Esc closes.</p>
<div id="play-grid" class="play-grid" role="group" aria-label="The board, a1 top left"></div>
<p id="play-status" role="status" aria-live="polite"></p>
<p><button type="button" id="play-undo">Undo (U)</button> <label><input type="checkbox" id="play-values"> Values (V)</label> <button type="button" id="play-next" hidden>Next board</button> <button type="button" id="play-close">Close (Esc)</button></p>
</div>
<div id="cards">{{cards}}</div>
</section>
<section id="calendar" aria-labelledby="calendar-h">
<h2 id="calendar-h">Daily calendar</h2>
<p>The Daily table repeats every {{cycle}} days from the epoch {{epoch}} (a Monday). Choose a day to see its trio beside the calendar (the board list above is filtered to it too); dates are given in the current cycle, today's day (on this computer's clock) outlined. Arrow keys move between days, Enter chooses.</p>
<p id="day-shown" role="status" aria-live="polite"></p>
<p><button type="button" class="play-day" id="play-day" hidden>Play this day's trio</button></p>
<div class="cal">
<div id="days" class="days" data-epoch="{{epoch}}" data-cycle="{{cycle}}" role="group" aria-label="Days of the Daily cycle">
<span class="wd">Mon</span><span class="wd">Tue</span><span class="wd">Wed</span><span class="wd">Thu</span><span class="wd">Fri</span><span class="wd">Sat</span><span class="wd">Sun</span>
{{calendar}}</div>
<div id="day-trio" aria-label="The chosen day's boards"></div>
</div>
</section>
<section id="strength" aria-labelledby="strength-h">
<h2 id="strength-h">Strength</h2>
{{strength}}
<h3>Settings line: "Beats a flip-grabber"</h3>
{{settings}}
{{levels}}
</section>
<section id="generation" aria-labelledby="generation-h">
<h2 id="generation-h">Generation</h2>
{{funnel}}
</section>
</main>
<script id="engine-wasm" type="application/octet-stream">{{engine_wasm}}</script>
<script id="engine-worker" type="text/plain">{{worker_js}}</script>
<script type="module">{{engine_js}}
{{js}}
{{play_js}}</script>
</body>
</html>
"##;

#[cfg(test)]
mod tests;
