// What both games' browser scripts share: launching the system's Chromium through
// playwright-core (never a downloaded browser), opening the workbench, waiting for the
// server's answers, and reading what a user sees. Each script prints one JSON object of what
// it observed on standard output; the Rust tests hold the expectations.
import { chromium } from "playwright-core";

// A laptop's screen: the page must show the board and the verdict on it without scrolling.
export const LAPTOP = { width: 1366, height: 768 };
export const DESKTOP = { width: 1920, height: 1080 };

export async function open(url, viewport = LAPTOP) {
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
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(m.text()); });
  page.on("pageerror", (e) => problems.push(String(e)));
  // Every request the page sends, by route, so that a script can say what was not sent.
  const requests = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  page.setDefaultTimeout(180000);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return { browser, page, problems, requests };
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
      reach: [...document.querySelectorAll("#reach tbody tr")].map((r) => ({
        knob: r.dataset.reachKnob, reached: Number(r.dataset.reached), changed: Number(r.dataset.changed),
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

// Where the board, the verdict and its first article are, against the window: each element's
// box and whether it lies wholly inside the window as it is scrolled now.
export async function geometry(page) {
  return page.evaluate(() => {
    const box = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 &&
        r.bottom <= window.innerHeight && r.right <= window.innerWidth;
      return { top: r.top, left: r.left, bottom: r.bottom, right: r.right, inside };
    };
    return {
      width: window.innerWidth,
      height: window.innerHeight,
      scrollY: window.scrollY,
      verdict: box(document.getElementById("verdict")),
      article: box(document.querySelector("#chain li")),
      board: box(document.querySelector("#board svg")),
      focus: document.activeElement ? document.activeElement.id : "",
    };
  });
}

// Types a bad value into a knob's field as a user does (the field, then Enter) and reads what
// the page shows: the marked fields, their words, how often the words appear on the page, and
// which requests were sent after the typing (by route).
export async function badKnob(page, requests, knob, value) {
  const field = page.locator(`[data-knob-input="${knob}"]`);
  await page.evaluate(() => { document.getElementById("knobs").dataset.state = "waiting"; });
  const from = requests.length;
  await field.fill(value);
  await field.press("Enter");
  await page.waitForSelector('#knobs[data-state="refused"], #knobs[data-state="checked"]', { state: "attached" });
  // Longer than the page waits before comparing the archive after a change.
  await page.waitForTimeout(800);
  return page.evaluate(({ knob, sent }) => {
    const marked = [...document.querySelectorAll(".field-error")].filter((e) => !e.hidden);
    const words = marked.length ? marked[0].textContent : "";
    const text = document.body.innerText;
    return {
      state: document.getElementById("knobs").dataset.state,
      marked: marked.map((e) => e.closest(".knob").dataset.knob),
      words,
      times: words ? text.split(words).length - 1 : 0,
      flagSyntax: text.includes("--set"),
      invalid: document.querySelector(`[data-knob-input="${knob}"]`).getAttribute("aria-invalid"),
      sent,
    };
  }, { knob, sent: requests.slice(from) });
}

// Chooses `value` in the reach filter ("knob:NAME" or "article:ID") and reads the games listed.
export async function reaching(page, value) {
  await page.selectOption("#reach-filter", value);
  return page.evaluate(() => [...document.querySelectorAll("#reaching li")].map((l) => ({
    label: l.querySelector("a").dataset.label, changes: l.textContent.includes("changes"),
  })));
}
