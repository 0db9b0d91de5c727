// node validate.cjs SCHEMA_DIR DATA_DIR: each DATA_DIR/<set>.json against
// SCHEMA_DIR/<set>.schema.json with ajv's draft 2020-12 validator in strict
// mode, with no format added (the schemas use none of their own: integer
// ranges are minimum and maximum). Exit 1 on any error.
"use strict";
const fs = require("fs");
const path = require("path");
const Ajv2020 = require("ajv/dist/2020");

const [schemaDir, dataDir] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: true, allErrors: true });
let failed = false;
for (const set of ["endgame", "daily", "game-endgame", "game-daily"]) {
  const schemaPath = path.join(schemaDir, `${set}.schema.json`);
  const dataPath = path.join(dataDir, `${set}.json`);
  const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
  const data = JSON.parse(fs.readFileSync(dataPath, "utf8"));
  if (validate(data)) {
    const boards = data.boards ? data.boards.length : data.days.reduce((n, d) => n + (d.boards || d).length, 0);
    console.log(`schema-check: ${dataPath} is valid against ${schemaPath} (${boards} boards)`);
  } else {
    failed = true;
    for (const e of validate.errors.slice(0, 20)) {
      console.error(`schema-check: ${dataPath}${e.instancePath}: ${e.message}`);
    }
  }
}
process.exit(failed ? 1 : 0);
