"""`report` shows only the rules the settings file selects, as `check` does."""

from __future__ import annotations

import shutil

from conftest import REPO
from cli.support import run_cli

KAISA = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"


def test_a_report_page_leaves_out_the_rules_the_settings_do_not_select(tmp_path, capsys):
    shutil.copy(KAISA, tmp_path / "kaisa.txt")
    everything = run_cli(capsys, "report", "kaisa.txt", "--games", "50", "--seed", "1", cwd=tmp_path).stdout
    assert "RB103" in everything and "RB108" in everything
    (tmp_path / "deckcheck.toml").write_text('select = ["RB103"]\n', encoding="utf-8")
    page = run_cli(capsys, "report", "kaisa.txt", "--games", "50", "--seed", "1", cwd=tmp_path).stdout
    assert "RB103" in page
    assert "RB101" not in page and "RB108" not in page and "RB215" not in page
