// npm pack's prepack step (package.json): refuses to pack a directory that is
// not the whole package: every file package.json lists, README.md, and data.js
// with the data files' schemas built in. web/js/ holds only the package's
// sources; scripts/build-web makes the package, which the repository keeps
// built in web/dist/ (pack that one: `npm pack ./web/dist`).
"use strict";
const fs = require("fs");
const { files } = require("./package.json");
const missing = [...files, "README.md"].filter((f) => !fs.existsSync(f));
if (fs.existsSync("data.js") && fs.readFileSync("data.js", "utf8").includes("/* SCHEMAS */ null")) {
  missing.push("data.js with the schemas built in");
}
if (missing.length > 0) {
  console.error(`discflip-engine: not a complete package directory: missing ${missing.join(", ")}.`);
  console.error("Pack the built package instead: npm pack ./web/dist (or build one with scripts/build-web OUT).");
  process.exit(1);
}
