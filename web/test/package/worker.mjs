// Usage: node worker.mjs
// EngineWorker in Node (docs/web.md#in-a-worker), the package found by name:
// start() picks worker_threads by itself; the shared checks (worker-checks.mjs:
// one of three calls aborted, cancel(), terminate()); a worker that cannot
// start rejects with "worker-failed" and a message; and the process ends by
// itself (an idle worker holds it not). Exit 1 on any failure.
import { Engine, EngineError, EngineWorker } from "discflip-engine";
import { Worker } from "node:worker_threads";
import { workerChecks } from "./worker-checks.mjs";

const failures = [];
const check = (ok, what) => ok || failures.push(what);
const engine = await Engine.load();
const figures = await workerChecks({ EngineWorker, engine, check });

for (const [what, make] of [["a worker factory that throws", () => { throw new Error("no worker here"); }],
  ["a worker script that does not exist", () => new Worker(new URL("./no-such-worker.js", import.meta.url))]]) {
  const e = await EngineWorker.start({ worker: make }).then(() => null, (e) => e);
  check(e instanceof EngineError && e.code === "worker-failed" && /^the engine's worker failed: \S/.test(e.message) && !/undefined/.test(e.message),
    `${what}: ${e?.code} ${e?.message}`);
}
const idle = await EngineWorker.start();
await idle.hint("---------------------------OX------XO---------------------------", "X");
// `idle` is left running: the process must still end.

if (failures.length) {
  for (const f of failures) console.error(`worker: ${f}`);
  process.exit(1);
}
console.log(`worker (Node, worker_threads): an aborted call of three rejected and the other two answered ${figures.abortMs} ms after the abort; ` +
  `a call after terminate() rejected in ${figures.terminatedMs} ms; failed workers named`);
