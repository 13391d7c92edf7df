"""shogi_conformance: the shogi rules oracle (FESA 2017), game-record judge and conformance
corpus, in-process.

- ``Position``: legal moves, perft, check, mate, uchifuzume (FESA 3.11c) and the game status
  of a position, answered by the reference oracle.
- ``judge`` / ``judge_games`` / ``judge_archive``: verdicts on game records (CSA, KIF, KI2,
  JKF, YAML) with the articles behind them, as typed objects or dicts; archives stream from
  worker threads.
- ``certify``: a Python object that answers the adapter protocol's questions as methods,
  certified against the corpus built into the package, through the command line's run loop
  (same report, same exit status); ``isolate=True`` answers from a child process, so a crash
  errors one case, not the run. ``explain`` runs one case and shows it (also ``python -m
  shogi_conformance explain CASE --impl MODULE:NAME``). The pytest plugin
  (``shogi_conformance.pytest_plugin``) makes a pytest item of every case.

See docs/python.md.
"""

from ._native import (
    ArchiveStream,
    CaseOutcome,
    Position,
    Report,
    Session,
    Step,
    Unreadable,
    Verdict,
    __version__,
    certify_command,
    judge,
    judge_archive,
    judge_games,
)
from .explain import certify, explain
from .isolate import ImplementationCrashed, ImplementationHung, Isolated
from .errors import (
    ConfigError,
    CorpusError,
    IllegalMoveError,
    PositionError,
    RecordError,
    ShogiError,
    Unsupported,
)

STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
"""The initial position of FESA 2017 article 2.3, as SFEN."""

__all__ = [
    "ArchiveStream",
    "CaseOutcome",
    "ConfigError",
    "CorpusError",
    "IllegalMoveError",
    "ImplementationCrashed",
    "ImplementationHung",
    "Isolated",
    "Position",
    "PositionError",
    "RecordError",
    "Report",
    "STARTPOS",
    "Session",
    "ShogiError",
    "Step",
    "Unreadable",
    "Unsupported",
    "Verdict",
    "__version__",
    "certify",
    "certify_command",
    "explain",
    "judge",
    "judge_archive",
    "judge_games",
]
