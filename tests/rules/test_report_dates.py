"""A Report keeps the day it is given as a plain date, whatever kind of date it is given."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime

import pytest

from deckcheck.rules import parse_as_of
from deckcheck.rules.report import Report


class _Day(date):
    """A subclass of date, as a calendar library or freezegun's FakeDate hands out."""


@pytest.mark.parametrize("given", [date(2026, 10, 5), "2026-10-05", datetime(2026, 10, 5, 23, 59), _Day(2026, 10, 5)])
def test_a_report_and_the_checkers_date_keep_the_day_of_any_date_given(given):
    # a library user's report: the day is compared with ban dates and written in JSON, so it must be
    # a plain date (a datetime cannot be compared with one) holding the same day
    report = Report(format="standard", as_of=given)
    assert type(report.as_of) is date and report.as_of == date(2026, 10, 5)
    assert asdict(report)["as_of"].isoformat() == "2026-10-05"
    day = parse_as_of(given)
    assert type(day) is date and day == date(2026, 10, 5)


def test_a_report_built_by_a_library_user_keeps_every_field_it_is_given():
    # check_deck builds its reports in place; a library user (a tournament tool merging results)
    # builds them with the class, and each field given must be the one the report shows and dumps
    given = dict(source="regs/ann.txt", name="Ann's Jinx", player="Ann Example", team="Blue", format="standard",
                 as_of=date(2026, 10, 5), legend="Jinx, Loose Cannon", champion="Jinx, Rebel",
                 rules_version="Core Rules and Tournament Rules of 2026-07-16", counts={"main": 40}, violations=[])
    report = Report(**given)
    assert {name: getattr(report, name) for name in given} == given
    assert asdict(report) == {**given, "legend_written": None, "champion_written": None, "language": "en"}
