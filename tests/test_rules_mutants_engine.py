"""check_deck as a library user calls it, on the edges the rules' mutation run found untested:
dates given as a date's subclass, two card databases that share their printings, the edition named
on the day the baseline rules came into force, findings on cards whose lines name no file."""

from __future__ import annotations

from datetime import date, datetime

from test_rules_support import ORNN, ORNN_CHAMPION, change, deck, flat

from deckcheck import check_deck

BANNED_DAY = date(2026, 9, 18)  # Ekko, Recurrent (OGN-110) banned from this day


def _with_ekko():
    """The Ornn list with one Ekko, Recurrent for a Clockwork Keeper: banned from 2026-09-18."""
    return deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)


class _Day(date):
    """A calendar library's date: a subclass of date."""


def test_a_datetime_or_a_date_subclass_is_checked_as_its_day():
    # a library user passing datetime.now() or a calendar library's date got a TypeError traceback;
    # the report now holds the plain day, the rules in force on it, and the deck's own fields
    d = _with_ekko()
    d.player, d.team = "Ana", "Red"
    for when in (datetime(2026, 9, 18, 23, 30), _Day(2026, 9, 18)):
        report = check_deck(d, as_of=when)
        assert report.as_of == BANNED_DAY and report.as_of.__class__ is date
        assert [v.code for v in report.violations] == ["RB601"]
        assert (report.source, report.name, report.player, report.team, report.format) == (
            "deck.txt", "deck.txt", "Ana", "Red", "standard")
        assert (report.legend, report.champion) == ("Ornn, Fire Below the Mountain", "Ornn, Blacksmith")
        assert report.rules_version == "Core and Tournament Rules of 2026-07-16"
        assert report.counts == {"main": 40, "runes": 12, "battlefields": 3, "sideboard": 0}
    before = check_deck(d, as_of=datetime(2026, 9, 17, 23, 59))
    assert (before.as_of, before.violations) == (date(2026, 9, 17), [])
