"""Format specs built in code that share a name (and a file) keep their own verdicts.

A library user makes an event's format from a bundled one with ``dataclasses.replace``: the copy keeps the
name and the file of the original. What the checker remembers between checks (the rules that run,
the cards a format forbids on a date) must belong to the spec that was asked, or one spec's bans
would be reported, or missed, under the other.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from conftest import REPO
from deckcheck import check_deck
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules.formats import load_format

DAY = "2026-10-05"  # Stacked Deck is banned in standard since 2026-09-18


@pytest.fixture
def annie(db):
    path = REPO / "sample_decks" / "illegal-annie-banned-stacked-deck.txt"
    return resolve_deck(read_text(path.read_text(), source=str(path)), db)


def codes(report) -> list[str]:
    return [v.code for v in report.violations]


@pytest.mark.parametrize("banned_first", [True, False])
def test_two_specs_of_one_name_with_and_without_bans_each_get_their_own_verdict(db, annie, banned_first):
    with_bans = replace(load_format("standard"), name="league night")
    without = replace(with_bans, bans=[])
    assert (with_bans.name, with_bans.file) == (without.name, without.file)
    order = [(with_bans, ["RB601"]), (without, [])] if banned_first else [(without, []), (with_bans, ["RB601"])]
    for spec, expected in order + order:  # twice each, in turn: what a batch over two formats does
        report = check_deck(annie, spec, DAY, db)
        assert codes(report) == expected
        assert report.legal == (not expected)


def test_a_date_written_another_way_does_not_bring_back_the_other_specs_bans(db, annie):
    with_bans = replace(load_format("standard"), name="league night")
    without = replace(with_bans, bans=[])
    assert codes(check_deck(annie, with_bans, DAY, db)) == ["RB601"]
    assert codes(check_deck(annie, without, date(2026, 10, 5), db)) == []
    assert codes(check_deck(annie, without, DAY, db)) == []
    assert codes(check_deck(annie, with_bans, date(2026, 10, 5), db)) == ["RB601"]


def test_the_bundled_format_by_name_is_unchanged_beside_a_copy_without_bans(db, annie):
    without = replace(load_format("standard"), bans=[])
    assert codes(check_deck(annie, without, DAY, db)) == []
    assert codes(check_deck(annie, "standard", DAY, db)) == ["RB601"]
    assert codes(check_deck(annie, load_format("standard"), DAY, db)) == ["RB601"]
