// The Disc Flip engine in JavaScript (docs/web.md): an ES module around
// discflip.wasm. No threads, no network of its own: load the module once, then call.
//
//   import { Engine } from "discflip-engine";
//   const engine = await Engine.load(); // discflip.wasm beside this file
//   engine.legalMoves("---------------------------OX------XO---------------------------", "X");
//   // → ["d3", "c4", "f5", "e6"]
//
// Boards are the data's 64-character strings (X Dark, O Light, - empty, a1
// first), sides "X" or "O", moves "a1" … "h8" or "pass", every name exactly
// as the engine writes it. Bad input throws an EngineError with a stable code.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What the engine refused: `code` is stable ("illegal-move"), `message` says what is wrong. */
export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

/** The longest string an argument may be (a board is 64 characters; the
 *  engine also reads spellings with spaces and line breaks): a longer one is
 *  refused here, before it is copied into the module's memory. */
const MAX_ARGUMENT_LENGTH = 1024;

/** Each call's arguments, in order (the worker builds its requests from them). */
const ARGUMENTS = {
  legalMoves: ["board", "side"],
  play: ["board", "side", "move"],
  moveValues: ["board", "side", "options"],
  reply: ["board", "side", "options"],
  levelMove: ["level", "board", "side", "seed", "options"],
  flips: ["board", "side", "move"],
  settled: ["board"],
  hint: ["board", "side"],
  status: ["board", "side"],
};

/** The error code of a bad value of each argument. */
const CODES = { board: "bad-board", side: "bad-side", move: "bad-move", level: "bad-level", seed: "bad-seed", options: "bad-option" };

/** A value as a message shows it: strings quoted, NaN and undefined by name. */
const shown = (v) => (typeof v === "string" ? JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v) : String(v));

/** Refuses, before the module sees them, the arguments JSON would change
 *  (NaN and ±Infinity become null, which reads as missing; an option set to
 *  undefined vanishes), strings longer than MAX_ARGUMENT_LENGTH, and a
 *  budget that is not a whole number or "none"; the module checks the rest. */
function checkRequest(request) {
  const op = request.op;
  const bad = (name, why, label = name) => new EngineError(CODES[name] ?? "bad-request", `${op}: ${label} ${why}`);
  for (const [name, value] of Object.entries(request)) {
    if (typeof value === "string" && value.length > MAX_ARGUMENT_LENGTH) {
      throw bad(name, `is ${value.length} characters long (at most ${MAX_ARGUMENT_LENGTH})`);
    }
    if (typeof value === "number" && !Number.isFinite(value)) throw bad(name, `is ${value}, which JSON cannot carry`);
  }
  const seed = request.seed;
  if (seed !== undefined && typeof seed === "number" && !(Number.isSafeInteger(seed) && seed >= 0)) {
    throw bad("seed", `must be a whole number from 0 to 2^53 - 1; got ${seed}`);
  }
  const options = request.options;
  if (options === null || typeof options !== "object") return;
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || (typeof value === "number" && !Number.isFinite(value))) {
      throw bad("options", `is ${value}: leave it out for the default`, `options.${key}`);
    }
  }
  if ("maxPositions" in options) {
    const n = options.maxPositions;
    if (n !== "none" && !(Number.isSafeInteger(n) && n >= 0)) {
      throw bad("options", `must be a whole number from 0 to 2^53 - 1, or "none" for no bound; got ${shown(n)}`, "options.maxPositions");
    }
  }
}

/** A call's request from its arguments, checked (checkRequest). */
function requestOf(op, args) {
  const request = { op };
  ARGUMENTS[op].forEach((name, i) => {
    request[name] = args[i];
  });
  checkRequest(request);
  return request;
}

/** The milliseconds clock Level 5's time limit reads. */
function now() {
  return globalThis.performance ? globalThis.performance.now() : Date.now();
}

/** A Node built-in module ("node:fs/promises"), or undefined outside Node.
 *  The name is a parameter so that bundlers, which cannot see it, leave it be. */
async function nodeBuiltin(name) {
  const process = globalThis.process;
  if (!process?.versions?.node) return undefined;
  if (process.getBuiltinModule) return process.getBuiltinModule(name);
  return import(/* @vite-ignore */ name);
}

