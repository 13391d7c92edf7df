// The package's own tests (node --test test/*.test.mjs, after scripts/assemble.mjs). Expected
// values come from outside this project: the published perft counts, the real records'
// agreed outcomes (real-records/shogi/MANIFEST.tsv), the FESA articles worked by hand.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import {
  Position, Unsupported, certify, diff, judge, judgeArchive, legalMoves, perft,
} from "../index.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SHOGIHOME = `${ROOT}real-records/shogi/shogihome/`;

/** No Rust in a message: no Debug structs, no Option or Result wrappers, no panics. */
function assertUserTerms(message) {
  assert.doesNotMatch(message, /\b(Some|None|Ok|Err)\(|[A-Z][a-zA-Z]+ \{|panicked|unwrap/);
}

test("perft from the initial position is the published 30, 900, 25,470", () => {
  // Shogi Programming wiki, "Perft" (also corpus/perft/published.yaml).
  assert.equal(perft("startpos", 1), 30);
  assert.equal(perft("startpos", 2), 900);
  assert.equal(perft("startpos", 3), 25470);
  assert.equal(Position.startpos().perft(2), 900);
});

test("Position: legal moves in USI, play, the SFEN after the moves", () => {
  const start = Position.startpos();
  assert.equal(start.legalMoves().length, 30);
  assert.ok(start.legalMoves().includes("7g7f"));
  const after = start.play("7g7f");
  // FESA 2.3's initial position, the 7th-file pawn one square up, gote to move at move 2.
  assert.equal(after.sfen, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
  assert.deepEqual(after.moves, ["7g7f"]);
  assert.equal(after.toString(), "startpos moves 7g7f");
  assert.equal(start.moves.length, 0, "play leaves the position it was called on unchanged");
  assert.equal(after.status(), "normal");
  // Gote's king alone on 5a, sente's gold dropped on 5b with a pawn on 5c: mate (FESA 5.1a).
  const mate = new Position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").play("G*5b");
  assert.equal(mate.status(), "checkmate");
  assert.deepEqual(legalMoves(mate), []);
});

test("a bad SFEN or an illegal move is a plain Error in the user's terms", () => {
  for (const bad of [() => new Position("not an sfen at all"), () => legalMoves("sfen 9/9 b"), () => perft("lnsgkgsnl/9 x - 1", 1)]) {
    assert.throws(bad, (e) => {
      assert.ok(e instanceof Error);
      assert.match(e.message, /position|SFEN|sfen/);
      assertUserTerms(e.message);
      return true;
    });
  }
  assert.throws(() => Position.startpos().play("7g7e"), (e) => {
    assert.ok(e instanceof Error);
    assert.match(e.message, /7g7e/);
    assertUserTerms(e.message);
    return true;
  });
  assert.throws(() => judge("x", { profil: "fesa-2017" }), TypeError);
  assert.throws(() => judge("x", { explain: "yes" }), /option explain must be a boolean/);
  assert.throws(() => judge(readFileSync(`${SHOGIHOME}bridge-5-record.kifu`), { profile: "fesa-1999" }), (e) => {
    assert.match(e.message, /fesa-1999/);
    assertUserTerms(e.message);
    return true;
  });
});

test("bridge-5 is judged a draw by repetition (FESA 5.2), as the record's source agrees", () => {
  // MANIFEST.tsv: "draw:repetition — the start position with sente to move occurs at plies
  // 0, 4, 8 and 12 (four times), no checks: 千日手, a draw (FESA 5.2)".
  const report = judge(readFileSync(`${SHOGIHOME}bridge-5-record.kifu`), { name: "bridge-5-record.kifu" });
  const text = JSON.stringify(report);
  assert.match(text, /"result":"draw"/);
  assert.match(text, /repetition/);
  assert.match(text, /fesa2017:5\.2/);
  // The same record as text.
  const again = judge(readFileSync(`${SHOGIHOME}bridge-5-record.kifu`, "utf8"), { name: "bridge-5-record.kifu" });
  assert.deepEqual(again, report);
});

test("diff: not counting the start position turns bridge-5, -6 and -7", () => {
  const files = {};
  for (const name of readdirSync(SHOGIHOME)) files[`shogihome/${name}`] = readFileSync(`${SHOGIHOME}${name}`);
  const { changes, summary } = diff(files, { profiles: ["fesa-2017"], set: ["repetition_start=not_counted"] });
  const changed = JSON.stringify(changes);
  for (const n of [5, 6, 7]) assert.match(changed, new RegExp(`bridge-${n}-record`));
  assert.ok(summary && typeof summary === "object");
  const { games } = judgeArchive(files);
  assert.ok(games.length >= readdirSync(SHOGIHOME).filter((f) => f.endsWith(".kifu")).length);
});

test("judgeArchive: a path outside the folder is an Error naming it", () => {
  const bytes = readFileSync(`${SHOGIHOME}bridge-5-record.kifu`);
  for (const bad of ["/home/a/bridge-5-record.kifu", "../bridge-5-record.kifu", "games//a.kifu"]) {
    assert.throws(() => judgeArchive({ [bad]: bytes }), (e) => e instanceof Error && e.message.includes(bad));
  }
});

/** A library stand-in that lists moves by the package's oracle and declines everything else. */
class Lister {
  name = "lister";
  version = "1";
  legalMoves(sfen, moves) {
    return new Position(sfen, moves).legalMoves();
  }
  adjudicate() {
    throw new Unsupported("lister does not judge games");
  }
}

test("certify: the run's report, declines as skips, throws as errors", () => {
  const report = certify(new Lister(), { filter: "tag:perft" });
  assert.equal(report.game, "shogi");
  assert.equal(report.header.implementation, "javascript:lister 1");
  assert.equal(report.header.filter, "tag:perft");
  assert.ok(report.summary.passed > 0);
  assert.equal(report.summary.failed + report.summary.errored, 0);

  const declined = certify(new Lister(), { filter: "file:games/repetition.yaml" });
  const reasons = declined.cases.flatMap((c) => JSON.stringify(c).match(/lister does not judge games/g) ?? []);
  assert.ok(reasons.length > 0, "the Unsupported message is the skip's reason");

  const throwing = { name: "thrower", legalMoves() { throw new RangeError("off the board"); } };
  const failed = certify(throwing, { filter: "tag:perft" });
  assert.ok(failed.summary.errored + failed.summary.failed > 0);
  assert.match(JSON.stringify(failed.cases), /`legal_moves` failed: RangeError: off the board/);
});

test("certify: an asynchronous method is refused with the way out", () => {
  const later = { name: "later", async legalMoves() { return []; } };
  assert.throws(() => certify(later, { filter: "tag:perft" }), (e) => {
    assert.ok(e instanceof TypeError);
    assert.match(e.message, /Promise.*adapter/s);
    return true;
  });
  assert.throws(() => certify(new Lister(), { profile: "fesa-1999" }), /fesa-1999/);
  assert.throws(() => certify(new Lister(), { filtre: "x" }), TypeError);
});
