// The workbench's static page (`site --wasm`) as a committee member uses it: opened from disk
// (file://), a folder of records given through the folder picker, one knob changed, the impact
// table read, the comparison downloaded as `diff --format json`, a changed game followed to its
// board. Prints one JSON object of what it saw; the Rust tests (static_browser.rs) judge it.
// Usage: node static.mjs FILE_URL FOLDER KNOB VALUE FOLLOW SHOTS_DIR NAME [--supersede] [UPLOAD]
//   FOLLOW: the end of the label of the changed game to open from the table; UPLOAD: a record
//   file given to the upload control afterwards (its bytes as they are), then dropped on the page.
//   --supersede: the knob is changed while the folder's first comparison still runs (not after
//   it), so that comparison is superseded; `start` is then absent, and `comparingWorkers` says
//   how many comparing workers the page started.
import { readFileSync } from "node:fs";
import { open, impactNow, impactAfter, verdictAfter, shot } from "./lib.mjs";

const [url, folder, knob, value, follow, dir, name, ...rest] = process.argv.slice(2);
const supersede = rest.includes("--supersede");
const upload = rest.find((a) => a !== "--supersede");

// Watches the progress bar from now on: whether it was shown, and the counts it showed.
function watchProgress(page) {
  return page.evaluate(() => {
    const bar = document.getElementById("impact-progress");
    window.progressSeen = { shown: false, counts: [] };
    new MutationObserver(() => {
      if (!bar.hidden) window.progressSeen.shown = true;
      const seen = bar.dataset.seen;
      const counts = window.progressSeen.counts;
      if (seen && counts[counts.length - 1] !== seen) counts.push(seen);
    }).observe(bar, { attributes: true });
  });
}

const { browser, page, problems } = await open(url);
// Every address the page asked for: nothing may leave the machine.
const asked = [];
page.on("request", (r) => asked.push(r.url().slice(0, 40)));
const out = {};
try {
  out.title = await page.title();
  out.rulesLink = await page.getAttribute("#rules-link", "href");
  out.before = await page.evaluate(() => document.getElementById("impact-summary").textContent);
  await watchProgress(page);
  // The folder, through the folder picker; timed from the choice to the table on screen.
  const started = Date.now();
  await page.evaluate(() => { document.getElementById("impact-summary").dataset.state = "waiting"; });
  await page.setInputFiles("#pick-folder", folder);
  await page.waitForSelector('#local-records[data-state="loaded"]', { state: "attached" });
  out.listed = await page.evaluate(() => document.getElementById("folders").textContent);
  if (supersede) {
    // The knob while the first comparison runs: the table that comes is the knob's.
    await page.waitForSelector('#impact-summary[data-state="computing"]', { state: "attached" });
    const changedAt = Date.now();
    out.impact = await impactAfter(page, () => page.selectOption(`[data-knob-input="${knob}"]`, value));
    out.impactMs = Date.now() - changedAt;
    out.comparingWorkers = await page.evaluate(() => document.documentElement.dataset.comparingWorkers ?? "1");
  } else {
    out.start = await impactNow(page);
  }
  out.firstMs = Date.now() - started;
  out.progress = await page.evaluate(() => ({
    ...window.progressSeen,
    hiddenAfter: document.getElementById("impact-progress").hidden,
  }));
  // The knob; the table again, timed.
  if (!supersede) {
    const changedAt = Date.now();
    out.impact = await impactAfter(page, () => page.selectOption(`[data-knob-input="${knob}"]`, value));
    out.impactMs = Date.now() - changedAt;
  }
  await page.locator("#impact-panel").scrollIntoViewIfNeeded();
  await shot(page, dir, `${name}-impact`);
  // The comparison as `diff --format json` prints it: downloaded as a file.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#impact-download")]);
  out.downloadName = download.suggestedFilename();
  const path = `${dir}/${name}-diff.json`;
  await download.saveAs(path);
  out.download = path;
  // A changed game, from the table to its board at the parting ply.
  const link = page.locator(`#impact a.open-at[data-label$="${follow}"]`);
  out.followedPly = await link.getAttribute("data-ply");
  out.followed = await verdictAfter(page, () => link.click());
  out.boardShown = await page.evaluate(() => !!document.querySelector("#board svg"));
  await shot(page, dir, `${name}-followed`);
  if (upload) {
    await page.click("#paste-box summary");
    out.uploaded = await verdictAfter(page, () => page.setInputFiles("#upload", upload));
    // The same file dropped on the page (a drop event carrying it, as a drag from the desktop
    // does): it replaces the folder's records.
    const name = upload.split("/").pop();
    const bytes = [...readFileSync(upload)];
    await page.evaluate(({ bytes, name }) => {
      document.getElementById("local-records").dataset.state = "waiting";
      const carried = new DataTransfer();
      carried.items.add(new File([new Uint8Array(bytes)], name));
      document.dispatchEvent(new DragEvent("drop", { dataTransfer: carried, bubbles: true, cancelable: true }));
    }, { bytes, name });
    await page.waitForSelector('#local-records[data-state="loaded"]', { state: "attached" });
    out.dropped = await page.evaluate(() => [...document.getElementById("records").options].map((o) => o.textContent));
  }
  out.asked = [...new Set(asked.map((u) => u.split(":")[0]))];
} finally {
  out.problems = problems;
  await browser.close();
}
console.log(JSON.stringify(out));
