"""The package's command line, for a pip user (the wheel installs no ``shogi-conformance``):

    python -m shogi_conformance explain CASE --impl MODULE:NAME [--profile P] [--set K=V] [--isolate]
    python -m shogi_conformance run --impl MODULE:NAME [--filter F] [--expectations FILE] [--format F] [--isolate]

``MODULE:NAME`` names the implementation as ``certify`` takes it: a class or function called
with no arguments, or an object; the current folder is searched first, as ``python -m`` does.
``explain`` prints the case (its start as a board, the moves up to where the answers part, the
expected and actual answers, the article) and exits 0 passed, 1 failed, 2 errored, 3 skipped;
``run`` prints the report and exits with the command line's status.
"""

import argparse
import sys
from typing import Dict, List, Optional

from . import ShogiError
from .adapter import load
from .explain import certify, run_one

EXPLAIN_STATUS = {"pass": 0, "fail": 1, "error": 2, "skip": 3}


def overrides(assignments: List[str]) -> Optional[Dict[str, str]]:
    out: Dict[str, str] = {}
    for a in assignments:
        knob, sep, value = a.partition("=")
        if not sep:
            raise SystemExit(f"--set {a!r}: expected KNOB=VALUE")
        out[knob.strip()] = value.strip()
    return out or None


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shogi_conformance", description="Certify a Python shogi implementation against the corpus.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("explain", "run one case and show it"), ("run", "run the corpus and print the report")):
        p = commands.add_parser(name, help=help_text)
        if name == "explain":
            p.add_argument("case", help="the case's id (as reports print it)")
        p.add_argument("--impl", required=True, help="the implementation, MODULE:NAME")
        p.add_argument("--profile", default="fesa-2017")
        p.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE")
        p.add_argument("--isolate", action="store_true", help="answer from a child process (a crash errors the case, not the run)")
        if name == "run":
            p.add_argument("--filter")
            p.add_argument("--expectations")
            p.add_argument("--format", default="text", choices=["text", "json", "junit", "markdown", "html"])
    args = parser.parse_args(argv)
    if "" not in sys.path:
        sys.path.insert(0, "")
    try:
        impl = load(args.impl)
        if args.command == "explain":
            text, outcome = run_one(args.case, impl, profile=args.profile, set=overrides(args.set), isolate=args.isolate, spec=args.impl)
            print(text)
            return EXPLAIN_STATUS.get(outcome.outcome, 2)
        report = certify(impl, profile=args.profile, set=overrides(args.set), filter=args.filter,
                         expectations=args.expectations, isolate=args.isolate)
        print(report.render(args.format))
        return report.exit_code
    except (ShogiError, ImportError, AttributeError) as e:
        print(f"python -m shogi_conformance: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
