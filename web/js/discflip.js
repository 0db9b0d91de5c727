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

/** The milliseconds clock Level 5's time limit reads. */
function now() {
  return globalThis.performance ? globalThis.performance.now() : Date.now();
}

/** Node's file system, or undefined outside Node (hidden from bundlers). */
async function nodeFs() {
  const process = globalThis.process;
  if (!process?.versions?.node) return undefined;
  if (process.getBuiltinModule) return process.getBuiltinModule("node:fs/promises");
  const name = "node:fs/promises";
  return import(name);
}

/** A Response's module: streamed when served as application/wasm, else its bytes. */
async function fromResponse(response, imports) {
  if (!response.ok) throw new Error(`Engine.load: ${response.url || "the response"}: HTTP ${response.status}`);
  const type = response.headers.get("content-type") || "";
  if (WebAssembly.instantiateStreaming && type.split(";")[0].trim() === "application/wasm") {
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

/** The instance of the module `source` names (see Engine.load). */
async function instantiate(source, imports) {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return (await WebAssembly.instantiate(source, imports)).instance;
  }
  if (typeof Response !== "undefined" && source instanceof Response) return fromResponse(source, imports);
  if (source && typeof source.then === "function") return instantiate(await source, imports);
  const fs = await nodeFs();
  if (typeof source === "string") {
    // A URL with a scheme, else a path (Node) or a URL relative to the page.
    if (/^[a-z][a-z0-9+.-]+:/i.test(source)) source = new URL(source);
    else if (fs) return instantiate(await fs.readFile(source), imports);
    else source = new URL(source, globalThis.document?.baseURI ?? globalThis.location?.href);
  }
  if (source instanceof URL) {
    if (source.protocol === "file:" && fs) return instantiate(await fs.readFile(source), imports);
    return fromResponse(await fetch(source), imports);
  }
  throw new TypeError(
    "Engine.load takes the module's bytes (ArrayBuffer, typed array), a WebAssembly.Module, a Response, a URL or a path",
  );
}

export class Engine {
  /** Loads the module: `source` is its bytes, a compiled module, a Response
   *  (or a promise of one), a URL or, in Node, a path; by default the
   *  discflip.wasm beside this file. */
  static async load(source = new URL("./discflip.wasm", import.meta.url)) {
    const instance = await instantiate(source, { env: { df_now: now } });
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

  /** Every legal move's exact value, best first, ties in square order: the
   *  final margin (empties count for nobody) unless `emptiesToWinner`. */
  moveValues(board, side, options) {
    return this.call({ op: "moveValues", board, side, options });
  }

  /** The computer's perfect reply as the data defines it: the first optimal
   *  move in square order ("pass" when it must pass), with the positions its
   *  search counted (the data's reply_positions). */
  reply(board, side) {
    return this.call({ op: "reply", board, side });
  }

  /** A player's move: "random", "flip-grabber", "corner", "level1" … "level5".
   *  `seed` (a whole number below 2^53) seeds its random choices;
   *  `{ clock: true }` gives Level 5 the game's 2.5 s limit. */
  levelMove(level, board, side, seed, options) {
    return this.call({ op: "levelMove", level, board, side, seed, options });
  }
}
