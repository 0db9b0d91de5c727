// node validate.cjs SCHEMA_DIR DATA_DIR CORRUPTIONS: the JSON data files against
// their schemas with ajv's draft 2020-12 validator in strict mode, with only
// ajv-formats' standard formats added (docs/formats.md#schema-and-types):
// each shipped file must pass, and each corruption in the CORRUPTIONS table,
// applied to a fresh copy of its file, must be refused with an error at the
// path the table names. Prints one line per file and per corruption (what was
// refused, where, and ajv's message); exit 1 on any failure.
"use strict";
const fs = require("fs");
const path = require("path");
const Ajv2020 = require("ajv/dist/2020");
const addFormats = require("ajv-formats");

const [schemaDir, dataDir, corruptionsPath] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
const FILES = ["endgame", "daily", "game-endgame", "game-daily", "levels"];
let failed = false;
const fail = (msg) => {
  failed = true;
  console.error(`schema-check: FAIL ${msg}`);
};

const validators = {};
const shipped = {};
for (const set of FILES) {
  const schemaPath = path.join(schemaDir, `${set}.schema.json`);
  const dataPath = path.join(dataDir, `${set}.json`);
  const validate = (validators[`${set}.json`] = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8"))));
  const data = (shipped[`${set}.json`] = JSON.parse(fs.readFileSync(dataPath, "utf8")));
  if (validate(data)) {
    console.log(`schema-check: ${dataPath} is valid against ${schemaPath}`);
  } else {
    for (const e of validate.errors.slice(0, 20)) fail(`${dataPath}${e.instancePath}: ${e.message}`);
  }
}

// A JSON pointer's parent and last key (an array index as a number).
function locate(doc, pointer) {
  const keys = pointer.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = keys.pop();
  let parent = doc;
  for (const k of keys) {
    if (parent === null || typeof parent !== "object" || !(k in parent)) throw new Error(`no ${pointer}`);
    parent = parent[k];
  }
  return [parent, Array.isArray(parent) ? Number(last) : last];
}

if (corruptionsPath) {
  const table = JSON.parse(fs.readFileSync(corruptionsPath, "utf8"));
  let refused = 0;
  for (const c of table) {
    const doc = structuredClone(shipped[c.file]);
    const [parent, key] = locate(doc, c.path);
    if (c.remove) {
      if (!(key in parent)) throw new Error(`${c.file}${c.path}: nothing to remove`);
      if (Array.isArray(parent)) parent.splice(key, 1);
      else delete parent[key];
    } else {
      parent[key] = c.value;
    }
    const validate = validators[c.file];
    const at = c.at ?? c.path;
    if (validate(doc)) {
      fail(`${c.file}${c.path} (${c.what}): accepted`);
      continue;
    }
    const here = validate.errors.filter((e) => e.instancePath === at);
    if (here.length === 0) {
      fail(`${c.file}${c.path} (${c.what}): refused, but not at ${at}: ${validate.errors.map((e) => e.instancePath || "/").join(", ")}`);
      continue;
    }
    refused++;
    const { allowedValue, allowedValues } = here[0].params;
    const allowed = allowedValue ?? allowedValues;
    const detail = allowed === undefined ? "" : ` ${JSON.stringify(allowed)}`;
    console.log(`schema-check: refused ${c.file}${at || "/"} (${c.what}): ${here[0].message}${detail}`);
  }
  console.log(`schema-check: ${refused} of ${table.length} corruptions refused by ajv (strict), each at its path`);
}
process.exit(failed ? 1 : 0);
