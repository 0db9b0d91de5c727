// Usage: node web/test/node-calls.mjs WEB_DIR CALLS_JSONL
// The module's game calls against the native engine (docs/web.md#agreement-tested):
// each line of CALLS_JSONL (web/examples/calls_reference.rs) holds a board, a
// side and what the native engine answers; the module must answer the same to
// flips (every legal move), settled, hint and status. Prints one line per
// disagreement and a summary; exit 1 on any.
import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [webDir, callsFile] = process.argv.slice(2);
const { Engine } = await import(pathToFileURL(path.resolve(webDir, "discflip.js")).href);
const engine = await Engine.load(path.join(webDir, "discflip.wasm"));
const lines = (await readFile(callsFile, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
const same = (got, want) => isDeepStrictEqual(JSON.parse(JSON.stringify(got)), want);
const start = performance.now();
let bad = 0;
let flips = 0;
const say = (rec, what) => {
  bad += 1;
  if (bad <= 20) console.log(`${rec.board} ${rec.side}: ${what}`);
};
for (const rec of lines) {
  for (const [move, want] of Object.entries(rec.flips)) {
    flips += 1;
    const got = engine.flips(rec.board, rec.side, move);
    if (!same(got, want)) say(rec, `flips ${move}: ${JSON.stringify(got)}, native ${JSON.stringify(want)}`);
  }
  const settled = engine.settled(rec.board);
  if (!same(settled, rec.settled)) say(rec, `settled ${JSON.stringify(settled)}, native ${JSON.stringify(rec.settled)}`);
  let hint;
  try {
    hint = engine.hint(rec.board, rec.side);
  } catch (e) {
    hint = e.code;
  }
  if (!same(hint, rec.hint)) say(rec, `hint ${JSON.stringify(hint)}, native ${JSON.stringify(rec.hint)}`);
  const status = engine.status(rec.board, rec.side);
  if (!same(status, rec.status)) say(rec, `status ${JSON.stringify(status)}, native ${JSON.stringify(rec.status)}`);
}
const seconds = ((performance.now() - start) / 1000).toFixed(1);
console.log(`node calls: ${lines.length} positions (${flips} moves' flips), settled, hint, status in ${seconds} s: ${bad} disagreements`);
process.exit(bad === 0 ? 0 : 1);
