// shogiops (https://github.com/WandererXII/shogiops, lishogi's rules library) as a
// shogi-conformance implementation: the adapter protocol's questions as methods, answered by
// the library alone (docs/javascript.md).
//
// Positions are read by `parseSfen("standard", sfen)` with the library's default (not strict:
// lishogi's editor accepts problem set-ups without a second king); the legal moves are the
// library's `allMoveDests` and `allDropDests`, each destination written once unpromoted unless
// `pieceForcePromote` and once promoted if `pieceCanPromote` (the library's own promotion
// rules); status is `isCheck` with `hasDests`; games are judged by the library's `outcome()` —
// checkmate, and "stalemate" (no legal move out of check), which lishogi scores as a loss for
// the side to move. shogiops has no repetition rule (lishogi's server judges sennichite), so a
// record that reaches a fourfold repetition is declined; the wrapper counts positions (the
// library's SFEN without the move number) only to know when to decline.

import { makeSfen, parseSfen } from "shogiops/sfen";
import { makeUsi, parseUsi } from "shogiops/util";
import { pieceCanPromote, pieceForcePromote } from "shogiops/variant/util";

import { PROFILES, Unsupported, fullSfen, gameOf, installedVersion, win } from "./impl.mjs";

const VERSION = installedVersion("shogiops");
const canPromote = pieceCanPromote("standard");
const forcePromote = pieceForcePromote("standard");

export class Shogiops {
  name = "shogiops";
  version = VERSION;

  /** The library's position after `moves` from `sfen`; each move must be legal to it. */
  position(sfen, moves) {
    const parsed = parseSfen("standard", fullSfen(sfen));
    if (parsed.isErr) throw new Error(`shogiops cannot read the SFEN ${JSON.stringify(sfen)}: ${parsed.error.message}`);
    const pos = parsed.value;
    for (const usi of moves) play(pos, usi);
    return pos;
  }

  legalMoves(sfen, moves) {
    return moveList(this.position(sfen, moves)).map(makeUsi);
  }

  perft(sfen, moves, depth) {
    return count(this.position(sfen, moves), depth);
  }

  status(sfen, moves) {
    const pos = this.position(sfen, moves);
    const ctx = pos.ctx();
    const hasMove = pos.hasDests(ctx);
    if (pos.isCheck()) return hasMove ? "check" : "checkmate";
    return hasMove ? "normal" : "no_legal_moves";
  }

  adjudicate(record, profile) {
    if (!PROFILES.includes(profile)) throw new Unsupported(`shogiops knows the standard rules only, not ${profile}`);
    const { start, moves } = gameOf(record, "shogiops");
    const pos = this.position(start, []);
    const seen = new Map([[key(pos), 1]]);
    for (const usi of moves) {
      const md = parseUsi(usi);
      if (!md || !pos.isLegal(md)) throw new Unsupported("shogiops does not judge illegal moves");
      pos.play(md);
      const verdict = verdictOf(pos.outcome());
      if (verdict) return verdict;
      const k = key(pos);
      seen.set(k, (seen.get(k) ?? 0) + 1);
      if (seen.get(k) >= 4) throw new Unsupported("shogiops has no repetition rule (lishogi's server judges sennichite)");
    }
    return { result: "continues" };
  }
}

/** The protocol's verdict for the library's `Outcome`, or undefined while the game goes on. */
function verdictOf(outcome) {
  if (!outcome) return undefined;
  if (outcome.result === "checkmate") return win(outcome.winner, "checkmate", "fesa2017:5.1a");
  if (outcome.result === "stalemate") return win(outcome.winner, "no_legal_moves", "fesa2017:1.2");
  throw new Unsupported(`shogiops ends this game as ${outcome.result}, a result the standard rules do not have`);
}

/** Plays `usi` on `pos` after asking the library whether it is legal. */
function play(pos, usi) {
  const md = parseUsi(usi);
  if (!md || !pos.isLegal(md)) throw new Error(`shogiops refuses the move ${usi}`);
  pos.play(md);
}

/** Every legal move of the side to move, as the library's move objects. */
function moveList(pos) {
  const ctx = pos.ctx();
  const out = [];
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (!forcePromote(piece, to)) out.push({ from, to });
      if (canPromote(piece, from, to, pos.board.get(to))) out.push({ from, to, promotion: true });
    }
  }
  for (const [name, dests] of pos.allDropDests(ctx)) {
    const role = name.split(" ")[1];
    for (const to of dests) out.push({ role, to });
  }
  return out;
}

/** Perft by the library's move generator, the leaves counted in bulk. */
function count(pos, depth) {
  if (depth === 0) return 1;
  const moves = moveList(pos);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const md of moves) {
    const child = pos.clone();
    child.play(md);
    total += count(child, depth - 1);
  }
  return total;
}

/** The position's identity for repetition: the library's SFEN without the move number. */
function key(pos) {
  return makeSfen(pos).split(" ").slice(0, 3).join(" ");
}
