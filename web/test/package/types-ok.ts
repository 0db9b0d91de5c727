// The package's types in use (docs/web.md#types): this file compiles under
// `tsc --strict`; types-misuse.ts holds what must not.
import { Engine, EngineError, EngineWorker, type Choice, type MoveValue, type ErrorCode, type Move, type Played, type Side, type Square } from "discflip-engine";

const engine: Engine = await Engine.load();
const start = "---------------------------OX------XO---------------------------";
const moves: Square[] = engine.legalMoves(start, "X");
const first: Move = moves[0] ?? "pass";
const played: Played = engine.play(start, "X", first);
const next: Side | null = played.side;
const values = engine.moveValues(played.board, "O", { emptiesToWinner: true });
const best: number = values[0]?.value ?? 0;
const reply: Choice = engine.reply(start, "X");
const level5 = engine.levelMove("level5", start, "X", 7, { clock: true });
const version: string = engine.version.levelsSha256;
const dark: number = values[0]?.darkMinusLight ?? 0;
const outline: Square[] = engine.flips(start, "X", "d3");
const rings: Square[] = engine.settled(start).X;
const hint: Move = engine.hint(start, "X").move;
const status = engine.status(start, "O");
const over: boolean = status.gameOver;
const light: number = status.discs.O;
const bounded: Choice = engine.reply(start, "X", { maxPositions: 1000 });
const unbounded: MoveValue[] = engine.moveValues(start, "X", { maxPositions: "none" });
try {
  engine.play(start, "X", "a1");
} catch (e) {
  if (e instanceof EngineError) {
    const code: ErrorCode = e.code;
    if (code === "illegal-move") console.log(e.message);
  }
}
await Engine.load(new Uint8Array(0));
await Engine.load(fetch("discflip.wasm"));
await Engine.load(new URL("file:///discflip.wasm"));
await Engine.load("discflip.wasm");
const worker = await EngineWorker.start({ module: new URL("file:///discflip.wasm") });
const inWorker: MoveValue[] = await worker.moveValues(start, "X", { maxPositions: 10 });
const stop = new AbortController();
const workerHint: Choice = await worker.hint(start, "X", { signal: stop.signal });
const boundedInWorker: MoveValue[] = await worker.moveValues(start, "X", { maxPositions: "none", signal: stop.signal });
const workerCode: ErrorCode = "worker-failed";
const cancelled: boolean = worker.cancel();
worker.terminate();
export { boundedInWorker, cancelled, inWorker, unbounded, workerCode, workerHint };
export { best, bounded, dark, hint, level5, light, next, outline, over, reply, rings, version };

// The data files, typed by checking them (discflip-engine/data): no assertion needed.
import { checkData, DataError, type DataFiles, type GameBoard, type Player, type Square as DataSquare, type Move as DataMove } from "discflip-engine/data";
const gameDaily = checkData("game-daily.json", JSON.parse("{}") as unknown);
const todays: GameBoard[] = gameDaily.days[0] ?? [];
const parMove: DataSquare = todays[0]!.par_move;
const dataTier: 1 | 2 | 3 | 4 | 5 = todays[0]!.tier;
const epochText: string = gameDaily.epoch;
const full: DataFiles["daily.json"] = checkData("daily.json", null);
const weekday: "Mon" | "Tue" | "Wed" | "Thu" | "Fri" | "Sat" | "Sun" = full.days[0]!.weekday;
const firstReply: DataMove = full.days[0]!.boards[0]!.moves[0]!.reply;
const sampler: Player = full.days[0]!.boards[0]!.provenance.dark_player;
const where: string = new DataError().path;
// The package's squares and the data's are the same names.
const sameSquare: Square = parMove;
// The Daily day.
import { dailyDay, dailyDate } from "discflip-engine";
const day: number = dailyDay(gameDaily);
const dayOfText: number = dailyDay({ epoch: "2025-01-06", cycle_days: 420 }, "2026-03-02");
const dateOfDay: string = dailyDate(gameDaily, day, new Date());
export { dataTier, epochText, weekday, firstReply, sampler, where, sameSquare, dayOfText, dateOfDay };
// A board literal the types accept, themes by name.
const literal: GameBoard = { id: "e08-d067ffe2a84f", board: "-".repeat(64), empties: 8, par: 16, par_move: "h4", tier: 1, themes: ["corner", "tempo"] };
export { literal };
import { Game, START, scoreDaily, type GameStatus, type PlayedMove, type Winner } from "discflip-engine/game";
const game = Game.start(engine);
const firstMove: PlayedMove = game.play("f5");
const turned: readonly Square[] = firstMove.flipped;
const gameStatus: GameStatus = game.status();
const gameWinner: Winner | null = gameStatus.winner;
const fromBoard = Game.fromBoard(engine, START, "X");
const back: PlayedMove[] = fromBoard.undoTo("O");
const resumed = Game.restore(engine, game.save());
const replayed: string = Game.fromTranscript(engine, "f5d6").toTranscript();
const dayScore = scoreDaily([{ par: 12, margin: 12 }, { par: 8, margin: 2 }, { par: 20, margin: -4 }]);
const shareLine: string = dayScore.share;
export { back, gameWinner, replayed, resumed, shareLine, turned };
import { verifyData, type DataErrorCode, type GameEndgameFile } from "discflip-engine/data";
const verified: GameEndgameFile = verifyData(engine, "game-endgame.json", JSON.parse("{}"));
const meaningCode: DataErrorCode = "duplicate-board";
export { meaningCode, verified };

