// Usage: node browser.cjs SITE_DIR [NAME]  (NODE_PATH holding playwright-core)
// Serves SITE_DIR (index.html, the bundled page and what the bundler put
// beside it, discflip.wasm as application/wasm) on the loopback address,
// opens it in headless Chromium and prints what the page (page.mjs, or
// vite-page.mjs) found, as NAME (default "the bundled package"); exit 1 on any failure.
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");
const http = require("http");
const path = require("path");

const site = path.resolve(process.argv[2]);
const name = process.argv[3] ?? "the bundled package";
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };

const server = http.createServer((req, res) => {
  const wanted = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
  const file = path.join(site, path.normalize(wanted === "/" ? "/index.html" : wanted));
  if (!file.startsWith(site + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});

(async () => {
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const errors = [];
  try {
    const page = await browser.newPage();
    page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    const result = await page.evaluate(() => window.result);
    errors.push(...result.failures);
    const t = result.timings ?? {};
    console.log(`chromium: ${name}, discflip-engine ${result.version?.version}, a worker call cancelled after ${t.cancelMs ?? "-"} ms, ` +
      `one of three aborted (the others answered ${t.abortMs} ms later), a call after terminate() rejected in ${t.terminatedMs} ms; ${errors.length} failures`);
  } finally {
    await browser.close();
    server.close();
  }
  for (const e of errors) console.log(e);
  process.exit(errors.length === 0 ? 0 : 1);
})();
