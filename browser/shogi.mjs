// The shogi workbench as a user drives it: open a real repetition record, step through it,
// toggle `repetition_start`, read the impact table, follow a changed game to its board.
// Usage: node shogi.mjs URL SCREENSHOT_DIR
import { open, openRecord, verdictAfter, impactAfter, impactNow, reaching, seen, press, shot, geometry, badKnob, DESKTOP, LAPTOP } from "./lib.mjs";

const [url, dir] = process.argv.slice(2);

// A nifu (FESA 3.11a): sente's 7-file pawn promotes on 7c taking a pawn, gote's 3-file pawn
// on 3g, and at move 9 sente drops its pawn on 5e beside its own on 5g. Gote replies, sente
// moves, and gote claims on its turn while both pawns stand (9.4b); two moves are written
// after the claim.
const NIFU = `events:
  - {move: 7g7f}
  - {move: 3c3d}
  - {move: 7f7e}
  - {move: 3d3e}
  - {move: 7e7d}
  - {move: 3e3f}
  - {move: 7d7c+}
  - {move: 3f3g+}
  - {move: P*5e}
  - {move: 1c1d}
  - {move: 1g1f}
  - {claim: illegal_move, by: gote}
  - {move: 1d1e}
  - {move: 1f1e}
`;
const { browser, page, problems, requests } = await open(url);
const out = {};
try {
  out.title = await page.title();
  out.start = await impactNow(page);
  out.opened = await openRecord(page, "bridge-5-record");
  // The answer where the eye is: on a laptop's screen and on a desktop's, without scrolling.
  out.laptop = await geometry(page);
  await shot(page, dir, "shogi-1366-opened");
  await page.setViewportSize(DESKTOP);
  out.desktop = await geometry(page);
  await shot(page, dir, "shogi-1920-opened");
  await page.setViewportSize(LAPTOP);
  // The verdict has the focus after "Open": the arrow keys step the board from there, unclicked.
  await press(page, "ArrowLeft");
  out.keyAfterOpen = await seen(page);
  await page.click("#board");
  await press(page, "End");
  out.end = await seen(page);
  await press(page, "Home");
  await press(page, "ArrowRight", 3);
  out.third = await seen(page);
  await page.click("#next");
  out.fourth = await seen(page);
  await shot(page, dir, "shogi-move-3");
  await page.click("#decided");
  out.decided = await seen(page);
  // The knob: the start position no longer counts toward sennichite.
  let toggled;
  out.impact = await impactAfter(page, async () => {
    toggled = await verdictAfter(page, () => page.selectOption('[data-knob-input="repetition_start"]', "not_counted"));
  });
  out.toggled = toggled;
  await shot(page, dir, "shogi-knob-toggled");
  await page.locator("#impact-panel").scrollIntoViewIfNeeded();
  await shot(page, dir, "shogi-impact");
  // The reach: the games that met the start-position rule, changed or not.
  out.reaching = await reaching(page, "knob:repetition_start");
  // Follow a changed game from the table to its board at the parting ply.
  const link = page.locator('#impact a.open-at[data-label$="bridge-6-record.kifu"]');
  out.followedPly = await link.getAttribute("data-ply");
  out.followed = await verdictAfter(page, () => link.click());
  await shot(page, dir, "shogi-followed");
  // The first article of the chain opens its rulebook page, served from the same place.
  const href = out.followed.chain.find((c) => c.href)?.href || out.opened.chain.find((c) => c.href)?.href;
  const rules = await browser.contexts()[0].newPage();
  await rules.goto(new URL(href, url).toString());
  out.rulebook = { href, title: await rules.title(), h1: await rules.$eval("h1", (h) => h.textContent) };
  await rules.close();
  // A broken paste is an error on the page, naming the file and line.
  await page.click("#paste-box summary");
  await page.fill("#paste-name", "mine.csa");
  await page.fill("#paste", "PI\n+\n+7776FU\n-3334FU\n+9999XX\n");
  out.bad = await verdictAfter(page, () => page.click("#judge-paste"));
  await shot(page, dir, "shogi-bad-record");
  // The deciding ply (issue 51.2). Back to the profile's values, bridge-5 under two
  // occurrences of a position: decided at ply 4, every written move still there.
  await verdictAfter(page, () => page.click("#reset-knobs"));
  out.bridge5 = await openRecord(page, "bridge-5-record");
  const occurrences = page.locator('[data-knob-input="repetition_occurrences"]');
  out.twice = await verdictAfter(page, async () => {
    // Enter commits the field (its change event), as a user does; a blur later adds none.
    await occurrences.fill("2");
    await occurrences.press("Enter");
  });
  await page.locator("#board").scrollIntoViewIfNeeded();
  await shot(page, dir, "shogi-decided-at-4");
  await page.click("#board"); // the keys step the board only when no field has the focus
  await press(page, "End");
  out.twiceEnd = await seen(page);
  // A nifu under illegal_move=on_claim, pasted: every ply from the start to the last written
  // move, as the page labels and marks it, and the ply it opens on.
  await verdictAfter(page, () => page.click("#reset-knobs"));
  await verdictAfter(page, () => page.selectOption('[data-knob-input="illegal_move"]', "on_claim"));
  if (!(await page.$eval("#paste-box", (d) => d.open))) await page.click("#paste-box summary");
  await page.fill("#paste-name", "nifu.yaml");
  await page.fill("#paste", NIFU);
  out.nifu = await verdictAfter(page, () => page.click("#judge-paste"));
  out.nifuLaptop = await geometry(page);
  await page.locator("#board").scrollIntoViewIfNeeded();
  await shot(page, dir, "shogi-nifu-claimed");
  await page.click("#board");
  await press(page, "Home");
  out.nifuPlies = [await seen(page)];
  for (let i = 0; i < out.nifu.plies; i++) {
    await press(page, "ArrowRight");
    out.nifuPlies.push(await seen(page));
  }
  // Files that are not records (issue 51), uploaded through the page's file control as a
  // user picks a file: a letter named .kif and a server's JSON error body named .csa.
  if (!(await page.$eval("#paste-box", (d) => d.open))) await page.click("#paste-box summary");
  out.uploads = {};
  for (const [name, text] of [
    ["letter.kif", "Dear Ms Tanaka,\n\nThank you for the game on Sunday.\n\nYours sincerely,\nKenji\n"],
    ["error.csa", '{"error":"not found"}'],
  ]) {
    out.uploads[name] = await verdictAfter(page, async () => {
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#upload")]);
      await chooser.setFiles({ name, mimeType: "application/octet-stream", buffer: Buffer.from(text) });
    });
    out.uploads[name].errorShown = await page.isVisible("#error");
  }
  await page.locator("#result-panel").scrollIntoViewIfNeeded();
  await shot(page, dir, "shogi-not-a-record");
  // A bad value typed in a knob's field: the field marked once with what the rule takes, and
  // nothing judged or compared under it; the profile's own value unmarks it.
  out.domain = (await (await page.request.get(new URL("/api/info", url).toString())).json())
    .profiles[0].knobs.find((k) => k.name === "max_moves").domain;
  out.badKnob = await badKnob(page, requests, "max_moves", "abc");
  await page.locator('[data-knob="max_moves"]').scrollIntoViewIfNeeded();
  await shot(page, dir, "shogi-bad-knob");
  out.goodAgain = await badKnob(page, requests, "max_moves", "0");
  out.problems = problems;
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));
