"""The pytest plugin: every case of the corpus as a pytest item, run in-process against a
Python implementation.

Registered for every pytest run where the package is installed, it does nothing until an
implementation is named, by one line of configuration:

- ``pyproject.toml``: ``[tool.pytest.ini_options]`` ``shogi_conformance_impl = "mymodule:MyImpl"``
- or ``conftest.py``: ``shogi_conformance_impl = MyImpl``
- or the command line: ``--shogi-conformance-impl mymodule:MyImpl``

Items are named ``CASEID-SLUG`` and carry the cited articles and tags as keywords (so
``-k 3.11c`` or ``-k uchifuzume`` chooses them) and an ``article`` marker per article. A failure
shows the board, the expected and actual answers and the article. Known failures go in an
expectations file (``shogi_conformance_expectations``; ``shogi-conformance run
--write-expectations`` or ``Report.expectations_yaml()`` writes one): they are reported as
xfail, and a known failure that passes fails the run, as on the command line.
"""

import importlib
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from ._native import CaseOutcome, Session

OPTIONS = {
    "impl": "the implementation, MODULE:NAME (a class or function called with no arguments, or an object)",
    "expectations": "an expectations file of known failures (relative to the rootdir)",
    "profile": "the rule profile (default fesa-2017)",
    "filter": "a filter expression choosing cases (shogi-conformance's --filter)",
    "report": "write the run's report to this file at the end",
    "report_format": "the report's format: text, json, junit, markdown or html (default text)",
}

SESSION_KEY = pytest.StashKey[Optional[Session]]()
RAN_KEY = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shogi-conformance", "shogi rules conformance corpus")
    for name, help_text in OPTIONS.items():
        parser.addini(f"shogi_conformance_{name}", help_text, default=None)
        group.addoption(f"--shogi-conformance-{name.replace('_', '-')}", dest=f"shogi_conformance_{name}", default=None, help=help_text)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "shogi_conformance: a case of the shogi-conformance corpus")
    config.addinivalue_line("markers", "article(id): an article the corpus case cites, e.g. fesa2017:3.11c")
    config.stash[SESSION_KEY] = None
    config.stash[RAN_KEY] = False


def setting(config: pytest.Config, name: str) -> Optional[str]:
    value = config.getoption(f"shogi_conformance_{name}")
    if value is None:
        value = config.getini(f"shogi_conformance_{name}")
    return str(value) if value else None


def setting_path(config: pytest.Config, name: str) -> Optional[str]:
    """A path setting: from the command line relative to where pytest was started, from the
    ini file relative to that file's folder."""
    value = config.getoption(f"shogi_conformance_{name}")
    if value is not None:
        return str(config.invocation_params.dir / str(value))
    value = config.getini(f"shogi_conformance_{name}")
    if not value:
        return None
    base = config.inipath.parent if config.inipath is not None else config.rootpath
    return str(base / str(value))


def implementation(config: pytest.Config) -> Optional[object]:
    """The configured implementation: the option, the ini value, or a conftest's
    ``shogi_conformance_impl``."""
    spec = setting(config, "impl")
    target: Any = None
    if spec is not None:
        module_name, _, attr = spec.partition(":")
        if not module_name or not attr:
            raise pytest.UsageError(f"shogi_conformance_impl: expected MODULE:NAME, got {spec!r}")
        try:
            target = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as e:
            raise pytest.UsageError(f"shogi_conformance_impl = {spec!r}: {e}") from e
    else:
        for plugin in config.pluginmanager.get_plugins():
            if hasattr(plugin, "shogi_conformance_impl"):
                target = getattr(plugin, "shogi_conformance_impl")
                break
    if target is None:
        return None
    if isinstance(target, type) or (callable(target) and not hasattr(target, "legal_moves")):
        target = target()
    return target


class Corpus(pytest.Collector):
    """The node the case items hang from (``shogi-conformance``)."""

    def collect(self) -> List[Any]:
        return []


class CaseFailure(Exception):
    """A case that failed or errored, or differs from the expectations file."""

    def __init__(self, outcome: CaseOutcome) -> None:
        super().__init__(outcome.id)
        self.outcome = outcome


