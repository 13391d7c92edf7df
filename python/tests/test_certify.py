"""Certifying Python objects in-process, through the command line's run loop."""

import json
from typing import List

import pytest

import shogi_conformance as sc


class OracleBacked:
    """An implementation answering from the package's own Position: everything it is asked
    about moves must pass, the rest is skipped (no adjudicate)."""

    name = "oracle-backed"

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return sc.Position(sfen, moves, allow_unreachable=True).legal_moves()

    def status(self, sfen: str, moves: List[str]) -> str:
        return sc.Position(sfen, moves, allow_unreachable=True).status()


class AllowsPawnDropMate(OracleBacked):
    """A deliberate bug: pawn drops that mate are listed (what FESA 3.11c forbids)."""

    name = "allows-uchifuzume"

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        p = sc.Position(sfen, moves, allow_unreachable=True)
        legal = p.legal_moves()
        hand = sfen.split()[2] if not moves else ""
        pawn = "P" if p.side_to_move == "sente" else "p"
        if pawn in hand:
            for f in range(1, 10):
                for r in "abcdefghi":
                    m = f"P*{f}{r}"
                    if p.is_pawn_drop_mate(m):
                        legal.append(m)
        return legal


class Raises:
    name = "raises"

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        raise RuntimeError("boom")

    def status(self, sfen: str, moves: List[str]) -> str:
        raise sc.Unsupported("no status here")


def test_a_correct_implementation_passes_what_it_answers():
    r = sc.certify(OracleBacked(), filter="tag:uchifuzume")
    assert r.status == "passed" and r.exit_code == 0
    assert r.summary["failed"] == 0 and r.summary["passed"] > 10
    assert r.implementation == "python:oracle-backed"


def test_the_bug_fails_exactly_the_pawn_drop_mate_cases():
    r = sc.certify(AllowsPawnDropMate(), filter="kind:legal_moves")
    assert r.status == "failed" and r.exit_code == 1
    failed = [case for case, word in r.outcomes.items() if word == "fail"]
    assert failed
    cases = {c["id"]: c for c in sc.Session(OracleBacked(), filter="kind:legal_moves").cases()}
    for case in failed:
        assert "fesa2017:3.11c" in cases[case]["articles"], case
    text = r.render("text")
    assert "P*" in text and "3.11c" in text


def test_exceptions_are_errors_with_the_line_and_unsupported_is_a_skip():
    r = sc.certify(Raises(), filter="tag:uchifuzume")
    # Errored cases check nothing: the run is "nothing checked" (exit 3), as on the command line.
    assert r.summary["errored"] > 0 and r.summary["passed"] == r.summary["failed"] == 0
    assert r.status == "nothing_checked" and r.exit_code == 3
    text = r.render("text")
    assert "Certified by" not in text
    assert "raised RuntimeError: boom" in text
    assert f"{__file__}:" in text
    r = sc.certify(Raises(), filter="kind:status")
    assert "no status here" in r.render("text")

    class Nothing:
        def status(self, sfen: str, moves: List[str]) -> str:
            raise NotImplementedError

    r = sc.certify(Nothing(), filter="tag:uchifuzume")
    assert r.status == "nothing_checked" and r.exit_code == 3
    assert "no method `legal_moves`" in r.render("text")


def test_every_report_format_renders_and_matches_the_command_line_route():
    r = sc.certify(OracleBacked(), filter="tag:uchifuzume")
    for fmt in ("text", "json", "junit", "markdown", "html"):
        assert r.render(fmt)  # type: ignore[arg-type]
    with pytest.raises(sc.ConfigError, match="unknown report format"):
        r.render("pdf")  # type: ignore[arg-type]
    cli = sc.certify_command("oracle", filter="tag:uchifuzume")
    # The oracle also adjudicates; where the object answered, the outcomes are the same.
    answered = {k: v for k, v in r.outcomes.items() if v != "skip"}
    assert answered and answered == {k: cli.outcomes[k] for k in answered}
    assert "python:oracle-backed" in str(r.to_dict())
    # Every JSON output carries the version of the published schemas (issue 54).
    assert json.loads(r.render("json"))["schema_version"] == 3


def test_expectations_file_turns_known_failures_into_a_pass(tmp_path):
    r = sc.certify(AllowsPawnDropMate(), filter="kind:legal_moves")
    path = tmp_path / "expectations.yaml"
    path.write_text(r.expectations_yaml())
    again = sc.certify(AllowsPawnDropMate(), filter="kind:legal_moves", expectations=path)
    assert again.status == "passed" and again.exit_code == 0 and again.not_as_expected == []
    fixed = sc.certify(OracleBacked(), filter="kind:legal_moves", expectations=path)
    assert fixed.exit_code == 1 and fixed.not_as_expected


def test_bad_options_are_errors_before_anything_runs():
    with pytest.raises(sc.ConfigError, match="unknown profile"):
        sc.certify(OracleBacked(), profile="nope")
    with pytest.raises(sc.ConfigError, match="unknown filter key"):
        sc.certify(OracleBacked(), filter="bogus:x")


def test_keyboard_interrupt_stops_the_run():
    class Interrupts(OracleBacked):
        def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sc.certify(Interrupts(), filter="tag:uchifuzume")
    # The next run is not affected.
    assert sc.certify(OracleBacked(), filter="tag:uchifuzume").exit_code == 0


def test_a_session_case_by_case_gives_the_whole_run_report():
    session = sc.Session(AllowsPawnDropMate(), filter="tag:uchifuzume")
    outcomes = {c["id"]: session.run_case(c["id"]).outcome for c in session.cases()}
    whole = sc.certify(AllowsPawnDropMate(), filter="tag:uchifuzume")
    report = session.report()
    assert outcomes == whole.outcomes == report.outcomes
    assert report.summary == whole.summary and report.exit_code == whole.exit_code == 1
    assert report.render("junit").count("<testcase") == whole.render("junit").count("<testcase")
