// What both games' browser scripts share: launching the system's Chromium through
// playwright-core (never a downloaded browser), opening the workbench, waiting for the
// server's answers, and reading what a user sees. Each script prints one JSON object of what
// it observed on standard output; the Rust tests hold the expectations.
import { chromium } from "playwright-core";

export async function open(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 1100 } });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(m.text()); });
  page.on("pageerror", (e) => problems.push(String(e)));
  page.setDefaultTimeout(180000);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return { browser, page, problems };
}

// Waits for the verdict that follows an action.
export async function verdictAfter(page, action) {
  await page.evaluate(() => { document.getElementById("verdict").dataset.state = "waiting"; });
  await action();
  await page.waitForSelector('#verdict[data-state="done"]', { state: "attached" });
  return seen(page);
}

// Waits for the impact table that follows an action.
export async function impactAfter(page, action) {
  await page.evaluate(() => { document.getElementById("impact-summary").dataset.state = "waiting"; });
  await action();
  return impactNow(page);
}

// Waits for the impact table the page computes by itself (on opening), and reads it.
export async function impactNow(page) {
  await page.waitForSelector('#impact-summary[data-state="done"]', { state: "attached" });
  return page.evaluate(() => {
    const s = document.getElementById("impact-summary");
    return {
      text: s.textContent,
      judged: Number(s.dataset.judged),
      changed: Number(s.dataset.changed),
      unchanged: Number(s.dataset.unchanged),
      unreadable: Number(s.dataset.unreadable),
      transitions: [...document.querySelectorAll("#transitions li")].map((l) => l.textContent),
      rows: [...document.querySelectorAll("#impact a.open-at")].map((a) => ({
        label: a.dataset.label, ply: a.dataset.ply,
        cells: [...a.closest("tr").querySelectorAll("td")].map((t) => t.textContent),
      })),
    };
  });
}

// What the page shows of the verdict and the board.
export async function seen(page) {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    const svg = document.querySelector("#board svg");
    return {
      error: $("error").hidden ? "" : $("error").textContent,
      record: $("record-name").textContent,
      verdict: $("verdict").textContent,
      result: $("verdict").dataset.result,
      detail: $("detail").textContent,
      chain: [...document.querySelectorAll("#chain li")].map((l) => ({
        article: l.dataset.article,
        href: l.querySelector("a") ? l.querySelector("a").getAttribute("href") : null,
        text: l.textContent,
      })),
      knobs: [...document.querySelectorAll("#decided-knobs li[data-knob]")].map((l) => l.dataset.knob),
      ply: Number($("ply").dataset.ply),
      illegal: $("ply").dataset.illegal === "true",
      afterDecision: $("ply").dataset.after === "true",
      decidedHere: $("ply").dataset.decided === "true",
      plies: Number($("ply").dataset.plies),
      plyText: $("ply").textContent,
      moveLabel: $("move-label").textContent,
      boardTitle: svg ? svg.querySelector("title").textContent : null,
      boardMarks: svg ? {
        stones: svg.querySelectorAll(".stone").length,
        black: svg.querySelectorAll(".stone.black").length,
        white: svg.querySelectorAll(".stone.white").length,
        territoryBlack: svg.querySelectorAll(".territory.black").length,
        territoryWhite: svg.querySelectorAll(".territory.white").length,
        neutral: svg.querySelectorAll(".neutral").length,
        seki: svg.querySelectorAll(".seki").length,
        dead: svg.querySelectorAll(".dead").length,
        fills: svg.querySelectorAll(".fill").length,
        texts: [...svg.querySelectorAll("text")].map((t) => t.textContent),
      } : null,
      count: $("count") ? { ...$("count").dataset } : null,
    };
  });
}

export async function press(page, key, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

// Opens a served record by typing part of its name in the filter and choosing it.
export async function openRecord(page, words) {
  await page.fill("#filter", words);
  const value = await page.$eval("#records", (s) => (s.options[0] ? s.options[0].value : ""));
  if (!value) throw new Error(`no served record matches ${words}`);
  await page.selectOption("#records", value);
  return verdictAfter(page, () => page.click("#open-record"));
}

export async function shot(page, dir, name) {
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}
