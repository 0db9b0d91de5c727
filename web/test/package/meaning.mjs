// Usage: node meaning.mjs DATA_DIR
// verifyData by name (docs/web.md#the-data-files): the shipped board files pass
// (the time printed), and each corruption of meaning that the schema accepts —
// a par move that is not legal, one that is not par, a par that is not the
// board's value, a duplicate id, a duplicate board (another record's board
// turned), a wrong `empties`, a Daily day's sizes swapped, another levels hash —
// is refused with its code, naming the record and field. Exit 1 on any failure.
import { Engine } from "discflip-engine";
import { DataError, checkData, verifyData } from "discflip-engine/data";
import { readFileSync } from "node:fs";
import path from "node:path";

const [dataDir] = process.argv.slice(2);
const failures = [];
const check = (ok, what) => ok || failures.push(what);
const engine = await Engine.load();
const read = (name) => JSON.parse(readFileSync(path.join(dataDir, name), "utf8"));
const names = ["endgame.json", "daily.json", "game-endgame.json", "game-daily.json"];

const began = performance.now();
let boards = 0;
for (const name of names) {
  const file = read(name);
  verifyData(engine, name, file);
  boards += name.includes("daily") ? file.days.length * 3 : file.boards.length;
}
const ms = performance.now() - began;

/** A quarter turn: each square's source square. */
const QUARTER = Array.from({ length: 64 }, (_, sq) => (sq % 8) * 8 + (7 - Math.floor(sq / 8)));
const NAMES = Array.from({ length: 64 }, (_, sq) => "abcdefgh"[sq % 8] + (Math.floor(sq / 8) + 1));
/** A record with its board (and par move) turned a quarter, which the symmetry check must see. */
const turned = (r) => ({ ...r, board: QUARTER.map((from) => r.board[from]).join(""), par_move: NAMES[QUARTER.indexOf(NAMES.indexOf(r.par_move))] });
/** The records a corruption changes: the Endgame boards, or Daily day 0's (day 7, a Monday too, for the duplicate). */
const day = (file, name, d) => (name === "daily.json" ? file.days[d].boards : file.days[d]);
const first = (file, name) => (name.includes("daily") ? day(file, name, 0) : file.boards);
const pointer = (name, at) => (name === "daily.json" ? `/days/0/boards${at}` : name === "game-daily.json" ? `/days/0${at}` : `/boards${at}`);

const corruptions = [
  ["a par move that is not legal", "par-move", "/0/par_move", (b) => { b[0].par_move = "a1"; }],
  ["a legal par move that is not par", "par-move", "/0/par_move", (b, e) => { b[0].par_move = e.moveValues(b[0].board, "X").at(-1).move; }],
  ["a par that is not the board's value", "par", "/0/par", (b) => { b[0].par -= 2; }],
  ["a duplicate id", "duplicate-id", "/1/id", (b) => { b[1].id = b[0].id; }],
  ["a wrong empties", "empties", "/0/empties", (b) => { b[0].empties += 2; }],
];
for (const name of names) {
  for (const [what, code, at, corrupt] of corruptions) {
    const file = read(name);
    const list = first(file, name);
    corrupt(list, engine);
    if (what === "a legal par move that is not par" && engine.moveValues(list[0].board, "X").at(-1).value === list[0].par) continue;
    if (what === "a wrong empties" && name === "daily.json") continue; // its schema fixes each place's size: a shape fault there
    const where = pointer(name, at);
    let error = null;
    try {
      checkData(name, file); // the schema accepts it: only the meaning is wrong
      verifyData(engine, name, file);
    } catch (e) {
      error = e;
    }
    check(error instanceof DataError && error.code === code && error.path === where,
      `${name}, ${what}: ${error ? `${error.code} at ${error.path}: ${error.message}` : "accepted"}`);
  }
}
let refused = 0;
/** verifyData's error on `file` after `corrupt`, which the schema must accept. */
function refusal(name, corrupt) {
  const file = read(name);
  corrupt(file);
  try {
    checkData(name, file);
    verifyData(engine, name, file);
  } catch (e) {
    refused += 1;
    return e;
  }
  return null;
}
// A board repeated, turned: the later record is named.
for (const name of names) {
  const e = refusal(name, (file) => {
    if (name.includes("daily")) day(file, name, 7)[0] = { ...turned(day(file, name, 0)[0]), id: day(file, name, 7)[0].id };
    else file.boards[2] = { ...turned(file.boards[0]), id: file.boards[2].id };
  });
  const at = name === "daily.json" ? "/days/7/boards/0/board" : name === "game-daily.json" ? "/days/7/0/board" : "/boards/2/board";
  check(e?.code === "duplicate-board" && e.path === at, `${name}, a duplicate board, turned: ${e?.message ?? "accepted"}`);
}
// A Monday with a Thursday's sizes, which the compact file's schema allows place by place.
const swapped = refusal("game-daily.json", (file) => { [file.days[0], file.days[3]] = [file.days[3], file.days[0]]; });
check(swapped?.code === "day-sizes" && swapped.path === "/days/0", `game-daily.json, a Monday with a Thursday's sizes: ${swapped?.message ?? "accepted"}`);
const other = read("game-endgame.json");
other.levels_sha256 = "0".repeat(64);
let levels = null;
try {
  verifyData(engine, "game-endgame.json", other);
} catch (e) {
  levels = e;
}
check(levels?.code === "levels" && levels.path === "/levels_sha256", `another levels hash: ${levels?.message ?? "accepted"}`);

if (failures.length) {
  for (const f of failures) console.error(`meaning: ${f}`);
  process.exit(1);
}
console.log(`meaning: the 4 shipped board files (${boards} boards) verified in ${Math.round(ms)} ms; ` +
  `${failures.length === 0 ? "every" : "not every"} corruption of meaning refused by code, record and field`);
