"""The pytest plugin, driven as an author would: one line of configuration."""

from typing import Any

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
    assert outcomes["passed"] + outcomes.get("skipped", 0) == len(lines)


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
