// The package in a browser page (docs/web.md#the-package): bundled by esbuild
// from the installed package, served with discflip.wasm beside the bundle, run
// in headless Chromium by browser.cjs. Loads the module each way a page can —
// the default (beside the bundle), a URL, a fetch Response, its bytes — plays a
// few calls, and puts what it found in `window.result`.
import { Engine, EngineError } from "discflip-engine";

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
  return { version: engine.version, failures: found };
}

window.result = run().catch((e) => ({ failures: [`${e.name}: ${e.message}`] }));
