// shogiops (examples/js/shogiops_impl.mjs; `npm ci` in examples/js first) certified through
// the package's vitest integration: every corpus case a test. At the end the run's report must
// agree with what shogiops is known to do (docs/javascript.md: every move-list, perft and
// status case passes; repetition declined, as lishogi's server judges it).

import { expect } from "vitest";
import { certifyTests } from "shogi-conformance/vitest";

import { Shogiops } from "../../../examples/js/shogiops_impl.mjs";

certifyTests(new Shogiops(), {
  onReport(report) {
    expect(report.header.implementation).toBe(`javascript:shogiops ${new Shogiops().version}`);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.errored).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(300);
  },
});
