#!/usr/bin/env node
// Serves a JavaScript implementation over the JSON-lines adapter protocol
// (conformance/PROTOCOL.md), so that any object with the impl interface of impl.mjs can be
// certified by the command line today:
//
//     shogi-conformance run --impl 'adapter:node examples/js/adapter.mjs shogiops'
//     shogi-conformance run --impl 'adapter:node examples/js/adapter.mjs ./my_impl.mjs:MyImpl'
//
// The argument is a wrapper of this folder (`shogiops`, `tsshogi`) or `MODULE:EXPORT`: a module
// path (relative to the current folder) and the export to use, a class (constructed with no
// arguments), a function (called) or an object. Answers are given as the in-process route gives
// them: perft and divide are counted from `legalMoves` when the object has no method for them;
// an error named `Unsupported` is `skipped`, any other `errored`. Requests are answered one at a
// time, in the order they came, even when the runner sends several before reading.

import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { parse as parseYaml } from "yaml";

import { isUnsupported } from "./impl.mjs";

const PROTOCOL = 1;

/** The wrappers of this folder, by name. */
export const WRAPPERS = {
  shogiops: ["./shogiops_impl.mjs", "Shogiops"],
  tsshogi: ["./tsshogi_impl.mjs", "Tsshogi"],
};

/** The impl `spec` names: a wrapper of this folder or `MODULE:EXPORT`. */
export async function load(spec) {
  let [modulePath, exportName] = WRAPPERS[spec] ?? [];
  if (!modulePath) {
    const at = spec.lastIndexOf(":");
    if (at <= 0) throw new Error(`expected a wrapper (${Object.keys(WRAPPERS).join(", ")}) or MODULE:EXPORT, got ${JSON.stringify(spec)}`);
    modulePath = pathToFileURL(resolve(spec.slice(0, at))).href;
    exportName = spec.slice(at + 1);
  }
  const target = (await import(modulePath))[exportName];
  if (target === undefined) throw new Error(`${modulePath} exports no ${exportName}`);
  if (typeof target !== "function") return target;
  return /^class\s/.test(Function.prototype.toString.call(target)) ? new target() : target();
}

/** Answers the requests of one conversation with `impl`. */
export class Server {
  constructor(impl) {
    this.impl = impl;
  }

  has(method) {
    return typeof this.impl[method] === "function";
  }

  /** The request types this impl answers (perft and divide whenever it lists legal moves). */
  queries() {
    const out = [];
    if (this.has("legalMoves")) out.push("legal_moves");
    if (this.has("status")) out.push("status");
    if (this.has("adjudicate")) out.push("adjudicate");
    if (this.has("ask")) out.push("ask");
    if (this.has("perft") || this.has("legalMoves")) out.push("perft");
    if (this.has("divide") || this.has("legalMoves")) out.push("divide");
    return out;
  }

  hello() {
    return {
      type: "hello",
      protocol: PROTOCOL,
      name: String(this.impl.name ?? "javascript implementation"),
      version: String(this.impl.version ?? "0"),
      queries: this.queries(),
    };
  }

  async legalMoves(sfen, moves) {
    return (await this.impl.legalMoves(sfen, [...moves])).map(String).sort();
  }

  async perft(sfen, moves, depth) {
    if (this.has("perft")) return Number(await this.impl.perft(sfen, [...moves], depth));
    if (depth === 0) return 1;
    const legal = await this.legalMoves(sfen, moves);
    if (depth === 1) return legal.length;
    let total = 0;
    for (const m of legal) total += await this.perft(sfen, [...moves, m], depth - 1);
    return total;
  }

  async divide(sfen, moves, depth) {
    if (this.has("divide")) {
      const out = await this.impl.divide(sfen, [...moves], depth);
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [String(k), Number(v)]));
    }
    const out = {};
    for (const m of await this.legalMoves(sfen, moves)) out[m] = await this.perft(sfen, [...moves, m], depth - 1);
    return out;
  }

  /** One reply to one request: `result`, `skipped` or `errored`, never a thrown error. */
  async answer(req) {
    const id = req.id ?? 0;
    const kind = String(req.type);
    const handler = this.handlers(req)[kind];
    const direct = ["legal_moves", "status", "adjudicate", "ask"].includes(kind);
    const method = { legal_moves: "legalMoves" }[kind] ?? kind;
    if (!handler || (direct && !this.has(method))) {
      return { type: "skipped", id, reason: `this implementation does not answer \`${kind}\`` };
    }
    try {
      return { type: "result", id, ...(await handler()) };
    } catch (e) {
      if (isUnsupported(e)) return { type: "skipped", id, reason: e.message || `\`${kind}\` is not implemented` };
      const error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      return { type: "errored", id, error: `\`${kind}\` failed: ${error}` };
    }
  }

  handlers(req) {
    const pos = () => [String(req.position.sfen), (req.position.moves ?? []).map(String)];
    const profile = req.profile ?? "fesa-2017";
    return {
      legal_moves: async () => ({ moves: await this.legalMoves(...pos()) }),
      perft: async () => ({ nodes: await this.perft(...pos(), Number(req.depth)) }),
      divide: async () => ({ divide: await this.divide(...pos(), Number(req.depth)) }),
      status: async () => ({ status: String(await this.impl.status(...pos())) }),
      adjudicate: async () => ({ verdict: await this.impl.adjudicate(parseYaml(req.record), profile) }),
      // JSON is YAML: the answer travels as the protocol's YAML text.
      ask: async () => ({ answer: JSON.stringify(await this.impl.ask(parseYaml(req.question), profile)) }),
    };
  }
}

/** Runs the conversation on standard input and output until `quit` or the end of input. */
export async function serve(impl, input = process.stdin, output = process.stdout) {
  const server = new Server(impl);
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let req;
    try {
      req = JSON.parse(line);
    } catch (e) {
      output.write(JSON.stringify({ type: "errored", id: 0, error: `unreadable request: ${e.message}` }) + "\n");
      continue;
    }
    if (req.type === "quit") break;
    const reply = req.type === "hello" ? server.hello() : await server.answer(req);
    output.write(JSON.stringify(reply) + "\n");
  }
  lines.close();
}

async function main(argv) {
  if (argv.length !== 1) {
    process.stderr.write(`usage: node adapter.mjs (${Object.keys(WRAPPERS).join(" | ")} | MODULE:EXPORT)\n`);
    process.exit(2);
  }
  await serve(await load(argv[0]));
  process.exit(0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((e) => {
    process.stderr.write(`adapter.mjs: ${e.message}\n`);
    process.exit(2);
  });
}
