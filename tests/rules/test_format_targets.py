"""The package's own way in to a format's zone sizes, ``deckcheck.rules.format_targets``: the
sizes of RULES.md on a date, for the default format and a named one."""

from __future__ import annotations

from datetime import date

from deckcheck.rules import format_targets


def test_the_default_format_is_standard_on_the_date_given():
    # standard (RULES.md §5): a sideboard of 8 or fewer from 2026-01-30, 10 or fewer from 2026-07-24
    assert format_targets(as_of="2026-01-30") == {"main": "40", "runes": "12", "battlefields": "3", "sideboard": "8"}
    assert format_targets(as_of=date(2026, 7, 24))["sideboard"] == "10"


def test_a_named_format_with_the_card_data_given(db):
    assert format_targets("casual", date(2026, 7, 24), cards=db) == {"main": "40+", "runes": "12",
                                                                      "battlefields": "3"}
    assert format_targets("standard-bo1", "2026-07-24", db)["sideboard"] == "0"
