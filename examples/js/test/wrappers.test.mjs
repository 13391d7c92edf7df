// The wrappers held to answers that come from outside this repository: the published perft
// counts of the initial position (Shogi Programming wiki, "Perft"; corpus/perft/published.yaml)
// and legal-move questions whose answers follow from the FESA 2017 rules, worked by hand here
// (each test names its article). A wrapper bug shows here before any failure is charged to its
// library. Run with `npm test` in examples/js.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Shogiops } from "../shogiops_impl.mjs";
import { Tsshogi } from "../tsshogi_impl.mjs";
import { isUnsupported } from "../impl.mjs";

const PUBLISHED = [30, 900, 25470];

for (const Impl of [Shogiops, Tsshogi]) {
  const impl = new Impl();
  const moves = (sfen, played = []) => [...impl.legalMoves(sfen, played)].sort();

  describe(impl.name, () => {
    it("counts the published perft of the initial position to depth 3", () => {
      PUBLISHED.forEach((nodes, i) => assert.equal(impl.perft("startpos", [], i + 1), nodes));
    });

    it("counts the published perft after a move: 7g7f leaves 30 replies (depth 1 of 900)", () => {
      // The 900 of depth 2 is 30 replies to each of sente's 30 moves; after 7g7f gote still has 30.
      assert.equal(impl.legalMoves("startpos", ["7g7f"]).length, 30);
    });

    it("lets the king out of check only to squares the rook does not attack (FESA 1.2, 3.3)", () => {
      // Gote's rook on 5h checks the sente king on 5i and is unprotected: the king may take it or
      // step to 4i or 6i; 4h and 6h are on the rook's rank.
      assert.deepEqual(moves("4k4/9/9/9/9/9/9/4r4/4K4 b - 1"), ["5i4i", "5i5h", "5i6i"]);
    });

    it("forbids a second unpromoted pawn on a file (FESA 3.11a)", () => {
      // Sente has a pawn on 5g and one in hand: no pawn drop on file 5, and one on every other
      // empty square of ranks b to i of the other eight files.
      const drops = moves("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").filter((m) => m.startsWith("P*"));
      assert.ok(!drops.some((m) => m[2] === "5"));
      assert.equal(drops.length, 8 * 8);
    });

    it("forbids a drop where the piece could never move (FESA 3.11b)", () => {
      // A sente knight may not be dropped on ranks a or b: 7 ranks of 9 files, less the two kings.
      const drops = moves("4k4/9/9/9/9/9/9/9/4K4 b N 1").filter((m) => m.startsWith("N*"));
      assert.ok(!drops.some((m) => m[3] === "a" || m[3] === "b"));
      assert.equal(drops.length, 7 * 9 - 1);
    });

    it("forbids a pawn drop that mates (FESA 3.11c) but not other pawn drops", () => {
      // Gote's king on 1a is boxed in by its own lance (2a) and pawn (2b); sente's gold on 1c
      // guards 1b. P*1b would mate: forbidden. P*1d (no check) is legal.
      const legal = moves("7lk/7p1/8G/9/9/9/9/9/K8 b P 1");
      assert.ok(!legal.includes("P*1b"));
      assert.ok(legal.includes("P*1d"));
    });

    it("makes a pawn reaching the last rank promote (FESA 3.2, 3.10)", () => {
      const legal = moves("k8/9/9/9/9/9/9/4P4/4K4 b - 1", []);
      assert.ok(legal.includes("5h5g"));
      const last = moves("k8/4P4/9/9/9/9/9/9/4K4 b - 1");
      assert.ok(last.includes("5b5a+"));
      assert.ok(!last.includes("5b5a"));
    });

    it("calls a check without reply mate (FESA 1.2)", () => {
      // The gold on 5b, held by the pawn on 5c, checks the gote king on 5a and covers 4a, 6a, 4b, 6b.
      assert.equal(impl.status("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", []), "checkmate");
      assert.equal(impl.status("startpos", []), "normal");
    });

    it("judges a mate in a record, and declines a record with a clock", () => {
      const mate = impl.adjudicate({ start: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", events: ["G*5b"] }, "fesa-2017");
      assert.deepEqual([mate.result, mate.winner, mate.reason.kind], ["win", "sente", "checkmate"]);
      assert.throws(
        () => impl.adjudicate({ time_control: { main: 600 }, events: ["7g7f"] }, "fesa-2017"),
        isUnsupported,
      );
    });
  });
}

describe("tsshogi declarations", () => {
  const impl = new Tsshogi();
  // Sente's pieces in gote's camp: dragons 9a 1a, horses 8b 2b (5 points each), pawns 9c 8c 7c
  // 6c 4c 3c (1 each): ten pieces, 26 points, the king on 5b; two pawns in hand make 28, the
  // minimum for sente (FESA 5.3.2), and the other conditions of 5.3 hold.
  const board = "+R7+R/1+B2K2+B1/PPPP1PP2/9/9/9/9/9/4k4";

  it("judges a declaration with 28 points a win (FESA 5.3)", () => {
    const verdict = impl.adjudicate({ start: `${board} b 2P4g4s4n4l10p 1`, events: [{ declare: "sente" }] }, "fesa-2017");
    assert.deepEqual([verdict.result, verdict.winner, verdict.reason.kind], ["win", "sente", "declaration"]);
  });

  it("answers a declaration only under fesa-2017, whose 27-point rule it knows", () => {
    assert.throws(
      () => impl.adjudicate({ start: `${board} b 2P4g4s4n4l10p 1`, events: [{ declare: "sente" }] }, "ufs-2016"),
      isUnsupported,
    );
  });
});
