//! One board as an inline SVG diagram with its text alternative, and its
//! card on the review page (docs/review.md#a-boards-card).

use super::esc;
use engine::{Color, Position, Square};
use format::BoardRecord;
use std::fmt::Write as _;

/// Shapes every diagram uses, defined once per page: the board with its
/// coordinates, the two discs, and the three markers (par ring, biggest-flip
/// box, Level 2 diamond) that differ by shape as well as colour.
pub(crate) const SYMBOLS: &str = concat!(
    r##"<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>"##,
    r##"<g id="grid"><rect width="8" height="8" fill="#2f7d4f"/>"##,
    r##"<path d="M1 0V8M2 0V8M3 0V8M4 0V8M5 0V8M6 0V8M7 0V8M0 1H8M0 2H8M0 3H8M0 4H8M0 5H8M0 6H8M0 7H8" stroke="#123" stroke-width=".03"/>"##,
    r##"<g font-size=".38" fill="#333" text-anchor="middle">"##,
    r##"<text x=".5" y="-.15">a</text><text x="1.5" y="-.15">b</text><text x="2.5" y="-.15">c</text><text x="3.5" y="-.15">d</text>"##,
    r##"<text x="4.5" y="-.15">e</text><text x="5.5" y="-.15">f</text><text x="6.5" y="-.15">g</text><text x="7.5" y="-.15">h</text>"##,
    r##"<text x="-.3" y=".63">1</text><text x="-.3" y="1.63">2</text><text x="-.3" y="2.63">3</text><text x="-.3" y="3.63">4</text>"##,
    r##"<text x="-.3" y="4.63">5</text><text x="-.3" y="5.63">6</text><text x="-.3" y="6.63">7</text><text x="-.3" y="7.63">8</text></g></g>"##,
    r##"<circle id="k" cx=".5" cy=".5" r=".42" fill="#111"/>"##,
    r##"<circle id="par" cx=".5" cy=".5" r=".44" fill="none" stroke="#ffd200" stroke-width=".11"/>"##,
    r##"<rect id="bf" x=".07" y=".07" width=".86" height=".86" fill="none" stroke="#e53935" stroke-width=".07" stroke-dasharray=".14 .09"/>"##,
    r##"<path id="l2" d="M.5 .05L.95 .5L.5 .95L.05 .5Z" fill="none" stroke="#bbdefb" stroke-width=".09" stroke-dasharray=".08 .06"/>"##,
    r##"</defs></svg>"##
);

