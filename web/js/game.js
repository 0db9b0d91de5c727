// The game's rules over the engine (docs/web.md#the-game-layer): a game with
// its history and undo, transcripts, save and restore, and the Daily's
// scoring, as the help page gives them. Every rule the engine knows (legal
// moves, flips, passes, the end) comes from the engine's calls: there is no
// second move generator here.
//
//   import { Engine } from "discflip-engine";
//   import { Game } from "discflip-engine/game";
//   const game = Game.start(await Engine.load());
//   game.play("f5"); // → { move: "f5", side: "X", flipped: ["e5"], passed: false, … }
import { EngineError } from "./discflip.js";

/** The start position: d4 and e5 Light, e4 and d5 Dark; Dark moves first. */
export const START = "---------------------------OX------XO---------------------------";

/** What a saved game's `format` is. */
const SAVE_FORMAT = 1;

/** A game from a position: the board and side it started from, and the
 *  moves played since, each with what it flipped and whether the other side
 *  then had to pass. */
export class Game {
  #engine;
  #start;
  /** Who moves at the start: `side`, or null when that game is already over. */
  #startSide;
  #moves = [];

  /** A game from the start position, Dark to move. */
  static start(engine) {
    return new Game(engine, START, "X");
  }

  /** A game from `board` with `side` to move (an Endgame or Daily board:
   *  "X"); a bad board or side is refused with its code. */
  static fromBoard(engine, board, side) {
    return new Game(engine, board, side);
  }

  /** A game replayed from a transcript (`f5d6c3…`, docs/formats.md): two
   *  characters a move, passes left out and played where they are forced.
   *  `from`: the board and side it started from (default the start). A move
   *  that is not a square, or not legal where it stands, throws an
   *  EngineError naming its place ("transcript: move 12, z9: …"). */
  static fromTranscript(engine, text, { board = START, side = "X" } = {}) {
    if (typeof text !== "string" || text.length % 2 !== 0) {
      throw new EngineError("bad-request", `transcript: not a string of two-character moves: ${JSON.stringify(text)?.slice(0, 40)}`);
    }
    const game = Game.fromBoard(engine, board, side);
    for (let i = 0; i < text.length; i += 2) game.#replay(text.slice(i, i + 2), `transcript: move ${i / 2 + 1}, ${text.slice(i, i + 2)}`);
    return game;
  }

