"""The pytest plugin, driven as an author would: one line of configuration."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BUGGY = '''
import shogi_conformance as sc

class Buggy:
    """Lists pawn drops that mate (FESA 3.11c forbids them)."""
    name = "buggy"

    def legal_moves(self, sfen, moves):
        p = sc.Position(sfen, moves, allow_unreachable=True)
        extra = [f"P*{f}{r}" for f in range(1, 10) for r in "abcdefghi" if p.is_pawn_drop_mate(f"P*{f}{r}")]
        return p.legal_moves() + extra

class Correct(Buggy):
    name = "correct"

    def legal_moves(self, sfen, moves):
        return sc.Position(sfen, moves, allow_unreachable=True).legal_moves()

class Silent:
    name = "silent"
'''


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(myimpl=BUGGY)
    pytester.syspathinsert()
    return pytester


def test_inactive_without_an_implementation(project: pytest.Pytester) -> None:
    project.makepyfile(test_x="def test_x():\n    pass\n")
    result = project.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_one_line_in_pyproject_and_k_by_article(project: pytest.Pytester) -> None:
    project.makefile(".toml", pyproject='[tool.pytest.ini_options]\nshogi_conformance_impl = "myimpl:Correct"\n')
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-k", "3.11c", "--collect-only", "-q")
    lines = [line for line in result.outlines if "::" in line]
    assert lines and all("uchifuzume" in line or "pawn" in line or "drop" in line for line in lines), lines
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-k", "3.11c")
    assert result.ret == 0
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] + outcomes.get("partial", 0) + outcomes.get("skipped", 0) == len(lines)


def test_one_line_in_conftest_and_a_failure_shows_board_answers_and_article(project: pytest.Pytester) -> None:
    project.makeconftest("from myimpl import Buggy as shogi_conformance_impl\n")
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-k", "uchifuzume and not mirror", "-x")
    assert result.ret == 1
    out = result.stdout.str()
    assert "fesa2017:3.11c" in out
    assert "9  8  7  6  5  4  3  2  1" in out  # the board
    assert "expected" in out and "got" in out and "extra:" in out and "P*" in out


def test_expectations_make_known_failures_xfail_and_a_fixed_one_fails(project: pytest.Pytester) -> None:
    import shogi_conformance as sc

    project.syspathinsert()
    import importlib

    myimpl = importlib.import_module("myimpl")
    report = sc.certify(myimpl.Buggy(), filter="tag:uchifuzume")
    known = sum(1 for w in report.outcomes.values() if w == "fail")
    project.makefile(".yaml", expectations=report.expectations_yaml())
    args = ["-p", "no:cacheprovider", "--shogi-conformance-filter", "tag:uchifuzume", "--shogi-conformance-expectations", "expectations.yaml"]
    result = project.runpytest_subprocess("--shogi-conformance-impl", "myimpl:Buggy", *args)
    assert result.ret == 0
    assert result.parseoutcomes()["xfailed"] == known
    result = project.runpytest_subprocess("--shogi-conformance-impl", "myimpl:Correct", *args)
    assert result.ret == 1
    assert "expected to fail, but passed" in result.stdout.str()


def test_nothing_checked_is_exit_status_3(project: pytest.Pytester) -> None:
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "--shogi-conformance-impl", "myimpl:Silent", "-k", "3.11c")
    assert result.ret == 3
    assert "nothing_checked" in result.stdout.str()


def test_a_bad_implementation_name_is_a_usage_error(project: pytest.Pytester) -> None:
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "--shogi-conformance-impl", "myimpl:Missing")
    assert result.ret == 4
    assert "myimpl:Missing" in result.stderr.str()


def test_items_carry_articles_as_markers(project: pytest.Pytester) -> None:
    project.makeconftest(
        "from myimpl import Correct as shogi_conformance_impl\n"
        "def pytest_collection_finish(session):\n"
        "    item = next(i for i in session.items if any(m.args[0] == 'fesa2017:3.11c' for m in i.iter_markers('article')))\n"
        "    print('MARKS', sorted(m.args[0] for m in item.iter_markers('article')))\n"
    )
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "--collect-only", "-q", "-k", "3.11c")
    assert any("MARKS" in line and "fesa2017:3.11c" in line for line in result.outlines)


# Issue 44.4: pytest as people use it.

MIXED = '''

class Mixed(Buggy):
    """Fails the pawn-drop mates (Buggy), has no status (the checkmate cases pass in part) and
    errs on every record."""
    name = "mixed"

    def perft(self, sfen, moves, depth):
        return sc.Position(sfen, moves, allow_unreachable=True).perft(depth)

    def adjudicate(self, record, profile):
        raise RuntimeError("boom")
'''

def test_p_names_the_plugin_without_registering_it_twice(project: pytest.Pytester) -> None:
    project.makefile(".toml", pyproject='[tool.pytest.ini_options]\nshogi_conformance_impl = "myimpl:Correct"\n')
    result = project.runpytest_subprocess("-p", "shogi_conformance.pytest_plugin", "-p", "no:cacheprovider", "-k", "3.11c")
    assert result.ret == 0, result.stderr.str()
    assert "already registered" not in result.stdout.str() + result.stderr.str()
    assert result.parseoutcomes()["passed"] > 0


def test_plain_pytest_finds_the_module_beside_pyproject(pytester: pytest.Pytester) -> None:
    # No sys.path help: `pytest` (the script), not `python -m pytest`, which adds the folder.
    pytester.makepyfile(myimpl=BUGGY)
    pytester.makefile(".toml", pyproject='[tool.pytest.ini_options]\nshogi_conformance_impl = "myimpl:Correct"\n')
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([str(Path(sys.executable).parent / "pytest"), "-p", "no:cacheprovider", "-q", "-k", "3.11c"],
                         cwd=pytester.path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert " passed" in run.stdout.splitlines()[-1]


def test_collected_and_selected_counts_are_the_cases(project: pytest.Pytester) -> None:
    import shogi_conformance as sc

    project.makefile(".toml", pyproject='[tool.pytest.ini_options]\nshogi_conformance_impl = "myimpl:Correct"\n')
    cases = sc.Session(object()).cases()
    total = len(cases)
    by_k = sum(1 for c in cases if any("3.11c" in w.lower() for w in [c["id"], c["slug"], *c["articles"], *c["tags"]]))
    by_m = sum(1 for c in cases if "fesa2017:3.12" in c["articles"])
    assert 0 < by_k < total and 0 < by_m < total
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "--collect-only")
    assert f"collected {total} items" in result.stdout.str()
    assert "no tests collected" not in result.stdout.str()
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "--collect-only", "-k", "3.11c")
    assert f"collected {total} items / {total - by_k} deselected / {by_k} selected" in result.stdout.str(), result.stdout.str()[-500:]
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "--collect-only", "-m", "article(id='fesa2017:3.12')")
    assert f"collected {total} items / {total - by_m} deselected / {by_m} selected" in result.stdout.str(), result.stdout.str()[-500:]


def test_counts_equal_certify_and_a_partial_case_is_shown_partial(project: pytest.Pytester) -> None:
    import importlib

    import shogi_conformance as sc

    project.makepyfile(mixed="import shogi_conformance as sc\nfrom myimpl import Buggy\n" + MIXED)
    report = sc.certify(importlib.import_module("mixed").Mixed())
    s = report.summary
    assert s["partial"] > 0 and s["failed"] > 0 and s["errored"] > 0 and s["passed"] > s["partial"], s
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-v", "--shogi-conformance-impl", "mixed:Mixed")
    got = result.parseoutcomes()
    assert got.get("passed", 0) + got.get("partial", 0) == s["passed"], (got, s)
    assert got.get("partial", 0) == s["partial"]
    assert got.get("failed", 0) == s["failed"]
    assert got.get("skipped", 0) == s["skipped"]
    assert got.get("errors", 0) == s["errored"]
    out = result.stdout.str()
    assert " PARTIAL" in out and " ERROR" in out
    # The report's own wording and order: passed (partly), failed, skipped, errored.
    assert f"shogi-conformance: python:mixed: {report.summary_line}; failed" in out
    assert re.search(r"\d+ passed \(\d+ partly\), \d+ failed, \d+ skipped, \d+ errored", report.summary_line)