class CaseItem(pytest.Item):
    """One case of the corpus."""

    def __init__(self, *, case: Dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.add_marker(pytest.mark.shogi_conformance)
        for article in case["articles"]:
            self.add_marker(pytest.mark.article(article))
        self.extra_keyword_matches.update(case["articles"])
        self.extra_keyword_matches.update(case["tags"])

    def runtest(self) -> None:
        session = self.config.stash[SESSION_KEY]
        assert session is not None
        self.config.stash[RAN_KEY] = True
        outcome = session.run_case(self.case["id"])
        if outcome.outcome == "skip" and outcome.as_expected:
            pytest.skip(outcome.skip_reason or "skipped")
        if not outcome.as_expected:
            raise CaseFailure(outcome)
        if outcome.outcome in ("fail", "error"):
            pytest.xfail(f"known {outcome.outcome} (expectations file): {first_line(outcome)}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailure):
            return describe(self.case, excinfo.value.outcome)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> "tuple[Path, Optional[int], str]":
        return Path(self.case["file"]), int(self.case["line"]) - 1, f"{self.case['id']} {self.case['slug']}"


def first_line(outcome: CaseOutcome) -> str:
    for line in outcome.details:
        if not line.startswith("position:"):
            return line.strip()
    return outcome.outcome


def describe(case: Dict[str, Any], outcome: CaseOutcome) -> str:
    """The failure as a person reads it: the case, its articles, the board, expected and
    actual answers."""
    lines = [
        f"{case['id']} {case['slug']}: {case['title']}",
        f"articles: {', '.join(case['articles'])}    ({case['file']}:{case['line']})",
    ]
    if outcome.mismatch:
        lines.append(f"not as expected: {outcome.mismatch}")
    if outcome.position:
        lines.append("")
        lines.extend(board_diagram(outcome.position))
        lines.append("")
    lines.extend(outcome.details)
    return "\n".join(lines)


PIECES = {"p": "歩", "l": "香", "n": "桂", "s": "銀", "g": "金", "b": "角", "r": "飛", "k": "玉",
          "+p": "と", "+l": "杏", "+n": "圭", "+s": "全", "+b": "馬", "+r": "龍"}


def board_diagram(position: str) -> List[str]:
    """The start of ``position`` (``sfen … moves …``) drawn as a board: files 9 to 1, ranks a
    to i, Gote's pieces marked ``v``; the moves played from it listed below."""
    words = position.split()
    if words and words[0] == "sfen":
        words = words[1:]
    moves: List[str] = []
    if "moves" in words:
        at = words.index("moves")
        words, moves = words[:at], words[at + 1:]
    if len(words) < 3:
        return [position]
    rows = ["  9  8  7  6  5  4  3  2  1"]
    for rank, text in zip("abcdefghi", words[0].split("/")):
        cells: List[str] = []
        tokens = iter(text)
        for c in tokens:
            if c.isdigit():
                cells.extend([" ・"] * int(c))
                continue
            token = c + next(tokens, "") if c == "+" else c
            glyph = PIECES.get(token.lower(), token)
            cells.append(("v" if token[-1].islower() else " ") + glyph)
        rows.append("".join(f"{cell:>3}" for cell in cells) + f"  {rank}")
    rows.append(f"{'Sente' if words[1] == 'b' else 'Gote'} to move; in hand: {words[2]}")
    if moves:
        rows.append("then: " + " ".join(moves))
    return rows


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: List[pytest.Item]) -> None:
    impl = implementation(config)
    if impl is None:
        return
    expectations_path = setting_path(config, "expectations")
    conformance = Session(
        impl,
        profile=setting(config, "profile") or "fesa-2017",
        filter=setting(config, "filter"),
        expectations=expectations_path,
    )
    config.stash[SESSION_KEY] = conformance
    corpus = Corpus.from_parent(session, name="shogi-conformance", nodeid="shogi-conformance")
    for case in conformance.cases():
        items.append(CaseItem.from_parent(corpus, name=f"{case['id']}-{case['slug']}", case=case))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    conformance = config.stash.get(SESSION_KEY, None)
    if conformance is None or not config.stash.get(RAN_KEY, False):
        return
    report = conformance.report()
    path = setting_path(config, "report")
    if path:
        report.write(path, setting(config, "report_format") or "text")  # type: ignore[arg-type]
    # The command line's exit semantics: a run in which every case was skipped checked
    # nothing (3), which pytest alone would call a success.
    if exitstatus == 0 and report.exit_code != 0:
        session.exitstatus = report.exit_code


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    conformance = config.stash.get(SESSION_KEY, None)
    if conformance is None or not config.stash.get(RAN_KEY, False):
        return
    report = conformance.report()
    counts = ", ".join(f"{n} {word}" for word, n in report.summary.items())
    terminalreporter.write_line(f"shogi-conformance: {report.implementation}: {counts}; {report.status}")

