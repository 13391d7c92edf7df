// tsshogi (https://github.com/sunfish-shogi/tsshogi, ShogiHome's rules library) as a
// shogi-conformance implementation: the adapter protocol's questions as methods, answered by
// the library alone (docs/javascript.md).
//
// tsshogi has no move generator: it judges a move (`Position.isValidMove`) but does not list
// them. The legal moves are therefore every move the library's `createMove` can write for the
// side to move — each of its pieces (`board.listSquaresByColor`) to each of the 81 squares,
// unpromoted and `withPromote()`, and each piece type in its hand (`hand(color).counts`) to each
// square — kept when `isValidMove` accepts it. Nothing is pruned by a rule of ours, so every
// legality verdict is the library's. Moves are played with `doMove` and taken back with
// `undoMove`. Status is `checked` with whether any such move is valid; tsshogi has no checkmate
// predicate, so mate in `adjudicate` is that same answer (in check, no valid move). Repetition
// and perpetual check are the library's own `Record.repetition` and `Record.perpetualCheck`; a
// declaration of victory on points is the library's `judgeJishogiDeclaration` under its 27-point
// rule (`GENERAL27`: 28 points for sente, 27 for gote, ten pieces and the king in the zone, not
// in check, the thresholds of FESA 5.3), asked under fesa-2017 only. That rule scores a
// declaration short of the points as a draw (jishogi) and one made out of turn as a loss, which
// the wrapper reports as the library says them (docs/javascript.md: where FESA differs).

import { Color, JishogiDeclarationResult, JishogiDeclarationRule, Position, Record, Square, judgeJishogiDeclaration } from "tsshogi";

import { PROFILES, Unsupported, fullSfen, gameOf, installedVersion, other, repetitionDraw, win } from "./impl.mjs";

const VERSION = installedVersion("tsshogi");

export class Tsshogi {
  name = "tsshogi";
  version = VERSION;

  /** The library's position after `moves` from `sfen`; each move must be valid to it. */
  position(sfen, moves) {
    const pos = Position.newBySFEN(fullSfen(sfen));
    if (!pos) throw new Error(`tsshogi cannot read the SFEN ${JSON.stringify(sfen)}`);
    for (const usi of moves) {
      const move = pos.createMoveByUSI(usi);
      if (!move || !pos.doMove(move)) throw new Error(`tsshogi refuses the move ${usi}`);
    }
    return pos;
  }

  legalMoves(sfen, moves) {
    return validMoves(this.position(sfen, moves)).map((m) => m.usi);
  }

  perft(sfen, moves, depth) {
    return count(this.position(sfen, moves), depth);
  }

  status(sfen, moves) {
    const pos = this.position(sfen, moves);
    const hasMove = anyValidMove(pos);
    if (pos.checked) return hasMove ? "check" : "checkmate";
    return hasMove ? "normal" : "no_legal_moves";
  }

  adjudicate(record, profile) {
    if (!PROFILES.includes(profile)) throw new Unsupported(`tsshogi knows the standard rules only, not ${profile}`);
    const { start, moves } = gameOf(record, "tsshogi", { declarations: profile === "fesa-2017" });
    const game = new Record(this.position(start, []));
    for (const usi of moves) {
      if (typeof usi === "object") return declaration(game.position, usi.declare);
      const mover = colour(game.position.color);
      const move = game.position.createMoveByUSI(usi);
      if (!move || !game.position.isValidMove(move)) throw new Unsupported("tsshogi does not judge illegal moves");
      game.append(move);
      const verdict = verdictAfter(game, mover);
      if (verdict) return verdict;
    }
    return { result: "continues" };
  }
}

/** The verdict once `mover` has moved in `game`, or undefined while the game goes on. */
function verdictAfter(game, mover) {
  const pos = game.position;
  if (!anyValidMove(pos)) {
    if (pos.checked) return win(mover, "checkmate", "fesa2017:5.1a");
    throw new Unsupported("tsshogi has no verdict for a side without legal moves out of check");
  }
  if (!game.repetition) return undefined;
  const checker = game.perpetualCheck;
  if (checker) return win(other(colour(checker)), "perpetual_check", "fesa2017:3.12");
  return repetitionDraw();
}

/** The library's verdict on `declarer`'s declaration of victory on points (FESA 5.3). */
function declaration(pos, declarer) {
  const color = declarer === "sente" ? Color.BLACK : Color.WHITE;
  const result = judgeJishogiDeclaration(JishogiDeclarationRule.GENERAL27, pos, color);
  if (result === JishogiDeclarationResult.WIN) return win(declarer, "declaration", "fesa2017:5.3");
  if (result === JishogiDeclarationResult.LOSE) return win(other(declarer), "failed_declaration", "fesa2017:5.3");
  return { result: "draw", reason: { kind: "impasse", article: "fesa2017:5.3" } };
}

function colour(color) {
  return color === Color.BLACK ? "sente" : "gote";
}

/** Every move `createMove` can write for the side to move (see the file's comment). */
function* candidates(pos) {
  for (const from of pos.board.listSquaresByColor(pos.color)) {
    for (const to of Square.all) {
      const move = pos.createMove(from, to);
      if (!move) continue;
      yield move;
      yield move.withPromote();
    }
  }
  for (const { type, count } of pos.hand(pos.color).counts) {
    if (count === 0) continue;
    for (const to of Square.all) {
      const move = pos.createMove(type, to);
      if (move) yield move;
    }
  }
}

/** The moves the library's `isValidMove` accepts. */
function validMoves(pos) {
  const out = [];
  for (const move of candidates(pos)) if (pos.isValidMove(move)) out.push(move);
  return out;
}

function anyValidMove(pos) {
  for (const move of candidates(pos)) if (pos.isValidMove(move)) return true;
  return false;
}

/** Perft by the library's own verdicts, the leaves counted in bulk. */
function count(pos, depth) {
  if (depth === 0) return 1;
  const moves = validMoves(pos);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const move of moves) {
    pos.doMove(move, { ignoreValidation: true });
    total += count(pos, depth - 1);
    pos.undoMove(move);
  }
  return total;
}