  /** A game saved by `save()`: the board it started from and its moves. */
  static restore(engine, saved) {
    let data = saved;
    try {
      if (typeof saved === "string") data = JSON.parse(saved);
    } catch (e) {
      throw new EngineError("bad-request", `restore: not JSON: ${e.message}`);
    }
    if (data?.format !== SAVE_FORMAT || typeof data.board !== "string" || typeof data.side !== "string" || !Array.isArray(data.moves)) {
      throw new EngineError("bad-request", `restore: not a saved game (format ${SAVE_FORMAT}: board, side, moves)`);
    }
    const game = Game.fromBoard(engine, data.board, data.side);
    data.moves.forEach((move, i) => game.#replay(move, `restore: move ${i + 1}, ${JSON.stringify(move)}`, true));
    return game;
  }

  constructor(engine, board, side) {
    this.#engine = engine;
    this.#start = { board, side };
    this.#startSide = engine.status(board, side).gameOver ? null : side;
  }

  /** The board now. */
  get board() {
    return this.#moves.at(-1)?.board ?? this.#start.board;
  }

  /** Who moves now: a side with a legal move, or one that must pass
   *  (`legalMoves()` is `[]`, `play("pass")`); null when the game is over. */
  get side() {
    return this.#moves.length ? this.#moves.at(-1).next : this.#startSide;
  }

  /** The legal moves of the side to move, in square order; `[]` when it must pass or the game is over. */
  legalMoves() {
    const side = this.side;
    return side === null ? [] : this.#engine.legalMoves(this.board, side);
  }

  /** Plays `move` for the side to move ("pass" only when it has no move):
   *  `{ move, side, flipped, passed, board, next }` — `flipped` the discs it
   *  turned, `passed` whether the other side then had to pass (so `next` is
   *  the mover again), `next` null when the game is over. */
  play(move) {
    const side = this.side;
    if (side === null) throw new EngineError("game-over", "the game is over: neither side has a legal move");
    const board = this.board;
    const played = this.#engine.play(board, side, move);
    const flipped = turned(board, played.board);
    const entry = Object.freeze({ move, side, flipped: Object.freeze(flipped), passed: played.side === side, board: played.board, next: played.side });
    this.#moves.push(entry);
    return entry;
  }

  /** Takes back the last move; returns it, or null when there is none. */
  undo() {
    return this.#moves.pop() ?? null;
  }

  /** Takes back moves until it is `side`'s turn again, at least one: the
   *  Computer mode's Undo (the player's move and the computer's reply).
   *  Returns the moves taken back, last first; `[]` when there is none to take. */
  undoTo(side) {
    if (side !== "X" && side !== "O") throw new EngineError("bad-side", `undoTo: side ${JSON.stringify(side)}: a side is "X" or "O"`);
    const undone = [];
    do {
      const move = this.undo();
      if (move === null) break;
      undone.push(move);
    } while (this.side !== side && this.#moves.length > 0);
    return undone;
  }

  /** The moves played, in order (each as `play` answered it). */
  history() {
    return [...this.#moves];
  }

  /** Where the game stands: `{ side, gameOver, discs: { X, O }, margin, winner }`;
   *  `margin` Dark − Light, `winner` "X", "O" or "draw" once the game is over
   *  (empty squares count for nobody), else null. */
  status() {
    const side = this.side;
    const { gameOver, discs, margin } = this.#engine.status(this.board, side ?? "X");
    const winner = !gameOver ? null : margin > 0 ? "X" : margin < 0 ? "O" : "draw";
    return { side, gameOver, discs, margin, winner };
  }

  /** The moves as a transcript (`f5d6c3…`), passes left out. */
  toTranscript() {
    return this.#moves.filter((m) => m.move !== "pass").map((m) => m.move).join("");
  }

  /** The game as JSON text for `Game.restore`: the board and side it
   *  started from and every move, passes included. */
  save() {
    return JSON.stringify({ format: SAVE_FORMAT, board: this.#start.board, side: this.#start.side, moves: this.#moves.map((m) => m.move) });
  }

  /** Replays one move of a transcript or a save, naming its place in an error. */
  #replay(move, where, explicit = false) {
    try {
      if (!explicit && this.side !== null && this.legalMoves().length === 0) this.play("pass"); // a forced pass, left out of transcripts
      if (this.side === null) throw new EngineError("game-over", "the game is over: neither side has a legal move");
      this.play(move);
    } catch (e) {
      if (e instanceof EngineError) throw new EngineError(e.code, `${where}: ${e.message}`);
      throw e;
    }
  }
}

/** The squares whose disc changed colour from `before` to `after` (the
 *  discs a move turned, read off the engine's answer), in square order. */
function turned(before, after) {
  const out = [];
  for (let i = 0; i < 64; i++) {
    if (before[i] !== "-" && before[i] !== after[i]) out.push(`${"abcdefgh"[i % 8]}${(i >> 3) + 1}`);
  }
  return out;
}

/** The three squares of the share line: par, won, not won (docs/web.md#the-dailys-scoring). */
export const SHARE_SQUARES = Object.freeze({ par: "🟩", won: "🟨", "not-won": "⬜" });

/** The Daily's scoring (docs/web.md#the-dailys-scoring), a pure function of
 *  the three boards' pars and the player's final margins (Dark − Light):
 *  each board `par` (the margin equals par), `won` (the player won with
 *  less) or `not-won`; the day won with two of three boards won (par or
 *  won); "Perfect" when all three reach par, else "N off par" with N the
 *  margin left behind; the share line, one square per board and that text. */
export function scoreDaily(boards) {
  if (!Array.isArray(boards) || boards.length !== 3) throw new RangeError("scoreDaily takes the day's three boards: [{ par, margin }, …]");
  const verdicts = boards.map(({ par, margin } = {}, i) => {
    for (const [name, v] of [["par", par], ["margin", margin]]) {
      if (!Number.isInteger(v) || v < -64 || v > 64) throw new RangeError(`board ${i + 1}: ${name} is not a margin from -64 to 64: ${v}`);
    }
    if (margin > par) throw new RangeError(`board ${i + 1}: a margin above par (${margin} > ${par}) cannot be reached against the perfect reply`);
    return margin === par ? "par" : margin > 0 ? "won" : "not-won";
  });
  const off = boards.reduce((sum, { par, margin }) => sum + par - margin, 0);
  const text = off === 0 ? "Perfect" : `${off} off par`;
  return {
    boards: verdicts,
    won: verdicts.filter((v) => v !== "not-won").length >= 2,
    offPar: off,
    text,
    share: `${verdicts.map((v) => SHARE_SQUARES[v]).join("")} ${text}`,
  };
}
