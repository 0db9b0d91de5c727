// The Disc Flip engine in JavaScript (docs/web.md): an ES module around
// discflip.wasm. No threads, no network: load the module once, then call.
//
//   import { Engine } from "./discflip.js";
//   const engine = await Engine.load(new URL("./discflip.wasm", import.meta.url));
//   engine.legalMoves("---------------------------OX------XO---------------------------", "X");
//   // → ["d3", "c4", "f5", "e6"]
//
// Boards are the data's 64-character strings (X Dark, O Light, - empty, a1
// first), sides "X" or "O". Bad input throws an Error saying what is wrong.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The milliseconds clock Level 5's time limit reads. */
function now() {
  return globalThis.performance ? globalThis.performance.now() : Date.now();
}

async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  if (typeof source === "string" || source instanceof URL) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`cannot load ${source}: HTTP ${response.status}`);
    return await response.arrayBuffer();
  }
  throw new Error("Engine.load takes the module's bytes (ArrayBuffer, typed array) or its URL");
}

export class Engine {
  /** Loads the module: `source` is its bytes (Node) or a URL (browser). */
  static async load(source) {
    const imports = { env: { df_now: now } };
    const { instance } = source instanceof WebAssembly.Module
      ? { instance: await WebAssembly.instantiate(source, imports) }
      : await WebAssembly.instantiate(await bytesOf(source), imports);
    return new Engine(instance.exports);
  }

  constructor(exports) {
    this.exports = exports;
  }

  /** One request to the module; its `ok` value, or an Error with its message. */
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
    if ("error" in answer) throw new Error(answer.error);
    return answer.ok;
  }

  /** The side's legal moves in square order (a1, b1, …, h8): `["c4", …]`. */
  legalMoves(board, side) {
    return this.call({ op: "legalMoves", board, side });
  }

  /** The board after `move` (or "pass" when `side` must pass), and who moves
   *  next: the other side, the same side after a forced pass, null at the end. */
  play(board, side, move) {
    return this.call({ op: "play", board, side, move });
  }

  /** Every legal move's exact value, best first, ties in square order: the
   *  final margin (empties count for nobody) unless `emptiesToWinner`. */
  moveValues(board, side, { emptiesToWinner = false } = {}) {
    return this.call({ op: "moveValues", board, side, emptiesToWinner });
  }

  /** The computer's perfect reply as the data defines it: the first optimal
   *  move in square order ("pass" when it must pass), with the positions its
   *  search counted (the data's reply_positions). */
  reply(board, side) {
    return this.call({ op: "reply", board, side });
  }

  /** A player's move: "random", "flip-grabber", "corner", "level1" … "level5".
   *  `seed` (a whole number) seeds its random choices; `clock: true` gives
   *  Level 5 the game's 2.5 s limit. */
  levelMove(level, board, side, seed, { clock = false } = {}) {
    return this.call({ op: "levelMove", level, board, side, seed, clock });
  }
}
