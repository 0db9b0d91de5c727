// What the types refuse (docs/web.md#types): each line below is an error
// under `tsc --strict`, and `@ts-expect-error` fails the compile when it is not.
import { Engine, EngineError, EngineWorker, type MoveValue } from "discflip-engine";

const engine = await Engine.load();
const b = "---------------------------OX------XO---------------------------";

// @ts-expect-error a side is "X" or "O"
engine.legalMoves(b, "Dark");
// @ts-expect-error a side is upper case
engine.legalMoves(b, "x");
// @ts-expect-error a square is its name, not a number
engine.play(b, "X", 35);
// @ts-expect-error square names are lower case
engine.play(b, "X", "D3");
// @ts-expect-error "pass" is lower case
engine.play(b, "X", "PASS");
// @ts-expect-error no such square
engine.play(b, "X", "i9");
// @ts-expect-error a misspelt field of an answer
engine.moveValues(b, "X")[0]?.valu;
// @ts-expect-error a misspelt option
engine.moveValues(b, "X", { emptiesToWinnr: true });
// @ts-expect-error an option of another call
engine.moveValues(b, "X", { clock: true });
// @ts-expect-error a level is named, not numbered
engine.levelMove(5, b, "X", 1);
// @ts-expect-error level names are lower case
engine.levelMove("Level5", b, "X", 1);
// @ts-expect-error a seed is a number
engine.levelMove("level5", b, "X", "seed");
// @ts-expect-error the answer's side is read-only
engine.play(b, "X", "d3").side = "O";
// @ts-expect-error the engine is made by Engine.load
new Engine();
// @ts-expect-error the values' fields are named for their point of view
engine.moveValues(b, "X")[0]?.darkValue;
// @ts-expect-error a budget is a number or "none"
engine.reply(b, "X", { maxPositions: "100" });
// @ts-expect-error settled discs are keyed by side
engine.settled(b).dark;
// @ts-expect-error settled takes no side
engine.settled(b, "X");
// @ts-expect-error the status's margin is a number
const margin: string = engine.status(b, "X").margin;
// @ts-expect-error flips takes a move
engine.flips(b, "X");
// @ts-expect-error an options object, not a flag
engine.levelMove("level5", b, "X", 1, true);
try {
  engine.play(b, "X", "a1");
} catch (e) {
  // @ts-expect-error no such error code
  if (e instanceof EngineError && e.code === "illegal") console.log(e);
}
// @ts-expect-error not a module source
await Engine.load(42);
const worker = await EngineWorker.start();
// @ts-expect-error a worker's answers are promises
const now: MoveValue[] = worker.moveValues(b, "X");
// @ts-expect-error the worker's calls take the engine's arguments
await worker.moveValues(b, "Dark");
// @ts-expect-error no such option of start
await EngineWorker.start({ wasm: "discflip.wasm" });

// The data files' types (discflip-engine/data) refuse what the game cannot use.
import { checkData, type GameBoard, type Square as DataSquare } from "discflip-engine/data";
// @ts-expect-error no such square
const z9: DataSquare = "z9";
// @ts-expect-error a square is lower case
const upper: DataSquare = "H4";
// @ts-expect-error a board without its par
const noPar: GameBoard = { id: "e08-d067ffe2a84f", board: "-".repeat(64), empties: 8, par_move: "h4", tier: 1, themes: [] };
// @ts-expect-error tier 9
const tier9: GameBoard = { id: "e08-d067ffe2a84f", board: "-".repeat(64), empties: 8, par: 16, par_move: "h4", tier: 9, themes: [] };
// @ts-expect-error an id of another form
const badId: GameBoard = { id: "abc", board: "-".repeat(64), empties: 8, par: 16, par_move: "h4", tier: 1, themes: [] };
// @ts-expect-error a file the package does not know
checkData("strength.md", {});
// @ts-expect-error a parsed file is typed by its name, not asserted as another
const wrong: import("discflip-engine/data").GameEndgameFile = checkData("game-daily.json", {});
// @ts-expect-error a JSON import's strings are not squares: check the file instead
const fromJson: DataSquare = JSON.parse("{}").par_move as string;
// @ts-expect-error the Daily day takes the schedule first
dailyDay("2026-03-02", { epoch: "2025-01-06", cycle_days: 420 });
import { dailyDay } from "discflip-engine";
export { z9, upper, noPar, tier9, badId, wrong, fromJson };
// @ts-expect-error a theme that is none
const badTheme: GameBoard = { id: "e08-d067ffe2a84f", board: "-".repeat(64), empties: 8, par: 16, par_move: "h4", tier: 1, themes: ["parity"] };
export { badTheme };
// @ts-expect-error a worker call's signal is an AbortSignal
await EngineWorker.start().then((w) => w.hint(b, "X", { signal: "stop" }));
// @ts-expect-error a worker factory makes a worker
await EngineWorker.start({ worker: () => 42 });
import { Game, scoreDaily, type Winner } from "discflip-engine/game";
// @ts-expect-error a square is its name, not a number
Game.start(engine).play(19);
// @ts-expect-error a winner is "X", "O" or "draw"
const unknownWinner: Winner = "dark";
// @ts-expect-error the Daily has three boards
scoreDaily([{ par: 12, margin: 12 }]);
export { unknownWinner };
import { verifyData } from "discflip-engine/data";
// @ts-expect-error verifyData checks the board files, not levels.json
verifyData(engine, "levels.json", {});

