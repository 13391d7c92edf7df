"""The pytest plugin: every case of the corpus as a pytest item, run in-process against a
Python implementation.

Registered for every pytest run where the package is installed (under the name
``shogi_conformance.pytest_plugin``, so ``-p shogi_conformance.pytest_plugin`` is harmless), it
does nothing until an implementation is named, by one line of configuration:

- ``pyproject.toml``: ``[tool.pytest.ini_options]`` ``shogi_conformance_impl = "mymodule:MyImpl"``
  (the module is looked for beside the ini file too, so plain ``pytest`` finds it)
- or ``conftest.py``: ``shogi_conformance_impl = MyImpl``
- or the command line: ``--shogi-conformance-impl mymodule:MyImpl``

Items are named ``CASEID-SLUG`` and carry the cited articles and tags as keywords (so
``-k 3.11c`` or ``-k uchifuzume`` chooses them) and an ``article(id=...)`` marker per article
(``-m "article(id='fesa2017:3.12')"``). A failure shows the start as a board, the moves up to
the ply where the answers part, the expected and actual answers, the article with our
paraphrase and a line that reruns the case. A case that passed with a question skipped is
reported ``PARTIAL``, an errored case ``ERROR``, so pytest's counts are the report's.
``shogi_conformance_isolate = true`` (``--shogi-conformance-isolate``) answers from a child
process, so a crash of the implementation errors one case and the run goes on. Known failures go in an
expectations file (``shogi_conformance_expectations``; ``shogi-conformance run
--write-expectations`` or ``Report.expectations_yaml()`` writes one): they are reported as
xfail, and a known failure that passes fails the run, as on the command line.
"""

import importlib
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

from ._native import CaseOutcome, Session
from .explain import describe, reproduce_template, spec_of
from .isolate import Isolated

OPTIONS = {
    "impl": "the implementation, MODULE:NAME (a class or function called with no arguments, or an object)",
    "expectations": "an expectations file of known failures (relative to the rootdir)",
    "profile": "the rule profile (default fesa-2017)",
    "filter": "a filter expression choosing cases (shogi-conformance's --filter)",
    "report": "write the run's report to this file at the end",
    "report_format": "the report's format: text, json, junit, markdown or html (default text)",
}

ISOLATE_HELP = "answer from a child process: a crash of the implementation errors one case, not the run"

SESSION_KEY = pytest.StashKey[Optional[Session]]()
RAN_KEY = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("shogi-conformance", "shogi rules conformance corpus")
    for name, help_text in OPTIONS.items():
        parser.addini(f"shogi_conformance_{name}", help_text, default=None)
        group.addoption(f"--shogi-conformance-{name.replace('_', '-')}", dest=f"shogi_conformance_{name}", default=None, help=help_text)
    parser.addini("shogi_conformance_isolate", ISOLATE_HELP, type="bool", default=False)
    group.addoption("--shogi-conformance-isolate", dest="shogi_conformance_isolate", action="store_true", default=None, help=ISOLATE_HELP)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "shogi_conformance: a case of the shogi-conformance corpus")
    config.addinivalue_line("markers", "article(id): an article the corpus case cites: -m \"article(id='fesa2017:3.11c')\"")
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


def isolate(config: pytest.Config) -> bool:
    value = config.getoption("shogi_conformance_isolate")
    return bool(value) if value is not None else bool(config.getini("shogi_conformance_isolate"))


def import_named(config: pytest.Config, spec: str) -> Any:
    """``MODULE:NAME``, the module looked for as Python does, then beside the ini file and in
    the rootdir: the documented one line must work under plain ``pytest``, which (unlike
    ``python -m pytest``) does not put the current folder on ``sys.path``."""
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise pytest.UsageError(f"shogi_conformance_impl: expected MODULE:NAME, got {spec!r}")
    folders = [str(config.inipath.parent)] if config.inipath is not None else []
    folders.append(str(config.rootpath))
    try:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name.split(".")[0]:
                raise
            for folder in folders:
                if folder not in sys.path:
                    sys.path.insert(0, folder)
            module = importlib.import_module(module_name)
        return getattr(module, attr)
    except (ImportError, AttributeError) as e:
        raise pytest.UsageError(f"shogi_conformance_impl = {spec!r}: {e} (looked in {', '.join(dict.fromkeys(folders))} too)") from e


