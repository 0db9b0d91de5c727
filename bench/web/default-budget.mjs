// Usage: node bench/web/default-budget.mjs PACKAGE_DIR SET_FILE... [--budget N]...
// moveValues's default position budget measured (docs/web.md#the-api): for each
// budget (default: the package's own, no option given), the time moveValues on
// the start position takes to stop with `budget` (three tries), and how many of
// the first 100 positions of each set (`<board> <side> …` lines, such as the
// benchmark sets) answer within it, with the mean and slowest call's time.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const budgets = [];
const sets = [];
for (let i = 1; i < args.length; i++) {
  if (args[i] === "--budget") budgets.push(Number(args[++i]));
  else sets.push(args[i]);
}
const { Engine } = await import(pathToFileURL(path.resolve(args[0], "discflip.js")).href);
const engine = await Engine.load(path.resolve(args[0], "discflip.wasm"));
const start = "---------------------------OX------XO---------------------------";
for (const budget of budgets.length ? budgets : [undefined]) {
  const options = budget === undefined ? undefined : { maxPositions: budget };
  const stops = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    try {
      engine.moveValues(start, "X", options);
      stops.push("answered");
    } catch (e) {
      if (e.code !== "budget") throw e;
      stops.push(`${Math.round(performance.now() - t)} ms`);
    }
  }
  console.log(`budget ${budget ?? "default"}: the start position stops after ${stops.join(", ")}`);
  for (const file of sets) {
    const lines = fs.readFileSync(file, "utf8").split("\n").filter((l) => l && !l.startsWith("#")).slice(0, 100);
    let answered = 0;
    let worst = 0;
    let total = 0;
    for (const line of lines) {
      const [board, side] = line.split(/\s+/);
      const t = performance.now();
      try {
        engine.moveValues(board, side, options);
        answered++;
      } catch (e) {
        if (e.code !== "budget") throw e;
      }
      const ms = performance.now() - t;
      worst = Math.max(worst, ms);
      total += ms;
    }
    console.log(`  ${file}: ${answered} of ${lines.length} answer; mean ${Math.round(total / lines.length)} ms, slowest ${Math.round(worst)} ms`);
  }
}
