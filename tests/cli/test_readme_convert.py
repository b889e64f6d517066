"""README's convert examples run as written (a deck code in place of the shortened one)."""

from __future__ import annotations

import shlex

from conftest import REPO
from cli.support import run_deckcheck
from cli.test_check import JINX


def test_the_readme_convert_examples_run(tmp_path):
    code = run_deckcheck("convert", str(JINX), "--to", "code").stdout.strip()
    lines = [line.split("#")[0].strip() for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines()
             if line.startswith("deckcheck convert --code")]
    assert lines
    for line in lines:
        args = [code if a.endswith("...") else a for a in shlex.split(line)[1:]]
        result = run_deckcheck(*args, cwd=tmp_path)
        assert result.returncode == 0, (line, result.stderr)
    assert "Jinx, Loose Cannon" in (tmp_path / "deck.txt").read_text(encoding="utf-8")
