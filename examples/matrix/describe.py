"""Write the meta file of a report made by the command line (``NAME.meta.json`` beside
``NAME.json``): what the matrix shows beside the results and the report cannot say itself.

    python3 examples/matrix/describe.py REPORT.json --name NAME --version VERSION \\
        --route ROUTE --corpus-link corpus [--reproduce COMMAND]

The version is the implementation's own (``dpkg-query -W -f '${Version}' PACKAGE`` for a Debian
package, the commit for an engine built from source); the date is today's (UTC).
"""

import argparse
import datetime
import json
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--name", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--route", required=True)
    parser.add_argument("--corpus-link", required=True, help="the corpus folder in the repository")
    parser.add_argument("--reproduce")
    args = parser.parse_args()
    meta = {
        "name": args.name,
        "version": args.version,
        "route": args.route,
        "corpus_link": args.corpus_link,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
    }
    if args.reproduce:
        meta["reproduce"] = args.reproduce
    path = args.report.with_name(args.report.stem + ".meta.json")
    path.write_text(json.dumps(meta, indent=2) + "\n")


if __name__ == "__main__":
    main()
