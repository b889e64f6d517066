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


@pytest.mark.parametrize("ref, october", [
    ("TR 703.4.b.1", "TR 703.4.c.1"), ("TR 703.4.b.2.a.1", "TR 703.4.c.2.a.1"), ("TR 703.4.b.3", "TR 703.4.c.3"),
    ("TR 703.4.b.3.b", "TR 703.4.e"), ("TR 703.4.b.4", "TR 703.4.c.4"), ("TR 703.4.b.5", "TR 703.4.d"),
    ("TR 703.4.a.2", "TR 703.4.a.2"), ("TR 703.3.b.2", "TR 703.3.b.2"), ("TR 601.2.d.2", "TR 601.2.d.2"),
])
def test_the_remedies_of_a_deck_presentation_error_moved_in_the_october_tournament_rules(ref, october):
    """The TR of 2026-10-09 put the remedies of TR 703.4 under 703.4.c (703.4.b now holds a Chosen
    Champion forgotten at setup) and a judge checking an opponent's deck under 703.4.e."""
    assert cite((ref,), date(2026, 10, 15)) == ref
    assert cite((ref,), date(2026, 10, 16)) == october
