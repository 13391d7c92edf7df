"""Serve a Python implementation over the JSON-lines adapter protocol (conformance/PROTOCOL.md).

    python -m shogi_conformance.adapter MODULE:NAME

``NAME`` is a class or function (called with no arguments) or an object; its methods are the
ones ``certify`` calls in-process (``legal_moves(sfen, moves)``, ``perft``, ``divide``,
``status``, ``adjudicate(record, profile)``, ``ask(question, profile)``), answered here the same
way: perft and divide are counted from ``legal_moves`` when the object has no method for them,
``Unsupported`` and ``NotImplementedError`` become ``skipped``, other exceptions ``errored``.
This is the subprocess route, kept so that the two routes can be compared case by case
(``shogi-conformance run --impl 'adapter:python -m shogi_conformance.adapter MODULE:NAME'``).
"""

import importlib
import json
import sys
from typing import Any, Callable, Dict, List, Optional, TextIO

from ._native import yaml_to_python
from .errors import Unsupported

PROTOCOL = 1


def load(target: str) -> Any:
    """The object ``MODULE:NAME`` names; a class or function is called with no arguments."""
    module_name, _, attr = target.partition(":")
    if not module_name or not attr:
        raise SystemExit(f"expected MODULE:NAME, got {target!r}")
    obj: Any = getattr(importlib.import_module(module_name), attr)
    if callable(obj) and not hasattr(obj, "legal_moves") or isinstance(obj, type):
        obj = obj()
    return obj


class Server:
    """Answers the requests of one conversation."""

    def __init__(self, impl: Any) -> None:
        self.impl = impl

    def has(self, method: str) -> bool:
        return callable(getattr(self.impl, method, None))

    def queries(self) -> List[str]:
        out = [q for q in ("legal_moves", "status", "adjudicate", "ask") if self.has(q)]
        if self.has("perft") or self.has("legal_moves"):
            out.append("perft")
        if self.has("divide") or self.has("legal_moves"):
            out.append("divide")
        return out

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return sorted(str(m) for m in self.impl.legal_moves(sfen, list(moves)))

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        if self.has("perft"):
            return int(self.impl.perft(sfen, list(moves), depth))
        if depth == 0:
            return 1
        legal = self.legal_moves(sfen, moves)
        if depth == 1:
            return len(legal)
        return sum(self.perft(sfen, moves + [m], depth - 1) for m in legal)

    def divide(self, sfen: str, moves: List[str], depth: int) -> Dict[str, int]:
        if self.has("divide"):
            return {str(k): int(v) for k, v in self.impl.divide(sfen, list(moves), depth).items()}
        return {m: self.perft(sfen, moves + [m], depth - 1) for m in self.legal_moves(sfen, moves)}

    def answer(self, req: Dict[str, Any]) -> Dict[str, Any]:
        rid = req.get("id", 0)
        kind = req.get("type")
        handlers: Dict[str, Callable[[], Dict[str, Any]]] = {
            "legal_moves": lambda: {"moves": self.legal_moves(*position(req))},
            "perft": lambda: {"nodes": self.perft(*position(req), int(req["depth"]))},
            "divide": lambda: {"divide": self.divide(*position(req), int(req["depth"]))},
            "status": lambda: {"status": str(self.impl.status(*position(req)))},
            "adjudicate": lambda: {
                "verdict": self.impl.adjudicate(yaml_to_python(req["record"]), req.get("profile", "fesa-2017"))
            },
            "ask": lambda: {
                # JSON is YAML: the answer travels as the protocol's YAML text.
                "answer": json.dumps(self.impl.ask(yaml_to_python(req["question"]), req.get("profile", "fesa-2017")))
            },
        }
        handler = handlers.get(str(kind))
        if handler is None or (kind in ("legal_moves", "status", "adjudicate", "ask") and not self.has(str(kind))):
            return {"type": "skipped", "id": rid, "reason": f"this implementation does not answer `{kind}`"}
        try:
            reply = handler()
        except (Unsupported, NotImplementedError) as e:
            return {"type": "skipped", "id": rid, "reason": str(e) or f"`{kind}` is not implemented"}
        except ValueError as e:
            return {"type": "errored", "id": rid, "error": f"invalid position: {type(e).__name__}: {e}"}
        except Exception as e:  # never die on a request: report it
            return {"type": "errored", "id": rid, "error": f"`{kind}` raised {type(e).__name__}: {e}"}
        reply.update({"type": "result", "id": rid})
        return reply


def position(req: Dict[str, Any]) -> "tuple[str, List[str]]":
    pos = req["position"]
    return str(pos["sfen"]), [str(m) for m in pos.get("moves", [])]


def serve(impl: Any, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, name: Optional[str] = None) -> None:
    """Runs the conversation on ``stdin``/``stdout`` until ``quit`` or the end of input."""
    server = Server(impl)
    for line in stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            reply: Dict[str, Any] = {"type": "errored", "id": 0, "error": f"unreadable request: {e}"}
        else:
            if req.get("type") == "quit":
                return
            if req.get("type") == "hello":
                reply = {
                    "type": "hello",
                    "protocol": PROTOCOL,
                    "name": name or str(getattr(impl, "name", type(impl).__name__)),
                    "version": str(getattr(impl, "version", "0")),
                    "queries": server.queries(),
                }
            else:
                reply = server.answer(req)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


def main(argv: Optional[List[str]] = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m shogi_conformance.adapter MODULE:NAME")
    serve(load(args[0]))


if __name__ == "__main__":
    main()
