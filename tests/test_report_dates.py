"""A Report keeps the day it is given as a plain date, whatever kind of date it is given."""

from __future__ import annotations

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
    assert report.model_dump(mode="json")["as_of"] == "2026-10-05"
    day = parse_as_of(given)
    assert type(day) is date and day == date(2026, 10, 5)