/** A Response's module: compiled as it streams when served as application/wasm, else from its bytes. */
async function fromResponse(response) {
  if (!response.ok) throw new Error(`Engine.load: ${response.url || "the response"}: HTTP ${response.status}`);
  const type = response.headers.get("content-type") || "";
  if (WebAssembly.compileStreaming && type.split(";")[0].trim() === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/** The compiled module `source` names (see Engine.load). */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  if (typeof Response !== "undefined" && source instanceof Response) return fromResponse(source);
  if (source && typeof source.then === "function") return compile(await source);
  const fs = await nodeBuiltin("node:fs/promises");
  if (typeof source === "string") {
    // A URL with a scheme, else a path (Node) or a URL relative to the page.
    if (/^[a-z][a-z0-9+.-]+:/i.test(source)) source = new URL(source);
    else if (fs) return compile(await fs.readFile(source));
    else source = new URL(source, globalThis.document?.baseURI ?? globalThis.location?.href);
  }
  if (source instanceof URL) {
    if (source.protocol === "file:" && fs) return compile(await fs.readFile(source));
    return fromResponse(await fetch(source));
  }
  throw new TypeError(
    "Engine.load takes the module's bytes (ArrayBuffer, typed array), a WebAssembly.Module, a Response, a URL or a path",
  );
}

const MS_DAY = 86_400_000;

/** Milliseconds from 1970-01-01 to the UTC midnight of a calendar date (any year, month 0-based). */
function utcMidnight(year, month, day) {
  const t = new Date(0);
  t.setUTCFullYear(year, month, day);
  return t.getTime();
}

/** Days from 1970-01-01 to a calendar date: "YYYY-MM-DD", or a Date's local year, month and day. */
function civilDays(date) {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError("an invalid Date");
    return utcMidnight(date.getFullYear(), date.getMonth(), date.getDate()) / MS_DAY;
  }
  const m = typeof date === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  const t = m ? utcMidnight(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || isoDate(t) !== date) throw new RangeError(`not a calendar date YYYY-MM-DD: ${JSON.stringify(date)}`);
  return t / MS_DAY;
}

/** A UTC midnight as "YYYY-MM-DD". */
const isoDate = (t) => new Date(t).toISOString().slice(0, 10);

/** The cycle's length, checked. */
function cycleDays({ cycle_days }) {
  if (!Number.isInteger(cycle_days) || cycle_days < 1) throw new RangeError(`cycle_days is not a whole number from 1: ${cycle_days}`);
  return cycle_days;
}

/** The day of the Daily cycle, 0 … cycle_days − 1, that a calendar date plays
 *  (docs/formats.md#the-day-of-a-date): (date − epoch) mod cycle_days in whole
 *  days, floor modulo, so a date before the epoch maps into the cycle too.
 *  `schedule`: game-daily.json's (or daily.json's) `epoch` and `cycle_days`;
 *  `date`: "YYYY-MM-DD", or a Date read on the player's own clock (its local
 *  year, month and day: a new trio starts at local midnight); default now.
 *  A date that does not exist throws a RangeError. */
export function dailyDay(schedule, date = new Date()) {
  const cycle = cycleDays(schedule);
  const n = civilDays(date) - civilDays(schedule.epoch);
  return ((n % cycle) + cycle) % cycle;
}

/** The date, "YYYY-MM-DD", of day `day` in the cycle that holds `today`
 *  (same arguments as dailyDay): the dates a calendar of the cycle shows. */
export function dailyDate(schedule, day, today = new Date()) {
  const cycle = cycleDays(schedule);
  if (!Number.isInteger(day) || day < 0 || day >= cycle) throw new RangeError(`not a day of the cycle (0 to ${cycle - 1}): ${day}`);
  return isoDate((civilDays(today) - dailyDay(schedule, today) + day) * MS_DAY);
}

