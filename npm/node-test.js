// The corpus as node:test tests: `certifyTests(impl, options)` registers a `describe` with one
// `test` per case, run in-process against `impl` when node's runner reaches it (README.md).

import { after, describe, test } from "node:test";

import { TIMEOUT_MS, caseTests, suiteTitle } from "./lib/suite.js";

export { CaseFailure } from "./lib/suite.js";

/**
 * Registers each case of the corpus as a test. `options`: `certify`'s (`profile`, `set`,
 * `filter`, `expectations`, `reproduceWith`), plus `title` (the describe's name) and `onReport`
 * (called with the run's report once every case has run).
 */
export function certifyTests(impl, options = {}) {
  const { title, onReport, timeout = TIMEOUT_MS, ...certifyOptions } = options;
  const { session, tests } = caseTests(impl, certifyOptions);
  describe(suiteTitle(impl, { title }), () => {
    for (const t of tests) test(t.name, { timeout }, (ctx) => t.run((reason) => ctx.skip(reason)));
    if (onReport) after(() => onReport(session.report()));
  });
  return session;
}
