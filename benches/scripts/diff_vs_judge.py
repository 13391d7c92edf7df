#!/usr/bin/env python3
"""`shogi-conformance diff` over records against one `judge` of the same folder, CPU time.

Issue 42's cost bound: a diff reads each record once and judges it under two profiles, so it
should cost at most 2.2 times one `judge` of the same archive. The real records of
`real-records/shogi/` (every format `judge` reads) are copied many times into a temporary folder
(about 9,000 files at the default 60 copies), so that process start-up does not count; then,
alternately and several times, the CPU time (user + system, whole process, one worker) of

- `shogi-conformance judge DIR --jobs 1` (read, replay under fesa-2017, judge), and
- `shogi-conformance diff --profile fesa-2017 --set repetition_start=not_counted DIR --jobs 1`
  (read once, replay and judge under both sides, compare).

The best run of each is kept, and the ratio diff / judge printed. A manual measure, not CI.

    cargo build --release -p shogi-conformance
    python3 benches/scripts/diff_vs_judge.py [--copies 60] [--runs 3] [--bin PATH]
"""

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTENSIONS = {".csa", ".kif", ".kifu", ".ki2", ".ki2u", ".jkf"}


def cpu(cmd):
    """CPU seconds (user + system) of one run of `cmd`, its stdout and exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, r.stdout.decode("utf-8", "replace"), r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--copies", type=int, default=60)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bin", default=str(ROOT / "target/release/shogi-conformance"))
    args = ap.parse_args()
    if not Path(args.bin).exists():
        sys.exit(f"{args.bin}: not found (cargo build --release -p shogi-conformance)")
    sources = [p for p in sorted((ROOT / "real-records/shogi").rglob("*")) if p.suffix.lower() in EXTENSIONS]
    work = Path(tempfile.mkdtemp(prefix="diff-vs-judge-"))
    try:
        for k in range(args.copies):
            d = work / f"{k:04}"
            d.mkdir()
            for i, p in enumerate(sources):
                shutil.copyfile(p, d / f"{i:03}-{p.name}")
        files = len(sources) * args.copies
        judge = [args.bin, "judge", str(work), "--jobs", "1"]
        diff = [args.bin, "diff", "--profile", "fesa-2017", "--set", "repetition_start=not_counted",
                str(work), "--jobs", "1"]
        best = {"judge": None, "diff": None}
        changed = None
        for _ in range(args.runs):
            t, out, code = cpu(judge)
            if code not in (0, 1, 2) or "Summary:" not in out:
                sys.exit(f"judge failed (exit {code})")
            best["judge"] = t if best["judge"] is None else min(best["judge"], t)
            t, out, code = cpu(diff)
            if code not in (0, 2) or "judged under both sides" not in out:
                sys.exit(f"diff failed (exit {code})")
            changed = out.count("\nCHANGED ") + out.startswith("CHANGED ")
            best["diff"] = t if best["diff"] is None else min(best["diff"], t)
        ratio = best["diff"] / best["judge"]
        print(f"{files} files ({len(sources)} real records x {args.copies}); {changed} changed games")
        print(f"judge --jobs 1: {best['judge']:.2f} s CPU; diff --jobs 1: {best['diff']:.2f} s CPU; "
              f"ratio {ratio:.2f} (best of {args.runs}; the bound is 2.2)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
