// Types of impl.mjs: the impl interface a JavaScript shogi library is certified through
// (docs/javascript.md), the same for the adapter route (adapter.mjs) and the npm package's
// in-process `certify(impl, options)`.

/** `startpos` or an SFEN. */
export type Sfen = string;
/** A move in USI notation: `7g7f`, `8h2b+`, `P*5e`. */
export type Usi = string;
export type Side = "sente" | "gote";
export type Status = "normal" | "check" | "checkmate" | "no_legal_moves";

export interface Verdict {
  result: "win" | "draw" | "annulled" | "continues";
  winner?: Side;
  /** `kind` as conformance/PROTOCOL.md lists them; `article` an id such as `fesa2017:5.1a`. */
  reason?: { kind: string; article: string };
}

type Answer<T> = T | Promise<T>;

/** What a wrapper offers; every method is optional (a missing one skips its cases). */
export interface Implementation {
  name?: string;
  version?: string;
  legalMoves?(sfen: Sfen, moves: Usi[]): Answer<Usi[]>;
  perft?(sfen: Sfen, moves: Usi[], depth: number): Answer<number>;
  divide?(sfen: Sfen, moves: Usi[], depth: number): Answer<Record<Usi, number>>;
  status?(sfen: Sfen, moves: Usi[]): Answer<Status>;
  /** `record`: the parsed YAML of corpus/README.md's record format. */
  adjudicate?(record: Record<string, unknown>, profile: string): Answer<Verdict>;
  ask?(question: Record<string, unknown>, profile: string): Answer<unknown>;
}

export const STARTPOS: string;
export const PROFILES: string[];

/** Thrown for a question the library does not answer: the case is skipped, never passed. */
export class Unsupported extends Error {
  name: "Unsupported";
}
export function isUnsupported(error: unknown): boolean;
export function fullSfen(sfen: Sfen): string;
export function installedVersion(pkg: string): string;
export function gameOf(
  record: Record<string, unknown>,
  library: string,
  options?: { declarations?: boolean },
): { start: Sfen; moves: Iterable<Usi | { declare: Side }> };
export function win(winner: Side, kind: string, article: string): Verdict;
export function repetitionDraw(): Verdict;
export function other(colour: Side): Side;
