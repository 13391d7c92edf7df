#!/usr/bin/env python3
"""Checks a `match` output folder: N games, each written as CSA, KIF and YAML, and `judge` on
every record gives the verdict summary.json has for that game.

Usage: check_match.py SHOGI_CONFORMANCE OUT_DIR N
"""
import json
import subprocess
import sys
from pathlib import Path

tool, out, expected = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
summary = json.loads((out / "summary.json").read_text())
games = summary["games"]
if len(games) != expected:
    sys.exit(f"{out}/summary.json: {len(games)} games, expected {expected}")
for ext in ("csa", "kif", "yaml"):
    found = sorted((out / "games").glob(f"*.{ext}"))
    if len(found) != expected:
        sys.exit(f"{out}/games: {len(found)} .{ext} records, expected {expected}")
# The rules the arbiter applied (the profile, its overrides and the match's move limit), passed
# back as written: `judge --profile` takes `NAME,knob=value,…`.
rules = ["--profile", summary["profile"]]
for g in games:
    for key in ("record", "kif", "yaml"):
        path = out / g[key]
        judged = subprocess.run(
            [tool, "judge", "--format", "json", *rules, str(path)],
            check=True, capture_output=True, text=True,
        ).stdout
        verdict = json.loads(judged)["verdict"]
        # The judge's verdict (output schema 2) also says where it came from: a match record's
        # ending must be proven from its moves, and the rest must be the summary's verdict.
        if verdict.get("source") != "moves" or verdict.get("verified") is not True:
            sys.exit(f"{path}: judge's verdict is not proven from the moves: {verdict}")
        core = {k: v for k, v in verdict.items() if k not in ("source", "verified")}
        if core != g["verdict"]:
            sys.exit(f"{path}: judge says {core}, summary.json says {g['verdict']}")
print(f"{out}: {expected} games, every record re-judged to the summary's verdict")
