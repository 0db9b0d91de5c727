// The package's types in use (docs/web.md#types): this file compiles under
// `tsc --strict`; types-misuse.ts holds what must not.
import { Engine, EngineError, type Choice, type ErrorCode, type Move, type Played, type Side, type Square } from "discflip-engine";

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
export { best, level5, next, reply, version };
