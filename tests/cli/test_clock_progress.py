"""A long ``clock`` shows a progress bar on a terminal, as ``simulate`` does; never in a pipe or JSON."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

from conftest import REPO, drain_terminal

EXE = str(Path(sys.executable).with_name("deckcheck"))
JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")


def with_terminal_stderr(*args: str) -> tuple[int, str, bytes]:
    master, slave = pty.openpty()
    proc = subprocess.Popen([EXE, *args], cwd=REPO, stdout=subprocess.PIPE, stderr=slave,
                            env={**os.environ, "COLUMNS": "80"})
    os.close(slave)
    err = drain_terminal(master)
    out = proc.stdout.read().decode()
    return proc.wait(), out, err


def test_a_long_clock_shows_a_bar_on_a_terminal_only():
    code, out, err = with_terminal_stderr("clock", JINX, "-n", "40000", "--seed", "1")
    assert code == 0 and b"playing" in err and b"100%" in err
    assert out.startswith("40,000 games to 8 points")
    code, out, err = with_terminal_stderr("clock", JINX, "-n", "40000", "--seed", "1", "-o", "json")
    assert code == 0 and err == b"" and json.loads(out)["games"] == 40000
    piped = subprocess.run([EXE, "clock", JINX, "-n", "40000", "--seed", "1"], capture_output=True, text=True,
                           cwd=REPO)
    assert piped.returncode == 0 and piped.stderr == ""
