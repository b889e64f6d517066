"""A format that bans a rune: the runes are reported as banned, in their zone, on their line."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from conftest import REPO
from deckcheck import check_deck
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules.formats import BanSpec, load_format

DAY = "2026-10-05"


@pytest.fixture
def annie(db):
    path = REPO / "sample_decks" / "illegal-annie-banned-stacked-deck.txt"
    return resolve_deck(read_text(path.read_text(), source=str(path)), db)


def test_a_banned_rune_is_reported_as_banned_in_the_runes_zone(db, annie):
    # An event's format that bans a rune: the deck's Fury Runes are reported under RB601, in the
    # runes zone, with no traceback.
    standard = load_format("standard")
    spec = replace(standard, name="rune ban night", bans=[*standard.bans, BanSpec(card="Fury Rune", since=date(2026, 1, 1))])
    report = check_deck(annie, spec, DAY, db)
    rune = [(v.code, v.zone, v.line, v.message) for v in report.violations if v.card == "Fury Rune"]
    assert rune == [("RB601", "runes", 40, "Fury Rune is banned in rune ban night since 2026-01-01")]
    assert not report.legal
