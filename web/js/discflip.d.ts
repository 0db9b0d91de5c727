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
export type ErrorCode = ProtocolErrorCode | WorkerErrorCode;

/** EngineWorker's own codes: a call cancelled (its signal, or `cancel()`), the worker terminated, the worker failed. */
export type WorkerErrorCode = "cancelled" | "terminated" | "worker-failed";

/** The codes of the module's own errors. */
export type ProtocolErrorCode =
  | "bad-request"
  | "bad-board"
  | "bad-side"
  | "bad-move"
  | "bad-level"
  | "bad-seed"
  | "bad-option"
  | "illegal-move"
  | "game-over"
  | "budget";

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

/** A legal move and its exact value. */
export interface MoveValue {
  readonly move: Square;
  /** For the side that plays it: its discs minus the other side's at the end. */
  readonly value: number;
  /** The same value as the data files give values: Dark's discs minus Light's. */
  readonly darkMinusLight: number;
}

/** Each side's settled discs: those that can never flip again. */
export type Settled = { readonly [S in Side]: Square[] };

/** Where a game stands. */
export interface Status {
  /** Who moves: the side asked about, the other one when it must pass, `null` when the game is over. */
  readonly side: Side | null;
  readonly gameOver: boolean;
  readonly discs: { readonly [S in Side]: number };
  /** Dark's discs minus Light's. */
  readonly margin: number;
}

/** A computer's move and the positions its search counted. */
export interface Choice {
  readonly move: Move;
  readonly positions: number;
}

export interface MoveValuesOptions {
  /** Empty squares go to the winner (the OBF convention) rather than to nobody. Default false. */
  readonly emptiesToWinner?: boolean;
  /** The most positions the searches may visit together (a whole number), or `"none"` for no bound;
   *  past it the call throws `budget`. Default: 10,000,000 (every board of the data, typical 18-empty positions). */
  readonly maxPositions?: number | "none";
}

export interface ReplyOptions {
  /** The most positions the search may visit (a whole number), or `"none"` for no bound; past it the call
   *  throws `budget`. Default: the game's 300,000. */
  readonly maxPositions?: number | "none";
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
  reply(board: Board, side: Side, options?: ReplyOptions): Choice;
  /** A player's move, its random choices seeded by `seed` (a whole number below 2^53). */
  levelMove(level: Level, board: Board, side: Side, seed: number, options?: LevelMoveOptions): Choice;
  /** The discs `move` would flip, in square order; `[]` for a pass. */
  flips(board: Board, side: Side, move: Move): Square[];
  /** Each side's settled discs. */
  settled(board: Board): Settled;
  /** The Hint: Level 4's best move, the first in square order among equal ones; `"pass"` when the side must pass. */
  hint(board: Board, side: Side): Choice;
  /** Who moves, whether the game is over, the discs and the margin. */
  status(board: Board, side: Side): Status;
}

/** A worker call's own option: `signal` aborts that call alone, which then rejects with `"cancelled"`. */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** What EngineWorker.start takes. */
export interface EngineWorkerOptions {
  /** The module, as Engine.load takes it; default: the `discflip.wasm` beside `discflip.js`. */
  readonly module?: ModuleSource;
  /** Makes the worker; default: a module Web Worker running the `discflip.worker.js` beside
   *  `discflip.js`, in Node a worker_threads Worker running it. */
  readonly worker?: () => Worker | NodeWorkerLike;
}

/** What EngineWorker needs of a Node worker_threads Worker. */
export interface NodeWorkerLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  postMessage(value: unknown): void;
  terminate(): unknown;
}

/** The engine in a worker: Engine's calls as promises, off the caller's thread (a Web Worker, or
 *  Node's worker_threads), one at a time in the order asked. Each call takes `{ signal }`: in its
 *  options, or as one more argument for the calls that take none. */
export class EngineWorker {
  private constructor();
  /** Starts the worker and loads the engine in it (the module compiled once, here). */
  static start(options?: EngineWorkerOptions): Promise<EngineWorker>;
  /** The package's version and the SHA-256 of the levels it plays. */
  readonly version: Version;
  /** Stops every pending call (each rejects with EngineError `"cancelled"`) by restarting the worker; whether any was pending. */
  cancel(): boolean;
  /** Ends the worker for good: pending and later calls reject with EngineError `"terminated"`. */
  terminate(): void;
  legalMoves(board: Board, side: Side, call?: CallOptions): Promise<Square[]>;
  play(board: Board, side: Side, move: Move, call?: CallOptions): Promise<Played>;
  moveValues(board: Board, side: Side, options?: MoveValuesOptions & CallOptions): Promise<MoveValue[]>;
  reply(board: Board, side: Side, options?: ReplyOptions & CallOptions): Promise<Choice>;
  levelMove(level: Level, board: Board, side: Side, seed: number, options?: LevelMoveOptions & CallOptions): Promise<Choice>;
  flips(board: Board, side: Side, move: Move, call?: CallOptions): Promise<Square[]>;
  settled(board: Board, call?: CallOptions): Promise<Settled>;
  hint(board: Board, side: Side, call?: CallOptions): Promise<Choice>;
  status(board: Board, side: Side, call?: CallOptions): Promise<Status>;
}

/** A Daily schedule: game-daily.json's (or daily.json's) epoch and cycle length. */
export interface DailySchedule {
  /** Day 0, "YYYY-MM-DD". */
  readonly epoch: string;
  /** Days in the cycle (420). */
  readonly cycle_days: number;
}

/** The day of the cycle, 0 … cycle_days − 1, that a calendar date plays
 *  (docs/formats.md#the-day-of-a-date): "YYYY-MM-DD", or a Date read on the
 *  player's own clock (its local date); default now. */
export function dailyDay(schedule: DailySchedule, date?: Date | string): number;

/** The date, "YYYY-MM-DD", of day `day` in the cycle that holds `today` (default now). */
export function dailyDate(schedule: DailySchedule, day: number, today?: Date | string): string;
