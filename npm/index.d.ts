// Types of shogi-conformance (README.md). Every function answers what the command line prints
// with `--format json`, parsed; the report shapes are those of the repository's schemas/.

/** `startpos` or an SFEN. */
export type Sfen = string;
/** A move in USI notation: `7g7f`, `8h2b+`, `P*5e`. */
export type Usi = string;
export type Side = "sente" | "gote";
export type Status = "normal" | "check" | "checkmate" | "no_legal_moves";

export const DEFAULT_PROFILE: "fesa-2017";

/** Thrown by an implementation for a question its library does not answer: the case is skipped. */
export class Unsupported extends Error {
  name: "Unsupported";
  constructor(message?: string);
}
/** True for an error whose `name` is "Unsupported". */
export function isUnsupported(error: unknown): boolean;

/** A shogi position: a start and the moves played from it (each legal, or the constructor throws). */
export class Position {
  constructor(start?: Sfen, moves?: Usi[]);
  static startpos(): Position;
  static fromSfen(sfen: string): Position;
  readonly start: Sfen;
  readonly moves: Usi[];
  /** The SFEN after the moves. */
  readonly sfen: string;
  legalMoves(): Usi[];
  play(...moves: (Usi | Usi[])[]): Position;
  status(): Status;
  perft(depth: number): number | bigint;
  /** `startpos moves …` or `sfen … moves …`. */
  toString(): string;
}

export function legalMoves(position: string | Position): Usi[];
export function perft(position: string | Position, depth: number): number | bigint;

/** Profile overrides: `["knob=value", …]` or `{knob: value}`. */
export type Overrides = string[] | Record<string, string | number | boolean>;

export interface JudgeOptions {
  /** The record's file name; its extension helps read the format. */
  name?: string;
  profile?: string;
  set?: Overrides;
  /** `--explain`: the chain of articles, the knobs that decided and the reader's ledger. */
  explain?: boolean;
}

/** A judged record (schemas/judge.json); fields as the command line writes them. */
export type JudgeReport = Record<string, unknown>;

/**
 * Record files by path (`/`-separated, under the folder: `"games/a.kifu"`, or a file's name
 * alone), and their contents. A path with an empty part, `.`, `..` or a leading `/` throws an
 * `Error` naming it.
 */
export type Files =
  | Record<string, string | Uint8Array>
  | Map<string, string | Uint8Array>
  | Iterable<[string, string | Uint8Array]>;

export function judge(record: string | Uint8Array, options?: JudgeOptions): JudgeReport;
export function judgeArchive(
  files: Files,
  options?: Omit<JudgeOptions, "name">,
): { games: Record<string, unknown>[]; summary: Record<string, unknown> };

export interface DiffOptions {
  /** One profile (changed by `set`) or two to compare. */
  profiles?: [string] | [string, string];
  profile?: string;
  set?: Overrides;
}
export function diff(
  files: Files,
  options?: DiffOptions,
): { changes: Record<string, unknown>[]; summary: Record<string, unknown> };

/** `shogi-conformance profiles`, as text. */
export function profiles(): string;

export interface Verdict {
  result: "win" | "draw" | "annulled" | "continues";
  winner?: Side;
  /** `kind` as conformance/PROTOCOL.md lists them; `article` an id such as `fesa2017:5.1a`. */
  reason?: { kind: string; article: string };
}

/** What a certified library offers; every method is optional (a missing one skips its cases)
 * and must answer synchronously. */
export interface Implementation {
  name?: string;
  version?: string;
  legalMoves?(sfen: Sfen, moves: Usi[]): Usi[];
  perft?(sfen: Sfen, moves: Usi[], depth: number): number | bigint;
  divide?(sfen: Sfen, moves: Usi[], depth: number): Record<Usi, number>;
  status?(sfen: Sfen, moves: Usi[]): Status;
  /** `record`: the parsed YAML of the corpus's record format. */
  adjudicate?(record: Record<string, unknown>, profile: string): Verdict;
  ask?(question: Record<string, unknown>, profile: string): unknown;
}

export interface CertifyOptions {
  profile?: string;
  set?: Overrides;
  /** A filter expression (`tag:perft`, `article:fesa2017:3.12`, `id:…`). */
  filter?: string;
  /** The text of an expectations file: known failures and skips. */
  expectations?: string;
  /** The line printed beside each failure, `{case}` standing for its id. */
  reproduceWith?: string;
}

/** The run's report (schemas/ run report): `schema_version`, `game`, `header`, `summary`,
 * `certified_by`, `cases`. */
export interface RunReport {
  schema_version: number;
  game: "shogi";
  header: { implementation: string; profile: string; corpus: string; filter?: string; [k: string]: unknown };
  summary: { passed: number; partial: number; failed: number; skipped: number; errored: number };
  cases: Record<string, unknown>[];
  [k: string]: unknown;
}

export function certify(impl: Implementation, options?: CertifyOptions): RunReport;

/** A chosen case with its whole question. */
export interface CaseInfo {
  id: string;
  slug: string;
  title: string;
  /** The cited articles, the primary first. */
  articles: string[];
  tags: string[];
  file: string;
  line: number;
  setup: Record<string, unknown>;
  start: string | null;
  expect: { kind: string; expected: string; profiles: string[] }[];
  note: string | null;
}

/** What came of one case. */
export interface CaseOutcome {
  id: string;
  outcome: "pass" | "fail" | "skip" | "error";
  partial: boolean;
  asExpected: boolean;
  mismatch: string | null;
  skipReason: string | null;
  /** The position asked about, when the case has one (`sfen … moves …`). */
  position: string | null;
  start: string | null;
  moves: Usi[];
  partingPly: number | null;
  expected: string | null;
  actual: string | null;
  article: string;
  paraphrase: string | null;
  details: string[];
  reproduce: string | null;
  report: string;
}

/** The corpus one case at a time. */
export class Session {
  constructor(impl: Implementation, options?: CertifyOptions);
  cases(): CaseInfo[];
  runCase(id: string): CaseOutcome;
  report(): RunReport;
}
