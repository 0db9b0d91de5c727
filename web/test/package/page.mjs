// The package in a browser page (docs/web.md#the-package): bundled by esbuild
// from the installed package, served with discflip.wasm beside the bundle, run
// in headless Chromium by browser.cjs. Loads the module each way a page can —
// the default (beside the bundle), a URL, a fetch Response, its bytes — plays a
// few calls, runs EngineWorker with its defaults (the worker-checks.mjs
// checks too), and puts what it found in `window.result`.
import { Engine, EngineError, EngineWorker } from "discflip-engine";
import { empties26, workerChecks } from "./worker-checks.mjs";

const start = "---------------------------OX------XO---------------------------";
const found = [];
const check = (ok, what) => ok || found.push(what);

async function run() {
  const wasm = new URL("./discflip.wasm", import.meta.url);
  const engines = {
    default: await Engine.load(),
    url: await Engine.load(wasm),
    "relative path": await Engine.load("discflip.wasm"),
    response: await Engine.load(fetch(wasm)),
    bytes: await Engine.load(await (await fetch(wasm)).arrayBuffer()),
  };
  for (const [how, engine] of Object.entries(engines)) {
    check(JSON.stringify(engine.legalMoves(start, "X")) === '["d3","c4","f5","e6"]', `${how}: legalMoves`);
    check(engine.levelMove("level3", start, "X", 7).move === "e6", `${how}: levelMove`);
  }
  const engine = engines.default;
  try {
    engine.play(start, "X", "a1");
    found.push("an illegal move is refused");
  } catch (e) {
    check(e instanceof EngineError && e.code === "illegal-move", `illegal move: ${e}`);
  }
  try {
    await Engine.load(new URL("./missing.wasm", import.meta.url));
    found.push("a missing module is refused");
  } catch (e) {
    check(/HTTP 404/.test(e.message), `missing module: ${e.message}`);
  }
  await inAWorker(engine);
  Object.assign(timings, await workerChecks({ EngineWorker, engine, check }));
  return { version: engine.version, failures: found };
}

/** EngineWorker with its defaults: the worker and the module beside the bundle, found by
 *  relative URLs. A 26-empty search without a bound ("none") is cancelled; the worker answers again. */
async function inAWorker(engine) {
  const w = await EngineWorker.start();
  check(w.version.levelsSha256 === engine.version.levelsSha256, "the worker's engine is the page's");
  check(JSON.stringify(await w.legalMoves(start, "X")) === '["d3","c4","f5","e6"]', "worker: legalMoves");
  const [board, side] = empties26(engine);
  const long = w.moveValues(board, side, { maxPositions: "none" });
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 200));
  check(w.cancel(), "a pending call to cancel");
  try {
    await long;
    found.push("a cancelled call answers");
  } catch (e) {
    check(e instanceof EngineError && e.code === "cancelled", `the cancelled call: ${e}`);
  }
  const cancelMs = performance.now() - began;
  const hint = await w.hint(start, "X");
  check(JSON.stringify(hint) === JSON.stringify(engine.hint(start, "X")), "the worker answers again after the cancel");
  check(!w.cancel(), "nothing left to cancel");
  try {
    await w.moveValues(board, side, { maxPositions: 10000 });
    found.push("a budget is kept in the worker");
  } catch (e) {
    check(e instanceof EngineError && e.code === "budget", `the budget in the worker: ${e}`);
  }
  w.terminate();
  timings.cancelMs = Math.round(cancelMs);
}
const timings = {};

window.result = run().then((r) => ({ ...r, timings })).catch((e) => ({ failures: [`${e.name}: ${e.message}`] }));
