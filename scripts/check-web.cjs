// The engine's WebAssembly module in headless Chromium (docs/web.md#agreement-tested).
// Run by scripts/check-web: serves the module, the data and the test pages on
// the loopback address, checks every shipped board on the page's main thread
// (the same checks as the Node test), then times Level 5 in a Web Worker on the
// 200 ten-empty positions of reports/level5_endgame.csv and on 100 midgame
// positions of ladder games, beside the native engine on the same positions,
// and writes those figures to a CSV. The native timings come from the
// level5_timing example, the program given as the fifth argument.
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");
const http = require("http");
const path = require("path");
const { spawnSync } = require("child_process");
const { pathToFileURL } = require("url");

const [webDir, dataDir, reportsDir, timingsOut, level5Timing] = process.argv.slice(2);
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); };
const types = { ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".html": "text/html" };
const roots = { "/web/": webDir, "/data/": dataDir, "/test/": path.join(__dirname, "..", "web", "test") };

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end(); // the browser asks for it on its own
      return;
    }
    const prefix = Object.keys(roots).find((p) => url.pathname.startsWith(p));
    const root = prefix && path.resolve(roots[prefix]);
    const file = prefix && path.join(root, path.normalize(decodeURIComponent(url.pathname.slice(prefix.length))));
    if (!file || !file.startsWith(root + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const csvRows = (file) => {
  const [head, ...lines] = fs.readFileSync(file, "utf8").trim().split("\n");
  const cols = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
};
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const count = (board, c) => [...board].filter((x) => x === c).length;

/** 100 midgame positions with Level 5 to move, replayed from the first ladder
 *  games of Level 5 against the flip-grabber (game g stops at 11 to 40 empties). */
async function midgamePositions(engine) {
  const games = csvRows(path.join(reportsDir, "ladder_games.csv")).filter((g) => g.matchup === "level5 vs flip-grabber");
  let board = "-".repeat(27) + "OX------XO" + "-".repeat(27);
  const out = [];
  for (const [g, game] of games.entries()) {
    let [b, side] = [board, "X"];
    const level5 = game.dark === "level5" ? "X" : "O";
    const moves = game.transcript.match(/../g);
    const stopAt = 40 - (g % 30); // 11 to 40 empty squares
    for (const m of moves) {
      if (64 - count(b, "X") - count(b, "O") <= stopAt && side === level5) break;
      ({ board: b, side } = engine.play(b, side, m));
      if (side === null) break;
    }
    if (side === level5) out.push([b, side]);
    if (out.length === 100) break;
  }
  return out;
}

function nativeTimes(positions) {
  const input = positions.map(([b, s]) => `${b} ${s}`).join("\n") + "\n";
  const run = spawnSync(level5Timing, [], { input, encoding: "utf8", maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`native timing failed: ${run.stderr}`);
  return run.stdout.trim().split("\n").map((l) => { const [move, positions, ms] = l.split(" "); return { move, positions: Number(positions), ms: Number(ms) }; });
}

(async () => {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => { if (!r.url().startsWith(base)) problems.push(`request off the loopback server: ${r.url()}`); });
  await page.goto(`${base}/test/check.html`);
  await page.waitForFunction(() => window.checkReady === true).catch((e) => {
    throw new Error(`the check page did not start: ${problems.join("; ") || e.message}`);
  });

  const agreement = await page.evaluate(() => window.runAgreement());
  for (const line of agreement.disagreements.slice(0, 20)) console.log(line);
  console.log(`chromium agreement: ${agreement.boards} boards, ${agreement.disagreements.length} disagreements in ${agreement.seconds.toFixed(1)} s`);
  check(agreement.boards === 2160, `${agreement.boards} boards, expected 2160`);
  check(agreement.disagreements.length === 0, `${agreement.disagreements.length} disagreements`);

  const { Engine } = await import(pathToFileURL(path.join(webDir, "discflip.js")).href);
  const engine = await Engine.load(fs.readFileSync(path.join(webDir, "discflip.wasm")));
  const endgame = csvRows(path.join(reportsDir, "level5_endgame.csv")).map((r) => r.board.split(" "));
  const midgame = await midgamePositions(engine);
  check(endgame.length === 200, `${endgame.length} ten-empty positions, expected 200`);
  check(midgame.length === 100, `${midgame.length} midgame positions, expected 100`);

  const sets = [
    { name: "endgame10", positions: endgame, clock: false, limit: "" },
    { name: "midgame", positions: midgame, clock: true, limit: "2500" },
  ];
  const rows = [];
  for (const set of sets) {
    const worker = await page.evaluate(([p, c]) => window.timeInWorker(p, c), [set.positions, set.clock]);
    const native = nativeTimes(set.positions);
    const full = worker.filter((m, i) => m.positions === native[i].positions);
    const sameMoves = full.every((m) => m.move === native[worker.indexOf(m)].move);
    check(sameMoves, `${set.name}: a worker move differs from the native one on the same search`);
    if (!set.clock) check(full.length === worker.length, `${set.name}: ${worker.length - full.length} worker moves counted other positions than native`);
    const over = set.clock ? worker.filter((m) => m.ms >= 2500).length : 0;
    for (const [runner, moves] of [["browser-worker", worker], ["native", native]]) {
      rows.push([set.name, moves.length, runner, median(moves.map((m) => m.ms)).toFixed(3), Math.max(...moves.map((m) => m.ms)).toFixed(3),
        Math.max(...moves.map((m) => m.positions)), set.limit, runner === "native" ? "" : over]);
    }
    console.log(`${set.name}: worker median ${rows.at(-2)[3]} ms, slowest ${rows.at(-2)[4]} ms; native median ${rows.at(-1)[3]} ms, slowest ${rows.at(-1)[4]} ms`);
  }
  rows.push(["endgame10", 200, "help-page", "", "8.600", "", "", ""]);
  const head = "set,moves,runner,median_ms,slowest_ms,most_positions,limit_ms,moves_at_limit\n";
  fs.mkdirSync(path.dirname(timingsOut), { recursive: true });
  fs.writeFileSync(timingsOut, head + rows.map((r) => r.join(",")).join("\n") + "\n");

  check(problems.length === 0, problems.join("; "));
  await browser.close();
  server.close();
  if (failures.length) {
    for (const f of failures) console.error(`check-web: ${f}`);
    process.exit(1);
  }
  console.log(`check-web: passed; timings in ${timingsOut}`);
})().catch((e) => { console.error(e); process.exit(1); });
