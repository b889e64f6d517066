"""The 32 real decklists of tests/data/realdecks.json, each checked on its own date.

Decks that placed in tournaments come out legal, except those that carried a card banned on the
event's date (some events ignored the ban list): they are illegal for exactly that reason. Public
lists with Radiance cards report each of them as not in the card database.
"""

from __future__ import annotations

from datetime import date

import pytest
from conftest import real_decks

from deckcheck.cards import load_cards
from deckcheck.rules import check_deck
from rules.support import BANNED_FROM, resolved

DECKS = real_decks()
TOURNAMENT = [d for d in DECKS if d["tournament"]]


def _banned_in(deck, day: date) -> set[str]:
    cards = [*deck.main, *deck.battlefields, *deck.runes, deck.legend]
    return {e.card.name for e in cards if e and e.card.name in BANNED_FROM and BANNED_FROM[e.card.name] <= day}


def test_there_are_tournament_decks_with_and_without_bans():
    with_bans = [d for d in TOURNAMENT if _banned_in(resolved(d), date.fromisoformat(d["date"]))]
    assert 0 < len(with_bans) < len(TOURNAMENT)


@pytest.mark.parametrize("d", TOURNAMENT, ids=[d["slug"][:40] for d in TOURNAMENT])
def test_tournament_deck_on_its_event_date(d):
    day = date.fromisoformat(d["date"])
    deck = resolved(d)
    report = check_deck(deck, "standard", day)
    errors = report.errors
    banned = _banned_in(deck, day)
    assert {v.card for v in errors} == banned
    assert all(v.code == "RB601" for v in errors)
    assert report.legal is not banned
    assert report.counts == {"main": 40, "runes": 12, "battlefields": 3, "sideboard": 0}
    # Without the ban list (casual) every one of them is legal.
    assert check_deck(deck, "casual", day).legal


@pytest.mark.parametrize("d", [d for d in DECKS if not d["tournament"]],
                         ids=[d["slug"][:40] for d in DECKS if not d["tournament"]])
def test_public_deck_on_its_date(d):
    day = date.fromisoformat(d["date"])
    deck = resolved(d)
    report = check_deck(deck, "standard", day)
    radiance = {e.card.name for e in [*deck.main, *deck.battlefields, *deck.runes, deck.legend]
                if e and all(p.set == "RAD" for p in load_cards().printings_of(e.card.name))}
    early = [v for v in report.violations if v.code == "RB602"]
    # Lists published before Radiance's release: its cards were not legal yet on that day.
    assert {v.card for v in early} == radiance
    assert all("Radiance (RAD), which is legal from 2026-10-23" in v.message and v.line for v in early)
    assert not any(v.code == "RB602" for v in check_deck(deck, "standard", date(2026, 11, 30)).violations)
    others = {v.code for v in report.errors} - {"RB602"}
    expected = set()
    banned = _banned_in(deck, day)
    if banned:
        expected.add("RB601")
        assert {v.card for v in report.errors if v.code == "RB601"} == banned
    # One public Poppy list plays Riposte, Fiora's Signature card: a real Signature-tag error.
    if any(e.card.name == "Riposte" for e in deck.main):
        expected.add("RB106")
    assert others == expected, [(v.code, v.message) for v in report.errors]
