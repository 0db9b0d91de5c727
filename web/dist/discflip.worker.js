// The engine's worker (docs/web.md#in-a-worker): EngineWorker starts it as a
// module Web Worker, or in Node as a worker_threads Worker. One Engine, loaded
// from the compiled module EngineWorker sends; then one call per message,
// answered with { id, ok } or { id, error }.
import { Engine } from "./discflip.js";

const calls = new Set(["legalMoves", "play", "moveValues", "reply", "levelMove", "flips", "settled", "hint", "status"]);
let engine = null;

async function answer({ id, call, args }) {
  try {
    if (call === "load") {
      engine = await Engine.load(args[0]);
      return { id, ok: engine.version };
    }
    if (!calls.has(call)) throw new TypeError(`no call ${call}`);
    return { id, ok: engine[call](...args) };
  } catch (e) {
    return { id, error: { code: e.code, message: e.message } };
  }
}

if (typeof self !== "undefined" && typeof self.postMessage === "function") {
  self.onmessage = async ({ data }) => self.postMessage(await answer(data));
} else {
  listen("node:worker_threads");
}

/** In Node: answers through worker_threads' parentPort (the name a parameter,
 *  so that bundlers, which cannot see it, leave it be). */
async function listen(name) {
  const { parentPort } = globalThis.process.getBuiltinModule?.(name) ?? (await import(/* @vite-ignore */ name));
  parentPort.on("message", async (data) => parentPort.postMessage(await answer(data)));
}
