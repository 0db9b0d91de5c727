// Usage: node bounds.mjs DOCS_WEB_MD
// The package by name in Node (docs/web.md#errors, docs/web.md#the-api): every
// search is bounded by default — moveValues on the start position with no
// options throws `budget` (its time printed) — and "none" is the only way to
// lift a bound; NaN, ±Infinity, undefined and other non-integer budgets, a NaN
// level or seed, and strings over 1,024 characters are refused in JavaScript,
// each with its argument's code and name, before the module is called (its
// memory does not grow), in the Engine and in the worker's argument check; a
// 30-empty search with a 50-million-position budget answers or stops with
// `budget`, without overflowing the module's stack.
// And the docs' error table names exactly the calls that throw `game-over` on a
// finished game. Exit 1 on any failure.
import { Engine, EngineError } from "discflip-engine";
import { readFileSync } from "node:fs";

const failures = [];
const check = (ok, what) => ok || failures.push(what);
const engine = await Engine.load();
const start = "---------------------------OX------XO---------------------------";
const late = "XXXXOX-XOOOOOXX-XOXOXOXXXOXXOOOXXXXXXO-XXXOXOX-XXXXO--X-XXXXXX-X";

/** The code and message `f` throws, or "answered". */
function outcome(f) {
  try {
    f();
    return { code: "answered" };
  } catch (e) {
    return e instanceof EngineError ? { code: e.code, message: e.message } : { code: `not an EngineError: ${e}` };
  }
}

// Bounded by default, on the start position; the answer comes back.
let began = performance.now();
const first = outcome(() => engine.moveValues(start, "X"));
const startMs = performance.now() - began;
check(first.code === "budget", `moveValues on the start position with no options: ${first.code}`);
check(/10000000 positions/.test(first.message ?? ""), `the default budget named: ${first.message}`);
check(outcome(() => engine.reply(start, "X")).code === "budget", "reply on the start position is bounded by default");
const values = engine.moveValues(late, "X");
check(JSON.stringify(engine.moveValues(late, "X", { maxPositions: "none" })) === JSON.stringify(values), '"none" gives the bounded answer');

// Budgets that are not whole numbers or "none", refused before the module runs.
const memory = () => engine.exports.memory.buffer.byteLength;
const before = memory();
for (const [shown, budget] of [["NaN", NaN], ["Infinity", Infinity], ["-Infinity", -Infinity], ["undefined", undefined],
  ["1.5", 1.5], ["-1", -1], ["2^53", 2 ** 53], ['"100"', "100"], ['"None"', "None"], ["null", null], ["true", true]]) {
  for (const call of ["moveValues", "reply"]) {
    const r = outcome(() => engine[call](start, "X", { maxPositions: budget }));
    check(r.code === "bad-option" && r.message.startsWith(`${call}: options.maxPositions`),
      `${call} with maxPositions ${shown}: ${r.code} ${r.message}`);
  }
}
check(outcome(() => engine.moveValues(late, "X", { emptiesToWinner: undefined })).code === "bad-option", "an option set to undefined");
// A NaN level or seed is a bad one, named, not a missing one.
const level = outcome(() => engine.levelMove(NaN, start, "X", 1));
check(level.code === "bad-level" && level.message === "levelMove: level is NaN, which JSON cannot carry", `a NaN level: ${level.message}`);
for (const seed of [NaN, Infinity, -1, 0.5]) {
  const r = outcome(() => engine.levelMove("level1", start, "X", seed));
  check(r.code === "bad-seed" && r.message.startsWith("levelMove: seed "), `seed ${seed}: ${r.code} ${r.message}`);
}
// Over-long strings: refused by the JavaScript, the module's memory untouched.
const huge = "-".repeat(50_000_000);
for (const [call, args, code] of [["legalMoves", [huge, "X"], "bad-board"], ["play", [start, "X", huge], "bad-move"],
  ["status", [start, huge], "bad-side"], ["levelMove", [huge, start, "X", 1], "bad-level"]]) {
  const r = outcome(() => engine[call](...args));
  check(r.code === code && r.message.includes("is 50000000 characters long (at most 1024)"), `${call}, a 50 MB argument: ${r.code} ${r.message}`);
}
check(memory() === before, `the module's memory grew from ${before} to ${memory()} bytes`);
// The longest string allowed still reaches the module, which names what is wrong.
const long = outcome(() => engine.legalMoves("-".repeat(1024), "X"));
check(long.code === "bad-board", `a 1,024-character board reaches the module: ${long.code}`);

// Every shipped-size board answers under the default: a 12-empty board here (check-web runs all 2,160).
check(values.length > 0, "a 12-empty board answers under the default budget");

// A deep search: 30 empty squares, a budget that reaches its last empties (50 million
// positions): it answers or stops with `budget`, and the module's stack holds.
let [deep, deepSide] = [start, "X"];
for (let seed = 0; deep.split("-").length - 1 > 30; seed++) {
  ({ board: deep, side: deepSide } = engine.play(deep, deepSide, engine.levelMove("random", deep, deepSide, seed).move));
}
const deepStarted = performance.now();
const deepOutcome = outcome(() => engine.moveValues(deep, deepSide, { maxPositions: 50_000_000 }));
const deepMs = performance.now() - deepStarted;
check(deepOutcome.code === "answered" || deepOutcome.code === "budget", `a 30-empty search of 50 million positions: ${deepOutcome.code} ${deepOutcome.message ?? ""}`);
check(JSON.stringify(engine.legalMoves(start, "X")) === '["d3","c4","f5","e6"]', "the module answers after the deep search");

// The error table's game-over row: exactly its calls refuse a finished game.
const [docs] = process.argv.slice(2);
const row = readFileSync(docs, "utf8").split("\n").find((l) => l.startsWith("| `game-over` |"));
const listed = new Set([...(row ?? "").split("|")[2].matchAll(/`(\w+)`/g)].map((m) => m[1]));
const full = "X".repeat(64);
const finished = { legalMoves: [full, "O"], play: [full, "O", "pass"], flips: [full, "O", "a1"], status: [full, "O"],
  settled: [full], moveValues: [full, "O"], reply: [full, "O"], hint: [full, "O"], levelMove: ["level1", full, "O", 1] };
for (const [call, args] of Object.entries(finished)) {
  const code = outcome(() => engine[call](...args)).code;
  check((code === "game-over") === listed.has(call), `${call} on a finished game: ${code}; the docs' game-over row ${listed.has(call) ? "lists it" : "leaves it out"}`);
}

if (failures.length) {
  for (const f of failures) console.error(`bounds: ${f}`);
  process.exit(1);
}
console.log(`bounds: moveValues on the start position stopped at its default budget in ${Math.round(startMs)} ms; ` +
  `a 30-empty search of 50 million positions: ${deepOutcome.code} in ${Math.round(deepMs)} ms; ` +
  "bad budgets, NaN arguments and 50 MB strings refused before the module");
