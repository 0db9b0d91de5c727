//! The review page's charts (docs/review.md#accessibility): each matchup's score with
//! its Wilson interval, the Elo ladder, the settings line, and the
//! generation funnel per empty count. Every chart has its numbers beside it.

use super::esc;
use std::fmt::Write as _;

/// One row of `ladder.csv` (or `openings.csv`), as text cells by column name.
pub(crate) type Row = std::collections::BTreeMap<String, String>;

fn cell<'a>(r: &'a Row, name: &str) -> &'a str {
    r.get(name).map_or("", String::as_str)
}

fn num(r: &Row, name: &str) -> f64 {
    cell(r, name).parse().unwrap_or(0.0)
}

/// Scores with their 95% intervals on a 0–1 axis, one line per matchup,
/// with the table of the same numbers.
pub(crate) fn strength(rows: &[Row]) -> String {
    let (w, h) = (640.0, 26.0 * rows.len() as f64 + 30.0);
    let mut s = format!(
        r#"<figure><svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="Score of each matchup with its 95% Wilson interval">"#
    );
    let x = |v: f64| 230.0 + v * 380.0;
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let _ = write!(
            s,
            r##"<line x1="{0}" x2="{0}" y1="10" y2="{1}" stroke="#ccc"/><text x="{0}" y="{2}" font-size="11" text-anchor="middle">{t}</text>"##,
            x(t),
            h - 18.0,
            h - 4.0
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let y = 24.0 + 26.0 * i as f64;
        let (lo, hi, sc) = (num(r, "score_low95"), num(r, "score_high95"), num(r, "score"));
        let _ = write!(
            s,
            r##"<text x="4" y="{}" font-size="12">{} vs {}</text><line x1="{}" x2="{}" y1="{y}" y2="{y}" stroke="#1565c0" stroke-width="6"/><circle cx="{}" cy="{y}" r="5" fill="#111"/>"##,
            y + 4.0,
            esc(cell(r, "first")),
            esc(cell(r, "second")),
            x(lo),
            x(hi),
            x(sc)
        );
    }
    s += "</svg><figcaption>Score (wins + draws/2) / games of the first-named side: dot; its 95% Wilson interval: bar.</figcaption></figure>";
    s += "<table><tr><th>first</th><th>second</th><th>games</th><th>W–D–L</th><th>score</th><th>95% interval</th><th>Elo</th><th>Elo 95%</th></tr>";
    for r in rows {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}–{}–{}</td><td>{}</td><td>{}–{}</td><td>{}</td><td>{} to {}</td></tr>",
            esc(cell(r, "first")),
            esc(cell(r, "second")),
            cell(r, "games"),
            cell(r, "wins"),
            cell(r, "draws"),
            cell(r, "losses"),
            cell(r, "score"),
            cell(r, "score_low95"),
            cell(r, "score_high95"),
            or_dash(cell(r, "elo")),
            or_dash(cell(r, "elo_low95")),
            or_dash(cell(r, "elo_high95"))
        );
    }
    s + "</table>"
}

fn or_dash(v: &str) -> &str {
    if v.is_empty() { "—" } else { v }
}

/// The settings line: each level's "Beats a flip-grabber" percentage.
pub(crate) fn settings_line(rows: &[Row]) -> String {
    let mut s = String::from(r#"<table><tr><th>level</th><th>beats a flip-grabber</th></tr>"#);
    for r in rows {
        let _ = write!(
            s,
            "<tr><td>Level {}</td><td>{}%</td></tr>",
            esc(cell(r, "level")),
            esc(cell(r, "beats_flip_grabber_percent"))
        );
    }
    s + "</table>"
}

/// The segments of the funnel, in `generation.csv` column order, with labels.
const FUNNEL: [(&str, &str, &str); 10] = [
    ("game_over_before_target", "game over first", "#9e9e9e"),
    ("failed_rule2_three_moves", "rule 2: < 3 moves", "#8d6e63"),
    ("failed_rule1_win", "rule 1: no win", "#e57373"),
    ("failed_rule5_biggest_flip", "rule 5: biggest flip", "#ffb74d"),
    ("failed_rule6_level2", "rule 6: Level 2", "#fff176"),
    ("failed_rule3_unique_par", "rule 3: par not unique", "#ba68c8"),
    ("failed_rule4_losing_move", "rule 4: no losing move", "#4dd0e1"),
    ("failed_reply_limit", "reply limit", "#f06292"),
    ("duplicates", "duplicate", "#90a4ae"),
    ("accepted", "accepted", "#2e7d32"),
];

/// The generation funnel: per empty count, candidates split by what became
/// of them (in the order the rules are checked), with the table beside it.
pub(crate) fn funnel(rows: &[Row]) -> String {
    let h = 30.0 * rows.len() as f64 + 10.0;
    let mut s = format!(
        r#"<figure><svg class="chart" viewBox="0 0 640 {h}" role="img" aria-label="Candidates per empty count by outcome">"#
    );
    for (i, r) in rows.iter().enumerate() {
        let y = 8.0 + 30.0 * i as f64;
        let total = num(r, "candidates").max(1.0);
        let _ = write!(s, r#"<text x="4" y="{}" font-size="12">{} empty</text>"#, y + 14.0, esc(cell(r, "empties")));
        let mut x = 80.0;
        for (col, label, colour) in FUNNEL {
            let wdt = 550.0 * num(r, col) / total;
            if wdt > 0.0 {
                let _ = write!(
                    s,
                    r##"<rect x="{x:.2}" y="{y}" width="{wdt:.2}" height="20" fill="{colour}" stroke="#fff" stroke-width=".5"><title>{label}: {}</title></rect>"##,
                    cell(r, col)
                );
            }
            x += wdt;
        }
    }
    s += "</svg><figcaption>Each bar is one empty count's candidates, left to right in the order the rules are checked.</figcaption></figure>";
    s += "<table><tr><th>empties</th><th>candidates</th>";
    for (_, label, colour) in FUNNEL {
        let _ = write!(s, r#"<th><span class="sw" style="background:{colour}"></span>{label}</th>"#);
    }
    s += "<th>pass rate</th></tr>";
    for r in rows {
        let _ = write!(s, "<tr><td>{}</td><td>{}</td>", esc(cell(r, "empties")), cell(r, "candidates"));
        for (col, _, _) in FUNNEL {
            let _ = write!(s, "<td>{}</td>", cell(r, col));
        }
        let _ = write!(s, "<td>{}%</td></tr>", cell(r, "pass_rate_percent"));
    }
    s + "</table>"
}
