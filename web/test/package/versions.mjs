// Usage: node versions.mjs DATA_DIR
// The package by name in Node (docs/web.md#versions): its version is the
// package's, and the game's check — the engine's levels hash against each data
// file's levels_sha256 — passes on the shipped data and fails on data made
// under a changed levels file. Exit 1 on any failure.
import { Engine, EngineError } from "discflip-engine";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [dataDir] = process.argv.slice(2);
const failures = [];
const check = (ok, what) => ok || failures.push(what);
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

const engine = await Engine.load();
const pkg = createRequire(import.meta.url)("discflip-engine/package.json");
check(engine.version.version === pkg.version, `engine.version.version ${engine.version.version}, package.json ${pkg.version}`);
check(Object.isFrozen(engine.version), "engine.version is frozen");

/** The game's check: tables and engine made under the same levels file. */
const belongTogether = (file) => file.levels_sha256 === engine.version.levelsSha256;

const levels = readFileSync(path.join(dataDir, "levels.json"), "utf8");
check(sha256(levels) === engine.version.levelsSha256, "levelsSha256 is the SHA-256 of data/levels.json");
const files = ["endgame.json", "daily.json", "game-endgame.json", "game-daily.json"];
for (const name of files) {
  const file = JSON.parse(readFileSync(path.join(dataDir, name), "utf8"));
  check(belongTogether(file), `${name}: levels_sha256 ${file.levels_sha256} is not the engine's`);
  // The same tables made under a levels file with one value changed: the check refuses them.
  const changed = levels.replace(/"reply_limit": (\d+)/, (_, n) => `"reply_limit": ${Number(n) + 1}`);
  check(changed !== levels, "levels.json has a reply_limit to change");
  check(!belongTogether({ ...file, levels_sha256: sha256(changed) }), `${name}: a changed levels file passes the check`);
}
// The package's error class is the one the engine throws.
try {
  engine.legalMoves("", "X");
  failures.push("an empty board is refused");
} catch (e) {
  check(e instanceof EngineError && e.code === "bad-board", `an empty board: ${e}`);
}
for (const f of failures) console.log(f);
console.log(`versions: ${files.length} data files against discflip-engine ${engine.version.version}, ${failures.length} failures`);
process.exit(failures.length === 0 ? 0 : 1);
