"""The exceptions of shogi_conformance.

Every error the package raises is a `ShogiError`; those about bad input are also `ValueError`,
so code that already catches `ValueError` keeps working. Messages name the file, line, case or
position at fault.
"""

from typing import Optional

__all__ = [
    "ShogiError",
    "PositionError",
    "IllegalMoveError",
    "RecordError",
    "ConfigError",
    "CorpusError",
    "Unsupported",
]


class ShogiError(Exception):
    """Base class of the package's errors."""


class PositionError(ShogiError, ValueError):
    """A position that cannot be read, or that could not occur in a game (a missing king, a
    pawn on the last rank: pass ``allow_unreachable=True`` to accept those)."""


class IllegalMoveError(ShogiError, ValueError):
    """A move that is not USI, or breaks a rule; ``article`` is the FESA 2017 article that
    forbids it (``fesa2017:3.11c`` for a pawn drop that mates)."""

    article: Optional[str] = None


class RecordError(ShogiError, ValueError):
    """A game record that cannot be read or judged; the message starts with ``FILE:LINE``."""


class ConfigError(ShogiError, ValueError):
    """A profile, override, filter, report format or expectations file that is not usable."""


class CorpusError(ShogiError):
    """The corpus could not be loaded."""


class Unsupported(ShogiError):
    """Raised by an implementation for a question it does not answer: the case is reported as
    skipped with the message as the reason, never as passed."""
