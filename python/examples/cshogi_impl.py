"""cshogi (https://github.com/TadaoYamaoka/cshogi) as a shogi_conformance implementation:
the adapter protocol's questions as methods, answered by the library alone.

Certify it in-process with ``shogi_conformance.certify(Cshogi())`` or through the pytest
plugin (docs/python.md); the same class also serves the JSON-lines adapter route
(``python -m shogi_conformance.adapter cshogi_impl:Cshogi``).

Games are judged with what the library knows: mate (``is_game_over`` after a check), and at
the fourth occurrence of a position (counted here by the library's Zobrist hash) its own
repetition verdict, ``is_draw()``, which tells a perpetual check from a draw. Records are read
as corpus/README.md's record format allows: the players' names, and move times in a game
without a clock, are ignored (they cannot change a verdict); records with a clock, a wrong
set-up, a handicap name, events other than moves, or an illegal move are declined (skipped).
"""

import re
from collections import Counter
from typing import Any, Dict, Iterator, List, Tuple

import cshogi  # type: ignore[import-untyped]

from shogi_conformance import STARTPOS, Unsupported

RANK = re.compile(r"(?:\+?[PLNSGBRKplnsgbrk]|[1-9])+")
HAND = re.compile(r"-|(?:[0-9]*[PLNSGBRplnsgbr])+")

PROFILES = ("fesa-2017", "ufs-2016")


class Cshogi:
    name = "cshogi"
    version = "1.1.0"

    def board(self, sfen: str, moves: List[str]) -> Any:
        if sfen == "startpos":
            sfen = STARTPOS
        # cshogi aborts the whole process (an uncaught C++ std::runtime_error) on an SFEN it
        # cannot read; in-process that would end the test run, so the shape is checked first.
        check_sfen_shape(sfen)
        board = cshogi.Board()
        board.set_sfen(sfen)
        for m in moves:
            move = board.move_from_usi(m)
            if not move or not board.is_legal(move):
                raise ValueError(f"cshogi refuses the move {m}")
            board.push(move)
        return board

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return [cshogi.move_to_usi(m) for m in self.board(sfen, moves).legal_moves]

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        return count(self.board(sfen, moves), depth)

    def status(self, sfen: str, moves: List[str]) -> str:
        board = self.board(sfen, moves)
        has_move = any(True for _ in board.legal_moves)
        if board.is_check():
            return "check" if has_move else "checkmate"
        return "normal" if has_move else "no_legal_moves"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        if profile not in PROFILES:
            raise Unsupported(f"cshogi knows the standard rules only, not {profile}")
        start, moves = game_of(record, "cshogi")
        board = self.board(start, [])
        seen: Counter[int] = Counter([board.zobrist_hash()])
        for event in moves:
            move = board.move_from_usi(event)
            if not move or not board.is_legal(move):
                raise Unsupported("cshogi does not judge illegal moves")
            mover = "sente" if board.turn == cshogi.BLACK else "gote"
            board.push(move)
            if board.is_game_over():
                if not board.is_check():
                    raise Unsupported("cshogi has no verdict for a side without legal moves out of check")
                return win(mover, "checkmate", "fesa2017:5.1a")
            seen[board.zobrist_hash()] += 1
            if seen[board.zobrist_hash()] >= 4:
                state = board.is_draw()
                to_move = "sente" if board.turn == cshogi.BLACK else "gote"
                other = "gote" if to_move == "sente" else "sente"
                if state == cshogi.REPETITION_WIN:
                    return win(to_move, "perpetual_check", "fesa2017:3.12")
                if state == cshogi.REPETITION_LOSE:
                    return win(other, "perpetual_check", "fesa2017:3.12")
                return {"result": "draw", "reason": {"kind": "repetition", "article": "fesa2017:5.2"}}
        return {"result": "continues"}


def check_sfen_shape(sfen: str) -> None:
    """Raises ValueError unless ``sfen`` has nine ranks of nine squares, a side and a hand."""
    fields = sfen.split()
    if len(fields) not in (3, 4) or fields[1] not in ("b", "w") or not HAND.fullmatch(fields[2]):
        raise ValueError(f"not an SFEN cshogi can read: {sfen!r}")
    ranks = fields[0].split("/")
    for rank in ranks:
        width = sum(int(c) if c.isdigit() else 0 if c == "+" else 1 for c in rank)
        if not RANK.fullmatch(rank) or width != 9:
            raise ValueError(f"not an SFEN cshogi can read: {sfen!r}")
    if len(ranks) != 9 or (len(fields) == 4 and not fields[3].isdigit()):
        raise ValueError(f"not an SFEN cshogi can read: {sfen!r}")


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
