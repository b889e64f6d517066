"""The outputs of a batch are one table: ``check``'s choices, its help, its shell completion and
``Batch.render`` all read it, so an output added there is offered everywhere."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from cli.support import DECKCHECK, run_cli
from conftest import REPO

import deckcheck
from deckcheck.batch.outputs import OUTPUT_TABLE, OUTPUTS

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_the_help_names_every_output_with_its_words(capsys):
    helped = " ".join(run_cli(capsys, "check", "--help", env={"COLUMNS": "400"}).stdout.split())
    for output in OUTPUT_TABLE.values():
        assert (f"{output.name} ({output.help})" if output.help else output.name) in helped
    assert "(default text)" in helped


def test_shell_completion_offers_every_output():
    env = {**os.environ, "_DECKCHECK_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "deckcheck check -o "}
    offered = subprocess.run(DECKCHECK, env=env, capture_output=True, text=True, timeout=60).stdout
    assert re.findall(r'"(\w+)"', offered) == list(OUTPUTS)


@pytest.mark.parametrize("output", OUTPUTS)
def test_every_output_of_the_table_renders_a_batch_as_the_command_prints_it(output, capsys, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the report page says when it was made
    rendered = deckcheck.check_paths([str(JINX)], as_of="2026-11-01").render(output)
    printed = run_cli(capsys, "check", str(JINX), "--as-of", "2026-11-01", "-o", output, "-O", "-").stdout
    assert rendered.strip() and rendered == printed
