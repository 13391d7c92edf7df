// The Go page's points and dead stones as a user meets them: every coordinate shown for a
// record with a refused move and for a counted one (the move under the board at every ply, the
// verdict, the chain, the knobs, the count, the board's edges), a drawn game, and an uploaded
// record without dead stones counted after its dead stones are clicked.
// Usage: node go-board.mjs URL SCREENSHOT_DIR
import { readFileSync } from "node:fs";
import { open, openRecord, verdictAfter, shot } from "./lib.mjs";

const [url, dir] = process.argv.slice(2);
const { browser, page, problems } = await open(url);

// Every text on the page that can name a point, for the record open: the label of every ply
// (stepped with the page's own button), the verdict's boxes, the count, the board's edges with
// their tooltips, and the points named in HTML with theirs.
async function pointTexts() {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    const labels = [];
    $("first").click();
    for (let guard = 0; guard < 2000; guard++) {
      labels.push($("move-label").textContent);
      if (Number($("ply").dataset.ply) >= Number($("ply").dataset.plies)) break;
      $("next").click();
    }
    const svg = document.querySelector("#board svg");
    const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent);
    return {
      labels,
      verdict: $("verdict").textContent,
      detail: $("detail").textContent,
      chain: texts("#chain li"),
      knobs: texts("#decided-knobs li"),
      count: $("extra").textContent,
      notes: texts("#notes li"),
      columns: [...svg.querySelectorAll("g.edge.column")].map((g) => ({ text: g.querySelector("text").textContent, title: g.querySelector("title").textContent })),
      rows: [...svg.querySelectorAll("g.edge.row")].map((g) => ({ text: g.querySelector("text").textContent, title: g.querySelector("title").textContent })),
      points: [...document.querySelectorAll("#extra .point")].map((s) => ({ text: s.textContent, title: s.title })),
    };
  });
}

const countNow = () => page.evaluate(() => {
  const c = document.getElementById("count");
  const dead = document.getElementById("count-dead");
  return { count: c ? { ...c.dataset } : null, dead: dead ? dead.textContent : "" };
});

const out = {};
try {
  out.refused = await openRecord(page, "reading41");
  out.refusedTexts = await pointTexts();
  out.counted = await openRecord(page, "hashimoto");
  out.countedTexts = await pointTexts();
  out.jigo = await openRecord(page, "walls-jigo");
  out.jigoCount = await countNow();
  await shot(page, dir, "go-jigo");

  // The same game uploaded without its territory marks: no dead stones, then G7 and G3 clicked.
  const sgf = readFileSync("../go/conformance/tests/fixtures/jigo/walls-jigo.sgf", "utf8");
  const unmarked = sgf.replace("\n;TB[aa:di]TW[ga:ii]", "");
  if (unmarked === sgf) throw new Error("the fixture's territory marks were not found");
  await page.click("#paste-box summary");
  await page.fill("#paste-name", "walls.sgf");
  await page.fill("#paste", unmarked);
  out.unmarked = await verdictAfter(page, () => page.click("#judge-paste"));
  out.clickable = await page.$$eval("#board [data-mark]", (els) => els.map((e) => e.dataset.mark));
  out.firstClick = await verdictAfter(page, () => page.click('#board [data-mark="G7"]'));
  // Back to the game's last board (move 24), where G3 still stands, and click it.
  await page.evaluate(() => {
    document.getElementById("first").click();
    for (let i = 0; i < 24; i++) document.getElementById("next").click();
  });
  out.secondClick = await verdictAfter(page, () => page.click('#board [data-mark="G3"]'));
  out.markedCount = await countNow();
  await shot(page, dir, "go-marked-dead");
  out.problems = problems;
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));
