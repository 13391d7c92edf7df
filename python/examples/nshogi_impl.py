"""nshogi (https://pypi.org/project/nshogi/) as a shogi_conformance implementation: the adapter
protocol's questions as methods, answered by the library alone (``State.legal_moves``,
``State.is_in_check``, ``State.get_repetition``); docs/implementations.md shows its results.

Games are judged with what the library knows: mate (no legal move while in check) and its own
strict repetition status after each move (``get_repetition(True)``), which tells a perpetual
check (``WIN_REPETITION`` / ``LOSS_REPETITION``, from the side to move's view) from a draw
(``REPETITION``). A record whose move the library does not list is declined (skipped), as is a
position with no legal move out of check (the library has no verdict for it).

``State.last_move`` on a fresh position crashes the process (nshogi 0.3.3): it is never called.
"""

from typing import Any, Dict, List

import nshogi  # type: ignore[import-not-found]

from shogi_conformance import Unsupported
from wrapper_common import full_sfen, moves_of, other, repetition_draw, win

PROFILES = ("fesa-2017", "ufs-2016")


class Nshogi:
    name = "nshogi"
    version = "0.3.3"

    def state(self, sfen: str, moves: List[str]) -> Any:
        state = nshogi.io.sfen.make_state_from_sfen(full_sfen(sfen, "nshogi"))
        for m in moves:
            self.play(state, m)
        return state

    def play(self, state: Any, usi: str) -> None:
        if usi not in [nshogi.io.sfen.stringify(m) for m in state.legal_moves]:
            raise ValueError(f"nshogi does not list the move {usi}")
        state.do_move(nshogi.io.sfen.move_from_sfen(state, usi))

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return [nshogi.io.sfen.stringify(m) for m in self.state(sfen, moves).legal_moves]

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        return count(self.state(sfen, moves), depth)

    def status(self, sfen: str, moves: List[str]) -> str:
        state = self.state(sfen, moves)
        has_move = bool(state.legal_moves)
        if state.is_in_check:
            return "check" if has_move else "checkmate"
        return "normal" if has_move else "no_legal_moves"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        if profile not in PROFILES:
            raise Unsupported(f"nshogi knows the standard rules only, not {profile}")
        start, moves = moves_of(record, "nshogi")
        state = self.state(start, [])
        for usi in moves:
            mover = colour(state)
            try:
                self.play(state, usi)
            except ValueError as e:
                raise Unsupported("nshogi does not judge illegal moves") from e
            if not state.legal_moves:
                if not state.is_in_check:
                    raise Unsupported("nshogi has no verdict for a side without legal moves out of check")
                return win(mover, "checkmate", "fesa2017:5.1a")
            rep = state.get_repetition(True)
            to_move = colour(state)
            if rep == nshogi.RepetitionStatus.WIN_REPETITION:
                return win(to_move, "perpetual_check", "fesa2017:3.12")
            if rep == nshogi.RepetitionStatus.LOSS_REPETITION:
                return win(other(to_move), "perpetual_check", "fesa2017:3.12")
            if rep == nshogi.RepetitionStatus.REPETITION:
                return repetition_draw()
        return {"result": "continues"}


def colour(state: Any) -> str:
    return "sente" if state.side_to_move == nshogi.Color.BLACK else "gote"


def count(state: Any, depth: int) -> int:
    """Perft with the leaves counted in bulk."""
    moves = state.legal_moves
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for m in moves:
        state.do_move(m)
        total += count(state, depth - 1)
        state.undo_move()
    return total
