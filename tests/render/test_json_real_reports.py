"""The JSON report of real decks is the text ``json.dumps`` writes of the document, byte for byte."""

from __future__ import annotations

import json

from conftest import raw_from_flat, real_decks

from deckcheck.decks.resolve import resolve_deck
from deckcheck.errors import DeckReadError
from deckcheck.render.json import check_document, deck_text, render_json
from deckcheck.rules import check_deck


def _reports(db) -> list:
    """The 32 real lists on their dates in three formats, and each with a card over its limit."""
    reports = []
    for d in real_decks():
        deck = resolve_deck(raw_from_flat(d["cards"], d["slug"]), db)
        first = deck.main[0]
        extra = deck.model_copy(update={"main": [first.model_copy(update={"count": first.count + 2}), *deck.main[1:]],
                                        "player": "Ann \"Q\" Émile", "team": "Blue"})
        for fmt in ("standard", "standard-bo1", "casual"):
            reports += [check_deck(deck, fmt, d["date"], db), check_deck(extra, fmt, d["date"], db)]
    return reports


def test_the_report_of_real_decks_is_what_json_dumps_writes(db):
    reports = _reports(db)
    assert sum(len(r.violations) for r in reports) > 100  # findings of every kind of line
    unreadable = [DeckReadError("not a deck", file="x.txt", line=3)]
    for strict in (False, True):
        expected = json.dumps(check_document(reports, unreadable, strict=strict, card_data={"date": None, "sets": []}),
                              indent=2, ensure_ascii=False) + "\n"
        assert render_json(reports, unreadable, strict=strict, card_data={"date": None, "sets": []}) == expected
        prepared = [deck_text(r, strict) for r in reports]  # each deck written where it was checked
        assert render_json(reports, unreadable, strict=strict, card_data={"date": None, "sets": []},
                           prepared=prepared) == expected
