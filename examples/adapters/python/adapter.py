#!/usr/bin/env python3
"""An example adapter in Python (standard library only) for the JSON-lines protocol of
conformance/PROTOCOL.md.

It wraps something simple: the `shogi-conformance legal` command, kept running as a child
process that reads one position per line and prints that position's legal moves on one line.
Replace `legal_moves` below with a call into your own move generator. Perft and divide are
computed here from legal move lists, to show how; status and adjudication are not offered, so
the runner skips those cases with the reason given in `hello`.

Usage: adapter.py [LEGAL_COMMAND ...]   (default: shogi-conformance legal --allow-unreachable)
"""

import json
import subprocess
import sys

MAX_PERFT_DEPTH = 3  # deeper trees are slow through a pipe; they are skipped with a reason


class Legal:
    """The wrapped program: one position per line in, one line of moves out."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def moves(self, sfen, moves):
        line = "sfen " + sfen + (" moves " + " ".join(moves) if moves else "")
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if answer == "":
            raise RuntimeError("the wrapped legal-move program exited")
        answer = answer.rstrip("\n")
        if answer.startswith("ERROR "):
            raise ValueError(answer[6:])
        return answer.split() if answer else []


def perft(legal, sfen, moves, depth):
    if depth == 0:
        return 1
    ms = legal.moves(sfen, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(legal, sfen, moves + [m], depth - 1) for m in ms)


def answer(legal, req):
    rid, kind = req.get("id", 0), req.get("type")
    try:
        if kind not in ("legal_moves", "perft", "divide"):
            return {"type": "skipped", "id": rid, "reason": "this adapter does not answer `%s`" % kind}
        pos = req["position"]
        sfen, moves = pos["sfen"], pos.get("moves", [])
        if kind == "legal_moves":
            return {"type": "result", "id": rid, "moves": legal.moves(sfen, moves)}
        depth = req["depth"]
        if depth > MAX_PERFT_DEPTH:
            return {"type": "skipped", "id": rid, "reason": "perft deeper than %d is too slow through a pipe" % MAX_PERFT_DEPTH}
        if kind == "perft":
            return {"type": "result", "id": rid, "nodes": perft(legal, sfen, moves, depth)}
        return {"type": "result", "id": rid,
                "divide": {m: perft(legal, sfen, moves + [m], depth - 1) for m in legal.moves(sfen, moves)}}
    except ValueError as e:
        return {"type": "errored", "id": rid, "error": "invalid position: %s" % e}
    except Exception as e:  # never die on a request: report it
        return {"type": "errored", "id": rid, "error": "%s: %s" % (type(e).__name__, e)}


def main():
    legal = Legal(sys.argv[1:] or ["shogi-conformance", "legal", "--allow-unreachable"])
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            reply = {"type": "errored", "id": 0, "error": "unreadable request: %s" % e}
        else:
            if req.get("type") == "hello":
                reply = {"type": "hello", "protocol": 1, "name": "example-python-legal", "version": "1.0",
                         "queries": ["legal_moves", "perft", "divide"]}
            elif req.get("type") == "quit":
                break
            else:
                reply = answer(legal, req)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
