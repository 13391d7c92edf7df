// shogi-conformance for JavaScript: the shogi rules oracle, the record judge, the impact diff
// and in-process certification of a JavaScript shogi library, all in one WebAssembly module
// (README.md). Every answer is the command line's (`shogi-conformance … --format json`), parsed.

import { wasm } from "./lib/wasm.js";
import { Bridge } from "./lib/bridge.js";
import { checked } from "./lib/options.js";

export { isUnsupported } from "./lib/bridge.js";

/** Thrown by an implementation for a question its library does not answer: `certify` reports
 * the case as skipped, with the message as the reason, never as passed. */
export class Unsupported extends Error {
  constructor(message) {
    super(message);
    this.name = "Unsupported";
  }
}

/** The profile every function takes when none is given (FESA's 2017 rules). */
export const DEFAULT_PROFILE = "fesa-2017";

/** The position text the module reads: `startpos` or `sfen SFEN`, then `moves …`. */
function positionText(position) {
  if (position instanceof Position) return position.toString();
  if (typeof position !== "string") throw new TypeError(`a position is a string (startpos or an SFEN) or a Position, got ${typeof position}`);
  return position;
}

/** Every legal move of the side to move in `position`, in USI, sorted. */
export function legalMoves(position) {
  const text = wasm.shogiLegalMoves(positionText(position));
  return text === "" ? [] : text.split(" ");
}

