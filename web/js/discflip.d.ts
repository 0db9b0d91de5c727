// Types of the Disc Flip engine (docs/web.md#the-api). The unions of level
// names and error codes are the protocol's (web/src/protocol.rs); a test keeps
// them equal.

/** Who moves: `"X"` Dark, `"O"` Light. */
export type Side = "X" | "O";

/** A column, `a` (left) to `h`. */
export type File = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h";

/** A row, `1` (top) to `8`. */
export type Rank = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8";

/** A square's name, lower case: `"a1"` … `"h8"`. */
export type Square = `${File}${Rank}`;

/** A move: a square, or `"pass"` for a side with no legal move. */
export type Move = Square | "pass";

/** 64 characters, `X` Dark, `O` Light, `-` empty; a1 first, then b1 … h1, a2 … (the data's boards). */
export type Board = string;

/** The computer players: the game's five levels and three simple bots. */
export type Level = "random" | "flip-grabber" | "corner" | "level1" | "level2" | "level3" | "level4" | "level5";

/** Why the engine refused a call; stable from version to version. */
export type ErrorCode =
  | "bad-request"
  | "bad-board"
  | "bad-side"
  | "bad-move"
  | "bad-level"
  | "bad-seed"
  | "bad-option"
  | "illegal-move"
  | "game-over"
  | "reply-limit";

/** What the engine refused: `code` for programs, `message` for people. */
export class EngineError extends Error {
  readonly name: "EngineError";
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string);
}

/** The package's version and the levels it plays. */
export interface Version {
  /** The package's (and the engine crate's) version, e.g. `"0.1.0"`. */
  readonly version: string;
  /** The SHA-256 of the levels file the engine plays: equal to a data file's `levels_sha256`. */
  readonly levelsSha256: string;
}

/** The board after a move, and who moves next (`null`: the game is over). */
export interface Played {
  readonly board: Board;
  readonly side: Side | null;
}

/** A legal move and its exact value for the side that plays it. */
export interface MoveValue {
  readonly move: Square;
  readonly value: number;
}

/** A computer's move and the positions its search counted. */
export interface Choice {
  readonly move: Move;
  readonly positions: number;
}

export interface MoveValuesOptions {
  /** Empty squares go to the winner (the OBF convention) rather than to nobody. Default false. */
  readonly emptiesToWinner?: boolean;
}

export interface LevelMoveOptions {
  /** Level 5 stops at the game's 2.5 s limit (read from `performance.now()`). Default false. */
  readonly clock?: boolean;
}

/** Where the module is: its bytes, a compiled module, a Response (or a promise of one), a URL, or in Node a path.
 *  (`WebAssembly.Module` is an empty interface, which every value but `null` and `undefined` would match:
 *  `& object` keeps numbers and booleans out.) */
export type ModuleSource =
  | ArrayBuffer
  | ArrayBufferView
  | (WebAssembly.Module & object)
  | Response
  | PromiseLike<Response>
  | URL
  | string;

/** The engine: every call runs to its end on the caller's thread. */
export class Engine {
  private constructor();
  /** Loads the module; by default the `discflip.wasm` beside the package's `discflip.js`. */
  static load(source?: ModuleSource): Promise<Engine>;
  /** The package's version and the SHA-256 of the levels it plays. */
  readonly version: Version;
  /** The side's legal moves in square order (a1, b1, …, h8); `[]` when it has none. */
  legalMoves(board: Board, side: Side): Square[];
  /** The board after `move`; `"pass"` only from a side with no legal move. */
  play(board: Board, side: Side, move: Move): Played;
  /** Every legal move's exact value, best first, ties in square order; `[]` when the side has no move. */
  moveValues(board: Board, side: Side, options?: MoveValuesOptions): MoveValue[];
  /** The computer's perfect reply as the data defines it, `"pass"` when the side must pass. */
  reply(board: Board, side: Side): Choice;
  /** A player's move, its random choices seeded by `seed` (a whole number below 2^53). */
  levelMove(level: Level, board: Board, side: Side, seed: number, options?: LevelMoveOptions): Choice;
}
