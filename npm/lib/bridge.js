// The bridge the WebAssembly runner reaches a certified object through (wasm/src/certify/
// exports.rs): a method called with JSON arguments, the answer as JSON text. Every call is
// synchronous — the runner is a plain loop in the module — so a method that answers a Promise
// cannot be awaited: the first one stops the run, and `certify` then throws an Error saying so
// (the node adapter route, examples/js/adapter.mjs, awaits such objects).

/** True for an error that declines a question (this package's `Unsupported`, or any error
 * whose `name` is "Unsupported", as examples/js/impl.mjs throws). */
export function isUnsupported(error) {
  return error instanceof Error && error.name === "Unsupported";
}

/** What the report calls the object: `javascript:NAME VERSION`. */
function labelOf(impl) {
  const name = typeof impl.name === "string" && impl.name ? impl.name : impl.constructor?.name || "object";
  const version = impl.version === undefined || impl.version === null ? "" : ` ${impl.version}`;
  return `javascript:${name}${version}`;
}

/** BigInts (a perft count) as numbers. */
function bigints(_key, value) {
  return typeof value === "bigint" ? Number(value) : value;
}

/** The bridge over `impl`; `asyncMethod` names the first method that answered a Promise. */
export class Bridge {
  constructor(impl) {
    if (impl === null || (typeof impl !== "object" && typeof impl !== "function")) {
      throw new TypeError(`certify needs an object with the impl interface's methods, got ${impl === null ? "null" : typeof impl}`);
    }
    this.impl = impl;
    this.label = labelOf(impl);
    this.asyncMethod = undefined;
  }

  has(method) {
    return typeof this.impl[method] === "function";
  }

  call(method, args) {
    if (this.asyncMethod !== undefined) {
      return JSON.stringify({ error: `stopped: \`${this.asyncMethod}\` answered a Promise` });
    }
    let answer;
    try {
      answer = this.impl[method](...JSON.parse(args));
    } catch (e) {
      if (isUnsupported(e)) return JSON.stringify({ unsupported: e.message });
      return JSON.stringify({ error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
    }
    if (answer !== null && typeof answer?.then === "function") {
      this.asyncMethod = method;
      answer.then(undefined, () => {}); // its rejection is not the user's to see
      return JSON.stringify({ error: `\`${method}\` answered a Promise` });
    }
    try {
      return JSON.stringify({ answer: answer === undefined ? null : answer }, bigints);
    } catch (e) {
      return JSON.stringify({ error: `\`${method}\`'s answer is not JSON (${e.message})` });
    }
  }

  /** Throws when a method answered a Promise: the run's answers are not the object's. */
  check() {
    if (this.asyncMethod !== undefined) {
      throw new TypeError(
        `\`${this.asyncMethod}\` answered a Promise: certify asks every question synchronously, ` +
          "so each method must return its answer (certify an asynchronous object through the " +
          "node adapter route, examples/js/adapter.mjs)",
      );
    }
  }
}
