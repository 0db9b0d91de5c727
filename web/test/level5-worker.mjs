// Level 5 timed move by move in a Web Worker, as the game runs it
// (docs/web.md#level-5-in-a-browser-worker): one engine, one position after
// another, each move's milliseconds from performance.now().
import { Engine } from "../web/discflip.js";

self.onmessage = async (e) => {
  const { positions, clock } = e.data;
  const engine = await Engine.load("../web/discflip.wasm");
  // The game loads the engine once; its first call makes the solvers' tables.
  engine.legalMoves(positions[0][0], positions[0][1]);
  const moves = [];
  for (const [board, side] of positions) {
    const start = performance.now();
    const m = engine.levelMove("level5", board, side, 0, { clock });
    moves.push({ move: m.move, positions: m.positions, ms: performance.now() - start });
  }
  self.postMessage(moves);
};
