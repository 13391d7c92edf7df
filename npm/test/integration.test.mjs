// The node:test integration: each case a test, and a failing case's message holding its
// whole question (the start, the moves to the parting ply, the article).

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

import { Session } from "../index.js";

test("a failing case shows the start, the moves to the parting ply and the article", () => {
  const fixture = fileURLToPath(new URL("./fixtures/wrong-verdicts.mjs", import.meta.url));
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // a test run of its own, not a subtest of this one
  const run = spawnSync(process.execPath, ["--test", "--test-reporter=spec", fixture], { encoding: "utf8", env });
  const out = run.stdout + run.stderr;
  assert.equal(run.status, 1, out);
  assert.match(out, /shogi-conformance: never-ends/);
  assert.match(out, /article fesa2017:5\.2/);
  assert.match(out, /start: /);
  assert.match(out, /9 {2}8 {2}7 {2}6 {2}5 {2}4 {2}3 {2}2 {2}1/, "the start drawn as a board");
  assert.match(out, /moves to ply \d+, where the answers part: /);
  assert.match(out, /reproduce: certify\(impl, \{ filter: "id:/);
});

test("a session lists the cases with their question and runs them one by one", () => {
  const session = new Session({ name: "empty" }, { filter: "tag:perft" });
  const cases = session.cases();
  assert.ok(cases.length > 0);
  for (const c of cases) {
    assert.ok(c.id && c.slug && c.title && c.articles.length > 0, JSON.stringify(c));
    assert.ok(c.expect.length > 0);
  }
  const outcome = session.runCase(cases[0].id);
  assert.equal(outcome.outcome, "skip");
  assert.match(outcome.skipReason, /javascript:empty has no method `legalMoves`/);
  assert.equal(session.report().summary.skipped, 1);
});
