"""A card update cannot shadow a bundled card, name a path, or carry a control character, and a
collector number cannot make deckcheck count to a billion."""

from __future__ import annotations

import json
from datetime import date

import pytest

from deckcheck.cards import load_cards
from deckcheck.cards.overlay import Fetched, build_update
from deckcheck.errors import CardDataError

ROW = {"id": "NXS-001", "set": "NXS", "number": "001", "variant": None, "name": "Nexus Vanguard", "type": "Unit",
       "supertypes": [], "tags": ["Noxus"], "domains": ["Fury"], "energy": 2, "power": None, "power_domains": [],
       "might": 2, "rarity": "Common"}


@pytest.fixture(scope="module")
def bundled():
    return load_cards(update=False)


def update(db, **changes):
    return build_update(Fetched(json.dumps([{**ROW, **changes}]).encode(), "dump.json", date(2026, 12, 1)), db)


@pytest.mark.parametrize("changes, words", [
    ({"id": "OGN-001"}, "id 'OGN-001' is not set NXS, number 001"),
    ({"id": "NXS-001/../../x"}, "is not set NXS, number 001"),
    ({"id": "NXS-001\nOGN-002"}, "is not set NXS, number 001"),
    ({"name": "Vanguard\x1b[2J"}, "control character"),
    ({"tags": ["No\nxus"]}, "control character"),
    ({"id": "NXS-999999999", "number": "999999999"}, "number"),
    ({"id": "NXS-²", "number": "²"}, "number"),
])
def test_an_update_row_that_lies_about_itself_is_refused(bundled, changes, words):
    with pytest.raises(CardDataError) as caught:
        update(bundled, **changes)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_good_row_is_taken(bundled):
    assert [c.id for c in update(bundled).cards] == ["NXS-001"]


@pytest.mark.parametrize("dated, state", [(date(2027, 2, 18), "preliminary"), (date(2027, 2, 19), "complete")])
def test_an_update_dated_on_its_sets_release_day_is_not_preview_data(bundled, dated, state):
    """Proving Grounds 2nd Edition (PG2) is released on 2027-02-19: a dump of that day is its data, one of the day
    before a preview (preliminary: its cards legal from the release)."""
    assert bundled.sets["PG2"].released == date(2027, 2, 19)
    rows = [{**ROW, "id": f"PG2-00{n}", "set": "PG2", "number": f"00{n}", "name": f"Proving Vanguard {n}"}
            for n in (1, 2)]
    layer = build_update(Fetched(json.dumps(rows).encode(), "pg2.json", dated), bundled)
    assert layer.provenance.sets["PG2"].state == state and not layer.provenance.sets["PG2"].missing
