"""The type stubs hold: mypy --strict on the examples (the python-shogi and cshogi
implementations, the speed script) and on a script using the whole public API."""

import subprocess
import sys

import pytest

from conftest import EXAMPLES, PYTHON_DIR

USES_THE_API = '''
from pathlib import Path
from typing import Dict, List

import shogi_conformance as sc


class Mine:
    name = "mine"

    def legal_moves(self, sfen: str, moves: List[str]) -> List[str]:
        return sc.Position(sfen, moves, allow_unreachable=True).legal_moves()


def table(folder: Path) -> List[Dict[str, object]]:
    rows: List[Dict[str, object]] = []
    for game in sc.judge_archive(folder, "fesa-2017", {"max_moves": "256"}, jobs=2):
        if isinstance(game, sc.Unreadable):
            rows.append({"file": game.file, "error": game.error})
        else:
            rows.append({"file": game.file, "result": game.result, "articles": game.articles})
    return rows


def main() -> int:
    p = sc.Position().play("7g7f")
    n: int = p.perft(2)
    status: str = p.status()
    v: sc.Verdict = sc.judge("x.csa")
    winner: "str | None" = v.winner
    report = sc.certify(Mine(), filter="tag:uchifuzume")
    text: str = report.render("markdown")
    try:
        p.check_move("P*5e")
    except sc.IllegalMoveError as e:
        article: "str | None" = e.article
    return report.exit_code + n + len(status) + len(text) + len(winner or "")
'''


def test_mypy_strict(tmp_path) -> None:
    pytest.importorskip("mypy")
    script = tmp_path / "uses_the_api.py"
    script.write_text(USES_THE_API)
    targets = [str(EXAMPLES / "python_shogi_impl.py"), str(EXAMPLES / "cshogi_impl.py"),
               str(PYTHON_DIR / "bench" / "speed.py"), str(script)]
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", *targets],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_catches_a_misuse(tmp_path) -> None:
    pytest.importorskip("mypy")
    script = tmp_path / "misuse.py"
    script.write_text("import shogi_conformance as sc\nn: str = sc.Position().perft(2)\n")
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 1 and "perft" not in run.stderr