/// Where a record sits in the data.
pub(crate) struct Place {
    /// `endgame` or `daily`.
    pub(crate) set: &'static str,
    /// The Daily day and its weekday, for Daily boards.
    pub(crate) day: Option<(usize, &'static str)>,
}

fn xy(sq: Square) -> (u8, u8) {
    (sq.column(), sq.row())
}

/// The board's text alternative: id, side to move, discs, par, and every
/// legal move with its value and what marks it.
fn alt_text(r: &BoardRecord, pos: &Position) -> String {
    let mut s = format!(
        "Board {}: Dark to move, {} empty squares, Dark {} discs, Light {}; par {:+} by {}. Moves:",
        r.id,
        r.empties,
        pos.dark().count(),
        pos.light().count(),
        r.par,
        r.par_move
    );
    for m in &r.moves {
        let _ = write!(s, " {} {:+}", m.square, m.value);
        let roles = r.roles(m.square);
        let notes: Vec<&str> =
            [(roles.par, "par"), (roles.biggest_flip, "biggest-flip trap"), (roles.level2, "Level 2's move")]
                .into_iter()
                .filter_map(|(on, note)| on.then_some(note))
                .collect();
        if !notes.is_empty() {
            let _ = write!(s, " ({})", notes.join(", "));
        }
        s.push(';');
    }
    s
}

/// The inline SVG diagram of `r`: a1 top-left, Dark to move, each legal
/// move's value written on its square, markers for par, traps and Level 2.
/// The element and its text alternative are in the page; what it draws is in
/// its `data-draw` attribute, which the page's script makes its content when
/// the card first comes into view (docs/review.md#a-boards-card): an
/// attribute is one string to the parser, a drawing a dozen elements and
/// shadow trees, and 2,160 drawings made the page slow to become interactive.
pub(crate) fn svg(r: &BoardRecord) -> String {
    let pos = Position::from_board_str(&r.board, Color::Dark).expect("boards are checked when the page reads them");
    format!(
        r##"<svg class="board" viewBox="-.6 -.6 8.7 8.7" role="img" aria-label="{}" data-draw="{}"></svg>"##,
        esc(&alt_text(r, &pos)),
        drawing(r, &pos)
    )
}

/// The diagram's content, single-quoted so that it sits in a double-quoted
/// attribute as it is (nothing in it needs escaping).
fn drawing(r: &BoardRecord, pos: &Position) -> String {
    let mut s = String::from("<use href='#grid'/>");
    // Each colour's discs as one path of round-capped zero-length strokes (a
    // dot per disc): few elements and few bytes. Light discs get a dark rim
    // drawn first.
    let dots = |color| -> String {
        pos.discs(color).into_iter().map(|sq| format!("M{}.5 {}.5h0", xy(sq).0, xy(sq).1)).collect()
    };
    let (dark, light) = (dots(Color::Dark), dots(Color::Light));
    let _ = write!(s, "<path class='d' d='{dark}'/><path class='r' d='{light}'/><path class='l' d='{light}'/>");
    for m in &r.moves {
        let (x, y) = xy(m.square);
        if r.biggest_flip.contains(&m.square) {
            let _ = write!(s, "<use href='#bf' x='{x}' y='{y}'/>");
        }
        if r.level2.contains(&m.square) {
            let _ = write!(s, "<use href='#l2' x='{x}' y='{y}'/>");
        }
        if m.square == r.par_move {
            let _ = write!(s, "<use href='#par' x='{x}' y='{y}'/>");
        }
        let class = if m.value > 0 { "v win" } else { "v" };
        let _ = write!(s, "<text class='{class}' x='{x}.5' y='{y}.63'>{:+}</text>", m.value);
    }
    s
}

/// The board's card: diagram, caption, and the move table behind a disclosure.
pub(crate) fn card(r: &BoardRecord, place: &Place) -> String {
    let (day, weekday) = place.day.map_or((String::new(), ""), |(d, w)| (d.to_string(), w));
    let themes: Vec<&str> = r.themes.iter().flatten().map(|t| t.name()).collect();
    let mut s = format!(
        r#"<article class="card" data-set="{}" data-size="{}" data-day="{day}" data-weekday="{weekday}" data-tier="{}" data-themes="{}">"#,
        place.set,
        r.empties,
        r.solution.as_ref().map_or(String::new(), |s| s.tier.to_string()),
        themes.join(" ")
    );
    s += &svg(r);
    let where_ = match place.day {
        Some((d, w)) => format!("daily day {d} ({w})"),
        None => "endgame".to_string(),
    };
    // The id on the caption's first line, bold by the page's style.
    let _ = write!(
        s,
        "<p class=\"cap\">{}\n{where_} · {} empty · par {:+} by {}\nthemes: {}</p>",
        esc(&r.id),
        r.empties,
        r.par,
        r.par_move,
        if themes.is_empty() { "none".to_string() } else { themes.join(", ") }
    );
    let _ = write!(
        s,
        r#"<button type="button" class="play" data-id="{}" data-board="{}" data-par="{}">Play</button> <button type="button" class="block" data-id="{}" aria-pressed="false">Block…</button>"#,
        esc(&r.id),
        esc(&r.board),
        r.par,
        esc(&r.id)
    );
    // One disclosure, its content built by the page's script when it first
    // opens: the move table from `move value flips reply` quadruples, then the
    // difficulty sentence and the par lines (`|` between lines). The page stays
    // light.
    let moves: Vec<String> = r
        .moves
        .iter()
        .map(|m| format!("{} {:+} {} {}", m.square, m.value, m.flips, format::move_name(&m.reply)))
        .collect();
    let traps: Vec<String> =
        r.moves.iter().filter(|m| m.line.is_some()).map(|m| crate::present::show::trap_sentence(r, m)).collect();
    let _ = write!(s, r#"<details data-moves="{}" data-traps="{}""#, moves.join(","), esc(&traps.join("|")));
    match &r.solution {
        None => s += "><summary>Moves</summary></details>",
        Some(sol) => {
            let lines: Vec<String> = sol.lines.iter().map(|l| format::line_text(l)).collect();
            // The data lists at most 50 lines (docs/formats.md); say so when there are more.
            let listed = if !sol.lists_every_line() {
                format!(" The first {} of the {} par lines are listed.", lines.len(), sol.line_count)
            } else {
                String::new()
            };
            let _ = write!(
                s,
                r#" data-about="Random play reaches par {:.4}% of the time; {} of {} decisions have one par-keeping move.{listed}" data-lines="{}"><summary>Moves · difficulty {} (tier {}), {}</summary></details>"#,
                100.0 * sol.random_par_chance,
                sol.only_moves,
                sol.decisions,
                esc(&lines.join("|")),
                sol.difficulty,
                sol.tier,
                format::counted(sol.line_count, "par line"),
            );
        }
    }
    s += "</article>";
    s
}
