"""A failure a library author can act on: the case's start drawn as a board, the moves up to
the ply where the answers part, the expected and actual answers, the article with our
paraphrase, and a line that runs the case again where the author is.

``certify`` here wraps the native one: it names the implementation as the author can import it
(``module:Class``) in the reproduce line every report prints, and runs it in a child process
when asked (``isolate=True``, see ``shogi_conformance.isolate``). ``explain`` runs one case and
returns the account of it that ``python -m shogi_conformance explain`` prints and the pytest
plugin shows for a failing item.
"""

import shlex
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Union

from . import _native
from ._native import CaseOutcome, Report, Session
from .errors import ConfigError
from .isolate import Isolated

PathLike = Union[str, "Path"]

DEFAULT_PROFILE = "fesa-2017"

PIECES = {"p": "歩", "l": "香", "n": "桂", "s": "銀", "g": "金", "b": "角", "r": "飛", "k": "玉",
          "+p": "と", "+l": "杏", "+n": "圭", "+s": "全", "+b": "馬", "+r": "龍"}


def spec_of(implementation: Any) -> Optional[str]:
    """``module:Name`` by which the implementation's class (or factory) can be imported, or
    ``None`` when it cannot (defined in ``__main__``, a notebook, or inside a function)."""
    target = implementation
    if isinstance(implementation, Isolated):
        target = implementation._impl
    if not isinstance(target, type) and not (callable(target) and not hasattr(target, "legal_moves")):
        target = type(target)
    module = getattr(target, "__module__", None)
    name = getattr(target, "__qualname__", None)
    if not module or not name or module == "__main__" or "<" in name:
        return None
    return f"{module}:{name}"


def reproduce_template(spec: Optional[str], implementation: Any, profile: str, set: Optional[Mapping[str, str]], isolate: bool) -> str:
    """The line printed beside every failure, ``{case}`` standing for the case's id: a
    ``python -m shogi_conformance explain`` command when the implementation can be imported by
    name (``spec``), else a snippet to run where it is defined."""
    if spec is not None:
        words = ["python", "-m", "shogi_conformance", "explain", "{case}", "--impl", shlex.quote(spec)]
        if profile != DEFAULT_PROFILE:
            words += ["--profile", shlex.quote(profile)]
        for knob, value in (set or {}).items():
            words += ["--set", shlex.quote(f"{knob}={value}")]
        if isolate:
            words.append("--isolate")
        return " ".join(words)
    target = implementation._impl if isinstance(implementation, Isolated) else implementation
    cls = target.__name__ if isinstance(target, type) else type(target).__name__
    options = "" if profile == DEFAULT_PROFILE else f", profile={profile!r}"
    if set:
        options += f", set={dict(set)!r}"
    if isolate:
        options += ", isolate=True"
    return f'print(shogi_conformance.explain("{{case}}", {cls}(){options}))'


def certify(
    implementation: Any,
    *,
    profile: str = DEFAULT_PROFILE,
    set: Optional[Mapping[str, str]] = None,
    filter: Optional[str] = None,
    expectations: Optional[PathLike] = None,
    corpus: Optional[PathLike] = None,
    isolate: bool = False,
    timeout: Optional[float] = None,
) -> Report:
    """Certifies ``implementation`` against the corpus built into the package, through the
    command line's run loop (same report, same exit status).

    ``isolate=True`` runs it in a child process: a segmentation fault or an abort becomes an
    errored case naming the signal, and the run goes on (``timeout``, seconds per question,
    then also ends a question that hangs). The default runs it in this process, fast.
    """
    template = reproduce_template(spec_of(implementation), implementation, profile, set, isolate)
    if not isolate:
        return _native.certify(implementation, profile=profile, set=set, filter=filter,
                               expectations=expectations, corpus=corpus, reproduce_with=template)
    with Isolated(implementation, timeout=timeout) as child:
        return _native.certify(child, profile=profile, set=set, filter=filter,
                               expectations=expectations, corpus=corpus, reproduce_with=template)


def explain(
    case: str,
    implementation: Any,
    *,
    profile: str = DEFAULT_PROFILE,
    set: Optional[Mapping[str, str]] = None,
    corpus: Optional[PathLike] = None,
    isolate: bool = False,
    spec: Optional[str] = None,
) -> str:
    """Runs the case ``case`` (its id) against ``implementation`` and returns the account of
    it: the question, the board, the answers, the article."""
    return run_one(case, implementation, profile=profile, set=set, corpus=corpus, isolate=isolate, spec=spec)[0]


def run_one(
    case: str,
    implementation: Any,
    *,
    profile: str = DEFAULT_PROFILE,
    set: Optional[Mapping[str, str]] = None,
    corpus: Optional[PathLike] = None,
    isolate: bool = False,
    spec: Optional[str] = None,
) -> "tuple[str, CaseOutcome]":
    """``explain``, with the outcome beside the text."""
    template = reproduce_template(spec or spec_of(implementation), implementation, profile, set, isolate)
    child = Isolated(implementation) if isolate else None
    try:
        session = Session(child or implementation, profile=profile, set=set, filter=f"id:{case}",
                          corpus=corpus, reproduce_with=template)
        chosen = [c for c in session.cases() if c["id"] == case]
        if not chosen:
            raise ConfigError(f"no case {case!r} in the corpus applies under the profile {profile!r}")
        outcome = session.run_case(case)
    finally:
        if child is not None:
            child.close()
    return describe(chosen[0], outcome), outcome


def describe(case: Dict[str, Any], outcome: CaseOutcome) -> str:
    """A case's outcome as a person reads it (see the module's docs)."""
    lines = [f"{case['id']} {case['slug']}: {case['title']}", f"outcome: {outcome.outcome}" + (" (partial)" if outcome.partial else "")]
    paraphrase = f": {outcome.paraphrase}" if outcome.paraphrase else ""
    lines.extend(textwrap.wrap(f"article {outcome.article}{paraphrase}", width=100, subsequent_indent="    "))
    others = [a for a in case["articles"] if a != outcome.article]
    if others:
        lines.append(f"also cites: {', '.join(others)}")
    lines.append(f"case file: {case['file']}:{case['line']} (of the corpus built into the package)")
    if outcome.mismatch:
        lines.append(f"not as expected: {outcome.mismatch}")
    if outcome.start:
        lines.append("")
        lines.append(f"start: {outcome.start}")
        lines.extend(board_diagram(outcome.start))
        if outcome.parting_ply is not None:
            lines.append(f"moves to ply {outcome.parting_ply}, where the answers part: {' '.join(outcome.moves)}")
        elif outcome.moves:
            lines.append(f"moves: {' '.join(outcome.moves)}")
    elif "question" in case.get("setup", {}):
        lines.append("")
        lines.append(f"question: {case['setup']['question']}")
    lines.append("")
    lines.extend(line for line in outcome.details if not line.startswith(("position:", "start:", "  moves to there:")))
    if outcome.reproduce:
        lines.append("")
        lines.append(f"reproduce: {outcome.reproduce}")
    return "\n".join(lines)


def board_diagram(sfen: str) -> List[str]:
    """An SFEN drawn as a board: files 9 to 1, ranks a to i, Gote's pieces marked ``v``."""
    words = sfen.split()
    if words and words[0] == "sfen":
        words = words[1:]
    if len(words) < 3:
        return [sfen]
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
    return rows
