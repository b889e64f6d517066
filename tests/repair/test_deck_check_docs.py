"""Every console example of docs/fix.md is what deckcheck prints: each ``$ deckcheck ...`` line is run
on the decks the page names (the Kai'Sa and Jinx samples, and the Jinx sample as found at the table:
sideboarded, short of a Sharkling, with a Cleave misplaced, with a Gust swapped in), and its output is
the block's, line for line (a last line ``…`` stands for the rest)."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import REPO
from cli.support import run_cli

PAGE = REPO / "docs" / "fix.md"
JINX = (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text(encoding="utf-8")
#: The Jinx sample sideboarded 1-for-1: its 2 Rebuke in for 2 Shadows of the Past.
SIDEBOARDED = (("2 Shadows of the Past\n", "2 Rebuke\n"),
               ("2 Rebuke\n1 Switcheroo", "2 Shadows of the Past\n1 Switcheroo"))
#: The files the page's examples name, as (old line, new line) changes of the Jinx sample.
DECKS = {
    "registered.txt": (),
    "sideboarded.txt": SIDEBOARDED,
    "short.txt": (*SIDEBOARDED, ("3 Sharkling\n", "2 Sharkling\n")),
    "long.txt": (("1 Cleave\n1 Hextech Ray\n", "1 Hextech Ray\n"), ("2 Cleave\n", "3 Cleave\n")),
    "swapped.txt": (("2 Cleave\n", "1 Cleave\n"), ("2 Gust\n", "3 Gust\n")),
}


def _examples() -> list[tuple[str, list[str]]]:
    blocks = re.findall(r"^```console\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    out = []
    for block in blocks:
        command, *shown = block.rstrip("\n").split("\n")
        assert command.startswith("$ deckcheck "), command
        out.append((command[len("$ deckcheck "):], shown))
    return out


def _write_decks(folder) -> None:
    for name, changes in DECKS.items():
        text = JINX
        for old, new in changes:
            assert old in text, (name, old)
            text = text.replace(old, new, 1)
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "kaisa.txt").write_text((REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt")
                                      .read_text(encoding="utf-8"), encoding="utf-8")


def test_the_page_shows_the_deck_check_examples():
    commands = [command for command, _ in _examples()]
    assert sum("--presented" in c for c in commands) == 5 and any("--game 2" in c for c in commands)


@pytest.mark.parametrize("command,shown", _examples(), ids=[c for c, _ in _examples()])
def test_a_console_example_is_what_deckcheck_prints(tmp_path, capsys, command, shown):
    _write_decks(tmp_path)
    done = run_cli(capsys, *shlex.split(command), cwd=tmp_path)
    printed = (done.stdout + done.stderr).rstrip("\n").split("\n")
    if shown[-1] == "…":
        assert printed[:len(shown) - 1] == shown[:-1]
    else:
        assert printed == shown
