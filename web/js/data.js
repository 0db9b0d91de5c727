// The game's data files checked as the game reads them (docs/web.md#the-data-files):
// `checkData(name, json)` walks the parsed file against its committed JSON Schema
// (docs/schema/, built in below by scripts/build-web) and returns it typed, or
// throws a DataError naming the file, the place (a JSON pointer) and what is wrong.
//
//   import { checkData } from "discflip-engine/data";
//   const daily = checkData("game-daily.json", await (await fetch(url)).json());
//
// It knows the JSON Schema keywords the schemas use and refuses a schema with any
// other, so a schema that grows past it fails here rather than checking less.

const SCHEMAS = /* SCHEMAS */ null;

/** What a data file holds that its schema refuses (`code` "schema"), or
 *  what verifyData finds its boards mean (the other codes). */
export class DataError extends Error {
  constructor(file, path, reason, code = "schema") {
    super(`${file}${path || "/"}: ${reason}`);
    this.name = "DataError";
    /** What kind: "schema", "par", "par-move", "empties", "duplicate-id",
     *  "duplicate-board", "day-sizes" or "levels". */
    this.code = code;
    /** The file's name ("game-daily.json"). */
    this.file = file;
    /** Where, as a JSON pointer ("/days/0/1/tier"; "" for the whole file). */
    this.path = path;
    /** What is wrong ("must be at most 5"). */
    this.reason = reason;
  }
}

/** `json` (a parsed data file named `name`) as it is, once its schema accepts it. */
export function checkData(name, json) {
  if (!Object.hasOwn(SCHEMAS, name)) {
    throw new TypeError(`no data file ${JSON.stringify(name)}: one of ${Object.keys(SCHEMAS).join(", ")}`);
  }
  const schema = SCHEMAS[name];
  const error = check(schema, json, "", schema);
  if (error) throw new DataError(name, error.path, error.reason);
  return json;
}

const KEYWORDS = new Set([
  "$schema", "title", "description", "$defs", "$ref", "type", "const", "enum", "pattern", "minLength",
  "format", "minimum", "maximum", "minItems", "maxItems", "uniqueItems", "prefixItems", "items",
  "required", "properties", "additionalProperties", "anyOf", "if", "then", "else",
]);

const fail = (path, reason) => ({ path, reason });
const show = (v) => JSON.stringify(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const TYPES = {
  object: isObject,
  array: Array.isArray,
  string: (v) => typeof v === "string",
  integer: Number.isInteger,
  number: (v) => typeof v === "number" && Number.isFinite(v),
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
};

/** Whether two JSON values are equal. */
function same(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  }
  return a === b;
}

/** A real calendar date, YYYY-MM-DD (JSON Schema's `date` format). */
function isDate(s) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const t = new Date(0);
  t.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return t.toISOString().slice(0, 10) === s;
}

/** The first error of `v` at `path` under schema `s` (`root` holds the $defs), or null. */
function check(s, v, path, root) {
  if (s === true) return null;
  if (s === false) return fail(path, "is not allowed here");
  for (const k of Object.keys(s)) if (!KEYWORDS.has(k)) throw new Error(`the schema at ${path || "/"} uses "${k}", which checkData does not know`);
  if (s.$ref) {
    const error = check(root.$defs[s.$ref.replace("#/$defs/", "")], v, path, root);
    if (error) return error;
  }
  if (s.type !== undefined) {
    const types = [].concat(s.type);
    if (!types.some((t) => TYPES[t](v))) return fail(path, `must be ${types.join(" or ")}, not ${show(v)}`);
  }
  if ("const" in s && !same(v, s.const)) return fail(path, `must be ${show(s.const)}, not ${show(v)}`);
  if (s.enum && !s.enum.some((x) => same(v, x))) return fail(path, `must be one of ${s.enum.map(show).join(", ")}, not ${show(v)}`);
  const error = typeof v === "string" ? string(s, v, path)
    : typeof v === "number" ? number(s, v, path)
    : Array.isArray(v) ? array(s, v, path, root)
    : isObject(v) ? object(s, v, path, root)
    : null;
  if (error) return error;
  if (s.anyOf) {
    const errors = s.anyOf.map((a) => check(a, v, path, root));
    if (errors.every((e) => e)) return errors.find((e, i) => !s.anyOf[i].type || TYPES[s.anyOf[i].type]?.(v)) ?? errors[0];
  }
  if (s.if !== undefined) {
    const branch = check(s.if, v, path, root) ? s.else : s.then;
    if (branch !== undefined) return check(branch, v, path, root);
  }
  return null;
}

function string(s, v, path) {
  if (s.pattern !== undefined && !new RegExp(s.pattern, "u").test(v)) return fail(path, `must match ${s.pattern}, not ${show(v)}`);
  if (s.minLength !== undefined && [...v].length < s.minLength) return fail(path, `must have at least ${s.minLength} characters`);
  if (s.format === "date" && !isDate(v)) return fail(path, `must be a date YYYY-MM-DD, not ${show(v)}`);
  return null;
}

function number(s, v, path) {
  if (s.minimum !== undefined && v < s.minimum) return fail(path, `must be at least ${s.minimum}, not ${v}`);
  if (s.maximum !== undefined && v > s.maximum) return fail(path, `must be at most ${s.maximum}, not ${v}`);
  return null;
}

