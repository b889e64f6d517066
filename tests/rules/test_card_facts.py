"""What the tally and the card facts decide, seen in a check's findings.

A card object the card database does not hold (a library user's changed copy of a printing) is
judged by its own facts wherever it stands, even after the database's own printing of the same
id was met; a list whose only card is in doubt still gets the note; a banned name that also has
no printing in a legal set gets both errors; a name printed only in several sets not legal names
them all; a format file's broken battlefield list says which file. A check on a date of a
subclass of ``date`` gives the report the plain date would.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from conftest import raw_from_flat
from rules.support import ORNN, ORNN_CHAMPION, change, check, deck, flat

from deckcheck.cards import load_cards
from deckcheck.cards.model import Domain
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules.formats import FormatError

OFF_IDENTITY = "Clockwork Keeper (Fury) is outside the domain identity Calm and Mind (Ornn, Fire Below the Mountain)"


def _fury_keeper(entry):
    """A copy of a Clockwork Keeper line (Calm) whose card is a changed copy with the domain Fury."""
    card = replace(entry.card, domains=(Domain.FURY,))
    return replace(entry, card=card, count=1)


def test_a_changed_copy_after_the_printing_in_the_main_deck_is_judged_by_its_own_domain():
    # the database's Clockwork Keeper (OGN-044, Calm) is met first, then a copy of it made Fury:
    # the copy is outside Ornn's identity, whatever the printing of its id says
    base = deck(change(flat(ORNN), OGN_044=-1), champion=ORNN_CHAMPION)
    keeper = next(e for e in base.main if e.card.id == "OGN-044")
    at = base.main.index(keeper)
    copied = _fury_keeper(keeper)
    report = check(replace(base, main=[*base.main[:at + 1], copied, *base.main[at + 1:]]))
    assert [(v.code, v.message, v.zone) for v in report.violations] == [("RB108", OFF_IDENTITY, "main")]


def test_a_changed_copy_in_the_sideboard_is_judged_by_its_own_domain():
    # the Main Deck holds the database's Clockwork Keeper ×3; the sideboard a Fury copy of it
    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    keeper = next(e for e in base.main if e.card.id == "OGN-044")
    report = check(replace(base, sideboard=[_fury_keeper(keeper)]))
    found = [(v.code, v.message, v.zone) for v in report.violations]
    assert ("RB503", "sideboard card " + OFF_IDENTITY, "sideboard") in found
    assert [code for code, _, _ in found] == ["RB103", "RB503"]  # 4 copies of the name, main and side


@pytest.mark.parametrize("fmt", ["standard", "casual"])
def test_a_list_whose_only_card_is_in_doubt_gets_the_note(fmt):
    # a list started with its legend alone, Riven, The Exile (RAD-149), whose domains the
    # preliminary Radiance data has in doubt: no other card raises the note for it
    listed = resolve_deck(raw_from_flat({"RAD-149": 1}, "riven.txt"), load_cards())
    report = check(listed, fmt, as_of="2026-11-30")
    notes = [(v.code, v.card, v.message) for v in report.violations if v.code == "RB006"]
    assert notes == [("RB006", "Riven, The Exile", "the verdict rests on facts of Riven, The Exile that the "
                      "preliminary Radiance data has in doubt: domains Calm/Chaos")]


def _cup(tmp_path: Path, body: str) -> str:
    path = tmp_path / "cup.yaml"
    path.write_text("extends: standard\nname: cup\n" + body, encoding="utf-8")
    return str(path)


def test_a_banned_name_without_a_legal_set_and_a_name_printed_in_two_sets_not_legal(tmp_path):
    # an event that leaves Origins and Unleashed out: Stacked Deck (banned, Origins only) breaks
    # both rules; Pouty Poro (Origins and Unleashed) names both of its sets
    cup = _cup(tmp_path, "sets: [OGS, SFD, VEN, RAD]\n")
    report = check(deck(change(flat(ORNN), OGN_043=-2, OGN_013=1, OGN_183=1), champion=ORNN_CHAMPION), cup)
    found = [(v.code, v.message) for v in report.violations if v.card in ("Pouty Poro", "Stacked Deck")
             and v.code in ("RB601", "RB602")]
    assert found == [
        ("RB602", "Pouty Poro is printed only in Origins (OGN), Unleashed (UNL), which is not a legal set in cup"),
        ("RB601", "Stacked Deck is banned in cup since 2026-09-18"),
        ("RB602", "Stacked Deck is printed only in Origins (OGN), which is not a legal set in cup"),
    ]


@pytest.mark.parametrize("listed", ["Charm", "Seat of Powr"])
def test_a_broken_battlefield_list_names_its_format_file(tmp_path, listed):
    # what `deckcheck check` prints as "cup.yaml:5: format 'cup' lists the battlefield ..."
    cup = _cup(tmp_path, f"battlefields:\n  - Seat of Power\n  - {listed}\n")
    with pytest.raises(FormatError) as err:
        check(deck(flat(ORNN), champion=ORNN_CHAMPION), cup)
    assert (err.value.file, err.value.line) == (cup, 5)
    assert str(err.value).startswith(f"{cup}:5: format 'cup' lists the battlefield '{listed}', which is ")


class _Day(date):
    """A subclass of date, such as a library user's clock may hand out (freezegun's FakeDate is one)."""


def test_a_check_on_a_date_of_a_subclass_gives_the_report_of_the_plain_date(tmp_path):
    # every field of the report is set: a player and team (as from a registration export), a
    # legend, a named champion, and a finding (the Main Deck is one card short); the event's own
    # format file makes this the first check of that format on that date
    listed = replace(deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION), player="Ann Example", team="Blue")
    report = check(listed, _cup(tmp_path, ""), as_of=_Day(2026, 10, 5))
    plain = check(listed, as_of=date(2026, 10, 5))
    assert type(report.as_of) is date
    assert [v.code for v in report.violations] == ["RB101"]
    assert report.violations == plain.violations
    assert (report.source, report.name, report.player, report.team, report.format, report.as_of, report.legend,
            report.champion, report.rules_version, report.counts) == (
        "deck.txt", "deck.txt", "Ann Example", "Blue", "cup", date(2026, 10, 5),
        "Ornn, Fire Below the Mountain", ORNN_CHAMPION, plain.rules_version,
        {"main": 39, "runes": 12, "battlefields": 3, "sideboard": 0})
    assert report.rules_version


def test_a_violation_built_from_a_severity_word_fails_the_deck():
    # the word "error" becomes Severity.ERROR, given by position or by name, so the finding fails
    # the deck and the report's verdict is illegal
    from dataclasses import fields as fields_of

    from deckcheck.decks.model import Severity
    from deckcheck.rules.report import Report, Violation

    fields = ("RB101", "main-deck-size", "TR 402.1", "error", "Main Deck has 39 cards", None, "deck.txt", None,
              "Add 1 card", "main", False)
    built = Violation(*fields)
    assert built.severity is Severity.ERROR
    assert built == Violation(**dict(zip((f.name for f in fields_of(Violation)), fields)))
    assert built.fails()
    report = Report("standard", date(2026, 10, 5), "deck.txt", "deck.txt", counts={"main": 39}, violations=[built])
    assert (report.legal, report.verdict, report.passes()) == (False, "illegal", False)
