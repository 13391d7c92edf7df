// The pictures of docs/workbench.md, taken from the current build as a reader sees the page on
// a laptop (1366×768), and the numbers the walkthrough quotes, as the page shows them.
// Not a test (docs/workbench.md's quoted numbers are checked by `workbench_docs` in both
// crates' tests); run it after the page or the judges change, then commit the PNGs:
//   cargo build --release --bin shogi-conformance --bin go-conformance
//   cd browser && node pictures.mjs ../target/release/shogi-conformance ../target/release/go-conformance ../docs/images
// It starts both workbenches itself (on free ports, over real-records/), drives them, stops
// them, and prints what it saw as JSON, to compare with the document's claims by eye.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { chromium } from "playwright-core";
import { LAPTOP, openRecord, verdictAfter, impactAfter, impactNow, badKnob } from "./lib.mjs";

const [shogiBin, goBin, dir] = process.argv.slice(2);
const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Starts `BIN serve --port 0 FOLDER` in the repository's folder; resolves with its address.
function serve(bin, folder) {
  const child = spawn(path.resolve(bin), ["serve", "--port", "0", folder], { cwd: top, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (d) => {
      seen += d;
      const url = seen.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (url) resolve({ child, url: url[0] });
    });
    child.on("exit", (code) => reject(new Error(`${bin} serve stopped (${code}) before printing its address`)));
  });
}

async function page(browser, url) {
  const p = await (await browser.newContext({ viewport: LAPTOP })).newPage();
  const requests = [];
  p.on("request", (r) => requests.push(new URL(r.url()).pathname));
  p.setDefaultTimeout(300000);
  await p.goto(url);
  await p.waitForSelector("body[data-ready=true]");
  await impactNow(p);
  return { p, requests };
}

const name = (game, what) => `${dir}/workbench-${game}-${what}.png`;

async function shogi(browser, url) {
  const { p, requests } = await page(browser, url);
  const seen = {};
  await p.fill("#filter", "bridge-5");
  await p.selectOption("#records", { index: 0 });
  await p.locator("#open-panel").screenshot({ path: name("shogi", "1-open") });
  seen.opened = (await openRecord(p, "bridge-5-record")).verdict;
  await p.screenshot({ path: name("shogi", "2-verdict") });
  const impact = await impactAfter(p, () => verdictAfter(p, () => p.selectOption('[data-knob-input="repetition_start"]', "not_counted")));
  seen.changed = (await p.textContent("#verdict"));
  seen.impact = impact.text;
  await p.locator('.knob[data-knob="repetition_start"]').screenshot({ path: name("shogi", "3-knob") });
  await p.screenshot({ path: name("shogi", "4-verdict-changed") });
  await p.locator("#impact-panel").screenshot({ path: name("shogi", "5-impact") });
  await verdictAfter(p, () => p.click("#reset-knobs"));
  seen.bad = (await badKnob(p, requests, "max_moves", "abc")).words;
  await p.locator("#rules-panel").screenshot({ path: name("shogi", "6-bad-knob") });
  return seen;
}

async function go(browser, url) {
  const { p } = await page(browser, url);
  const seen = {};
  seen.counted = (await openRecord(p, "hashimoto-ohira")).verdict;
  await p.screenshot({ path: name("go", "1-count") });
  seen.refused = (await openRecord(p, "reading41")).verdict;
  const impact = await impactAfter(p, () => verdictAfter(p, () => p.selectOption('[data-knob-input="repetition"]', "simple_ko")));
  seen.impact = impact.text;
  await p.locator("#impact-panel").screenshot({ path: name("go", "2-impact") });
  return seen;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const servers = [];
try {
  const seen = {};
  for (const [game, bin, folder, drive] of [["shogi", shogiBin, "real-records/shogi", shogi], ["go", goBin, "real-records/go", go]]) {
    const s = await serve(bin, folder);
    servers.push(s.child);
    seen[game] = await drive(browser, s.url);
  }
  console.log(JSON.stringify(seen, null, 2));
} finally {
  await browser.close();
  for (const child of servers) child.kill();
}
