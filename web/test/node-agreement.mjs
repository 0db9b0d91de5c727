// Usage: node web/test/node-agreement.mjs WEB_DIR DATA_DIR
// The module in Node against every shipped board (docs/web.md#agreement-tested).
// Prints one line per disagreement and `N passed, M failed` (boards); exit 1 on any.
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { checkBoard, boardsOf } from "./agreement.mjs";

const [webDir, dataDir] = process.argv.slice(2);
const { Engine } = await import(pathToFileURL(path.resolve(webDir, "discflip.js")).href);
const engine = await Engine.load(await readFile(path.join(webDir, "discflip.wasm")));
const json = async (name) => JSON.parse(await readFile(path.join(dataDir, name), "utf8"));
const boards = boardsOf(await json("endgame.json"), await json("daily.json"));
const start = performance.now();
let failed = 0;
for (const rec of boards) {
  const bad = checkBoard(engine, rec);
  for (const line of bad) console.log(line);
  if (bad.length > 0) failed += 1;
}
console.log(`node agreement: ${boards.length} boards in ${((performance.now() - start) / 1000).toFixed(1)} s`);
console.log(`${boards.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