export class Engine {
  /** Loads the module: `source` is its bytes, a compiled module, a Response
   *  (or a promise of one), a URL or, in Node, a path; by default the
   *  discflip.wasm beside this file. */
  static async load(source = new URL("./discflip.wasm", import.meta.url)) {
    const instance = await WebAssembly.instantiate(await compile(source), { env: { df_now: now } });
    return new Engine(instance.exports);
  }

  constructor(exports) {
    this.exports = exports;
    /** `{ version, levelsSha256 }`: the package's version and the SHA-256 of
     *  the levels file it plays (the data files' `levels_sha256`). */
    this.version = Object.freeze(this.call({ op: "version" }));
  }

  /** One request to the module; its `ok` value, or an EngineError. */
  call(request) {
    checkRequest(request);
    const { memory, df_alloc, df_free, df_call, df_answer_ptr } = this.exports;
    const bytes = encoder.encode(JSON.stringify(request));
    const ptr = df_alloc(bytes.length);
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    let answer;
    try {
      const len = df_call(ptr, bytes.length);
      answer = JSON.parse(decoder.decode(new Uint8Array(memory.buffer, df_answer_ptr(), len)));
    } finally {
      df_free(ptr, bytes.length);
    }
    if ("error" in answer) throw new EngineError(answer.error.code, answer.error.message);
    return answer.ok;
  }

  /** The side's legal moves in square order (a1, b1, …, h8): `["c4", …]`. */
  legalMoves(board, side) {
    return this.call({ op: "legalMoves", board, side });
  }

  /** The board after `move` ("pass" only when `side` has no move), and who
   *  moves next: the other side, the same side after a forced pass, null at the end. */
  play(board, side, move) {
    return this.call({ op: "play", board, side, move });
  }

  /** Every legal move's exact value, best first, ties in square order: `value`
   *  for `side` (its discs minus the other's), `darkMinusLight` as the data
   *  gives it; the final margin (empties count for nobody) unless
   *  `emptiesToWinner`; within 10,000,000 positions unless `maxPositions`
   *  says otherwise ("none": no bound; past it, code "budget"). */
  moveValues(board, side, options) {
    return this.call({ op: "moveValues", board, side, options });
  }

  /** The computer's perfect reply as the data defines it: the first optimal
   *  move in square order ("pass" when it must pass), with the positions its
   *  search counted (the data's reply_positions); within the game's 300,000
   *  positions unless `maxPositions` says otherwise (code "budget"). */
  reply(board, side, options) {
    return this.call({ op: "reply", board, side, options });
  }

  /** A player's move: "random", "flip-grabber", "corner", "level1" … "level5".
   *  `seed` (a whole number below 2^53) seeds its random choices;
   *  `{ clock: true }` gives Level 5 the game's 2.5 s limit. */
  levelMove(level, board, side, seed, options) {
    return this.call({ op: "levelMove", level, board, side, seed, options });
  }

  /** The discs `move` would flip, in square order (the preview outline). */
  flips(board, side, move) {
    return this.call({ op: "flips", board, side, move });
  }

  /** Each side's settled discs, which can never flip again: `{ X: [...], O: [...] }`. */
  settled(board) {
    return this.call({ op: "settled", board });
  }

  /** The Hint: Level 4's best move, the first in square order among equals. */
  hint(board, side) {
    return this.call({ op: "hint", board, side });
  }

  /** Who moves (after a forced pass; null at the end), whether the game is
   *  over, the disc counts and the margin, Dark − Light. */
  status(board, side) {
    return this.call({ op: "status", board, side });
  }
}

/** A cancelled call's error. */
const cancelled = (call) => new EngineError("cancelled", `${call}: the call was cancelled`);

/** A call's arguments without its `{ signal }`, and the signal: in the
 *  options of a call that takes options, else as one more argument. */
