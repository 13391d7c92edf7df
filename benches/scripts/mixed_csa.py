#!/usr/bin/env python3
"""Writes a mixed set of CSA files: the third kind of set for `judge_vs_cshogi.py` (issue 51).

Issue 51 asks that judging stay at or under 0.5x cshogi's CPU time on *every* kind of CSA set,
not only on short files or only on server logs. This script writes, from the real CSA games of
`real-records/shogi` and `real-records/shogi-copyleft` (every game cshogi replays legally, of
any length), a set that mixes what people really feed a judge:

- the real files themselves, as they are;
- floodgate-style V2 server logs (a `T` line and a `'**` evaluation with a principal variation
  after every move; `floodgate_like.py`'s form);
- V3.0 server logs (`'CSA encoding=UTF-8`, `V3.0`, `$TIME:` main+byoyomi+increment, times in
  milliseconds, `T4.123`);
- GUI exports (V2.2, `$EVENT`/`$START_TIME`/`$TIME_LIMIT`, `PI`, a `T` line after each move and
  now and then a `'*` comment as ShogiGUI writes them);
- bare move lists, several statements to a line separated by commas (CSA V2.2 allows it);

each game cut at a seeded length of 1 to 300 plies (`%CHUDAN` where it is cut, `%TORYO` where
the whole game is kept). The same seed writes the same files.

    python3 benches/scripts/mixed_csa.py OUT_DIR [--seed 1]

Needs cshogi (`pip install cshogi`).
"""

import argparse
import random
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from floodgate_like import ROOT, games, log  # noqa: E402

from cshogi import Board, move_to_csa  # noqa: E402


def header_board(sfen):
    """The start as CSA lines: `PI` and `+` for the standard start, else cshogi's board."""
    board = Board(sfen)
    if sfen == Board().sfen():
        return ["PI", "+"]
    return [line for line in str(board).rstrip("\n").split("\n") if not line.startswith("'")]


def signed(board, m):
    return ("+" if board.turn == 0 else "-") + move_to_csa(m)


def ending(cut, whole):
    return "%CHUDAN" if cut < whole else "%TORYO"


def v3_log(sfen, moves, whole, rng):
    out = ["'CSA encoding=UTF-8", "V3.0", "N+alpha", "N-beta", "$EVENT:mixed-v3",
           "$START_TIME:2026/12/06 07:00:00", "$TIME:600+0+10"]
    out += header_board(sfen)
    board = Board(sfen)
    for m in moves:
        out.append(signed(board, m))
        board.push(m)
        out.append(f"T{rng.randint(0, 9)}.{rng.randint(0, 999):03}")
        out.append(f"'** {rng.randint(-900, 900)} " + " ".join(
            signed(board, r) for r in list(board.legal_moves)[: rng.randint(0, 6)]))
    out.append(ending(len(moves), whole))
    return out


def gui_export(sfen, moves, whole, rng):
    out = ["V2.2", "N+sente", "N-gote", "$EVENT:club game", "$START_TIME:2026/12/06 07:00:00",
           "$TIME_LIMIT:00:10+30"]
    out += header_board(sfen)
    board = Board(sfen)
    for m in moves:
        out.append(signed(board, m))
        board.push(m)
        out.append(f"T{rng.randint(1, 30)}")
        if rng.random() < 0.1:
            out.append("'*a note on the move")
    out.append(ending(len(moves), whole))
    return out


def bare(sfen, moves, whole, rng):
    out = ["V2.2"] + header_board(sfen)
    board = Board(sfen)
    statements = []
    for m in moves:
        statements.append(signed(board, m))
        board.push(m)
    for i in range(0, len(statements), rng.randint(2, 8)):
        out.append(",".join(statements[i:i + 8]))
    out.append(ending(len(moves), whole))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--from", dest="folders", nargs="+",
                    default=[str(ROOT / "real-records/shogi"), str(ROOT / "real-records/shogi-copyleft")])
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for n, (path, sfen, moves) in enumerate(games(args.folders, 1), start=1):
        shutil.copyfile(path, out / f"{n:03}-real-{path.name}")
        cut = rng.randint(1, min(300, len(moves)))
        part = moves[:cut]
        (out / f"{n:03}-floodgate.csa").write_text(log(sfen, part, n, rng), encoding="utf-8")
        for kind, write in (("v3", v3_log), ("gui", gui_export), ("bare", bare)):
            text = "\n".join(write(sfen, part, len(moves), rng)) + "\n"
            (out / f"{n:03}-{kind}.csa").write_text(text, encoding="utf-8")
    if n == 0:
        sys.exit("no game found")
    print(f"{n} games written to {out} in 5 forms each")


if __name__ == "__main__":
    main()
