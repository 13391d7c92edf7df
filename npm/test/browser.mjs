// The package in headless Chromium (the system's, through playwright-core from browser/; run
// `npm ci` there first): a page on a local HTTP server imports index.js as a module — the
// `--target web` glue fetches the .wasm beside it — and asks perft, legal moves, a judgement
// and a certification. Prints what it saw as one JSON object; wasm/tests/it/npm_package.rs
// holds the expectations.
//
//     node npm/test/browser.mjs RECORD.kifu

import { createServer } from "node:http";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL("..", import.meta.url));
const { chromium } = createRequire(new URL("../../browser/package.json", import.meta.url))("playwright-core");
const record = readFileSync(process.argv[2], "utf8");

const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };
const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
import { Position, perft, judge, certify } from "/index.js";
const record = ${JSON.stringify(record)};
const lister = { name: "lister", legalMoves: (sfen, moves) => new Position(sfen, moves).legalMoves() };
let badSfen;
try { new Position("not an sfen"); } catch (e) { badSfen = { isError: e instanceof Error, message: e.message }; }
window.seen = {
  perft2: perft("startpos", 2),
  moves: Position.startpos().legalMoves().length,
  verdict: judge(record, { name: "record.kifu" }).verdict,
  certified: certify(lister, { filter: "tag:perft" }).summary,
  badSfen,
};
document.body.dataset.ready = "true";
</script><body>`;

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (path === "/") return res.writeHead(200, { "content-type": TYPES[".html"] }).end(PAGE);
  if (path === "/favicon.ico") return res.writeHead(204).end();
  try {
    const body = readFileSync(join(here, path));
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") problems.push(m.text()); });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 180000 }).catch(() => {});
  const seen = await page.evaluate(() => window.seen ?? null);
  process.stdout.write(JSON.stringify({ seen, problems }) + "\n");
} finally {
  await browser.close();
  server.close();
}
