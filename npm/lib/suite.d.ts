// The types the test-runner integrations (node-test.d.ts, vitest.d.ts) share.
import type { CertifyOptions, RunReport, CaseOutcome } from "../index.js";

export interface TestOptions extends CertifyOptions {
  /** The describe block's name (default `shogi-conformance: NAME`). */
  title?: string;
  /** How long one case may take, in milliseconds (default 600,000). */
  timeout?: number;
  /** Called with the run's report once every case has run. */
  onReport?(report: RunReport): void;
}

/** A case that failed, errored or differs from the expectations file; its message is the
 * case's whole question. */
export class CaseFailure extends Error {
  outcome: CaseOutcome;
}
