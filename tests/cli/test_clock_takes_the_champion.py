"""`clock --champion` starts the named champion in its zone, for a list that names none."""

from __future__ import annotations

import json

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_clock_plays_the_champion_named_on_the_command_line(tmp_path, capsys):
    listed = JINX.read_text(encoding="utf-8").replace("Champion:\n1 Jinx, Demolitionist\n\n", "")
    listed = listed.replace("MainDeck:\n", "MainDeck:\n1 Jinx, Demolitionist\n1 Jinx, Rebel\n", 1)
    deck = tmp_path / "two-jinx.txt"
    deck.write_text(listed, encoding="utf-8")
    args = ("clock", deck, "-n", "10", "--seed", "1", "-o", "json")
    unnamed = json.loads(run_cli(capsys, *args).stdout)["setup"]
    assert unnamed["champion"] is None and "--champion" in unnamed["notes"][0]
    named = json.loads(run_cli(capsys, *args, "--champion", "Jinx, Rebel").stdout)["setup"]
    assert named["champion"] == "Jinx, Rebel" and named["notes"] == []
    assert named["library"] == unnamed["library"] - 1
