// The review page in a real browser (docs/review.md#the-browser-test). Run by scripts/check-review.
// Playwright drives Debian's Chromium: it waits on the page's own events, reports
// console messages and failed requests, and takes screenshots, with no browser
// download of its own.
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");
const path = require("path");

const [pagePath, outDir] = process.argv.slice(2);
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };

(async () => {
  const bytes = fs.statSync(pagePath).size;
  check(bytes < 8 * 1024 * 1024, `page is ${bytes} bytes, budget 8 MB`);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed request: ${r.url()}`));
  // The page itself (file:) and the engine's worker, made from the page's own text (blob:), only.
  page.on("request", (r) => { if (!/^(file|blob):/.test(r.url())) problems.push(`network request: ${r.url()}`); });

  const start = Date.now();
  await page.goto("file://" + path.resolve(pagePath), { waitUntil: "load" });
  await page.waitForFunction(() => window.reviewReady !== undefined);
  const wallMs = Date.now() - start;
  const readyMs = await page.evaluate(() => window.reviewReady);
  check(readyMs < 2000, `interactive after ${readyMs.toFixed(0)} ms, budget 2000 ms`);

  const count = (sel) => page.locator(sel).count();
  check(await count("#cards svg.board") === 2160, `board diagrams: ${await count("#cards svg.board")}, expected 2160`);
  const want = { "endgame 8": 300, "endgame 10": 300, "endgame 12": 300, "daily 6": 180, "daily 8": 420, "daily 10": 420, "daily 12": 240 };
  for (const [key, n] of Object.entries(want)) {
    const [set, size] = key.split(" ");
    const got = await count(`.card[data-set="${set}"][data-size="${size}"]`);
    check(got === n, `${key}: ${got} boards, expected ${n}`);
  }
  const labelled = await page.locator("#cards svg.board[role=img][aria-label^='Board ']").count();
  check(labelled === 2160, `diagrams with a text alternative: ${labelled}`);
  await page.screenshot({ path: path.join(outDir, "review-1280x800.png") });
  // Diagrams are drawn when their card comes into view (docs/review.md#a-boards-card): the
  // first card's drawing shows a dot per disc of its board and a number per legal move.
  const firstDrawn = await page.waitForFunction(() => document.querySelector("#cards svg.board").childElementCount > 0,
    null, { timeout: 5000 }).then(() => true, () => false);
  check(firstDrawn, "the first card's diagram is drawn");
  const first = await page.evaluate(() => {
    const card = document.querySelector("#cards .card");
    const dots = (cls) => ((card.querySelector(`svg.board path.${cls}`)?.getAttribute("d") || "").match(/M/g) || []).length;
    const board = card.querySelector("button.play").dataset.board;
    return {
      dark: dots("d"), light: dots("l"), rims: dots("r"),
      wantDark: board.split("X").length - 1, wantLight: board.split("O").length - 1,
      values: card.querySelectorAll("svg.board text.v").length,
      moves: card.querySelector("details").dataset.moves.split(",").length,
    };
  });
  check(first.dark === first.wantDark && first.light === first.wantLight && first.rims === first.wantLight,
    `first diagram: ${first.dark} dark and ${first.light} light dots (${first.rims} rims), board has ${first.wantDark} and ${first.wantLight}`);
  check(first.values === first.moves, `first diagram: ${first.values} values for ${first.moves} legal moves`);
  const drawnAtFirst = await page.evaluate(() => document.querySelectorAll("#cards svg.board:not([data-draw])").length);
  check(drawnAtFirst < 2160, "diagrams out of view wait to be drawn");
  await page.locator("#cards .card").last().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Array.from(document.querySelectorAll("#cards svg.board")).pop().childElementCount > 0, null, { timeout: 5000 })
    .catch(() => check(false, "the last card's diagram is drawn once it is in view"));
  await page.evaluate(() => window.scrollTo(0, 0));

  // A card's disclosure, built when it opens: a row per move, a numbered par line per line
  // counted (or, when the data lists fewer, a sentence saying how many of them). Two cards:
  // the first, and the first with more par lines than the data lists.
  const many = await page.evaluate(() => Array.from(document.querySelectorAll("#cards .card details"))
    .findIndex((d) => (d.dataset.about || "").includes("par lines are listed")));
  check(many >= 0, "some board has more par lines than the data lists (at most 50)");
  for (const k of [0, many].filter((k) => k >= 0)) {
    const summary = page.locator("#cards .card details summary").nth(k);
    await summary.scrollIntoViewIfNeeded();
    await summary.click();
    const opened = await page.evaluate((k) => {
      const d = document.querySelectorAll("#cards .card details")[k];
      return { rows: d.querySelectorAll("table tr").length, lines: d.querySelectorAll("ol li").length,
        summary: d.querySelector("summary").textContent, moves: d.dataset.moves.split(",").length,
        about: d.querySelector("p.about")?.textContent || "",
        traps: d.querySelectorAll("ul.traps li").length,
        trapsWanted: d.dataset.traps ? d.dataset.traps.split("|").length : 0,
        trapText: Array.from(d.querySelectorAll("ul.traps li")).map((li) => li.textContent) };
    }, k);
    const counted = Number((opened.summary.match(/(\d+) par lines?$/) || [])[1]);
    check(opened.rows === opened.moves + 1, `card ${k}: move table of ${opened.rows} rows for ${opened.moves} moves and a header`);
    check(opened.lines === counted || opened.about.endsWith(`The first ${opened.lines} of the ${counted} par lines are listed.`),
      `card ${k}: ${opened.lines} par lines listed, the summary says ${counted}: ${opened.about}`);
    check(opened.traps >= 1 && opened.traps === opened.trapsWanted, `card ${k}: ${opened.traps} traps explained, ${opened.trapsWanted} traps`);
    check(opened.trapText.every((t) => / flips \d+ but Light answers .*; the board ends [-+]\d+, \d+ short of par$/.test(t)),
      `card ${k}: why the traps fail: ${opened.trapText}`);
    await summary.click();
  }
  await page.evaluate(() => window.scrollTo(0, 0));

  // A filter changes what is shown.
  const visible = () => page.evaluate(() => document.querySelectorAll("#cards .card:not([hidden])").length);
  check(await visible() === 2160, "all boards shown at first");
  await page.selectOption("#f-set", "daily");
  await page.selectOption("#f-size", "12");
  check(await visible() === 240, `daily 12-empty filter shows ${await visible()}, expected 240`);
  check((await page.textContent("#shown")).startsWith("240 of 2160"), "the count line follows the filter");
  // The theme filter: only boards carrying the theme, and every one of them.
  await page.click("#f-clear");
  await page.selectOption("#f-theme", "corner");
  const cornered = await page.evaluate(() => Array.from(document.querySelectorAll("#cards .card"))
    .filter((c) => c.dataset.themes.split(" ").includes("corner")).length);
  check(cornered > 0 && await visible() === cornered, `theme corner shows ${await visible()} boards, ${cornered} carry it`);
  await page.click("#f-clear");
  await page.selectOption("#f-set", "daily");
  await page.selectOption("#f-size", "12");

  // A calendar day shows its trio and its date in the current cycle.
  await page.click('#days button[data-day="3"]');
  check(await visible() === 3, `day 3 shows ${await visible()} boards, expected 3`);
  const dayDays = await page.evaluate(() => Array.from(document.querySelectorAll("#cards .card:not([hidden])")).map((c) => c.dataset.day));
  check(dayDays.every((d) => d === "3"), `day 3 shows boards of days ${dayDays}`);
  await page.waitForFunction(() => Array.from(document.querySelectorAll("#day-trio svg.board")).every((b) => b.childElementCount > 0), null, { timeout: 5000 })
    .catch(() => check(false, "the chosen day's trio beside the calendar is drawn"));
  const dayText = await page.textContent("#day-shown");
  check(/^Day 3: Thu \d{4}-\d{2}-\d{2} in the current cycle/.test(dayText), `day line: ${dayText}`);
  // The day rule again, written here apart from the page's: the browser's local date, whole days from
  // the epoch, floor modulo the cycle; day 3's date is today's minus today's day, plus 3.
  const rule = await page.evaluate(() => {
    const el = document.getElementById("days");
    const now = new Date();
    const [y, m, d] = el.dataset.epoch.split("-").map(Number);
    const n = (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) - Date.UTC(y, m - 1, d)) / 86400000;
    const cycle = Number(el.dataset.cycle);
    const today = ((n % cycle) + cycle) % cycle;
    const day3 = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - today + 3)).toISOString().slice(0, 10);
    const current = Array.from(el.querySelectorAll('button[aria-current="date"]')).map((b) => Number(b.dataset.day));
    return { today, day3, current };
  });
  check(dayText.startsWith(`Day 3: Thu ${rule.day3} `), `day 3 is ${rule.day3} in the current cycle: ${dayText}`);
  check(rule.current.length === 1 && rule.current[0] === rule.today, `today is day ${rule.today}, outlined: ${rule.current}`);

  // The calendar works with the keyboard.
  await page.focus('#days button[data-day="3"]');
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  check((await page.textContent("#day-shown")).startsWith("Day 10: Thu"), "ArrowDown then Enter chooses day 10");
  check(await visible() === 3, "day 10 shows three boards");

  // Marking a board for the blocklist gives its line, ready to copy; a second press unmarks it.
  page.once("dialog", (d) => d.accept("too easy"));
  const card = "#cards .card:not([hidden]) button.block";
  const markId = await page.getAttribute(card, "data-id");
  await page.click(card);
  const lines = await page.inputValue("#bl-lines");
  check(lines === markId + "  too easy\n", `blocklist lines after marking: ${JSON.stringify(lines)}`);
  check(await page.getAttribute(card, "aria-pressed") === "true", "a marked board's button is pressed");
  check((await page.textContent("#bl-count")) === "1", "one board marked");
  await page.click(card);
  check((await page.inputValue("#bl-lines")) === "", "pressing again unmarks it");

  // Playing a board as the game does (docs/review.md#playing-a-board): the first move
  // with the keyboard, Undo, then par moves with the values shown, to the end.
  await page.click("#f-clear");
  const playButton = page.locator("#cards .card button.play").first();
  const parMove = await page.evaluate(() => {
    const b = document.querySelector("#cards .card button.play");
    return b.closest(".card").querySelector(".cap").textContent.match(/par [+-]?\d+ by ([a-h][1-8])/)[1];
  });
  const startBoard = await playButton.getAttribute("data-board");
  // The engine answers from a Web Worker: the panel is aria-busy until it has.
  const answered = () => page.waitForSelector("#play:not([aria-busy])");
  await playButton.click();
  await page.waitForSelector("#play:not([hidden]) #play-grid button");
  await answered();
  check((await page.textContent("#play-status")).startsWith("Your move"), "the play panel waits for Dark's move");
  const target = (parMove.charCodeAt(1) - 49) * 8 + (parMove.charCodeAt(0) - 97);
  const arrows = [];
  for (let i = 0; i < target % 8; i++) arrows.push("ArrowRight");
  for (let i = 0; i < Math.floor(target / 8); i++) arrows.push("ArrowDown");
  await page.focus("#play-grid button[tabindex='0']");
  for (const key of arrows) await page.keyboard.press(key);
  await page.keyboard.press("Enter");
  await answered();
  const cellsOf = () => page.evaluate(() => Array.from(document.querySelectorAll("#play-grid button")).map((b) => b.className === "dark" ? "X" : b.className === "light" ? "O" : "-").join(""));
  check(await cellsOf() !== startBoard, "Enter on the par move plays it and the computer answers");
  await page.keyboard.press("v");
  await answered();
  await page.locator("#play").screenshot({ path: path.join(outDir, "review-play-middle.png") });
  await page.keyboard.press("v");
  await answered();
  await page.keyboard.press("u");
  await answered();
  check(await cellsOf() === startBoard, "U undoes back to the board as it started");
  await page.keyboard.press("v");
  await answered();
  for (let turn = 0; turn < 40; turn++) {
    if (await page.getAttribute("#play-status", "data-result")) break;
    const par = await playButton.getAttribute("data-par");
    const want = (Number(par) > 0 ? "+" : "") + par;
    const cell = page.locator("#play-grid button", { hasText: new RegExp("^\\" + want + "$") }).first();
    await cell.click();
    await answered();
  }
  const result = await page.getAttribute("#play-status", "data-result");
  check(result === "par", `a par line played through the page ends at ${result}, expected par`);
  await page.screenshot({ path: path.join(outDir, "review-play.png") });
  await page.click("#play-close");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(outDir, "review-390x844.png") });
  await browser.close();

  for (const p of problems) failures.push(p);
  console.log(`review page: ${bytes} bytes, interactive after ${readyMs.toFixed(0)} ms (load event ${wallMs} ms), ` +
    `${drawnAtFirst} diagrams drawn at first, ` +
    `screenshots in ${outDir}`);
  if (failures.length) {
    for (const f of failures) console.log("FAIL " + f);
    console.log(`check-review: ${failures.length} failed`);
    process.exit(1);
  }
  console.log("check-review: 1 passed, 0 failed");
})().catch((e) => { console.error(e); process.exit(1); });
