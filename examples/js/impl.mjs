// What the JavaScript wrappers share: the `Unsupported` error that makes a case skipped, the
// initial position, and what they read of a game record (the start and the moves).
//
// The impl interface (docs/javascript.md) mirrors the Python one of python/examples/*_impl.py
// method for method, in JavaScript's camelCase: `legalMoves(sfen, moves)`, `perft(sfen, moves,
// depth)`, `divide(sfen, moves, depth)` (optional), `status(sfen, moves)`, `adjudicate(record,
// profile)`, `ask(question, profile)` (optional), plus `name` and `version`. A method may return
// its answer or a Promise of it. `sfen` is `startpos` or an SFEN, `moves` USI strings played
// from it first; `record` and `question` are the parsed YAML of corpus/README.md.

import { readFileSync } from "node:fs";

/** The initial position of FESA 2017 article 2.3, as SFEN. */
export const STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/**
 * Thrown by a wrapper for a question its library does not answer: the case is reported as
 * skipped with the message as the reason, never as passed. Recognised by `name`, so that a
 * runner need not import this class (the npm package's own `Unsupported` works the same).
 */
export class Unsupported extends Error {
  constructor(message) {
    super(message);
    this.name = "Unsupported";
  }
}

/** True for an error that declines a question (ours, or any error named `Unsupported`). */
export function isUnsupported(error) {
  return error instanceof Error && error.name === "Unsupported";
}

/** `sfen` with `startpos` spelled out. */
export function fullSfen(sfen) {
  return sfen === "startpos" ? STARTPOS : sfen;
}

/** The rule profiles whose game-ending rules the wrappers' libraries know (standard shogi). */
export const PROFILES = ["fesa-2017", "ufs-2016"];

/**
 * The start (an SFEN or `startpos`) and the USI moves of a record in the corpus's record format
 * (corpus/README.md), reading what that format lets an implementation without a clock ignore:
 * the players' names, and `time` on a move when the record has no time control. Anything that
 * could change the verdict and that the library cannot model — a clock, a wrong set-up, a
 * handicap name, resignations, claims, declarations — is declined, so the case is skipped
 * rather than judged on half the record. Events are read lazily: a game decided before an event
 * the library cannot replay is still judged. With `declarations`, a declaration of victory on
 * points (FESA 5.3) comes through as `{ declare: "sente" | "gote" }` for a library that judges
 * one; otherwise it is declined like any other event.
 */
export function gameOf(record, library, { declarations = false } = {}) {
  const beyond = Object.keys(record).filter((k) => !["start", "players", "events"].includes(k)).sort();
  if (beyond.length > 0) {
    throw new Unsupported(`${library} models no ${beyond.join(", ")} (a clock, or a wrong set-up)`);
  }
  let start = record.start ?? "startpos";
  if (start !== null && typeof start === "object" && Object.keys(start).length === 1 && "sfen" in start) {
    start = start.sfen;
  }
  if (typeof start !== "string") throw new Unsupported(`${library} knows no handicap names`);
  return { start, moves: movesOf(record.events ?? [], library, declarations) };
}

function* movesOf(events, library, declarations) {
  for (let event of events) {
    if (event !== null && typeof event === "object" && "move" in event) {
      if (Object.keys(event).every((k) => k === "move" || k === "time")) event = event.move;
    }
    if (declarations && isDeclaration(event)) {
      yield { declare: event.declare };
      continue;
    }
    if (typeof event !== "string") {
      throw new Unsupported(`${library} replays moves only, not resignations, claims or declarations`);
    }
    yield event;
  }
}

/** A win verdict in the adapter protocol's form. */
export function win(winner, kind, article) {
  return { result: "win", winner, reason: { kind, article } };
}

/** A draw by fourfold repetition (FESA 5.2). */
export function repetitionDraw() {
  return { result: "draw", reason: { kind: "repetition", article: "fesa2017:5.2" } };
}

/** The other player. */
export function other(colour) {
  return colour === "sente" ? "gote" : "sente";
}

/**
 * The version of the library installed beside these wrappers (examples/js/node_modules), read
 * from its package.json: some packages' `exports` do not let `import` reach that file.
 */
export function installedVersion(pkg) {
  const url = new URL(`./node_modules/${pkg}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")).version;
}

function isDeclaration(event) {
  return (
    event !== null &&
    typeof event === "object" &&
    (event.declare === "sente" || event.declare === "gote") &&
    Object.keys(event).every((k) => k === "declare" || k === "time")
  );
}
