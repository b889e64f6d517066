"""A long ``clock`` shows a progress bar on a terminal, as ``simulate`` does; never in a pipe or JSON."""

from __future__ import annotations

import json

from conftest import REPO
from cli.support import run_deckcheck, run_with_terminal_stderr

JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")


def test_a_long_clock_shows_a_bar_on_a_terminal_only():
    code, out, err = run_with_terminal_stderr("clock", JINX, "-n", "40000", "--seed", "1")
    assert code == 0 and b"playing" in err and b"100%" in err
    assert out.startswith("40,000 games to 8 points")
    code, out, err = run_with_terminal_stderr("clock", JINX, "-n", "40000", "--seed", "1", "-o", "json")
    assert code == 0 and err == b"" and json.loads(out)["games"] == 40000
    piped = run_deckcheck("clock", JINX, "-n", "40000", "--seed", "1")
    assert piped.returncode == 0 and piped.stderr == ""
