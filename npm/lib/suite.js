// What the test-runner integrations share: each chosen case of the corpus as a named test whose
// body runs the case in-process and throws, for a failure, an Error holding the case's whole
// question (lib/explain.js).

import { Session } from "../index.js";
import { describeOutcome } from "./explain.js";

/** How long one case may take by default: a slow library's deep perft (tsshogi counts the
 * matsuri position to depth 3 in about 30 s on a loaded machine) must not fail on time. */
export const TIMEOUT_MS = 600_000;

/** A case that failed, errored or differs from the expectations file. */
export class CaseFailure extends Error {
  constructor(c, outcome) {
    super(describeOutcome(c, outcome));
    this.name = "CaseFailure";
    // Not enumerable: a runner that prints an error's own fields would repeat the message.
    Object.defineProperty(this, "outcome", { value: outcome, enumerable: false });
  }
}

/**
 * The tests: `{name, title, run}` per case, `run(skip)` calling `skip(reason)` for a skipped
 * case or a known failure and throwing a CaseFailure for an unexpected one; and the session,
 * whose `report()` at the end is the run's report.
 */
export function caseTests(impl, options = {}) {
  const session = new Session(impl, options);
  const tests = session.cases().map((c) => ({
    case: c,
    name: `${c.id} ${c.slug} [${c.articles[0]}]`,
    run(skip) {
      const outcome = session.runCase(c.id);
      if (!outcome.asExpected) throw new CaseFailure(c, outcome);
      if (outcome.outcome === "skip") return skip(outcome.skipReason || "skipped");
      if (outcome.outcome === "fail" || outcome.outcome === "error") {
        return skip(`known ${outcome.outcome} (expectations file)`);
      }
      return undefined;
    },
  }));
  return { session, tests };
}

/** The suite's title: the implementation's name. */
export function suiteTitle(impl, options) {
  return options.title ?? `shogi-conformance: ${impl?.name ?? impl?.constructor?.name ?? "implementation"}`;
}
