// The package in a page built by `vite build` with Vite's defaults (no config,
// nothing copied by hand; docs/web.md#bundlers): Engine.load() and
// EngineWorker.start() with their defaults find the module and the worker
// Vite emitted, and the worker checks (worker-checks.mjs) run; what it found
// goes in `window.result` for browser.cjs.
import { Engine, EngineError, EngineWorker } from "discflip-engine";
import { workerChecks } from "./worker-checks.mjs";

const found = [];
const check = (ok, what) => ok || found.push(what);

async function run() {
  const engine = await Engine.load();
  const start = "---------------------------OX------XO---------------------------";
  check(JSON.stringify(engine.legalMoves(start, "X")) === '["d3","c4","f5","e6"]', "legalMoves");
  try {
    engine.play(start, "X", "a1");
    found.push("an illegal move is refused");
  } catch (e) {
    check(e instanceof EngineError && e.code === "illegal-move", `illegal move: ${e}`);
  }
  const timings = await workerChecks({ EngineWorker, engine, check });
  return { version: engine.version, failures: found, timings };
}

window.result = run().catch((e) => ({ failures: [`${e.name}: ${e.message}`] }));
