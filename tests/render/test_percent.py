"""Probabilities as text: a value that is not exactly 1 or 0 never reads 100.0% or 0.0%."""

from __future__ import annotations

from math import comb

import pytest

from deckcheck.cli import main
from deckcheck.render.percent import pct, pct_range, with_interval

from conftest import REPO


@pytest.mark.parametrize("value, text", [
    (1.0, "100%"), (0.0, "0%"), (0.99996, ">99.9%"), (0.00004, "<0.1%"), (0.9994, "99.9%"),
    (0.0006, "0.1%"), (0.40307, "40.3%"), (None, "-"),
])
def test_pct(value, text):
    assert pct(value) == text


def test_intervals_never_collapse_to_one_figure():
    assert pct_range(0.9998, 0.99999) == "99.98–>99.99%"
    assert with_interval(0.5, 0.49, 0.51) == "50.0% (49.0–51.0%)"
    assert with_interval(0.5, None, None) == "50.0%"


def test_odds_text_for_a_near_certain_hand_is_not_100_percent(capsys):
    deck = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")
    # 5 of the 39 cards cost 5 or more: P(no card costing 4 or less in the opening 4) = C(5,4)/C(39,4).
    assert 1 - comb(5, 4) / comb(39, 4) > 0.9999
    assert main(["odds", deck, "--filter", "energy<=4"]) == 0
    out = capsys.readouterr().out
    assert ">99.9%" in out and "100.0%" not in out
