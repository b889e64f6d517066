"""One checker per (card database, format, day): what a format on a date knows, kept and dropped."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from rules.support import ORNN, ORNN_CHAMPION, deck, flat

from deckcheck import clear_caches
from deckcheck.rules import check_deck, load_format
from deckcheck.rules.engine import checker

DAY = date(2026, 10, 5)


def test_a_day_written_as_text_or_as_a_date_is_checked_by_the_same_checker(db):
    kept = checker("standard", DAY, db)
    assert checker("standard", "2026-10-05", db) is kept
    assert checker(load_format("standard"), datetime(2026, 10, 5, 18, 30), db) is kept
    assert checker("standard", "2026-10-06", db) is not kept
    assert checker("standard-bo1", DAY, db) is not kept


def test_a_check_without_a_date_is_the_check_on_today(db):
    listed = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})
    today = check_deck(listed, "standard", None, db)
    assert today == check_deck(listed, "standard", date.today(), db)
    assert check_deck(listed, "standard", None, db) == today  # and again, from the checker kept for today


def test_two_specs_of_one_format_that_differ_each_get_their_own_verdict(db):
    from deckcheck.rules.formats import BanSpec

    spec = load_format("standard")
    banning = replace(spec, bans=[*spec.bans, BanSpec(card="En Garde", since=date(2026, 1, 1))])
    listed = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})  # En Garde in the sideboard
    for _ in range(2):
        assert check_deck(listed, spec, DAY, db).violations == []
        assert [v.code for v in check_deck(listed, banning, DAY, db).violations] == ["RB601"]


def test_clear_caches_drops_every_checker_and_the_next_check_gives_the_same_report(db):
    listed = deck(flat(ORNN), champion=ORNN_CHAMPION)
    before, kept = check_deck(listed, "standard", DAY, db), checker("standard", DAY, db)
    clear_caches()
    assert checker("standard", DAY, db) is not kept
    assert check_deck(listed, "standard", DAY, db) == before
