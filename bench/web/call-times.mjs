// Usage: node bench/web/call-times.mjs WEB_DIR CALLS_JSONL
// The module's calls timed in Node (bench/runs/*-web.md): each game call on the
// positions of CALLS_JSONL (web/examples/calls_reference.rs, as scripts/check-web
// writes it to target/web-check/calls.jsonl) that are not over, moveValues on the
// shipped boards, and moveValues under a budget at 16 to 26 empties (positions
// of seeded random games) with the call after it. Figures only: it asserts nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [webDir, callsFile] = process.argv.slice(2);
const { Engine } = await import(pathToFileURL(path.resolve(webDir, "discflip.js")).href);
const engine = await Engine.load(path.join(webDir, "discflip.wasm"));
const lines = readFileSync(callsFile, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const live = lines.filter((r) => r.status.side !== null);
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
function time(name, f) {
  const ms = [];
  for (const r of live) { const t = performance.now(); f(r); ms.push(performance.now() - t); }
  console.log(`${name}: median ${med(ms).toFixed(3)} ms, slowest ${Math.max(...ms).toFixed(3)} ms over ${live.length} positions`);
}
time("legalMoves", (r) => engine.legalMoves(r.board, r.side));
time("flips (first legal move)", (r) => { const m = Object.keys(r.flips)[0]; if (m) engine.flips(r.board, r.side, m); });
time("settled", (r) => engine.settled(r.board));
time("status", (r) => engine.status(r.board, r.side));
time("hint", (r) => engine.hint(r.board, r.side));
const shipped = lines.slice(0, 2160);
const ms = shipped.map((r) => { const t = performance.now(); engine.moveValues(r.board, "X"); return performance.now() - t; });
console.log(`moveValues on the 2,160 shipped boards: median ${med(ms).toFixed(2)} ms, slowest ${Math.max(...ms).toFixed(2)} ms`);
const start = "---------------------------OX------XO---------------------------";
for (const n of [16, 20, 22, 26]) {
  let [b, s] = [start, "X"];
  let seed = 0;
  while ([...b].filter((c) => c === "-").length > n) { const m = engine.levelMove("random", b, s, seed++).move; ({ board: b, side: s } = engine.play(b, s, m)); if (s === null) { [b, s] = [start, "X"]; } }
  let t = performance.now();
  try { engine.moveValues(b, s, { maxPositions: 1_000_000 }); console.log(`${n} empties: moveValues within 1,000,000 positions answered in ${(performance.now() - t).toFixed(0)} ms`); }
  catch (e) { console.log(`${n} empties: moveValues maxPositions 1,000,000 -> ${e.code} in ${(performance.now() - t).toFixed(0)} ms`); }
  t = performance.now();
  try { engine.moveValues(b, s, { maxPositions: 100_000 }); console.log(`  within 100,000 answered in ${(performance.now() - t).toFixed(0)} ms`); }
  catch (e) { console.log(`  maxPositions 100,000 -> ${e.code} in ${(performance.now() - t).toFixed(0)} ms`); }
  t = performance.now(); engine.legalMoves(b, s); console.log(`  next call answers in ${(performance.now() - t).toFixed(2)} ms`);
}