function array(s, v, path, root) {
  if (s.minItems !== undefined && v.length < s.minItems) return fail(path, `must have at least ${s.minItems} items, not ${v.length}`);
  if (s.maxItems !== undefined && v.length > s.maxItems) return fail(path, `must have at most ${s.maxItems} items, not ${v.length}`);
  if (s.uniqueItems) {
    const i = v.findIndex((x, i) => v.findIndex((y) => same(x, y)) !== i);
    if (i >= 0) return fail(path, `must not hold ${show(v[i])} twice`);
  }
  const prefix = s.prefixItems ?? [];
  for (let i = 0; i < v.length; i++) {
    const item = i < prefix.length ? prefix[i] : s.items;
    const error = item === undefined ? null : check(item, v[i], `${path}/${i}`, root);
    if (error) return error;
  }
  return null;
}

function object(s, v, path, root) {
  for (const key of s.required ?? []) if (!Object.hasOwn(v, key)) return fail(path, `must have "${key}"`);
  const props = s.properties ?? {};
  for (const [key, value] of Object.entries(v)) {
    const where = `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (Object.hasOwn(props, key)) {
      const error = check(props[key], value, where, root);
      if (error) return error;
    } else if (s.additionalProperties === false) {
      return fail(path, `must not have "${key}"`);
    }
  }
  return null;
}

/** The 8 symmetries of the board as square maps (a1 = 0, b1 = 1, …, h8 = 63). */
const SYMMETRIES = [
  (f, r) => [f, r], (f, r) => [7 - f, r], (f, r) => [f, 7 - r], (f, r) => [7 - f, 7 - r],
  (f, r) => [r, f], (f, r) => [7 - r, f], (f, r) => [r, 7 - f], (f, r) => [7 - r, 7 - f],
].map((t) => Array.from({ length: 64 }, (_, sq) => {
  const [f, r] = t(sq % 8, Math.floor(sq / 8));
  return r * 8 + f;
}));

/** The least of a board's 8 images: equal for boards that are one board turned or mirrored. */
const canonical = (board) => SYMMETRIES.map((map) => map.map((sq) => board[sq]).join("")).reduce((a, b) => (a < b ? a : b));

/** A Daily day's sizes by weekday (docs/formats.md): Monday to Wednesday, Thursday to Sunday. */
const DAY_SIZES = { early: [6, 8, 10], late: [8, 10, 12] };

/** Each board record of a checked board file, with its JSON pointer and
 *  its day (for the Daily files). */
function records(name, json) {
  switch (name) {
    case "endgame.json":
    case "game-endgame.json":
      return json.boards.map((record, i) => ({ record, path: `/boards/${i}` }));
    case "daily.json":
      return json.days.flatMap((d, day) => d.boards.map((record, j) => ({ record, path: `/days/${day}/boards/${j}`, day })));
    case "game-daily.json":
      return json.days.flatMap((d, day) => d.map((record, j) => ({ record, path: `/days/${day}/${j}`, day })));
    default:
      throw new TypeError(`verifyData checks the board files (endgame.json, daily.json, game-endgame.json, game-daily.json), not ${JSON.stringify(name)}`);
  }
}

/** `json` (the parsed board file `name`) as it is, once its schema accepts it
 *  (checkData) and its boards mean what they say, checked with `engine` (an
 *  Engine of discflip-engine): each par move legal and the board's best value
 *  equal to par (Dark to move), `empties` the board's empty squares, ids and
 *  boards unique within the file (boards also under the 8 symmetries), each
 *  Daily day's sizes its weekday's, `levels_sha256` the engine's. Otherwise
 *  throws a DataError naming the record and field, with its code. */
export function verifyData(engine, name, json) {
  const all = records(name, checkData(name, json));
  const fault = (path, reason, code) => new DataError(name, path, reason, code);
  if (json.levels_sha256 !== engine.version.levelsSha256) {
    throw fault("/levels_sha256", `${json.levels_sha256} is not the engine's levels (${engine.version.levelsSha256})`, "levels");
  }
  if (name === "daily.json" || name === "game-daily.json") {
    const monday = (new Date(`${json.epoch}T00:00:00Z`).getUTCDay() + 6) % 7; // the epoch's weekday, Monday 0
    const days = name === "daily.json" ? json.days.map((d) => d.boards) : json.days;
    days.forEach((trio, day) => {
      const sizes = (monday + day) % 7 < 3 ? DAY_SIZES.early : DAY_SIZES.late;
      const found = trio.map((r) => [...r.board].filter((c) => c === "-").length); // the boards' own sizes
      if (found.join() !== sizes.join()) {
        throw fault(`/days/${day}`, `its boards have ${found.join(", ")} empty squares; a ${(monday + day) % 7 < 3 ? "Monday to Wednesday" : "Thursday to Sunday"} day has ${sizes.join(", ")}`, "day-sizes");
      }
    });
  }
  const ids = new Map();
  const boards = new Map();
  for (const { record, path } of all) {
    const { id, board, empties, par, par_move: parMove } = record;
    const empty = [...board].filter((c) => c === "-").length;
    if (empty !== empties) throw fault(`${path}/empties`, `${empties}, but the board has ${empty} empty squares`, "empties");
    const values = engine.moveValues(board, "X", { maxPositions: "none" });
    const best = values[0]?.value;
    if (best !== par) throw fault(`${path}/par`, `${par}, but the board's value is ${best ?? "none (Dark has no move)"}`, "par");
    const move = values.find((v) => v.move === parMove);
    if (!move) throw fault(`${path}/par_move`, `${parMove} is not a legal move for Dark`, "par-move");
    if (move.value !== par) throw fault(`${path}/par_move`, `${parMove} scores ${move.value}, not par ${par}`, "par-move");
    if (ids.has(id)) throw fault(`${path}/id`, `${id} is also ${ids.get(id)}'s`, "duplicate-id");
    ids.set(id, path);
    const key = canonical(board);
    if (boards.has(key)) throw fault(`${path}/board`, `the board of ${boards.get(key)}, under a symmetry`, "duplicate-board");
    boards.set(key, path);
  }
  return json;
}

