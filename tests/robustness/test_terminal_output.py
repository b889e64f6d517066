"""Player names, titles, file names and card names never reach a terminal or a CI log raw: no
escape sequence, and no line break that starts a workflow command."""

from __future__ import annotations


import pytest

from conftest import REPO
from cli.support import run_cli

CODE = (REPO / "sample_decks" / "legal-kennen-chaos-order.code").read_text().strip()
HOSTILE = "x\x1b[2J\n::error file=a::pwned"


@pytest.mark.parametrize("output", ["text", "concise", "github", "markdown"])
def test_hostile_names_are_escaped_in_every_text_output(tmp_path, output, capsys):
    name = "regs\x1b]0;title\x07.csv"
    path = tmp_path / name
    bad_code = "CMAAA\x1b[31m"
    path.write_text("Player,Deck\n" + f'"{HOSTILE}",{CODE}\n' + f'"{HOSTILE}2",{bad_code}\n'
                    + f'"{HOSTILE}3",\n', encoding="utf-8")
    done = run_cli(capsys, "check", name, "--as-of", "2026-10-20", "-o", output, cwd=tmp_path)
    shown = done.stdout + done.stderr
    assert "\x1b" not in shown and "\x07" not in shown
    assert not any(line.startswith("::error file=a") for line in shown.splitlines())
    assert "pwned" in shown or output == "concise"  # the name is shown, escaped
