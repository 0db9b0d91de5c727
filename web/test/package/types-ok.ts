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
const cancelled: boolean = worker.cancel();
worker.terminate();
export { cancelled, inWorker };
export { best, bounded, dark, hint, level5, light, next, outline, over, reply, rings, version };
