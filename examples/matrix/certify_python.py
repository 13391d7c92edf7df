"""Certify the Python shogi libraries of docs/implementations.md in-process and write, for each,
the JSON report and what the matrix says beside it (``NAME.json`` and ``NAME.meta.json``).

    python examples/matrix/certify_python.py OUTDIR [NAME ...]

Run it in a virtual environment holding ``shogi_conformance`` (``pip install ./python``) and the
libraries (docs/implementations.md says how to install each). A library that is not installed
is named and left out; the matrix check then lists it as not run in this check.

Before certifying, each wrapper counts the published perft of the initial position (Shogi
Programming wiki, "Perft" page: 30 / 900 / 25,470 / 719,731, also corpus/perft/published.yaml):
the counts go into the meta file and the page, so that a wrapper bug shows there first and is
never charged to the library as a rule failure.
"""

import datetime
import importlib
import importlib.metadata
import json
import sys
from pathlib import Path
from typing import Dict, List, Tuple

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "python" / "examples"
sys.path.insert(0, str(EXAMPLES))

import shogi_conformance  # noqa: E402

PUBLISHED = {1: 30, 2: 900, 3: 25470, 4: 719731}
"""Perft from the initial position (Shogi Programming wiki, "Perft")."""

# name: (wrapper module, class, distribution on PyPI, deepest perft the gate asks)
LIBRARIES: Dict[str, Tuple[str, str, str, int]] = {
    "python-shogi": ("python_shogi_impl", "PythonShogi", "python-shogi", 2),
    "cshogi": ("cshogi_impl", "Cshogi", "cshogi", 4),
    "nshogi": ("nshogi_impl", "Nshogi", "nshogi", 4),
    "rsshogi": ("rsshogi_impl", "Rsshogi", "rsshogi", 4),
    "miniosl": ("miniosl_impl", "Miniosl", "miniosl", 4),
}


def certify(name: str, out: Path) -> bool:
    module_name, class_name, dist, depth = LIBRARIES[name]
    try:
        impl = getattr(importlib.import_module(module_name), class_name)()
        version = importlib.metadata.version(dist)
    except (ImportError, importlib.metadata.PackageNotFoundError) as e:
        print(f"{name}: not installed ({e}); not run", file=sys.stderr)
        return False
    perft = {str(d): impl.perft("startpos", [], d) for d in range(1, depth + 1)}
    report = shogi_conformance.certify(impl)
    report.write(out / f"{name}.json", "json")
    meta = {
        "name": name,
        "version": version,
        "route": "in-process (Python)",
        "wrapper": f"python/examples/{module_name}.py",
        "perft": perft,
        "perft_published": {str(d): PUBLISHED[d] for d in range(1, depth + 1)},
        "corpus_link": "corpus",
        "reproduce": f"python examples/matrix/certify_python.py target/matrix {name}",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
    }
    (out / f"{name}.meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    shown = ", ".join(f"{k}: {v}" for k, v in report.summary.items())
    gate = " ".join(str(v) for v in perft.values())
    print(f"{name} {version}: perft {gate}; {shown}")
    return True


def main(argv: List[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    names = argv[1:] or list(LIBRARIES)
    unknown = [n for n in names if n not in LIBRARIES]
    if unknown:
        print(f"unknown library: {', '.join(unknown)} (known: {', '.join(LIBRARIES)})", file=sys.stderr)
        return 2
    for name in names:
        certify(name, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
