#!/usr/bin/env python3
"""Writes real games as floodgate-style CSA server logs: the second kind of set for
`judge_vs_cshogi.py` (issue 43, item 7).

A floodgate log is not a bare list of moves: after every move the server writes the time it
took (`T12`) and the engine's own comment, an evaluation and its principal variation
(`'** 152 -3334FU +2726FU …`), and at the end the closing board as `'P` lines, the summary and
the end time. Most of a log's bytes are comments. This script takes the real CSA games of a
folder (at least `--min-plies` moves, legal from the first to the last as cshogi replays them),
and writes each in that form: the game's own moves, a `T` line after each (seeded pseudo-random
times of 1-10 s, within the 10 s increment of the 300-10F clock the header names, so no
flag falls), a `'**` comment after each with an evaluation (a seeded random walk) and a
principal variation of 6-16 moves that are legal from the position after the move (seeded
random legal moves, as cshogi generates them), then `%TORYO` by the side to move, the closing
board, `'summary:toryo:LOSER lose:WINNER win` (names in sente-first order, as shogi-server
writes them) and `'$END_TIME`. The same seed writes the same files.

    python3 benches/scripts/floodgate_like.py OUT_DIR [--from real-records/shogi real-records/shogi-copyleft]
        [--min-plies 100] [--seed 1]

Needs cshogi (`pip install cshogi`).
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

from cshogi import CSA, Board, move_to_csa

ROOT = Path(__file__).resolve().parents[2]


def readable_by_cshogi(path):
    """Whether cshogi parses the file without crashing (it segfaults on a few real records)."""
    probe = "import sys\nfrom cshogi import CSA\nCSA.Parser.parse_file(sys.argv[1])\n"
    return subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True).returncode == 0


def games(folders, min_plies):
    """(path, start sfen, moves) of every CSA game with at least `min_plies` legal moves."""
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.csa")):
            if not readable_by_cshogi(path):
                continue
            try:
                parsed = CSA.Parser.parse_file(str(path))
            except Exception:  # noqa: BLE001 - a file cshogi cannot read is left out
                continue
            for game in parsed:
                if len(game.moves) < min_plies:
                    continue
                board = Board(game.sfen)
                if all(board.is_legal(m) and (board.push(m) or True) for m in game.moves):
                    yield path, game.sfen, game.moves


def log(sfen, moves, index, rng):
    """The text of one floodgate-style log of the game."""
    sente, gote = f"engine_{index % 7}_a", f"engine_{(index + 3) % 7}_b"
    stamp = f"2026{1 + index % 12:02}{1 + index % 28:02}{index % 24:02}0000"
    out = [
        "V2",
        f"N+{sente}",
        f"N-{gote}",
        f"$EVENT:wdoor+floodgate-300-10F+{sente}+{gote}+{stamp}",
        f"$START_TIME:{stamp[:4]}/{stamp[4:6]}/{stamp[6:8]} {stamp[8:10]}:00:00",
        "'Max_Moves:512",
        "'Least_Time_Per_Move:0",
        "'Increment:10",
    ]
    board = Board(sfen)
    # cshogi prints a board as CSA: a file-number comment line, P1..P9, the hands, the turn.
    out.extend(line for line in str(board).rstrip("\n").split("\n") if not line.startswith("'"))
    out.append(f"'rating:{sente}+{rng.getrandbits(64):016x}:{gote}+{rng.getrandbits(64):016x}")
    score = 0
    for m in moves:
        out.append(("+" if board.turn == 0 else "-") + move_to_csa(m))
        board.push(m)
        out.append(f"T{rng.randint(1, 10)}")
        score += rng.randint(-120, 130)
        pv, probe = [], Board(board.sfen())
        for _ in range(rng.randint(6, 16)):
            legal = list(probe.legal_moves)
            if not legal:
                break
            reply = rng.choice(legal)
            pv.append(("+" if probe.turn == 0 else "-") + move_to_csa(reply))
            probe.push(reply)
        sign = 1 if board.turn == 1 else -1
        out.append(f"'** {sign * score} " + " ".join(pv))
    out.append("%TORYO")
    out.extend("'" + line for line in str(board).rstrip("\n").split("\n")[1:] if line.strip())
    loser_first = board.turn == 0
    if loser_first:
        out.append(f"'summary:toryo:{sente} lose:{gote} win")
    else:
        out.append(f"'summary:toryo:{sente} win:{gote} lose")
    out.append(f"'$END_TIME:{stamp[:4]}/{stamp[4:6]}/{stamp[6:8]} {stamp[8:10]}:19:59")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--from", dest="folders", nargs="+",
                    default=[str(ROOT / "real-records/shogi"), str(ROOT / "real-records/shogi-copyleft")])
    ap.add_argument("--min-plies", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for n, (path, sfen, moves) in enumerate(games(args.folders, args.min_plies), start=1):
        (out / f"{n:03}-{path.stem}.csa").write_text(log(sfen, moves, n, rng), encoding="utf-8")
    if n == 0:
        sys.exit("no game long enough")
    print(f"{n} floodgate-style logs written to {out}")


if __name__ == "__main__":
    main()
