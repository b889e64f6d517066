"""`diff -o json` says the legend and the champion before and after, under those keys."""

from __future__ import annotations

import json

from conftest import REPO
from cli.support import run_cli

SAMPLES = REPO / "sample_decks"


def test_two_decks_of_different_legends_give_each_before_and_after(capsys):
    ran = run_cli(capsys, "diff", SAMPLES / "legal-jinx-loose-cannon.txt", SAMPLES / "legal-ornn-calm-mind.txt",
                  "-o", "json")
    diff = json.loads(ran.stdout)
    assert diff["legend"] == {"before": "Jinx, Loose Cannon", "after": "Ornn, Fire Below the Mountain"}
    assert diff["champion"] == {"before": "Jinx, Demolitionist", "after": "Ornn, Blacksmith"}
