"""An unknown card is a blank: it stays in the library, is drawn like any card and never played."""

from __future__ import annotations

import json
from math import comb

import pytest

from conftest import REPO, raw_from_flat
from deckcheck.cli import main
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.castable import castable
from deckcheck.goldfish.game import BLANK_NAME, GoldfishGame
from deckcheck.goldfish.odds import card_odds, card_question
from deckcheck.goldfish.plan import plan_deck


@pytest.fixture(scope="module")
def poros(db):
    """34 Pouty Poro (2 Energy, no power), 6 cards no database knows, 12 Fury runes, no champion."""
    return plan_deck(resolve_deck(raw_from_flat({"Pouty Poro": 34, "Nowhere Card": 6, "Fury Rune": 12}), db))


def test_the_library_keeps_the_unknown_cards(poros):
    assert poros.library_size == 40 and poros.main_size == 40
    assert any("6 cards not found" in note and "blank" in note for note in poros.notes)


def test_castable_counts_the_blanks_in_the_library(poros):
    # A Poro by turn T: 4 + T cards seen of 40, of which 6 are not Poros; 2 runes pay it on turn 1.
    rows = {r.turn: r for r in castable(poros).cards}
    assert rows[1].probability == pytest.approx(1 - comb(6, 5) / comb(40, 5), abs=1e-15)
    assert rows[2].probability == pytest.approx(1 - comb(6, 6) / comb(40, 6), abs=1e-15)
    assert rows[3].probability == 1.0
    asked = card_question(poros, card="Pouty Poro")
    assert card_odds(poros, asked).probability == pytest.approx(1 - comb(6, 4) / comb(40, 4), abs=1e-15)


def test_a_game_draws_blanks_and_never_plays_them(poros):
    game = GoldfishGame(poros, seed=2)
    turns = game.play(12)
    blanks = int(game.batch.blanks_in_hand[0])
    assert blanks == sum(c.name == BLANK_NAME for c in turns[-1].hand)
    assert all(p.name != BLANK_NAME for t in turns for p in t.plays)
    # Every card drawn (4, then one a turn) is in the hand (blanks included) or was played.
    seen = 4 + sum(t.drew is not None for t in turns)
    assert any(t.drew == BLANK_NAME for t in turns) or blanks
    assert sum(len(t.plays) for t in turns) + turns[-1].hand_after == seen


def test_castable_on_the_command_line_keeps_39_cards(tmp_path, capsys):
    # The Jinx sample with its 3 Sharkling and 3 Shadow Fiend renamed to cards nobody knows: the
    # champion's copy goes to its zone, so 39 cards stay in the library, 6 of them blanks.
    text = (REPO / "sample_decks" / "legal-jinx-loose-cannon.txt").read_text()
    text = text.replace("3 Sharkling", "3 Nowhere Card").replace("3 Shadow Fiend", "3 Nobody's Card")
    deck = tmp_path / "jinx-unknown.txt"
    deck.write_text(text)
    assert main(["castable", str(deck), "--output", "json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["setup"]["library"] == 39
    poro = next(r for r in result["cards"] if r["card"] == "Pouty Poro" and r["turn"] == 1)
    assert poro["hand"] == pytest.approx(1 - comb(37, 5) / comb(39, 5), abs=1e-15)
