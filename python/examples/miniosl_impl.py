"""miniosl's core (``minioslcc``, in the wheel of https://pypi.org/project/miniosl/) as a
shogi_conformance implementation: the adapter protocol's questions as methods, answered by the
library alone (``State.genmove_full``, ``State.in_check``, and ``usi_record``'s own verdict on a
record); docs/implementations.md shows its results.

The ``miniosl`` package imports torch; its core does not. ``pip install --no-deps miniosl``
installs the wheel without torch, and ``import minioslcc`` then works alone.

Legal moves are ``genmove_full()``, which the library documents as all moves, the
non-promotions of pawn, bishop and rook included (``genmove()`` leaves them out on purpose).
Games are judged with what the library knows: mate (no legal move while in check) and, after
each move, the verdict of the record so far as ``usi_record`` reads it (its ``result``:
``Draw`` for a repetition, ``BlackWin`` / ``WhiteWin`` for a perpetual check, ``InGame``). A record whose move the library does not list is declined (skipped).
"""

from typing import Any, Dict, List

import minioslcc  # type: ignore[import-not-found]

from shogi_conformance import Unsupported
from wrapper_common import full_sfen, moves_of, repetition_draw, win

PROFILES = ("fesa-2017", "ufs-2016")


class Miniosl:
    name = "miniosl"
    version = "0.1.6"

    def state(self, sfen: str, moves: List[str]) -> Any:
        state = minioslcc.usi_state("sfen " + full_sfen(sfen, "miniosl"))
        for m in moves:
            play(state, m)
        return state

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return [m.to_usi() for m in self.state(sfen, moves).genmove_full()]

    def perft(self, sfen: str, moves: List[str], depth: int) -> int:
        return count(self.state(sfen, moves), depth)

    def status(self, sfen: str, moves: List[str]) -> str:
        state = self.state(sfen, moves)
        has_move = len(state.genmove_full()) > 0
        if state.in_check():
            return "check" if has_move else "checkmate"
        return "normal" if has_move else "no_legal_moves"

    def adjudicate(self, record: Dict[str, Any], profile: str) -> Dict[str, Any]:
        if profile not in PROFILES:
            raise Unsupported(f"miniosl knows the standard rules only, not {profile}")
        start, moves = moves_of(record, "miniosl")
        sfen = full_sfen(start, "miniosl")
        state = self.state(sfen, [])
        for i, usi in enumerate(moves):
            mover = "sente" if state.turn == minioslcc.black else "gote"
            try:
                play(state, usi)
            except ValueError as e:
                raise Unsupported("miniosl does not judge illegal moves") from e
            if len(state.genmove_full()) == 0:
                if not state.in_check():
                    raise Unsupported("miniosl has no verdict for a side without legal moves out of check")
                return win(mover, "checkmate", "fesa2017:5.1a")
            result = minioslcc.usi_record(f"sfen {sfen} moves {' '.join(moves[: i + 1])}").result
            if result == minioslcc.GameResult.Draw:
                return repetition_draw()
            if result in (minioslcc.GameResult.BlackWin, minioslcc.GameResult.WhiteWin):
                winner = "sente" if result == minioslcc.GameResult.BlackWin else "gote"
                return win(winner, "perpetual_check", "fesa2017:3.12")
        return {"result": "continues"}


def play(state: Any, usi: str) -> None:
    if usi not in [m.to_usi() for m in state.genmove_full()]:
        raise ValueError(f"miniosl does not list the move {usi}")
    state.make_move(usi)


def count(state: Any, depth: int) -> int:
    """Perft with the leaves counted in bulk (the library has no undo: each child is a copy)."""
    moves = state.genmove_full()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for m in moves:
        child = minioslcc.State(state)
        child.make_move(m)
        total += count(child, depth - 1)
    return total
