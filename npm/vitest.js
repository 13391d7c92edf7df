// The corpus as vitest tests: `certifyTests(impl, options)` registers a `describe` with one
// `test` per case, run in-process against `impl` when vitest reaches it (README.md).

import { afterAll, describe, test } from "vitest";

import { TIMEOUT_MS, caseTests, suiteTitle } from "./lib/suite.js";

export { CaseFailure } from "./lib/suite.js";

/** As node-test.js's `certifyTests`, for vitest. */
export function certifyTests(impl, options = {}) {
  const { title, onReport, timeout = TIMEOUT_MS, ...certifyOptions } = options;
  const { session, tests } = caseTests(impl, certifyOptions);
  describe(suiteTitle(impl, { title }), () => {
    for (const t of tests) test(t.name, (ctx) => t.run((reason) => ctx.skip(reason)), timeout);
    if (onReport) afterAll(() => onReport(session.report()));
  });
  return session;
}