function withoutSignal(call, args) {
  const names = ARGUMENTS[call];
  const at = names.indexOf("options");
  let signal;
  let rest = args.slice(0, names.length);
  if (at >= 0 && args[at] !== null && typeof args[at] === "object" && "signal" in args[at]) {
    const { signal: s, ...options } = args[at];
    signal = s;
    rest[at] = Object.keys(options).length > 0 ? options : undefined;
  } else if (at < 0 && args.length > names.length) {
    const extra = args[names.length];
    if (extra !== undefined && (extra === null || typeof extra !== "object" || Object.keys(extra).some((k) => k !== "signal"))) {
      throw new EngineError("bad-option", `${call}: its last argument in a worker is { signal }; got ${shown(extra)}`);
    }
    signal = extra?.signal;
  }
  if (signal !== undefined && !(typeof signal?.addEventListener === "function" && "aborted" in signal)) {
    throw new EngineError("bad-option", `${call}: options.signal is not an AbortSignal`);
  }
  return { args: rest, signal };
}

/** Makes the default worker: a module Web Worker in browsers (the literal
 *  form bundlers such as Vite and webpack follow), Node's worker_threads in Node. */
async function defaultWorker() {
  if (typeof Worker !== "undefined") {
    return () => new Worker(new URL("./discflip.worker.js", import.meta.url), { type: "module" });
  }
  const threads = await nodeBuiltin("node:worker_threads");
  if (!threads) throw new Error("EngineWorker: this runtime has neither Web Workers nor Node's worker_threads");
  const NodeWorker = threads.Worker;
  const here = import.meta.url; // not the literal form, so that bundlers leave Node's path alone
  return () => new NodeWorker(new URL("./discflip.worker.js", here));
}

/** The engine in a worker (docs/web.md#in-a-worker): the same calls, answered
 *  as promises off the caller's thread — a Web Worker in browsers, a
 *  worker_threads Worker in Node, chosen by itself. The worker runs one call
 *  at a time, in the order asked. Each call takes `{ signal }` (an
 *  AbortSignal, in its options or as one more argument): aborting it rejects
 *  that call with "cancelled" and leaves the others to answer; `cancel()`
 *  stops them all; after `terminate()` every call rejects with "terminated". */
export class EngineWorker {
  #module;
  #make;
  #worker = null;
  #queue = [];
  #running = null;
  #next = 0;
  #ended = false;

  /** Starts a worker with the engine. `module`: the module's source, as
   *  Engine.load takes it (default: the discflip.wasm beside this file),
   *  compiled once here; `worker`: makes the Worker (default: a module worker
   *  running the discflip.worker.js beside this file, or in Node a
   *  worker_threads Worker running it). */
  static async start({ module = new URL("./discflip.wasm", import.meta.url), worker } = {}) {
    const w = new EngineWorker(await compile(module), worker ?? (await defaultWorker()));
    await w.ready;
    return w;
  }

  constructor(module, make) {
    this.#module = module;
    this.#make = make;
    this.#spawn();
  }

