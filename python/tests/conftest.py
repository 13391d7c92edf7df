"""Shared paths for the package's tests (run from the repository: tests read the corpus's
record files, real-records/shogi and docs/python.md)."""

import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
EXAMPLES = PYTHON_DIR / "examples"

# The python-shogi and cshogi implementations are examples, not part of the package.
sys.path.insert(0, str(EXAMPLES))


@pytest.fixture
def repo() -> Path:
    return REPO

pytest_plugins = ["pytester"]
