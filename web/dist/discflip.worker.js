// The engine's Web Worker (docs/web.md#in-a-worker): EngineWorker starts it as
// a module worker. One Engine, loaded from the compiled module EngineWorker
// sends; then one call per message, answered with { id, ok } or { id, error }.
import { Engine } from "./discflip.js";

const calls = new Set(["legalMoves", "play", "moveValues", "reply", "levelMove", "flips", "settled", "hint", "status"]);
let engine = null;

self.onmessage = async ({ data }) => {
  const { id, call, args } = data;
  try {
    if (call === "load") {
      engine = await Engine.load(args[0]);
      self.postMessage({ id, ok: engine.version });
    } else if (calls.has(call)) {
      self.postMessage({ id, ok: engine[call](...args) });
    } else {
      throw new TypeError(`no call ${call}`);
    }
  } catch (e) {
    self.postMessage({ id, error: { code: e.code, message: e.message } });
  }
};
