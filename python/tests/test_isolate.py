"""Isolation on request (issue 44.3): a library that crashes the interpreter, certified with
``isolate=True``, errors the cases it crashed on, naming the signal, and the run goes on to a
complete report."""

import ctypes
import os
from typing import Any, Dict, List

import pytest

import shogi_conformance as sc

pytest_plugins = ["pytester"]


class Crashing:
    """Answers moves and perft right (from the package's oracle), but dereferences a null
    pointer when asked for a status and aborts when asked to judge a record: what a C
    extension with a bug does."""

    name = "crashing"

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return sc.Position(sfen, moves, allow_unreachable=True).legal_moves()

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        return sc.Position(sfen, moves, allow_unreachable=True).perft(depth)

    def status(self, sfen: str, moves: List[str]) -> str:
        ctypes.string_at(0)  # SIGSEGV
        return "normal"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        os.abort()  # SIGABRT


class Sound(Crashing):
    """The same answers without the crashes (a status from the oracle, every game going on)."""

    def status(self, sfen: str, moves: List[str]) -> str:
        return sc.Position(sfen, moves, allow_unreachable=True).status()

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        return {"result": "continues"}


def kinds(case: Dict[str, Any]) -> List[str]:
    return [e["kind"] for e in case["expectations"]]


def test_a_segfault_and_an_abort_error_their_cases_and_the_rest_is_checked() -> None:
    report = sc.certify(Crashing(), isolate=True)
    sound = sc.certify(Sound())
    cases = {c["id"]: c for c in report.to_dict()["cases"]}
    # Complete: every case the sound twin was given, none lost to the crashes.
    assert cases.keys() == {c["id"] for c in sound.to_dict()["cases"]}
    crashed = {"status": "SIGSEGV", "verdict": "SIGABRT", "declaration": "SIGABRT", "clock": "SIGABRT"}
    for i, c in cases.items():
        signals = {crashed[e["kind"]] for e in c["expectations"] if e["kind"] in crashed}
        if signals:
            assert c["outcome"] == "error", f"{i}: {c}"
            messages = " ".join(e.get("reason", "") for e in c["expectations"] if e["kind"] in crashed)
            for signal in signals:
                assert f"was killed by signal {signal}" in messages, f"{i}: {messages}"
        else:
            # Moves and perft: answered in the child, checked as in-process.
            assert c["outcome"] == sound.outcomes[i], f"{i}: {c['outcome']} isolated, {sound.outcomes[i]} in-process"
    assert report.summary["passed"] > 100 and report.summary["errored"] > 50, report.summary


def test_isolated_answers_keep_their_meaning() -> None:
    class Declines(Sound):
        def status(self, sfen: str, moves: List[str]) -> str:
            raise sc.Unsupported("no status here")

        def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
            raise ValueError("cannot read it")

    report = sc.certify(Declines(), isolate=True)
    expectations = [e for c in report.to_dict()["cases"] for e in c["expectations"]]
    statuses = [e for e in expectations if e["kind"] == "status"]
    assert statuses and all(e["outcome"] == "skip" and e["reason"] == "no status here" for e in statuses)
    moves = [e for e in expectations if e["kind"] in ("legal_moves", "legal", "illegal")]
    assert moves and all("cannot read it" in e["reason"] for e in moves)
    # Where it was raised, in the child: this file's line, not the pipe's.
    assert all("test_isolate.py:" in e["reason"] for e in moves), moves[0]


def test_the_child_is_ended_and_a_crash_is_counted() -> None:
    with sc.Isolated(Crashing()) as child:
        assert child.legal_moves(sc.STARTPOS, [])
        with pytest.raises(sc.ImplementationCrashed, match="SIGSEGV"):
            child.status(sc.STARTPOS, [])
        assert len(child.legal_moves(sc.STARTPOS, [])) == 30  # a new child answers
        assert len(child.crashes) == 1
        assert not hasattr(child, "divide")  # only the wrapped object's methods


def test_a_hang_is_ended_by_the_timeout() -> None:
    class Hangs(Sound):
        def status(self, sfen: str, moves: List[str]) -> str:
            import time

            time.sleep(60)
            return "normal"

    with sc.Isolated(Hangs(), timeout=0.5) as child:
        with pytest.raises(sc.ImplementationHung):
            child.status(sc.STARTPOS, [])
        assert len(child.legal_moves(sc.STARTPOS, [])) == 30


def test_the_plugin_option_isolates(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(crashing="import ctypes\nclass Crashing:\n    def status(self, sfen, moves):\n        ctypes.string_at(0)\n")
    pytester.makefile(".toml", pyproject='[tool.pytest.ini_options]\nshogi_conformance_impl = "crashing:Crashing"\nshogi_conformance_isolate = true\n')
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-k", "checkmate or check")
    outcomes = result.parseoutcomes()
    assert outcomes.get("errors", outcomes.get("error", 0)) > 0, result.stdout.str()[-2000:]
    assert "SIGSEGV" in result.stdout.str()
    assert "shogi-conformance: python:Crashing:" in result.stdout.str()  # the run reached its summary
