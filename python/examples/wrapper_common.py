"""What the matrix's wrappers (nshogi_impl, rsshogi_impl, miniosl_impl, rustshogi_impl) share:
the SFEN shape check that keeps a C++ library from aborting the process, and what they read of
a game record — the start position and the moves, or ``Unsupported``.

A record may name the players (names never change a verdict) and give each move's time; the
time is ignored only when the record has no clock (``time_control``), since with a clock the
time can decide the game. Anything else — a clock, claims, resignations, impasse declarations,
set-ups — is declined, so the case is skipped rather than judged on half the record.
"""

import re
from typing import Any, Dict, List, Tuple

from shogi_conformance import STARTPOS, Unsupported

RANK = re.compile(r"(?:\+?[PLNSGBRKplnsgbrk]|[1-9])+")
HAND = re.compile(r"-|(?:[0-9]*[PLNSGBRplnsgbr])+")


def full_sfen(sfen: str, library: str) -> str:
    """``sfen`` with ``startpos`` spelled out, after checking its shape: nine ranks of nine
    squares, a side and a hand. Libraries written in C++ may abort the whole process (an
    uncaught exception) on an SFEN they cannot read; in-process that would end the run."""
    if sfen == "startpos":
        return STARTPOS
    fields = sfen.split()
    ranks = fields[0].split("/") if fields else []
    ok = (
        len(fields) in (3, 4)
        and fields[1] in ("b", "w")
        and HAND.fullmatch(fields[2]) is not None
        and len(ranks) == 9
        and (len(fields) == 3 or fields[3].isdigit())
        and all(
            RANK.fullmatch(rank) and sum(int(c) if c.isdigit() else 0 if c == "+" else 1 for c in rank) == 9
            for rank in ranks
        )
    )
    if not ok:
        raise ValueError(f"not an SFEN {library} can read: {sfen!r}")
    return sfen

IGNORABLE = {"start", "events", "players"}


def moves_of(record: Dict[str, Any], library: str) -> Tuple[str, List[str]]:
    """The record's start (an SFEN or ``startpos``) and its moves in USI."""
    if set(record) - IGNORABLE or not isinstance(record.get("start"), str):
        raise Unsupported(f"{library} reads a start position and moves, not handicaps, clocks or set-ups")
    moves = []
    for event in record.get("events") or []:
        if isinstance(event, str):
            moves.append(event)
        elif isinstance(event, dict) and set(event) <= {"move", "time"} and isinstance(event.get("move"), str):
            moves.append(event["move"])
        else:
            raise Unsupported(f"{library} replays moves only")
    return str(record["start"]), moves


def win(winner: str, kind: str, article: str) -> Dict[str, Any]:
    """A win verdict in the adapter protocol's form."""
    return {"result": "win", "winner": winner, "reason": {"kind": kind, "article": article}}


def repetition_draw() -> Dict[str, Any]:
    """A draw by fourfold repetition (FESA 5.2)."""
    return {"result": "draw", "reason": {"kind": "repetition", "article": "fesa2017:5.2"}}


def other(colour: str) -> str:
    return "gote" if colour == "sente" else "sente"
