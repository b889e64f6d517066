"""A player's name as an organiser's table shows it: never a live spreadsheet formula in the CSV
reports (check and fix), never a broken row in the markdown table."""

from __future__ import annotations

import csv
import io

import pytest

from conftest import REPO
from cli.support import run_cli

CODE = (REPO / "sample_decks" / "legal-kennen-chaos-order.code").read_text().strip()
AS_OF = "2026-10-20"


def export(tmp_path, *players: str):
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows([["Player", "Deck"], *([p, CODE] for p in players)])
    path = tmp_path / "regs.csv"
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ['=HYPERLINK("http://example.org","click")', "+1 555", "-2+3", "@SUM(A1)"])
@pytest.mark.parametrize("command", ["check", "fix"])
def test_a_player_name_is_never_a_live_formula_in_the_csv_report(tmp_path, capsys, command, name):
    done = run_cli(capsys, command, str(export(tmp_path, name, "Zoë")), "--as-of", AS_OF, "-o", "csv")
    players = [row["player"] for row in csv.DictReader(io.StringIO(done.stdout))]
    assert players == ["'" + name, "Zoë"]  # a leading ' makes a spreadsheet show the text as written


def test_a_pipe_in_a_player_name_does_not_split_the_markdown_row(tmp_path, capsys):
    text = run_cli(capsys, "check", str(export(tmp_path, "A|B *bold*", "Zoë")), "--as-of", AS_OF,
                   "-o", "markdown").stdout
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    header, *body = rows
    assert len(body) == 2 and all(row.count(" | ") == header.count(" | ") for row in body), rows
    assert body[0].startswith("| 2 | A\\|B \\*bold\\* |")
