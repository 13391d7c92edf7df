"""GNU Go's own end of a record, as `real-records/go/aftermath.yaml` states it for a flipped cause.

Usage: python3 gnugo_end.py RECORD.sgf ...   (needs sgfmill and /usr/games/gnugo 3.8). For each
record, one JSON line read off `gnugo --score aftermath --level 1 -l RECORD -o OUT`, whose OUT
holds the record's last position as setup stones, then GNU Go's moves:

- "fill": GNU Go's end moves, played on the board before it counts (its self-play, up to two
  passes in a row), as `B ba` / `W pass` in turn after the record's last move;
- "playout": the moves of its aftermath play-out that follow (played on a copy of the board, not
  counted as moves: GNU Go counts the position its end moves leave, each point owned as the
  play-out leaves it);
- "dead": the stones of the position after "fill" that the play-out shows dead: not standing in
  their colour when the play-out ends, or called dead there by GNU Go itself
  (`final_status_list dead` over GTP on the settled board);
- "dead_after_playout": the stones GNU Go calls dead on the board the play-out leaves.

Not used by any test: the test reads the lists from aftermath.yaml; this is how they were made,
so that a reader can make them again.
"""
import json
import os
import subprocess
import sys
import tempfile

from sgfmill import boards, sgf

GNUGO = "/usr/games/gnugo"
LETTERS = "abcdefghijklmnopqrs"
COLUMNS = "ABCDEFGHJKLMNOPQRST"


def sgf_point(n, rc):
    row, col = rc
    return LETTERS[col] + LETTERS[n - 1 - row]


def gtp_rc(vertex, n):
    return (int(vertex[1:]) - 1, COLUMNS.index(vertex[0].upper()))


def dead_on(board, n, folder):
    """GNU Go's dead stones of `board` (a setup position), as (row, col)."""
    game = sgf.Sgf_game(n)
    points = [(r, c) for r in range(n) for c in range(n)]
    game.get_root().set_setup_stones(
        [p for p in points if board.get(*p) == "b"], [p for p in points if board.get(*p) == "w"]
    )
    path = os.path.join(folder, "settled.sgf")
    with open(path, "wb") as f:
        f.write(game.serialise())
    out = subprocess.run(
        [GNUGO, "--mode", "gtp", "--level", "1"],
        input=f"loadsgf {path}\nfinal_status_list dead\nquit\n",
        capture_output=True,
        text=True,
    ).stdout
    answers = [a.strip() for a in out.split("\n\n") if a.strip()]
    return {gtp_rc(v, n) for v in answers[1][1:].split()}


def gnugo_end(record):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.sgf")
        text = subprocess.run(
            [GNUGO, "--score", "aftermath", "--level", "1", "-l", record, "-o", out],
            capture_output=True,
            text=True,
        ).stdout
        with open(out, "rb") as f:
            game = sgf.Sgf_game.from_bytes(f.read())
        n = game.get_size()
        board = boards.Board(n)
        black, white, _ = game.get_root().get_setup_stones()
        for p in black:
            board.play(p[0], p[1], "b")
        for p in white:
            board.play(p[0], p[1], "w")
        moves = [node.get_move() for node in game.get_main_sequence()[1:]]
        moves = [m for m in moves if m[0]]
        fill, playout, passes, i = [], [], 0, 0
        while i < len(moves) and passes < 2:
            colour, mv = moves[i]
            i += 1
            passes = passes + 1 if mv is None else 0
            if mv is not None:
                board.play(mv[0], mv[1], colour)
            fill.append(f"{colour.upper()} {'pass' if mv is None else sgf_point(n, mv)}")
        standing = {(r, c): board.get(r, c) for r in range(n) for c in range(n) if board.get(r, c)}
        for colour, mv in moves[i:]:
            if mv is not None:
                board.play(mv[0], mv[1], colour)
            playout.append(f"{colour.upper()} {'pass' if mv is None else sgf_point(n, mv)}")
        settled_dead = dead_on(board, n, folder)
    dead = sorted(
        sgf_point(n, p) for p, c in standing.items() if board.get(*p) != c or p in settled_dead
    )
    return {
        "record": record,
        "gnugo": text.split("\n")[0],
        "fill": fill,
        "playout": playout,
        "dead": dead,
        "dead_after_playout": sorted(sgf_point(n, p) for p in settled_dead),
    }


for record in sys.argv[1:]:
    print(json.dumps(gnugo_end(record)), flush=True)
