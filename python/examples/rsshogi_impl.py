"""rsshogi (https://pypi.org/project/rsshogi/) as a shogi_conformance implementation: the adapter
protocol's questions as methods, answered by the library alone (``Board.legal_moves``,
``Board.is_in_check``, ``Board.repetition_state``); docs/implementations.md shows its results.

Games are judged with what the library knows: mate (no legal move while in check) and its own
repetition verdict after each move (``repetition_state()``: ``DRAW`` at the fourth occurrence,
``WIN`` / ``LOSE`` for a perpetual check, from the side to move's view). A record whose move the
library does not list is declined (skipped), as is a position with no legal move out of check.
"""

from typing import Any, Dict, List

import rsshogi.core
import rsshogi.types

from shogi_conformance import Unsupported
from wrapper_common import full_sfen, moves_of, other, repetition_draw, win

PROFILES = ("fesa-2017", "ufs-2016")


class Rsshogi:
    name = "rsshogi"
    version = "1.7.0"

    def board(self, sfen: str, moves: List[str]) -> Any:
        board = rsshogi.core.Board(full_sfen(sfen, "rsshogi"))
        for m in moves:
            self.play(board, m)
        return board

    def play(self, board: Any, usi: str) -> None:
        if usi not in [m.to_usi() for m in board.legal_moves()]:
            raise ValueError(f"rsshogi does not list the move {usi}")
        board.push_usi(usi)

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return [m.to_usi() for m in self.board(sfen, moves).legal_moves()]

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        return count(self.board(sfen, moves), depth)

    def status(self, sfen: str, moves: List[str]) -> str:
        board = self.board(sfen, moves)
        has_move = bool(board.legal_moves())
        if board.is_in_check():
            return "check" if has_move else "checkmate"
        return "normal" if has_move else "no_legal_moves"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        if profile not in PROFILES:
            raise Unsupported(f"rsshogi knows the standard rules only, not {profile}")
        start, moves = moves_of(record, "rsshogi")
        board = self.board(start, [])
        states = rsshogi.types.RepetitionState
        for usi in moves:
            mover = colour(board)
            try:
                self.play(board, usi)
            except ValueError as e:
                raise Unsupported("rsshogi does not judge illegal moves") from e
            if not board.legal_moves():
                if not board.is_in_check():
                    raise Unsupported("rsshogi has no verdict for a side without legal moves out of check")
                return win(mover, "checkmate", "fesa2017:5.1a")
            rep = board.repetition_state()
            to_move = colour(board)
            if rep == states.WIN:
                return win(to_move, "perpetual_check", "fesa2017:3.12")
            if rep == states.LOSE:
                return win(other(to_move), "perpetual_check", "fesa2017:3.12")
            if rep == states.DRAW:
                return repetition_draw()
        return {"result": "continues"}


def colour(board: Any) -> str:
    return "sente" if board.turn == rsshogi.core.Color.BLACK else "gote"


def count(board: Any, depth: int) -> int:
    """Perft with the leaves counted in bulk."""
    moves = board.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for m in moves:
        board.push_move(m)
        total += count(board, depth - 1)
        board.pop()
    return total
