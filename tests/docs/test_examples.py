"""Every example a user reads runs: the ``>>>`` examples in the package's docstrings, and the
Python blocks of README.md and docs/*.md (run from the repository's folder, as a user would)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import deckcheck

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def _modules() -> list[str]:
    names = ["deckcheck"]
    for found in pkgutil.walk_packages(deckcheck.__path__, "deckcheck."):
        if not found.name.endswith("__main__"):
            names.append(found.name)
    return names


def _with_examples() -> list[str]:
    finder = doctest.DocTestFinder()
    return [name for name in _modules()
            if any(test.examples for test in finder.find(importlib.import_module(name)))]


def _python_blocks() -> list[tuple[str, str]]:
    blocks = []
    for path in DOCS:
        for i, block in enumerate(re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"),
                                             re.S | re.M), 1):
            blocks.append((f"{path.name}#{i}", block))
    return blocks


def test_the_package_docstring_shows_working_examples():
    assert "deckcheck" in _with_examples()  # the package's own example is a doctest, so it runs below


@pytest.mark.parametrize("name", _with_examples())
def test_docstring_examples_run(name, monkeypatch):
    monkeypatch.chdir(REPO)
    module = importlib.import_module(name)
    failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                                    report=True, verbose=False)
    assert tried and not failed, f"{failed} of {tried} examples in {name} fail (see the output above)"


@pytest.mark.parametrize("where,block", _python_blocks(), ids=[where for where, _ in _python_blocks()])
def test_docs_python_blocks_run(where, block, monkeypatch, capsys):
    monkeypatch.chdir(REPO)
    exec(compile(block, where, "exec"), {"__name__": "__example__"})
