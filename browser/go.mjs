// The Go workbench as a user drives it: open a counted record with fills, step through it,
// read the count on the board, toggle `repetition`, read the impact table, follow a changed
// game to its board. Usage: node go.mjs URL SCREENSHOT_DIR
import { open, openRecord, verdictAfter, impactAfter, impactNow, seen, press, shot, geometry, badKnob, DESKTOP, LAPTOP } from "./lib.mjs";

const [url, dir] = process.argv.slice(2);
const { browser, page, problems, requests } = await open(url);
const out = {};
try {
  out.title = await page.title();
  out.start = await impactNow(page);
  out.counted = await openRecord(page, "hashimoto-ohira");
  await shot(page, dir, "go-count");
  // The answer where the eye is: on a laptop's screen and on a desktop's, without scrolling.
  out.laptop = await geometry(page);
  await page.setViewportSize(DESKTOP);
  out.desktop = await geometry(page);
  await shot(page, dir, "go-1920-opened");
  await page.setViewportSize(LAPTOP);
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
  // A bad value typed in a knob's field: the field marked once with what the rule takes, and
  // nothing judged or compared under it.
  out.domain = (await (await page.request.get(new URL("/api/info", url).toString())).json())
    .profiles[0].knobs.find((k) => k.name === "komi").domain;
  out.badKnob = await badKnob(page, requests, "komi", "abc");
  await page.locator('[data-knob="komi"]').scrollIntoViewIfNeeded();
  await shot(page, dir, "go-bad-knob");
  out.problems = problems;
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));
