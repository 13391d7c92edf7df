"""The README's Python speed figures, measured side by side in one run (release build:
``maturin develop --release`` or ``pip install ./python``).

    python python/bench/speed.py [REPEATS]

1. cshogi certified against the whole corpus in-process (``certify``) and through the
   JSON-lines adapter route (a subprocess serving the same class), and isolated
   (``certify(..., isolate=True)``: the same object answering from a child process), wall
   seconds; and the isolation's round trip per question, on a method that returns at once.
2. The real records of real-records/shogi that cshogi's own parsers read (CSA and KIF), read by
   cshogi (``cshogi.CSA.Parser`` / ``cshogi.KIF.Parser``) and judged by ``judge_archive``
   (every game read, replayed and adjudicated), records per second.
"""

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, List

import cshogi.CSA  # type: ignore[import-untyped]
import cshogi.KIF  # type: ignore[import-untyped]

import shogi_conformance as sc

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"
REAL = HERE.parent.parent / "real-records" / "shogi"
sys.path.insert(0, str(EXAMPLES))

import cshogi_impl  # noqa: E402


def best(repeats: int, f: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def cshogi_reads(files: List[Path]) -> None:
    for f in files:
        if f.suffix == ".csa":
            cshogi.CSA.Parser.parse_file(str(f))
        else:
            cshogi.KIF.Parser.parse_file(str(f))


def readable_by_cshogi(files: List[Path]) -> List[Path]:
    """The files cshogi's parsers read without an exception or a crash: each is tried in a
    child process, as cshogi aborts the interpreter on some (an uncaught C++ exception)."""
    out = []
    for f in files:
        reader = "CSA" if f.suffix == ".csa" else "KIF"
        code = f"import cshogi.{reader} as r; r.Parser.parse_file({str(f)!r})"
        if subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0:
            out.append(f)
    return out


class Trivial:
    """Answers at once: what is left of a question's time is the isolation's round trip."""

    def status(self, sfen: str, moves: List[str]) -> str:
        return "normal"


def round_trip_us(repeats: int, n: int = 20000) -> float:
    with sc.Isolated(Trivial()) as child:
        child.status(sc.STARTPOS, [])
        return best(repeats, lambda: [child.status(sc.STARTPOS, ["7g7f"]) for _ in range(n)]) / n * 1e6


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    os.environ["PYTHONPATH"] = os.pathsep.join([str(EXAMPLES), os.environ.get("PYTHONPATH", "")])
    adapter = f"adapter:{sys.executable} -m shogi_conformance.adapter cshogi_impl:Cshogi"
    inproc = best(repeats, lambda: sc.certify(cshogi_impl.Cshogi()))
    route = best(repeats, lambda: sc.certify_command(adapter, timeout=120))
    print(f"certify cshogi, whole corpus: in-process {inproc:.3f} s, adapter route {route:.3f} s, ratio {route / inproc:.1f}x")
    isolated = best(repeats, lambda: sc.certify(cshogi_impl.Cshogi(), isolate=True))
    print(f"certify cshogi, whole corpus, isolate=True: {isolated:.3f} s, ratio {isolated / inproc:.2f} to in-process")
    print(f"one round trip to the isolated child: {round_trip_us(repeats):.1f} us per question")

    every = sorted(p for p in REAL.rglob("*") if p.suffix in (".csa", ".kif", ".kifu"))
    files = readable_by_cshogi(every)
    n = len(files)
    print(f"{n} of the {len(every)} CSA and KIF files of real-records/shogi are read by cshogi")
    reading = best(repeats, lambda: cshogi_reads(files))
    for jobs in (1, 2):
        judging = best(repeats, lambda: list(sc.judge_archive(files, jobs=jobs)))
        print(
            f"{n} records (CSA, KIF): cshogi's parsers {n / reading:,.0f} records/s, "
            f"judge_archive jobs={jobs} {n / judging:,.0f} records/s, ratio {reading / judging:.2f}x"
        )


if __name__ == "__main__":
    main()
