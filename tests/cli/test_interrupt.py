"""Ctrl-C ends a run with exit code 130 and says so on stderr."""

from __future__ import annotations

import pytest

from conftest import REPO

from deckcheck.cli import main

JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")
CASES = {
    "during a batch": ("deckcheck.batch.check_paths", ["check", str(REPO / "sample_decks")]),
    "while loading the cards": ("deckcheck.cli.common.card_db", ["diff", JINX, JINX]),
}


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("where,args", CASES.values(), ids=list(CASES))
def test_ctrl_c_exits_130_with_a_word(where, args, monkeypatch, capsys):
    monkeypatch.setattr(where, _interrupt)
    assert main(args) == 130
    assert capsys.readouterr().err == "deckcheck: error: interrupted\n"
