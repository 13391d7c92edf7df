// The pictures of docs/workbench.md, taken from a running workbench as a reader would see it.
// Not a test: run by hand when the page changes, then commit the PNGs.
//   shogi-conformance serve --port 8080 real-records/shogi   → node pictures.mjs shogi http://127.0.0.1:8080/ ../docs/images
//   go-conformance serve --port 8081 real-records/go        → node pictures.mjs go http://127.0.0.1:8081/ ../docs/images
import { chromium } from "playwright-core";
import { openRecord, verdictAfter, impactAfter, impactNow } from "./lib.mjs";

const [game, url, dir] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await (await browser.newContext({ viewport: { width: 980, height: 900 } })).newPage();
page.setDefaultTimeout(300000);
await page.goto(url);
await page.waitForSelector("body[data-ready=true]");
// The page's own rule since the pictures were first taken; kept so that an older binary gives
// the same pictures.
await page.addStyleTag({ content: "main { align-items: start; }" });
await impactNow(page);
const shot = (sel, name) => page.locator(sel).screenshot({ path: `${dir}/workbench-${game}-${name}.png` });
try {
  if (game === "shogi") {
    await page.fill("#filter", "bridge-5");
    await page.selectOption("#records", { index: 0 });
    await shot("#open-panel", "1-open");
    await openRecord(page, "bridge-5-record");
    await shot("#result-panel", "2-verdict");
    await impactAfter(page, () => verdictAfter(page, () => page.selectOption('[data-knob-input="repetition_start"]', "not_counted")));
    await shot('label[data-knob="repetition_start"]', "3-knob");
    await shot("#result-panel", "4-verdict-changed");
    await shot("#impact-panel", "5-impact");
  } else {
    await openRecord(page, "hashimoto-ohira");
    await shot("#result-panel", "1-count");
    await openRecord(page, "reading41");
    await impactAfter(page, () => verdictAfter(page, () => page.selectOption('[data-knob-input="repetition"]', "simple_ko")));
    await shot("#impact-panel", "2-impact");
  }
} finally {
  await browser.close();
}
