"""`check --help` names every output once, the last after "or", then the default."""

from __future__ import annotations

import re

from cli.support import run_cli

from deckcheck.batch.outputs import OUTPUTS


def test_the_output_help_lists_each_output_once_and_ends_with_the_last_and_the_default(capsys):
    ran = run_cli(capsys, "check", "--help", env={"COLUMNS": "200"})
    assert ran.returncode == 0
    text = " ".join(ran.stdout.split())
    said = text[text.index("--output FORMAT") + len("--output FORMAT"):text.index("(default text)")]
    for name in OUTPUTS:
        assert len(re.findall(rf"\b{name}\b", said)) == 1, name
    assert said.rstrip().endswith("markdown or html (a report page)")
