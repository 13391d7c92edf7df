import type { Implementation, Session } from "./index.js";
import type { TestOptions } from "./lib/suite.js";

export type { TestOptions } from "./lib/suite.js";
export { CaseFailure } from "./lib/suite.js";

/** Registers each case of the corpus as a vitest test against `impl`. */
export function certifyTests(impl: Implementation, options?: TestOptions): Session;
