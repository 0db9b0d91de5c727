// EngineWorker's contract (docs/web.md#in-a-worker), shared by the Node test
// (worker.mjs) and the pages bundled by esbuild (page.mjs) and Vite
// (vite-page.mjs), each with the package found by name: of three pending
// calls, aborting the running one (a 26-empty search without a bound) leaves
// the other two answered by a fresh worker; aborting a waiting one leaves the
// running one and the one after it answered; a signal aborted before the call
// rejects at once; cancel() stops every pending call and the next one answers;
// after terminate() pending and new calls reject with "terminated".

const start = "---------------------------OX------XO---------------------------";

/** A 26-empty position from seeded random play (the engine's own moves). */
export function empties26(engine) {
  let [board, side] = [start, "X"];
  for (let seed = 0; seed < 34; seed++) ({ board, side } = engine.play(board, side, engine.levelMove("random", board, side, seed).move));
  return [board, side];
}

/** Each promise's answer, or its error's code. */
const outcomes = (promises) =>
  Promise.allSettled(promises).then((all) => all.map((r) => (r.status === "fulfilled" ? r.value : r.reason?.code ?? String(r.reason))));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the checks on a worker started with EngineWorker.start(options);
 *  `check(ok, what)` records a failure. Returns the figures. */
export async function workerChecks({ EngineWorker, engine, check, options }) {
  const w = await EngineWorker.start(options);
  check(w.version.levelsSha256 === engine.version.levelsSha256, "the worker's engine is the page's");
  const [board, side] = empties26(engine);
  const moves = JSON.stringify(engine.legalMoves(start, "X"));
  const hint = JSON.stringify(engine.hint(start, "X"));

  // Aborting the running call: the two behind it answer.
  const running = new AbortController();
  const calls = [
    w.moveValues(board, side, { maxPositions: "none", signal: running.signal }),
    w.legalMoves(start, "X"),
    w.hint(start, "X", {}),
  ];
  await sleep(100);
  const began = performance.now();
  running.abort();
  const [first, second, third] = await outcomes(calls);
  const abortMs = performance.now() - began;
  check(first === "cancelled", `the aborted running call: ${JSON.stringify(first)}`);
  check(JSON.stringify(second) === moves, `the call after the aborted one: ${JSON.stringify(second)}`);
  check(JSON.stringify(third) === hint, `the third call: ${JSON.stringify(third)}`);

  // Aborting a waiting call: the running one and the one after it answer.
  const waiting = new AbortController();
  const queued = [w.moveValues(board, side, { maxPositions: 200_000 }), w.legalMoves(start, "X", { signal: waiting.signal }), w.status(start, "X")];
  waiting.abort();
  const [budget, aborted, status] = await outcomes(queued);
  check(budget === "budget", `the running call beside an aborted waiting one: ${JSON.stringify(budget)}`);
  check(aborted === "cancelled", `the aborted waiting call: ${JSON.stringify(aborted)}`);
  check(status?.discs?.X === 2, `the call after the aborted waiting one: ${JSON.stringify(status)}`);
  const [early] = await outcomes([w.legalMoves(start, "X", { signal: AbortSignal.abort() })]);
  check(early === "cancelled", `a call whose signal was aborted before it: ${JSON.stringify(early)}`);

  // cancel(): everything pending stops; the next call answers.
  const all = [w.moveValues(board, side, { maxPositions: "none" }), w.legalMoves(start, "X")];
  await sleep(50);
  check(w.cancel(), "cancel() finds calls to stop");
  check((await outcomes(all)).every((o) => o === "cancelled"), "cancel() rejects every pending call");
  check(JSON.stringify(await w.legalMoves(start, "X")) === moves, "the worker answers after cancel()");
  check(!w.cancel(), "nothing left to cancel");

  // terminate(): pending and later calls reject at once.
  const pending = w.moveValues(board, side, { maxPositions: "none" });
  w.terminate();
  const after = performance.now();
  const [ended, late] = await outcomes([pending, w.legalMoves(start, "X")]);
  const terminatedMs = performance.now() - after;
  check(ended === "terminated" && late === "terminated", `after terminate(): ${ended}, ${late}`);
  check(terminatedMs < 100, `a call after terminate() rejected after ${terminatedMs} ms`);
  return { abortMs: Math.round(abortMs), terminatedMs: Math.round(terminatedMs * 10) / 10 };
}
