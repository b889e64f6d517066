"""Each command's `--output` help names its outputs and its default as they are typed (`text`)."""

from __future__ import annotations

import pytest

from cli.support import run_cli


@pytest.mark.parametrize("command", [("castable",), ("rules",), ("diff",), ("cards", "show")])
def test_the_output_help_names_the_default_as_typed(capsys, command):
    ran = run_cli(capsys, *command, "--help", env={"COLUMNS": "200"})
    line = next(line for line in ran.stdout.splitlines() if "--output" in line)
    assert line.split("FORMAT", 1)[1].split()[:2] == ["Output", "format:"]
    assert line.rstrip().endswith("(default text)")
