"""README's convert examples run as written (a deck code in place of the shortened one)."""

from __future__ import annotations

import shlex

from cli.test_check import JINX, REPO, out, run


def test_the_readme_convert_examples_run(tmp_path):
    code = out(run("convert", str(JINX), "--to", "code")).strip()
    lines = [line.split("#")[0].strip() for line in (REPO / "README.md").read_text(encoding="utf-8").splitlines()
             if line.startswith("deckcheck convert --code")]
    assert lines
    for line in lines:
        args = [code if a.endswith("...") else a for a in shlex.split(line)[1:]]
        result = run(*args, cwd=tmp_path)
        assert result.returncode == 0, (line, result.stderr)
    assert "Jinx, Loose Cannon" in (tmp_path / "deck.txt").read_text(encoding="utf-8")
