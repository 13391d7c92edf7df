"""Failures an author can act on (issue 44.1): the start, the moves up to the ply where the
answers part, the expected and actual answers, the article, and a reproduce line that runs as
printed where the author is — in every report format and in pytest."""

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

import shogi_conformance as sc

pytest_plugins = ["pytester"]

# The corpus's first perpetual-check case (corpus/games/perpetual-check.yaml): Sente's rook
# checks on every move from 4e and 5e while the start returns at plies 4, 8 and 12, so by
# FESA 3.12 (read with UFS 5.7.2) Gote wins at ply 12, the fourth occurrence.
PERPETUAL = "bb2a5ff4"
PERPETUAL_START = "4k4/9/9/9/5R3/9/9/9/4K4 b - 1"
CYCLE = ["4e5e", "5a4a", "5e4e", "4a5a"]

NO_PERPETUAL = '''
class NoPerpetual:
    """Knows no perpetual check (nor any other ending): every game goes on."""
    name = "no-perpetual"

    def adjudicate(self, record, profile):
        return {"result": "continues"}
'''


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(noperp=NO_PERPETUAL)
    pytester.makefile(".toml", pyproject='[tool.pytest.ini_options]\nshogi_conformance_impl = "noperp:NoPerpetual"\n')
    return pytester


def venv_env() -> Dict[str, str]:
    """The environment of a shell in the test's virtual environment: `python` is its Python."""
    return {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}


@pytest.mark.parametrize("on_ci", [False, True], ids=["terminal", "on-ci"])
def test_a_perpetual_check_failure_in_pytest_shows_start_moves_parting_ply_and_a_line_that_runs(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, on_ci: bool
) -> None:
    # On CI (the `CI` variable set) pytest prints a failure's message in the short summary
    # without trimming it: the failure must still be told once, its summary line one line.
    if on_ci:
        monkeypatch.setenv("CI", "true")
    else:
        monkeypatch.delenv("CI", raising=False)
        monkeypatch.delenv("BUILD_NUMBER", raising=False)
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-k", PERPETUAL)
    assert result.ret == 1
    out = result.stdout.str()
    assert f"start: {PERPETUAL_START}" in out
    assert "  9  8  7  6  5  4  3  2  1" in out
    assert "  ・  ・  ・  ・  ・  飛  ・  ・  ・  e" in out  # Sente's rook on 4e
    # The fourth occurrence is at ply 12: the game going on and the oracle's perpetual check
    # part there, not before.
    assert "moves to ply 12, where the answers part: " + " ".join(CYCLE * 3) in out, out
    assert "expected gote wins by perpetual check; got game continues" in out
    assert "fesa2017:3.12" in out and "article fesa2017:3.12: " in out  # with the paraphrase
    lines = [line for line in out.splitlines() if line.startswith("reproduce: ")]
    assert lines == [f"reproduce: python -m shogi_conformance explain {PERPETUAL} --impl noperp:NoPerpetual"], out
    summary = out[out.index("short test summary info") :].splitlines()[1:-1]
    assert len(summary) == 1 and summary[0].startswith(f"FAILED shogi-conformance::{PERPETUAL}-"), out
    if on_ci:  # untrimmed: the case and what went wrong, on one line
        assert summary[0].endswith(": expected gote wins by perpetual check; got game continues"), out
    # As printed, in a shell of the author's environment, from the project's folder.
    run = subprocess.run(lines[0][len("reproduce: "):], shell=True, cwd=project.path, env=venv_env(), capture_output=True, text=True)
    assert run.returncode == 1, run.stdout + run.stderr  # 1: the case failed
    assert f"start: {PERPETUAL_START}" in run.stdout
    assert "moves to ply 12, where the answers part" in run.stdout
    assert "expected gote wins by perpetual check" in run.stdout


def test_every_report_format_carries_the_start_the_parting_ply_and_the_python_line() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    report = sc.certify(NoPerpetualHere(), filter=f"id:{PERPETUAL}")
    assert report.summary["failed"] == 1
    line = f"python -m shogi_conformance explain {PERPETUAL} --impl test_explain:NoPerpetualHere"
    for fmt in ("text", "json", "junit", "markdown", "html"):
        text = report.render(fmt)
        assert PERPETUAL_START in text, fmt
        assert "the answers part at ply 12" in text.lower(), fmt
        assert line in text, fmt
        assert "shogi-conformance explain" not in text.replace("python -m shogi_conformance explain", ""), fmt
    case = report.to_dict()["cases"][0]
    parting = case["expectations"][0]["parting"]
    assert parting["moves"] == CYCLE * 3 and parting["start"] == PERPETUAL_START and parting["events"] == 12


class NoPerpetualHere:
    name = "no-perpetual-here"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        return {"result": "continues"}


def test_an_implementation_defined_where_it_cannot_be_imported_gets_a_snippet() -> None:
    local = type("Local", (NoPerpetualHere,), {"__qualname__": "make.<locals>.Local", "__module__": "__main__"})
    report = sc.certify(local(), filter=f"id:{PERPETUAL}")
    assert f'reproduce: print(shogi_conformance.explain("{PERPETUAL}", Local()))' in report.render("text")
    text = sc.explain(PERPETUAL, local())
    assert f"start: {PERPETUAL_START}" in text and "where the answers part" in text


def test_cases_give_the_whole_question() -> None:
    cases = {c["id"]: c for c in sc.Session(NoPerpetualHere()).cases()}
    record = cases[PERPETUAL]["setup"]["record"]
    assert record["start"] == PERPETUAL_START and record["events"] == CYCLE * 3
    assert cases[PERPETUAL]["start"] == PERPETUAL_START
    assert any(e["kind"] == "verdict" and "perpetual check" in e["expected"] for e in cases[PERPETUAL]["expect"])
    positions = [c for c in cases.values() if "position" in c["setup"]]
    assert len(positions) > 100 and all(c["start"] for c in positions)
    records = [c for c in cases.values() if "record" in c["setup"]]
    assert len(records) > 100 and all(c["start"] for c in records if isinstance(c["setup"]["record"], dict))
    questions = [c for c in cases.values() if "question" in c["setup"]]
    assert questions and all(c["expect"][0]["kind"] == "answer" for c in questions)


def test_explain_from_the_command_line_names_a_missing_case_in_one_line(project: pytest.Pytester) -> None:
    run = subprocess.run([sys.executable, "-m", "shogi_conformance", "explain", "00000000", "--impl", "noperp:NoPerpetual"],
                         cwd=project.path, capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "00000000" in run.stderr, run.stderr


def test_run_from_the_command_line_prints_the_report_with_python_lines(project: pytest.Pytester) -> None:
    run = subprocess.run([sys.executable, "-m", "shogi_conformance", "run", "--impl", "noperp:NoPerpetual", "--filter", f"id:{PERPETUAL}"],
                         cwd=project.path, capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    assert re.search(rf"reproduce: python -m shogi_conformance explain {PERPETUAL} --impl noperp:NoPerpetual", run.stdout), run.stdout
