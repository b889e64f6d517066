"""The organiser guide's walk on the sample export (docs/organisers.md) is the output deckcheck gives."""

from __future__ import annotations

import re
import shlex

from conftest import REPO
from cli.support import run_cli


def test_the_guide_shows_the_statistics_of_the_sample_export_as_deckcheck_prints_them(capsys):
    guide = (REPO / "docs" / "organisers.md").read_text(encoding="utf-8")
    block = re.search(r"^```console\n\$ (deckcheck check [^\n]*--statistics)\n(.*?)^\$ ", guide, re.S | re.M)
    assert block, "the walk's first command is no longer in docs/organisers.md"
    done = run_cli(capsys, *shlex.split(block[1])[1:], cwd=REPO)
    assert done.stdout == block[2]
