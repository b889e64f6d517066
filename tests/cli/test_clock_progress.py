"""A ``clock`` long enough shows a progress bar on a terminal, as ``simulate`` does; never in a pipe or
JSON, nor one game too short. The run is just long enough: the waits are the bar's threshold."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import REPO
from cli.support import TerminalStream, run_cli, run_with_terminal_stderr

from deckcheck.cli import main
from deckcheck.cli.common import PROGRESS_MIN_GAME_TURNS
from deckcheck.cli.goldfish_cmd import CLOCK_TURNS

JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")


#: Just long enough for a bar: a clock game is counted as CLOCK_TURNS game-turns of work.
GAMES = -(-PROGRESS_MIN_GAME_TURNS // CLOCK_TURNS)


def test_a_long_clock_shows_a_bar_on_a_terminal():
    code, out, err = run_with_terminal_stderr("clock", JINX, "-n", str(GAMES), "--seed", "1")
    assert code == 0 and b"playing" in err and b"100%" in err
    assert out.startswith(f"{GAMES:,} games to 8 points")


@pytest.mark.parametrize("games, output, shown", [(GAMES, "json", False), (GAMES - 1, "text", False),
                                                  (GAMES, "text", True)], ids=["json", "too-short", "long"])
def test_a_bar_only_for_text_long_enough(games, output, shown, capsys, monkeypatch):
    terminal = TerminalStream()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["clock", JINX, "-n", str(games), "--seed", "1", "-o", output]) == 0
    assert ("playing" in terminal.getvalue()) is shown
    out = capsys.readouterr().out
    assert json.loads(out)["games"] == games if output == "json" else out.startswith(f"{games:,} games to 8 points")


def test_a_pipe_never_gets_a_bar(capsys):
    done = run_cli(capsys, "clock", JINX, "-n", str(GAMES), "--seed", "1")
    assert done.returncode == 0 and done.stderr == ""
