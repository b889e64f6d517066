"""check_deck as a library user calls it, on the edges the rules' mutation run found untested:
dates given as a date's subclass, two card databases that share their printings, the edition named
on the day the baseline rules came into force, findings on cards whose lines name no file."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from rules.support import ORNN, ORNN_CHAMPION, change, deck, flat

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


def test_two_card_databases_sharing_their_printings_keep_their_own_card_text_rules(db):
    # a user's database of the same printings without card_rules.json (no Unique cards), checked in
    # turn with the bundled one, same format and date: each gives its own copy limit for Forgefire
    # Cape, whichever was checked before (neither the facts nor the checking context are lent)
    from deckcheck import CardDB
    from deckcheck.cards.sets import CardRules

    plain = CardDB(printings=db.printings, sets=db.sets, rules=CardRules(), data_as_of=db.data_as_of,
                   source=db.source, provenance=db.provenance)
    capes = deck(change(flat(ORNN), OGN_043=-2, SFD_190=2), champion=ORNN_CHAMPION)  # 2 of a Unique card
    for _ in range(2):
        bundled = check_deck(capes, as_of="2026-10-05", cards=db)
        assert [(v.code, v.message, v.rule, v.line) for v in bundled.violations] == [
            ("RB104", "2 copies of Forgefire Cape; it is Unique: at most 1", "CR 825.3", 23)]
        assert check_deck(capes, as_of="2026-10-05", cards=plain).violations == []  # the Core Rules' 3 copies


def test_the_edition_named_on_the_day_the_baseline_rules_came_into_force():
    # the CR/TR of 2026-07-16 are in force from 2026-07-24: that day is cited by them, the day before
    # by their numbering of rules then in force in older versions
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    assert check_deck(ornn, as_of="2026-07-24").rules_version == "Core and Tournament Rules of 2026-07-16"
    assert check_deck(ornn, as_of="2026-07-23").rules_version == (
        "numbering of the Core and Tournament Rules of 2026-07-16; the versions in force on 2026-07-23 were "
        "older and numbered some rules differently")


def test_a_banned_card_on_a_line_naming_no_file_is_reported_in_the_decks_file(db):
    # a deck a library user builds without sources for its lines: the banned card's finding names the
    # deck's file, as the Main Deck's size does
    from deckcheck import RawDeck, resolve_deck
    from deckcheck.decks.model import RawEntry

    cards = change(flat(ORNN), OGN_104=-1, OGN_110=1, OGN_043=-1)  # Ekko, Recurrent; 39 cards
    raw = RawDeck(name="ana", source="ana.txt", reader="flat",
                  entries=[RawEntry(text=k, count=v) for k, v in cards.items()])
    report = check_deck(resolve_deck(raw, db, champion=ORNN_CHAMPION), as_of="2026-10-05", cards=db)
    assert [(v.code, v.file, v.line, v.card) for v in report.violations] == [
        ("RB101", "ana.txt", None, None), ("RB601", "ana.txt", None, "Ekko, Recurrent")]


def test_a_banned_card_of_a_deck_code_in_both_zones_is_reported_main_deck_first(db):
    # a deck code is one line: both findings on Ekko, Recurrent stand on line 1 with the same words
    # and keep the order the list gives them (Main Deck, then sideboard), two of them as with more
    from deckcheck.decks.load import load_deck, write_deck

    ekko = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION, sideboard={"OGN-110": 1})
    code = load_deck(write_deck(ekko, "code"), db)
    banned = "Ekko, Recurrent is banned in standard since 2026-09-18"
    report = check_deck(code, as_of="2026-10-05", cards=db)
    assert [(v.code, v.line, v.zone, v.message) for v in report.violations] == [
        ("RB601", 1, "main", banned), ("RB601", 1, "sideboard", banned)]
    short = load_deck(write_deck(replace(ekko, main=ekko.main[1:]), "code"), db)  # 3 findings
    assert [(v.code, v.zone) for v in check_deck(short, as_of="2026-10-05", cards=db).violations] == [
        ("RB101", "main"), ("RB601", "main"), ("RB601", "sideboard")]
