// The game layer's types (docs/web.md#the-game-layer):
// `import { Game, START, scoreDaily } from "discflip-engine/game"`.
import type { Board, Engine, Move, Side, Square } from "./discflip.js";

/** The start position: d4 and e5 Light, e4 and d5 Dark; Dark moves first. */
export declare const START: Board;

/** Who won a finished game; empty squares count for nobody. */
export type Winner = Side | "draw";

/** One move of a game, as `play` answers it. */
export interface PlayedMove {
  readonly move: Move;
  /** Who played it. */
  readonly side: Side;
  /** The discs it turned, in square order; `[]` for a pass. */
  readonly flipped: readonly Square[];
  /** Whether the other side then had to pass (so `next` is the mover again). */
  readonly passed: boolean;
  /** The board after it. */
  readonly board: Board;
  /** Who moves next; null when the game is over. */
  readonly next: Side | null;
}

/** Where a game stands. */
export interface GameStatus {
  /** Who moves (a side that must pass included); null when the game is over. */
  readonly side: Side | null;
  readonly gameOver: boolean;
  readonly discs: { readonly X: number; readonly O: number };
  /** Dark's discs minus Light's. */
  readonly margin: number;
  /** Once the game is over, who won; else null. */
  readonly winner: Winner | null;
}

/** A game over the engine: history, undo, transcripts, save and restore. */
export declare class Game {
  private constructor();
  /** A game from the start position, Dark to move. */
  static start(engine: Engine): Game;
  /** A game from a board (an Endgame or Daily board: "X" to move). */
  static fromBoard(engine: Engine, board: Board, side: Side): Game;
  /** A game replayed from a transcript (`f5d6c3…`, forced passes left out), from the start or `from`. */
  static fromTranscript(engine: Engine, text: string, from?: { readonly board?: Board; readonly side?: Side }): Game;
  /** A game saved by `save()` (its JSON text or the parsed object). */
  static restore(engine: Engine, saved: string | SavedGame): Game;
  /** The board now. */
  readonly board: Board;
  /** Who moves now (a side that must pass included); null when the game is over. */
  readonly side: Side | null;
  /** The side to move's legal moves in square order; `[]` when it must pass or the game is over. */
  legalMoves(): Square[];
  /** Plays a move for the side to move; `"pass"` only when it has none. */
  play(move: Move): PlayedMove;
  /** Takes back the last move; null when there is none. */
  undo(): PlayedMove | null;
  /** Takes back moves until it is `side`'s turn again, at least one (the Computer mode's Undo). */
  undoTo(side: Side): PlayedMove[];
  /** The moves played, in order. */
  history(): PlayedMove[];
  status(): GameStatus;
  /** The moves as a transcript, passes left out. */
  toTranscript(): string;
  /** JSON text for `Game.restore`: the starting board and side, and every move. */
  save(): string;
}

/** What `save()` writes, parsed. */
export interface SavedGame {
  readonly format: 1;
  readonly board: Board;
  readonly side: Side;
  readonly moves: readonly Move[];
}

/** A Daily board's result. */
export type DailyVerdict = "par" | "won" | "not-won";

/** The share line's square for each verdict. */
export declare const SHARE_SQUARES: { readonly par: "🟩"; readonly won: "🟨"; readonly "not-won": "⬜" };

/** The Daily's scoring of a day. */
export interface DailyScore {
  readonly boards: readonly [DailyVerdict, DailyVerdict, DailyVerdict];
  /** Two of three boards won (par or won). */
  readonly won: boolean;
  /** The margin left behind: the sum of par − margin. */
  readonly offPar: number;
  /** "Perfect", or "N off par". */
  readonly text: string;
  /** One square per board, then the text. */
  readonly share: string;
}

/** One board of a Daily day: its par and the player's final margin (Dark − Light). */
export interface DailyBoardResult {
  readonly par: number;
  readonly margin: number;
}

/** The Daily's scoring, a pure function of the day's three pars and margins. */
export declare function scoreDaily(boards: readonly [DailyBoardResult, DailyBoardResult, DailyBoardResult]): DailyScore;
