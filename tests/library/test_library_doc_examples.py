"""docs/library.md's examples run, and print what the page shows (issue 37): its ``pycon`` blocks
are doctests, run in order with the names of the blocks before them, from the repository's folder."""

from __future__ import annotations

import doctest
import re

import pytest

from conftest import REPO

import deckcheck

PAGE = REPO / "docs" / "library.md"


def _blocks() -> list[tuple[int, str]]:
    """Each ``pycon`` block of the page with the line it starts on."""
    text = PAGE.read_text(encoding="utf-8")
    return [(text.count("\n", 0, found.start(1)), found[1])
            for found in re.finditer(r"^```pycon\n(.*?)^```", text, re.S | re.M)]


def test_the_page_runs_and_prints_what_it_shows(monkeypatch):
    monkeypatch.chdir(REPO)
    deckcheck.clear_caches()
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    names: dict[str, object] = {"__name__": "library_md"}
    failed = tried = 0
    for line, block in _blocks():
        test = parser.get_doctest(block, names, f"library.md:{line + 1}", str(PAGE), line)
        result = runner.run(test, clear_globs=False)
        names = test.globs  # the next block goes on with the names this one made
        failed, tried = failed + result.failed, tried + result.attempted
    assert tried > 50 and failed == 0, f"{failed} of {tried} examples of docs/library.md fail (see above)"


@pytest.mark.parametrize("name", deckcheck.__all__)
def test_every_public_name_has_an_example(name):
    shown = "\n".join(block for _, block in _blocks())
    assert re.search(rf"\b{re.escape(name)}\b", shown), f"docs/library.md shows no example of {name}"
