#!/usr/bin/env python3
"""`shogi-conformance judge` against cshogi on the same CSA files, CPU time, one thread.

Issue 34's measure: the real CSA records of `real-records/shogi/` (those cshogi can read: it crashes
on a few) copied many times into a temporary folder, so that process start-up does not count;
then, alternately and several times, the CPU time (user + system, whole process) of

- `shogi-conformance judge DIR --jobs 1 --profile csa-computer` (read, replay under the rules,
  judge the ending), and
- cshogi from Python: `CSA.Parser.parse_file` on every file, then every move checked with
  `Board.is_legal` and played with `Board.push` (parse and replay with legality checks).

The best run of each is kept, and the ratio judge / cshogi printed. A manual measure, not CI.

    cargo build --release -p shogi-conformance
    pip install cshogi
    python3 benches/scripts/judge_vs_cshogi.py [DIR] [--copies 128] [--runs 3] [--bin PATH]

DIR is any folder of CSA records (searched recursively; default `real-records/shogi`), for instance
the floodgate-style logs `floodgate_like.py` writes.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CSHOGI = r"""
import os, sys
from cshogi import CSA, Board
board = Board()
moves = 0
for dirpath, _, names in os.walk(sys.argv[1]):
    for name in names:
        for game in CSA.Parser.parse_file(os.path.join(dirpath, name)):
            board.set_sfen(game.sfen)
            for m in game.moves:
                if not board.is_legal(m):
                    break
                board.push(m)
                moves += 1
print(moves)
"""


def readable_by_cshogi(path):
    """Whether cshogi parses the file without crashing (it segfaults on a few real records)."""
    probe = "import sys\nfrom cshogi import CSA\nCSA.Parser.parse_file(sys.argv[1])\n"
    r = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True)
    return r.returncode == 0


def cpu(cmd):
    """CPU seconds (user + system) of one run of `cmd`, its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, r.stdout.decode("utf-8", "replace"), r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", nargs="?", default=str(ROOT / "real-records/shogi"),
                    help="a folder of CSA records (default: real-records/shogi)")
    ap.add_argument("--copies", type=int, default=128)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bin", default=str(ROOT / "target/release/shogi-conformance"))
    args = ap.parse_args()
    if not Path(args.bin).exists():
        sys.exit(f"{args.bin}: not found (cargo build --release -p shogi-conformance)")
    folder = Path(args.dir)
    if not folder.is_dir():
        sys.exit(f"{folder}: not a folder")
    sources = [p for p in sorted(folder.rglob("*.csa")) if readable_by_cshogi(p)]
    if not sources:
        sys.exit(f"{folder}: no CSA record cshogi can read")
    work = Path(tempfile.mkdtemp(prefix="judge-vs-cshogi-"))
    try:
        for k in range(args.copies):
            d = work / f"{k:04}"
            d.mkdir()
            for i, p in enumerate(sources):
                shutil.copyfile(p, d / f"{i:03}-{p.name}")
        files = len(sources) * args.copies
        judge = [args.bin, "judge", str(work), "--jobs", "1", "--profile", "csa-computer"]
        py = [sys.executable, "-c", CSHOGI, str(work)]
        best = {"judge": None, "cshogi": None}
        moves = None
        for _ in range(args.runs):
            t, out, code = cpu(judge)
            if code not in (0, 1, 2) or "Summary:" not in out:
                sys.exit(f"judge failed (exit {code})")
            best["judge"] = t if best["judge"] is None else min(best["judge"], t)
            t, out, code = cpu(py)
            if code != 0:
                sys.exit(f"cshogi failed (exit {code})")
            moves = int(out.strip() or 0)
            best["cshogi"] = t if best["cshogi"] is None else min(best["cshogi"], t)
        ratio = best["judge"] / best["cshogi"]
        print(f"{folder}: {files} files ({len(sources)} CSA records x {args.copies}), {moves} moves replayed by cshogi")
        print(f"judge --jobs 1: {best['judge']:.2f} s CPU; cshogi: {best['cshogi']:.2f} s CPU; ratio {ratio:.2f} (best of {args.runs})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
