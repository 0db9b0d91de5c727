// Usage: node examples.mjs FILE.md...
// Runs every ```js example of the given Markdown files (docs/web.md, the
// package's README) and asserts what each shows (docs/web.md#the-package):
//
//   expression; // → value          the expression's value (awaited) deep-equals `value`
//   expression; // throws code: msg  it throws (or rejects with) an EngineError with that code and message
//
// Each example runs as an ES module in this directory, so `import … from
// "discflip-engine"` finds the installed package. An example that asserts
// nothing fails: every example shows what it gives. Prints one line per file;
// exit 1 on any failure.
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const helpers = `
import { isDeepStrictEqual as __same } from "node:util";
const __show = (v) => JSON.stringify(v);
async function __eq(got, want, where) {
  const value = await got();
  if (!__same(JSON.parse(JSON.stringify(value)), want)) throw new Error(\`\${where}: gives \${__show(value)}, the docs say \${__show(want)}\`);
}
async function __throws(got, code, message, where) {
  try {
    await got();
  } catch (e) {
    if (e?.name !== "EngineError" || e.code !== code || e.message !== message) {
      throw new Error(\`\${where}: throws \${e?.name} \${e?.code}: \${e?.message}; the docs say \${code}: \${message}\`);
    }
    return;
  }
  throw new Error(\`\${where}: throws nothing; the docs say \${code}: \${message}\`);
}
`;

/** The ```js blocks of `text`: their first line number and lines. */
function blocks(text) {
  const out = [];
  let current = null;
  text.split("\n").forEach((line, i) => {
    if (current === null && line.trim() === "```js") current = { line: i + 2, lines: [] };
    else if (current !== null && line.trim() === "```") {
      out.push(current);
      current = null;
    } else if (current !== null) current.lines.push(line);
  });
  return out;
}

/** The block as a module whose shown results are assertions; how many it makes. */
function rewrite(file, block) {
  let asserts = 0;
  const lines = block.lines.map((line, i) => {
    const where = JSON.stringify(`${file}:${block.line + i}`);
    const shown = line.match(/^(\s*)(.*?);?\s*\/\/ → (.*)$/);
    if (shown) {
      asserts += 1;
      return `${shown[1]}await __eq(async () => (${shown[2]}), ${shown[3]}, ${where});`;
    }
    const thrown = line.match(/^(\s*)(.*?);?\s*\/\/ throws ([a-z-]+): (.*)$/);
    if (thrown) {
      asserts += 1;
      return `${thrown[1]}await __throws(async () => (${thrown[2]}), ${JSON.stringify(thrown[3])}, ${JSON.stringify(thrown[4])}, ${where});`;
    }
    return line;
  });
  return { source: helpers + lines.join("\n") + "\n", asserts };
}

let failed = 0;
for (const file of process.argv.slice(2)) {
  const name = path.basename(file);
  let examples = 0;
  let asserts = 0;
  for (const [n, block] of blocks(readFileSync(file, "utf8")).entries()) {
    const { source, asserts: made } = rewrite(name, block);
    examples += 1;
    asserts += made;
    if (made === 0) {
      console.log(`${name}:${block.line}: an example that shows no result (// → value or // throws code: message)`);
      failed += 1;
      continue;
    }
    const module = path.join(here, `example-${name}-${n}.mjs`);
    writeFileSync(module, source);
    try {
      await import(pathToFileURL(module).href);
    } catch (e) {
      console.log(e.message);
      failed += 1;
    } finally {
      rmSync(module);
    }
  }
  if (examples === 0) {
    console.log(`${name}: no examples`);
    failed += 1;
  }
  console.log(`${name}: ${examples} examples, ${asserts} results asserted`);
}
process.exit(failed === 0 ? 0 : 1);
