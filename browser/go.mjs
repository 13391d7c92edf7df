// The Go workbench as a user drives it: open a counted record with fills, step through it,
// read the count on the board, toggle `repetition`, read the impact table, follow a changed
// game to its board. Usage: node go.mjs URL SCREENSHOT_DIR
import { open, openRecord, verdictAfter, impactAfter, impactNow, seen, press, shot } from "./lib.mjs";

const [url, dir] = process.argv.slice(2);
const { browser, page, problems } = await open(url);
const out = {};
try {
  out.title = await page.title();
  out.start = await impactNow(page);
  out.counted = await openRecord(page, "hashimoto-ohira");
  await shot(page, dir, "go-count");
  await page.click("#board");
  await press(page, "Home");
  await press(page, "ArrowRight", 3);
  out.third = await seen(page);
  await press(page, "End");
  out.end = await seen(page);
  out.superko = await openRecord(page, "reading41");
  let toggled;
  out.impact = await impactAfter(page, async () => {
    toggled = await verdictAfter(page, () => page.selectOption('[data-knob-input="repetition"]', "simple_ko"));
  });
  out.toggled = toggled;
  await shot(page, dir, "go-knob-toggled");
  await page.locator("#impact-panel").scrollIntoViewIfNeeded();
  await shot(page, dir, "go-impact");
  // Back to the base rules: the table's link opens the game at the parting ply, under the
  // rules chosen (simple ko), and a second click under positional superko shows the refusal.
  const link = page.locator('#impact a.open-at[data-label$="reading41.sgf"]');
  out.followedPly = await link.getAttribute("data-ply");
  out.followed = await verdictAfter(page, () => link.click());
  await shot(page, dir, "go-followed");
  out.problems = problems;
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));
