"""Real users: python-shogi and cshogi certified in-process, through the pytest plugin, and
through the JSON-lines adapter route (a subprocess serving the same class), case by case the
same; and the failures are exactly the known gaps of each library."""

import os
import subprocess
import sys
from typing import Any, Dict, List

import pytest

import shogi_conformance as sc
from conftest import EXAMPLES

pytest.importorskip("shogi", reason="python-shogi is not installed")
pytest.importorskip("cshogi", reason="cshogi is not installed")

import cshogi_impl  # noqa: E402
import python_shogi_impl  # noqa: E402

PEERS = {
    "cshogi": (cshogi_impl.Cshogi, "cshogi_impl:Cshogi", EXAMPLES / "cshogi.expectations.yaml"),
    "python-shogi": (python_shogi_impl.PythonShogi, "python_shogi_impl:PythonShogi", EXAMPLES / "python-shogi.expectations.yaml"),
}

# The library's known gaps, by the article the failing cases are filed under: python-shogi
# lists pawn drops that mate (3.11c: its check of the drop misses pins of the capturer) and
# knows no perpetual check (3.12); cshogi's perpetual-check verdict looks at the checks of its
# search window, not from the first occurrence (3.12).
GAPS = {"python-shogi": {"fesa2017:3.11c", "fesa2017:3.12"}, "cshogi": {"fesa2017:3.12"}}


def cases_by_id(report: sc.Report) -> Dict[str, Dict[str, Any]]:
    return {c["id"]: c for c in report.to_dict()["cases"]}


@pytest.fixture(scope="module")
def in_process() -> Dict[str, sc.Report]:
    return {name: sc.certify(make()) for name, (make, _, _) in PEERS.items()}


@pytest.mark.parametrize("name", sorted(PEERS))
def test_failures_are_exactly_the_known_gaps(name: str, in_process: Dict[str, sc.Report]) -> None:
    report = in_process[name]
    failed = {i: c for i, c in cases_by_id(report).items() if c["outcome"] in ("fail", "error")}
    assert failed, f"{name} is expected to fail some cases"
    for i, c in failed.items():
        assert c["outcome"] == "fail", f"{i} errored: {c}"
        assert c["primary"] in GAPS[name], f"{i} {c['slug']} ({c['primary']}) is not a known gap of {name}"
    assert {c["primary"] for c in failed.values()} == GAPS[name]


@pytest.mark.parametrize("name", sorted(PEERS))
def test_in_process_equals_the_adapter_route(name: str, in_process: Dict[str, sc.Report], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(EXAMPLES), os.environ.get("PYTHONPATH", "")]))
    _, target, _ = PEERS[name]
    adapter = sc.certify_command(f"adapter:{sys.executable} -m shogi_conformance.adapter {target}", timeout=120)
    ours, theirs = cases_by_id(in_process[name]), cases_by_id(adapter)
    assert ours.keys() == theirs.keys()
    different: List[str] = []
    for i in ours:
        a, b = ours[i], theirs[i]
        if a["outcome"] != b["outcome"] or [e["outcome"] for e in a["expectations"]] != [e["outcome"] for e in b["expectations"]]:
            different.append(f"{i}: in-process {a['outcome']}, adapter {b['outcome']}")
        # A failure's answers are the same too (expected and actual).
        for ea, eb in zip(a["expectations"], b["expectations"]):
            if ea["outcome"] == "fail":
                assert {k: v for k, v in ea.items()} == {k: v for k, v in eb.items()}, i
    assert not different, "\n".join(different)
    assert in_process[name].summary == adapter.summary


@pytest.mark.parametrize("name", sorted(PEERS))
def test_the_pytest_plugin_certifies_with_the_expected_failures_and_nothing_else(name: str, tmp_path: Any) -> None:
    _, target, expectations = PEERS[name]
    report = tmp_path / "report.json"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(EXAMPLES),
         f"--shogi-conformance-impl={target}", f"--shogi-conformance-expectations={expectations}",
         f"--shogi-conformance-report={report}", "--shogi-conformance-report-format=json"],
        cwd=EXAMPLES, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(EXAMPLES)},
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    known = expectations.read_text().count("expect: fail")
    assert f"{known} xfailed" in run.stdout, run.stdout[-2000:]
    assert " failed" not in run.stdout.splitlines()[-1]
    assert report.exists() and '"cases"' in report.read_text()
