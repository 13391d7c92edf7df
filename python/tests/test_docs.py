"""docs/python.md's Python blocks, executed in order in one namespace from the repository
root, as a reader would paste them."""

import re

import pytest

from conftest import REPO


def blocks():
    text = (REPO / "docs" / "python.md").read_text()
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_the_page_has_python_blocks():
    assert len(blocks()) >= 4


def test_the_python_blocks_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    namespace: dict = {"__name__": "docs_python_md"}
    for i, code in enumerate(blocks(), 1):
        try:
            exec(compile(code, f"docs/python.md block {i}", "exec"), namespace)
        except Exception as e:  # name the block in the failure
            raise AssertionError(f"docs/python.md block {i} failed: {type(e).__name__}: {e}\n{code}") from e