  /** A new worker, which first loads the engine (`load`: a pending load to
   *  carry over from a worker that was stopped). */
  #spawn(load) {
    const entry = load ?? { id: this.#next++, call: "load", args: [this.#module] };
    if (!load) {
      /** Settles when the worker has loaded the engine. */
      this.ready = new Promise((resolve, reject) => {
        entry.resolve = (version) => {
          /** `{ version, levelsSha256 }`, as Engine's. */
          this.version = version;
          resolve();
        };
        entry.reject = reject;
      });
      this.ready.catch(() => {}); // a failed load rejects the calls waiting on it too
    }
    let worker;
    try {
      worker = this.#make();
    } catch (e) {
      this.#worker = null;
      for (const pending of [entry, ...this.#takeAll()]) this.#fail(pending, e);
      return;
    }
    const answer = ({ data }) => this.#answered(worker, data);
    const failed = (e) => this.#failed(worker, e);
    if (typeof worker.on === "function") {
      worker.on("message", (data) => answer({ data }));
      worker.on("error", failed);
      worker.on("exit", (code) => failed({ message: `it exited with code ${code}` }));
    } else {
      worker.onmessage = answer;
      worker.onerror = (e) => {
        e.preventDefault?.();
        failed(e);
      };
    }
    this.#worker = worker;
    this.#queue.unshift(entry);
    this.#pump();
  }

  /** Sends the next call when the worker is free. */
  #pump() {
    if (this.#running || !this.#worker) return;
    const entry = this.#queue.shift();
    if (!entry) {
      this.#worker.unref?.(); // an idle Node worker keeps no process alive
      return;
    }
    this.#running = entry;
    this.#worker.ref?.();
    this.#worker.postMessage({ id: entry.id, call: entry.call, args: entry.args });
  }

  #answered(worker, data) {
    const entry = this.#running;
    if (worker !== this.#worker || !entry || entry.id !== data.id) return;
    this.#running = null;
    entry.done?.();
    if (!("error" in data)) entry.resolve(data.ok);
    else entry.reject(data.error.code ? new EngineError(data.error.code, data.error.message) : new Error(data.error.message));
    this.#pump();
  }

  /** The worker failed (it could not start, crashed or exited): every
   *  pending call rejects with "worker-failed"; the next call starts a new one. */
  #failed(worker, e) {
    if (worker !== this.#worker) return;
    this.#stop();
    const why = e?.message || "it could not start or crashed, without a message (is discflip.worker.js beside discflip.js?)";
    const error = new EngineError("worker-failed", `the engine's worker failed: ${why}`);
    for (const entry of this.#takeAll()) this.#fail(entry, error);
  }

  #fail(entry, error) {
    entry.done?.();
    entry.reject(error instanceof EngineError ? error : new EngineError("worker-failed", `the engine's worker failed: ${error?.message ?? error}`));
  }

  /** Ends the current worker; its late messages and events are ignored. */
  #stop() {
    const worker = this.#worker;
    this.#worker = null;
    worker?.terminate();
  }

  /** Every pending entry, the running one first, taken off. */
  #takeAll() {
    const all = [...(this.#running ? [this.#running] : []), ...this.#queue];
    this.#running = null;
    this.#queue = [];
    return all;
  }

  /** Aborting one call: a waiting one leaves the queue; the running one
   *  stops with its worker, and the calls after it go to a new worker. */
  #abort(entry) {
    const at = this.#queue.indexOf(entry);
    if (at >= 0) this.#queue.splice(at, 1);
    else if (this.#running === entry) {
      this.#running = null;
      this.#stop();
      this.#spawn();
    } else return;
    this.#fail(entry, cancelled(entry.call));
  }

  #call(call, args) {
    if (this.#ended) return Promise.reject(new EngineError("terminated", `${call}: the worker was terminated`));
    let signal;
    try {
      ({ args, signal } = withoutSignal(call, args));
      requestOf(call, args); // bad arguments are refused here, before they are copied to the worker
    } catch (e) {
      return Promise.reject(e);
    }
    if (signal?.aborted) return Promise.reject(cancelled(call));
    return new Promise((resolve, reject) => {
      const entry = { id: this.#next++, call, args, resolve, reject };
      if (signal) {
        const onAbort = () => this.#abort(entry);
        signal.addEventListener("abort", onAbort, { once: true });
        entry.done = () => signal.removeEventListener("abort", onAbort);
      }
      this.#queue.push(entry);
      if (this.#worker) this.#pump();
      else this.#spawn(); // after a failure
    });
  }

  /** Stops every pending call — each rejects with EngineError code
   *  "cancelled" — by ending the worker and starting a new one, which answers
   *  the next calls. Returns whether there was anything to stop. */
  cancel() {
    const pending = [...(this.#running ? [this.#running] : []), ...this.#queue];
    const load = pending.find((entry) => entry.call === "load");
    if (pending.length === (load ? 1 : 0)) return false;
    this.#stop();
    this.#takeAll();
    for (const entry of pending) if (entry !== load) this.#fail(entry, cancelled(entry.call));
    this.#spawn(load);
    return true;
  }

  /** Ends the worker for good: pending calls and every later one reject
   *  with EngineError code "terminated". */
  terminate() {
    this.#ended = true;
    this.#stop();
    for (const entry of this.#takeAll()) this.#fail(entry, new EngineError("terminated", `${entry.call}: the worker was terminated`));
  }

  // Engine's calls, each answered by the worker as a promise: `await w.moveValues(board, "X")`.
  static {
    for (const call of Object.keys(ARGUMENTS)) {
      this.prototype[call] = function (...args) {
        return this.#call(call, args);
      };
    }
  }
}
