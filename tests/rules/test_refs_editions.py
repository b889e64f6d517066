"""The editions of the Core and Tournament Rules: each cited from the day it took effect, not the day
on its documents (July: published 2026-07-16, in force 2026-07-24; October: published 2026-10-09, in
force 2026-10-16, Riot's patch notes "effective October 16, 2026"; RULES.md §9)."""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.rules.refs import EDITIONS, cite, edition


def test_the_editions_table():
    assert [(e.published, e.in_force) for e in EDITIONS] == [
        (date(2026, 7, 16), date(2026, 7, 24)), (date(2026, 10, 9), date(2026, 10, 16))]


@pytest.mark.parametrize("day, said", [
    (date(2026, 7, 24), "Core and Tournament Rules of 2026-07-16"),
    (date(2026, 10, 9), "Core and Tournament Rules of 2026-07-16"),  # published, not yet in force
    (date(2026, 10, 15), "Core and Tournament Rules of 2026-07-16"),
    (date(2026, 10, 16), "Core and Tournament Rules of 2026-10-09"),
])
def test_the_numbering_of_a_day_is_the_edition_in_force(day, said):
    assert edition(day) == said


def test_the_renumbering_and_the_new_cr_103_1_start_on_2026_10_16():
    refs = ("CR* 103.1", "CR 103.2.b", "CR 489.8.h")
    assert cite(refs, date(2026, 10, 15)) == "CR 103.1 (of 2026-10-09), CR 103.2.b, CR 489.8.h"
    assert cite(refs, date(2026, 10, 16)) == "CR 103.1, CR 103.3.b, CR 491.8.h"
