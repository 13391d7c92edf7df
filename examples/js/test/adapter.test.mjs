// The adapter bridge speaks conformance/PROTOCOL.md: hello first, one reply per request with its
// id and in request order (the runner may send several before reading), declined questions as
// `skipped`, an unreadable position as `errored`, and it exits on `quit`.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { it } from "node:test";

const ADAPTER = fileURLToPath(new URL("../adapter.mjs", import.meta.url));

/** Sends `requests` all at once to a fresh adapter for `name` and returns its reply lines. */
async function converse(name, requests) {
  const child = spawn(process.execPath, [ADAPTER, name], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stdin.end(requests.map((r) => JSON.stringify(r) + "\n").join(""));
  const [code] = await once(child, "exit");
  assert.equal(code, 0);
  return out.trim().split("\n").map((line) => JSON.parse(line));
}

for (const name of ["shogiops", "tsshogi"]) {
  it(`${name}: hello, pipelined replies in order, skips and errors, quit`, async () => {
    const replies = await converse(name, [
      { type: "hello", protocol: 1, suite: "test" },
      { type: "perft", id: 1, position: { sfen: "startpos" }, depth: 2 },
      { type: "legal_moves", id: 2, position: { sfen: "startpos", moves: ["7g7f", "3c3d"] } },
      { type: "adjudicate", id: 3, record: "time_control: {main: 60}\nevents: [7g7f]\n", profile: "fesa-2017" },
      { type: "ask", id: 4, question: "{}", profile: "fesa-2017" },
      { type: "legal_moves", id: 5, position: { sfen: "not an sfen" } },
      { type: "quit" },
    ]);
    assert.equal(replies[0].type, "hello");
    assert.equal(replies[0].name, name);
    assert.deepEqual(replies.slice(1).map((r) => r.id), [1, 2, 3, 4, 5]);
    assert.equal(replies[1].nodes, 900);
    // After 7g7f 3c3d, worked by hand: the 30 moves of the start, the knight's 8i7g, and the
    // bishop's open diagonal 7g 6f 5e 4d, 3c and 2b (the last two also promoting): 30 + 1 + 8.
    assert.equal(replies[2].moves.length, 39);
    assert.deepEqual(replies.slice(3).map((r) => r.type), ["skipped", "skipped", "errored"]);
  });
}
