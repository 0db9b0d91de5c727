// Usage: node data.mjs DATA CORRUPTIONS
// The package's data check (discflip-engine/data, docs/web.md#the-data-files) on the
// shipped files and on the corruption table the schema check uses
// (scripts/schema-check/corruptions.json): every shipped file passes, every
// corruption throws a DataError at the path the table names. Exit 1 on any failure.
import { readFileSync } from "node:fs";
import path from "node:path";
import { checkData, DataError } from "discflip-engine/data";

const [data, corruptionsPath] = process.argv.slice(2);
const failures = [];
const shipped = {};
for (const name of ["endgame.json", "daily.json", "game-endgame.json", "game-daily.json", "levels.json"]) {
  shipped[name] = readFileSync(path.join(data, name), "utf8");
  try {
    checkData(name, JSON.parse(shipped[name]));
  } catch (e) {
    failures.push(`shipped ${name}: ${e.message}`);
  }
}
let refused = 0;
const table = JSON.parse(readFileSync(corruptionsPath, "utf8"));
for (const c of table) {
  const doc = JSON.parse(shipped[c.file]);
  const keys = c.path.split("/").slice(1);
  const last = keys.pop();
  const parent = keys.reduce((o, k) => o[k], doc);
  if (c.remove) Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
  else parent[last] = c.value;
  const at = c.at ?? c.path;
  try {
    checkData(c.file, doc);
    failures.push(`${c.file}${c.path} (${c.what}): accepted`);
  } catch (e) {
    if (!(e instanceof DataError) || e.file !== c.file || e.path !== at) {
      failures.push(`${c.file}${c.path} (${c.what}): ${e.name} at ${e.path}, not at ${at}: ${e.message}`);
    } else {
      refused++;
      console.log(`data: refused ${e.message} (${c.what})`);
    }
  }
}
let unknown = null;
try { checkData("strength.md", {}); } catch (e) { unknown = e; }
if (!(unknown instanceof TypeError)) failures.push(`an unknown file name: ${unknown}`);
console.log(`data: the 5 shipped files pass; ${refused} of ${table.length} corruptions refused at their paths`);
for (const f of failures) console.error(`FAIL ${f}`);
process.exit(failures.length ? 1 : 0);