def implementation(config: pytest.Config) -> Tuple[Optional[object], Optional[str]]:
    """The configured implementation (the option, the ini value, or a conftest's
    ``shogi_conformance_impl``) and the ``MODULE:NAME`` a reproduce line can name it by."""
    spec = setting(config, "impl")
    target: Any = None
    if spec is not None:
        target = import_named(config, spec)
    else:
        for plugin in config.pluginmanager.get_plugins():
            if hasattr(plugin, "shogi_conformance_impl"):
                target = getattr(plugin, "shogi_conformance_impl")
                break
    if target is None:
        return None, None
    spec = spec or spec_of(target)
    if isinstance(target, type) or (callable(target) and not hasattr(target, "legal_moves")):
        target = target()
    return target, spec


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
            self.add_marker(pytest.mark.article(article, id=article))
        self.extra_keyword_matches.update(case["articles"])
        self.extra_keyword_matches.update(case["tags"])

    def runtest(self) -> None:
        session = self.config.stash[SESSION_KEY]
        assert session is not None
        self.config.stash[RAN_KEY] = True
        outcome = session.run_case(self.case["id"])
        self.user_properties.append(("shogi_conformance_outcome", "partial" if outcome.partial else outcome.outcome))
        if outcome.outcome == "skip" and outcome.as_expected:
            pytest.skip(outcome.skip_reason or "skipped")
        if not outcome.as_expected:
            raise CaseFailure(outcome)
        if outcome.outcome in ("fail", "error"):
            pytest.xfail(f"known {outcome.outcome} (expectations file): {first_line(outcome)}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, CaseFailure):
            return FailureText(describe(self.case, excinfo.value.outcome), self.case, excinfo.value.outcome)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> "tuple[Path, Optional[int], str]":
        return Path(self.case["file"]), int(self.case["line"]) - 1, f"{self.case['id']} {self.case['slug']}"


class Crash:
    """The one line pytest puts after a failed item's name in its short summary and in JUnit's
    `message`: pytest reads it as `longrepr.reprcrash.message`."""

    def __init__(self, path: str, lineno: int, message: str) -> None:
        self.path = path
        self.lineno = lineno
        self.message = message


class FailureText:
    """A failed case as pytest shows it: the whole description in the failures section, one line
    in the short summary. A plain string would do for the first, but pytest prints a string
    failure in full in the short summary too when it runs on CI or with `-vv`, so every failure
    appeared twice there (with its board, its reproduce line and all)."""

    def __init__(self, text: str, case: Dict[str, Any], outcome: CaseOutcome) -> None:
        self.text = text
        self.reprcrash = Crash(str(case["file"]), int(case["line"]), f"{case['id']} {case['slug']}: {first_line(outcome)}")

    def toterminal(self, tw: Any) -> None:
        for line in self.text.splitlines():
            tw.line(line)

    def __str__(self) -> str:
        return self.text


def first_line(outcome: CaseOutcome) -> str:
    for line in outcome.details:
        if not line.startswith(("position:", "start:")):
            return line.strip()
    return outcome.outcome


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: List[pytest.Item]) -> None:
    impl, spec = implementation(config)
    if impl is None:
        return
    expectations_path = setting_path(config, "expectations")
    profile = setting(config, "profile") or "fesa-2017"
    isolated = isolate(config)
    if isolated:
        impl = Isolated(impl)
        config.add_cleanup(impl.close)
    conformance = Session(
        impl,
        profile=profile,
        filter=setting(config, "filter"),
        expectations=expectations_path,
        reproduce_with=reproduce_template(spec, impl, profile, None, isolated),
    )
    config.stash[SESSION_KEY] = conformance
    corpus = Corpus.from_parent(session, name="shogi-conformance", nodeid="shogi-conformance")
    cases: List[Any] = [CaseItem.from_parent(corpus, name=f"{case['id']}-{case['slug']}", case=case) for case in conformance.cases()]
    items.extend(cases)
    # The items are made here, after pytest's own collection; reporting them as the corpus
    # node's collection makes the header's "collected N items", -k's "selected" and
    # --collect-only's count include them.
    config.hook.pytest_collectreport(report=pytest.CollectReport(corpus.nodeid, "passed", None, cases))


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> Optional[Tuple[str, str, Any]]:
    """A case that passed with a question skipped is ``PARTIAL`` (counted as ``partial``, not
    ``passed``), an errored one ``ERROR``: pytest's counts are then the report's."""
    if report.when != "call":
        return None
    outcome = dict(report.user_properties).get("shogi_conformance_outcome")
    if outcome == "partial" and report.passed:
        return "partial", "p", ("PARTIAL", {"yellow": True})
    if outcome == "error" and report.failed:
        return "error", "E", ("ERROR", {"red": True})
    return None


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
    terminalreporter.write_line(f"shogi-conformance: {report.implementation}: {report.summary_line}; {report.status}")

