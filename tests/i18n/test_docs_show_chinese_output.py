"""The Chinese answers docs/cli.md and README.md show are what deckcheck prints: each ``$ deckcheck ...``
line of a console block that shows Chinese output is run, and its output is the block's, line for line
(a last line ``…`` stands for the rest)."""

from __future__ import annotations

import re
import shlex

import pytest

from cli.support import run_cli
from conftest import REPO

PAGES = (REPO / "docs" / "cli.md", REPO / "README.md")


def _examples() -> list[tuple[str, str, list[str]]]:
    """(page, command, the lines shown) of every console block whose output holds Chinese."""
    found = []
    for page in PAGES:
        for block in re.findall(r"^```console\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M):
            command, *shown = block.rstrip("\n").split("\n")
            if any(re.search(r"[\u4e00-\u9fff]", line) for line in shown) or "--lang" in command:
                found.append((page.name, command.removeprefix("$ deckcheck "), shown))
    return found


def test_the_pages_show_a_chinese_answer():
    assert any("chinese-kaisa.txt" in command and shown for _, command, shown in _examples())


@pytest.mark.parametrize("page,command,shown", _examples(), ids=[f"{p}: {c}" for p, c, _ in _examples()])
def test_a_chinese_example_is_what_deckcheck_prints(capsys, page, command, shown):
    ran = run_cli(capsys, *shlex.split(command), env={"COLUMNS": "100"})
    printed = ran.stdout.rstrip("\n").split("\n")
    if shown and shown[-1] == "…":
        shown, printed = shown[:-1], printed[:len(shown) - 1]
    assert printed == shown
