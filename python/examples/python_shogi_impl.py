"""python-shogi (https://github.com/gunyarakun/python-shogi) as a shogi_conformance
implementation: the adapter protocol's questions as methods, answered by the library alone.

Certify it in-process with ``shogi_conformance.certify(PythonShogi())`` or through the pytest
plugin (docs/python.md); the same class also serves the JSON-lines adapter route
(``python -m shogi_conformance.adapter python_shogi_impl:PythonShogi``).

Games are judged with what the library knows: mate and the fourfold repetition. It has no
perpetual check (FESA 3.12), so those records come out as draws. Records are read as
corpus/README.md's record format allows: the players' names, and move times in a game without
a clock, are ignored (they cannot change a verdict); records with a clock, a wrong set-up, a
handicap name, events other than moves (resignations, claims) or an illegal move are declined
(skipped).
"""

from typing import Any, Dict, Iterator, List, Tuple

import shogi  # type: ignore[import-untyped]

from shogi_conformance import STARTPOS, Unsupported

MAX_PERFT_DEPTH = 2
"""python-shogi generates moves in pure Python: the corpus's depth-3 and depth-4 trees take six
minutes through it (measured 2026-11-26), so they are declined and reported as skipped."""

PROFILES = ("fesa-2017", "ufs-2016")


class PythonShogi:
    name = "python-shogi"
    version = "1.1.1"

    def board(self, sfen: str, moves: List[str]) -> Any:
        if sfen == "startpos":
            sfen = STARTPOS
        try:
            board = shogi.Board(sfen)
        except Exception as e:
            raise ValueError(f"python-shogi cannot read the SFEN: {e}") from e
        for m in moves:
            board.push_usi(m)
        return board

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return [m.usi() for m in self.board(sfen, moves).legal_moves]

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        if depth > MAX_PERFT_DEPTH:
            raise Unsupported(f"perft deeper than {MAX_PERFT_DEPTH} is too slow in pure Python")
        return count(self.board(sfen, moves), depth)

    def status(self, sfen: str, moves: List[str]) -> str:
        board = self.board(sfen, moves)
        has_move = any(True for _ in board.legal_moves)
        if board.is_check():
            return "check" if has_move else "checkmate"
        return "normal" if has_move else "no_legal_moves"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        if profile not in PROFILES:
            raise Unsupported(f"python-shogi knows the standard rules only, not {profile}")
        start, moves = game_of(record, "python-shogi")
        board = self.board(start, [])
        for event in moves:
            move = shogi.Move.from_usi(event)
            if move not in board.legal_moves:
                raise Unsupported("python-shogi does not judge illegal moves")
            mover = "sente" if board.turn == shogi.BLACK else "gote"
            board.push(move)
            if board.is_checkmate():
                return win(mover, "checkmate", "fesa2017:5.1a")
            if not board.is_check() and not any(True for _ in board.legal_moves):
                raise Unsupported("python-shogi has no verdict for a side without legal moves out of check")
            if board.is_fourfold_repetition():
                return {"result": "draw", "reason": {"kind": "repetition", "article": "fesa2017:5.2"}}
        return {"result": "continues"}


def count(board: Any, depth: int) -> int:
    """Perft with the leaves counted in bulk."""
    moves = list(board.legal_moves)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for m in moves:
        board.push(m)
        total += count(board, depth - 1)
        board.pop()
    return total


def win(winner: str, kind: str, article: str) -> Dict[str, Any]:
    return {"result": "win", "winner": winner, "reason": {"kind": kind, "article": article}}


def game_of(record: Dict[str, Any], library: str) -> Tuple[str, Iterator[str]]:
    """The start (SFEN or ``startpos``) and the moves of a record in the corpus's record format
    (corpus/README.md), reading what the record format lets an implementation without a clock
    ignore: the players' names, and ``time`` on a move when the record has no time control.
    Anything that can change the verdict and that the library cannot model is declined; an
    event it cannot replay is declined when the replay reaches it, so a game already decided
    before it is still judged."""
    beyond = sorted(set(record) - {"start", "players", "events"})
    if beyond:
        raise Unsupported(f"{library} models no {', '.join(beyond)} (a clock, or a wrong set-up)")
    start = record.get("start", "startpos")
    if isinstance(start, dict) and set(start) == {"sfen"}:
        start = start["sfen"]
    if not isinstance(start, str):
        raise Unsupported(f"{library} knows no handicap names")
    return start, moves_of(record.get("events") or [], library)


def moves_of(events: List[Any], library: str) -> Iterator[str]:
    for event in events:
        if isinstance(event, dict) and "move" in event and set(event) <= {"move", "time"}:
            event = event["move"]
        if not isinstance(event, str):
            raise Unsupported(f"{library} replays moves only, not resignations, claims or declarations")
        yield event
