// Usage: node game.mjs LADDER_GAMES_CSV
// The game layer by name (docs/web.md#the-game-layer):
// - every recorded ladder game replayed through Game.fromTranscript ends with
//   the CSV's disc counts and winner (the recorded games, not the engine's own
//   play), and round-trips through toTranscript and save/restore;
// - 1,000 seeded random games through Game agree move for move with the
//   engine's own calls (legal moves, flips, the board, who moves, passes), and
//   undo back to the start;
// - undoTo, a pass from a board, transcripts with a bad or illegal move
//   refused naming the move;
// - each rule of the Daily's scoring. Exit 1 on any failure.
import { Engine, EngineError } from "discflip-engine";
import { Game, SHARE_SQUARES, START, scoreDaily } from "discflip-engine/game";
import { readFileSync } from "node:fs";

const [ladderCsv] = process.argv.slice(2);
const failures = [];
const check = (ok, what) => ok || failures.push(what);
const engine = await Engine.load();
const began = performance.now();

// Every ladder game, replayed from its transcript.
const [head, ...rows] = readFileSync(ladderCsv, "utf8").trim().split("\n");
const cols = head.split(",");
let moves = 0;
for (const row of rows) {
  const r = Object.fromEntries(row.split(",").map((v, i) => [cols[i], v]));
  const where = `${r.matchup} game ${r.game}`;
  const game = Game.fromTranscript(engine, r.transcript);
  const s = game.status();
  const [dark, light] = [Number(r.dark_discs), Number(r.light_discs)];
  check(s.gameOver && s.discs.X === dark && s.discs.O === light, `${where}: ends ${JSON.stringify(s.discs)}, the CSV ${dark}-${light}`);
  check(s.winner === (dark > light ? "X" : dark < light ? "O" : "draw"), `${where}: winner ${s.winner}`);
  check(game.history().length === Number(r.moves) && game.history().filter((m) => m.passed).length === Number(r.passes),
    `${where}: ${game.history().length} moves played`);
  check(game.toTranscript() === r.transcript, `${where}: the transcript does not round-trip`);
  const restored = Game.restore(engine, game.save());
  check(restored.board === game.board && restored.toTranscript() === r.transcript, `${where}: save/restore`);
  moves += game.history().length;
}
const ladderMs = performance.now() - began;

// Seeded random games against the engine's own calls.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let passes = 0;
for (let g = 0; g < 1000; g++) {
  const random = mulberry32(g);
  const game = Game.start(engine);
  let [board, side] = [START, "X"];
  while (side !== null) {
    const legal = engine.legalMoves(board, side);
    check(JSON.stringify(game.legalMoves()) === JSON.stringify(legal), `random game ${g}: legal moves at ${game.history().length}`);
    const move = legal[Math.floor(random() * legal.length)];
    const flips = engine.flips(board, side, move);
    const next = engine.play(board, side, move);
    const played = game.play(move);
    check(JSON.stringify(played.flipped) === JSON.stringify(flips) && played.board === next.board && played.next === next.side &&
      played.passed === (next.side === side) && played.side === side, `random game ${g}: move ${game.history().length} (${move})`);
    passes += played.passed ? 1 : 0;
    [board, side] = [next.board, next.side];
  }
  check(game.side === null && game.status().gameOver, `random game ${g}: over`);
  const again = Game.fromTranscript(engine, game.toTranscript());
  check(again.board === game.board, `random game ${g}: the transcript replays to the same board`);
  while (game.undo() !== null);
  check(game.board === START && game.side === "X" && game.history().length === 0, `random game ${g}: undone to the start`);
}
check(passes > 0, "the random games include forced passes");

// undoTo: the player's move and the computer's reply.
const vsComputer = Game.start(engine);
vsComputer.play("f5");
vsComputer.play(engine.levelMove("level3", vsComputer.board, "O", 1).move);
vsComputer.play("d3");
const undone = vsComputer.undoTo("X");
check(undone.length === 1 && vsComputer.side === "X", `undoTo("X") after the player's move: ${undone.length} taken back`);
vsComputer.play("d3");
vsComputer.play(engine.levelMove("level3", vsComputer.board, "O", 1).move);
check(vsComputer.undoTo("X").length === 2 && vsComputer.history().length === 2, "undoTo takes back the reply and the player's move");

// A board whose side to move must pass: an explicit pass, inferred in a transcript.
const full = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-";
const stuck = Game.fromBoard(engine, full, "O");
check(stuck.side === "O" && stuck.legalMoves().length === 0, "a side with no move must pass");
const pass = stuck.play("pass");
check(pass.move === "pass" && pass.next === "X" && pass.flipped.length === 0, `a pass: ${JSON.stringify(pass)}`);
const inferred = Game.fromTranscript(engine, "h8", { board: full, side: "O" });
check(inferred.history().map((m) => m.move).join(" ") === "pass h8" && inferred.status().winner === "X", "a forced pass is inferred in a transcript");

// Bad transcripts, named.
const refused = (f) => {
  try {
    f();
    return "answered";
  } catch (e) {
    return e instanceof EngineError ? `${e.code}: ${e.message}` : `${e}`;
  }
};
check(refused(() => Game.fromTranscript(engine, "f5d6z9")) === 'bad-move: transcript: move 3, z9: move "z9": a move is a square name, a1 to h8 in lower case, or "pass"',
  `a bad square: ${refused(() => Game.fromTranscript(engine, "f5d6z9"))}`);
check(refused(() => Game.fromTranscript(engine, "f5a1")) === "illegal-move: transcript: move 2, a1: move a1: not a legal move for O",
  `an illegal move: ${refused(() => Game.fromTranscript(engine, "f5a1"))}`);
check(refused(() => Game.restore(engine, "{}")).startsWith("bad-request: restore: not a saved game"), "a save that is not one");

// The Daily's scoring (docs/web.md#the-dailys-scoring).
const day = (...results) => scoreDaily(results.map(([par, margin]) => ({ par, margin })));
const perfect = day([12, 12], [8, 8], [20, 20]);
check(perfect.won && perfect.text === "Perfect" && perfect.offPar === 0 && perfect.share === "🟩🟩🟩 Perfect", `a perfect day: ${JSON.stringify(perfect)}`);
const twoOfThree = day([12, 12], [8, 2], [20, -4]);
check(twoOfThree.won && JSON.stringify(twoOfThree.boards) === '["par","won","not-won"]', `a day won with one board not won: ${JSON.stringify(twoOfThree)}`);
check(twoOfThree.text === "30 off par" && twoOfThree.share === `${SHARE_SQUARES.par}${SHARE_SQUARES.won}${SHARE_SQUARES["not-won"]} 30 off par`, `the off-par sum: ${twoOfThree.text}`);
const lost = day([12, 0], [8, 2], [20, -4]);
check(!lost.won && lost.text === "42 off par", `a day lost: ${JSON.stringify(lost)}`);
check(day([6, 0], [6, 6], [6, 6]).boards[0] === "not-won", "a draw is not won");
check(refused(() => day([6, 8], [6, 6], [6, 6])).startsWith("RangeError"), "a margin above par is refused");

if (failures.length) {
  for (const f of failures.slice(0, 20)) console.error(`game: ${f}`);
  console.error(`game: ${failures.length} failures`);
  process.exit(1);
}
console.log(`game: ${rows.length} ladder games (${moves} moves) replayed to their recorded discs and winners in ${Math.round(ladderMs)} ms; ` +
  `1,000 random games (${passes} forced passes) move for move with the engine; undo, passes, bad transcripts and the Daily's rules`);
