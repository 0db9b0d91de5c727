//! The docs stay a map (docs/testing.md#the-docs-own-checks): `docs/*.md`
//! together within a word budget, and no prose line over a length limit
//! (tables, code blocks and lines that are only a link or a path aside).

use discflip_e2e::workspace_root;

/// Words in `docs/*.md` together, as `wc -w` counts them.
const WORD_BUDGET: usize = 22_000;
/// Characters in a line of prose.
const LINE_LIMIT: usize = 100;

/// Whitespace-separated words, as `wc -w` counts them.
fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// The prose lines of a Markdown text over `limit` characters, by line number:
/// not in a fenced code block, not a table row, not an indented code line, not
/// one unbreakable word (a link or a path).
fn long_prose_lines(text: &str, limit: usize) -> Vec<(usize, usize)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let prose = !fenced && !line.starts_with('|') && !line.starts_with("    ") && line.contains(' ');
        let length = line.chars().count();
        if prose && length > limit {
            out.push((i + 1, length));
        }
    }
    out
}

fn docs() -> Vec<(String, String)> {
    let dir = workspace_root().join("docs");
    let mut pages: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("docs/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).expect("a page")))
        .collect();
    pages.sort();
    pages
}

#[test]
fn the_docs_stay_within_their_word_budget() {
    let pages = docs();
    assert!(pages.len() >= 10, "the docs pages: {}", pages.len());
    let total: usize = pages.iter().map(|(_, text)| words(text)).sum();
    let by_page: Vec<String> = pages.iter().map(|(name, text)| format!("{name} {}", words(text))).collect();
    assert!(
        total <= WORD_BUDGET,
        "docs/*.md hold {total} words, over the budget of {WORD_BUDGET}: cut, or move run figures to \
         bench/runs/ ({})",
        by_page.join(", ")
    );
}

#[test]
fn no_prose_line_is_over_the_limit() {
    let long: Vec<String> = docs()
        .iter()
        .flat_map(|(name, text)| {
            long_prose_lines(text, LINE_LIMIT)
                .into_iter()
                .map(move |(n, len)| format!("docs/{name}:{n}: {len} characters"))
        })
        .collect();
    assert!(long.is_empty(), "prose lines over {LINE_LIMIT} characters:\n{}", long.join("\n"));
}

/// The rules themselves, on hand-made text.
#[test]
fn the_rules_count_words_and_skip_tables_code_and_links() {
    assert_eq!(words("one two\nthree\t four\n"), 4);
    let long = "x ".repeat(60);
    let text = format!(
        "{long}\n| {long} |\n```\n{long}\n```\n    {long}\nhttps://example.com/{}\n{}\n",
        "a".repeat(120),
        "y ".repeat(50).trim_end()
    );
    assert_eq!(long_prose_lines(&text, 100), [(1, 120)], "only the prose line; 99 characters pass");
    assert_eq!(long_prose_lines(&"z ".repeat(51), 100), [(1, 102)]);
}