/** The leaf count of the legal move tree `depth` plies deep (a BigInt past 2^53). */
export function perft(position, depth) {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft: depth must be a whole number ≥ 0, got ${depth}`);
  const count = BigInt(wasm.shogiPerft(positionText(position), depth));
  return count <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(count) : count;
}

/** A shogi position: a start (`startpos` or an SFEN) and the moves played from it. */
export class Position {
  #start;
  #moves;

  /** `start`: `startpos` or an SFEN (with or without a leading `sfen`); each move must be legal. */
  constructor(start = "startpos", moves = []) {
    if (typeof start !== "string") throw new TypeError(`Position: the start is startpos or an SFEN, got ${typeof start}`);
    const trimmed = start.trim().replace(/^sfen\s+/, "");
    this.#start = trimmed === "" ? "startpos" : trimmed;
    this.#moves = [...moves].map(String);
    this.#sfenAfter(); // reads the start and plays the moves, or throws
  }

  /** The initial position (FESA article 2.3). */
  static startpos() {
    return new Position("startpos");
  }

  /** The position an SFEN describes. */
  static fromSfen(sfen) {
    return new Position(sfen);
  }

  /** The start, as given (`startpos` or an SFEN). */
  get start() {
    return this.#start;
  }

  /** The moves played from the start, in USI. */
  get moves() {
    return [...this.#moves];
  }

  /** The SFEN of the position now (after the moves). */
  get sfen() {
    return this.#sfenAfter();
  }

  #sfenAfter() {
    return wasm.shogiSfen(this.toString());
  }

  /** `startpos moves 7g7f …` or `sfen … moves …`: what `legalMoves` and `perft` read. */
  toString() {
    const start = this.#start === "startpos" ? "startpos" : `sfen ${this.#start}`;
    return this.#moves.length === 0 ? start : `${start} moves ${this.#moves.join(" ")}`;
  }

  /** Every legal move of the side to move, in USI, sorted. */
  legalMoves() {
    return legalMoves(this);
  }

  /** The position after `moves` (USI), each of which must be legal; this one is unchanged. */
  play(...moves) {
    return new Position(this.#start, [...this.#moves, ...moves.flat()]);
  }

  /** `normal`, `check`, `checkmate` or `no_legal_moves`, for the side to move. */
  status() {
    return wasm.shogiStatus(this.toString());
  }

  /** Perft from this position. */
  perft(depth) {
    return perft(this, depth);
  }
}

function bytesOf(content, what) {
  if (typeof content === "string") return new TextEncoder().encode(content);
  if (content instanceof Uint8Array) return content;
  if (content instanceof ArrayBuffer) return new Uint8Array(content);
  throw new TypeError(`${what}: a record is a string or a Uint8Array, got ${content === null ? "null" : typeof content}`);
}

const JUDGE_OPTIONS = ["name", "profile", "set", "explain"];

/**
 * Judges one record (KIF, KI2, CSA, JKF, USI or the corpus's YAML; `options.name` is its file
 * name, whose extension helps read it): `shogi-conformance judge FILE --format json`.
 */
export function judge(record, options = {}) {
  const { name = "record", ...rest } = checked(options, JUDGE_OPTIONS, "judge");
  return JSON.parse(wasm.shogiJudge(String(name), bytesOf(record, "judge"), JSON.stringify(rest)));
}

/** Files as the module takes them: an object `{path: content}`, a Map, or [path, content] pairs. */
function filesOf(files, what) {
  const entries = files instanceof Map || Array.isArray(files) ? [...files] : Object.entries(files ?? {});
  const out = new wasm.Files();
  for (const [path, content] of entries) out.add(String(path), bytesOf(content, what));
  return out;
}

/** JSON lines, the summary last: `{[key]: lines, summary}`. */
function linesOf(text, key) {
  const lines = text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
  const summary = lines.pop();
  return { [key]: lines, summary };
}

/**
 * Judges every record among `files` (paths `/`-separated under the folder, taken in the order
 * the command line walks a folder): `shogi-conformance judge DIR --format json`, as
 * `{games, summary}`.
 */
export function judgeArchive(files, options = {}) {
  const opts = checked(options, ["profile", "set", "explain"], "judgeArchive");
  return linesOf(wasm.shogiJudgeArchive(filesOf(files, "judgeArchive"), JSON.stringify(opts)), "games");
}

/**
 * The records whose verdict a rule change turns: `shogi-conformance diff DIR --profile P
 * [--profile Q] --set K=V --format json`, as `{changes, summary}`. `options.profiles`: one
 * profile (with `set`) or two; default the default profile.
 */
export function diff(files, options = {}) {
  const opts = checked(options, ["profiles", "profile", "set"], "diff");
  const profiles = opts.profiles ?? (opts.profile ? [opts.profile] : [DEFAULT_PROFILE]);
  const text = wasm.shogiDiff(filesOf(files, "diff"), JSON.stringify({ profiles, set: opts.set ?? [] }));
  return linesOf(text, "changes");
}

/** Every built-in profile, each knob's value and its source, as `shogi-conformance profiles` prints. */
export function profiles() {
  return wasm.shogiProfiles();
}

const CERTIFY_OPTIONS = ["profile", "set", "filter", "expectations", "reproduceWith"];

/** The line printed beside each failure: how to run that case again. */
function reproduceLine(opts) {
  const profile = opts.profile && opts.profile !== DEFAULT_PROFILE ? `, profile: ${JSON.stringify(opts.profile)}` : "";
  const set = opts.set?.length ? `, set: ${JSON.stringify(opts.set)}` : "";
  return `certify(impl, { filter: "id:{case}"${profile}${set} })`;
}

function certifyOptions(options, what) {
  const opts = checked(options, CERTIFY_OPTIONS, what);
  opts.reproduceWith ??= reproduceLine(opts);
  return JSON.stringify(opts);
}

/**
 * Certifies `impl` (an object with the impl interface: `legalMoves`, `perft`, `divide`,
 * `status`, `adjudicate`, `ask`, each optional and synchronous) against the corpus built in,
 * in this process: the report `shogi-conformance run --impl … --format json` writes.
 */
export function certify(impl, options = {}) {
  const bridge = new Bridge(impl);
  const text = wasm.shogiCertify(bridge, certifyOptions(options, "certify"));
  bridge.check();
  return JSON.parse(text);
}

/** The corpus one case at a time against `impl` (what the test-runner integrations use). */
export class Session {
  #session;
  #bridge;

  constructor(impl, options = {}) {
    this.#bridge = new Bridge(impl);
    this.#session = new wasm.ShogiSession(this.#bridge, certifyOptions(options, "Session"));
  }

  /** The chosen cases, with their whole question. */
  cases() {
    return JSON.parse(this.#session.cases());
  }

  /** Runs the case `id`; what came of it. */
  runCase(id) {
    const outcome = JSON.parse(this.#session.runCase(id));
    this.#bridge.check();
    return outcome;
  }

  /** The report of every case run so far, as one run. */
  report() {
    return JSON.parse(this.#session.report());
  }
}
