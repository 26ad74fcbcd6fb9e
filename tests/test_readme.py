"""The README's Python examples run as written: each ```python block is executed on its own, so a renamed function,
a changed deal or an illegal card in an example fails here instead of in a reader's terminal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def python_blocks() -> list[str]:
    return PYTHON_BLOCK.findall(README.read_text(encoding="utf-8"))


def test_readme_has_python_examples() -> None:
    assert python_blocks(), "README.md has no ```python block (the pattern or the README changed)"


@pytest.mark.parametrize("block", python_blocks(), ids=lambda b: b.splitlines()[0][:40])
def test_readme_python_block_runs(block: str) -> None:
    namespace: dict[str, object] = {"__name__": "readme_example"}
    exec(compile(block, str(README), "exec"), namespace)
