"""check_deck as a library user calls it: the report's fields, the order of its violations, the
verdict, dates given as text or not at all, a format given as a loaded spec."""

from __future__ import annotations

from datetime import date

import pytest
from rules.test_messages import with_lines
from rules.support import ORNN, ORNN_CHAMPION, YI, YI_CHAMPION, change, check, deck, flat

from deckcheck import check_deck, load_cards
from deckcheck.errors import DeckcheckError
from deckcheck.rules.engine import parse_as_of
from deckcheck.rules.formats import load_format

LATE = date(2026, 11, 30)  # Radiance is legal; its preliminary data lacks some numbers


def radiance_gaps(*more: str):
    """An Ornn list without a Chosen Champion line, 2 cards short, with two Radiance numbers the data lacks."""
    cards = change(flat(ORNN), OGN_043=-2, OGN_045=-1, OGN_004=1)
    return with_lines(cards, {"RAD-011": 1, "RAD-022": 2, **{m: 1 for m in more}}, champion=None)


def test_the_report_of_a_deck_and_the_order_of_its_violations():
    report = check(radiance_gaps("Clockwork Keepr"), "standard", LATE)
    assert [(v.code, v.severity.value, v.line, v.card) for v in report.violations] == [
        ("RB108", "error", 23, "Cleave"),  # errors first, by line
        ("RB005", "error", 50, "RAD-011"),
        ("RB005", "error", 51, "RAD-022"),
        ("RB001", "error", 52, "Clockwork Keepr"),
        ("RB004", "info", 10, "Ornn, Blacksmith"),  # then notes, whatever their line
    ]
    assert (report.source, report.name, report.format, report.as_of) == ("deck.txt", "deck.txt", "standard", LATE)
    assert (report.legend, report.champion) == ("Ornn, Fire Below the Mountain", "Ornn, Blacksmith")
    assert report.rules_version == "Core and Tournament Rules of 2026-10-09"
    assert report.counts == {"main": 38, "runes": 12, "battlefields": 3, "sideboard": 0, "unknown": 4}
    assert (report.verdict, report.legal) == ("illegal", False)
    assert report.unverified_cards == ["RAD-011", "RAD-022"]
    assert [v.code for v in report.errors] == ["RB108", "RB005", "RB005", "RB001"] and report.warnings == []


def test_a_deck_whose_only_errors_are_cards_the_data_lacks_is_unverified():
    d = with_lines(change(flat(ORNN), OGN_043=-2), {"RAD-022": 1, "RAD-011": 1}, champion=ORNN_CHAMPION)
    report = check(d, "standard", LATE)
    assert [v.code for v in report.violations] == ["RB005", "RB005"]
    assert (report.verdict, report.legal, report.passes()) == ("unverified", False, False)
    assert report.unverified_cards == ["RAD-022", "RAD-011"]  # in line order


def test_a_warning_passes_unless_strict():
    d = deck(change(flat(YI), OGN_043=-3, OGS_020=3), champion=YI_CHAMPION, sideboard={"UNL-192": 1})
    report = check(d)
    assert [v.code for v in report.warnings] == ["RB107"] and report.errors == []
    assert (report.verdict, report.legal, report.passes(), report.passes(strict=True)) == ("legal", True, True, False)
    assert report.unverified_cards == []


def test_a_deck_without_legend_or_champion():
    report = check(deck(change(flat(ORNN), SFD_189=-1, SFD_058=-1, OGN_043=1)))
    assert (report.legend, report.champion) == (None, None)
    assert [v.code for v in report.violations] == ["RB201"]


def test_player_and_team_come_from_the_deck():
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, name="ana.txt")
    d.player, d.team = "Ana", "Red"
    report = check(d, "2v2")
    assert (report.player, report.team, report.source, report.format) == ("Ana", "Red", "ana.txt", "2v2")


def test_dates_as_text_or_today():
    assert parse_as_of(" 2026-10-05 ") == date(2026, 10, 5)
    assert parse_as_of(date(2026, 1, 2)) == date(2026, 1, 2)
    assert parse_as_of(None) == date.today()
    with pytest.raises(DeckcheckError) as err:
        parse_as_of("5/10/2026")
    assert str(err.value) == "as_of: '5/10/2026' is not a date (YYYY-MM-DD)"
    today = check_deck(deck(flat(ORNN), champion=ORNN_CHAMPION))
    assert today.as_of == date.today()


def test_a_check_without_a_date_is_made_on_the_day_it_runs_also_after_midnight(monkeypatch):
    # a long-running process (an editor plugin, a server) checks the same deck on two days
    from datetime import datetime

    from deckcheck.rules import engine

    moment = [datetime(2026, 10, 5, 23, 59).timestamp()]  # local clock time
    monkeypatch.setattr(engine, "_now", lambda: moment[0])
    ornn = deck(flat(ORNN), champion=ORNN_CHAMPION)
    assert check_deck(ornn).as_of == date(2026, 10, 5)
    moment[0] = datetime(2026, 10, 6, 0, 1).timestamp()
    assert check_deck(ornn).as_of == date(2026, 10, 6)
    moment[0] = datetime(2026, 10, 5, 12, 0).timestamp()  # a clock set back
    assert check_deck(ornn).as_of == date(2026, 10, 5)


def test_a_loaded_format_and_an_explicit_card_database():
    spec = load_format("standard-bo1")
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 1})
    report = check_deck(d, format=spec, as_of="2026-10-05", cards=load_cards())
    assert report.format == "standard-bo1" and [v.code for v in report.violations] == ["RB502"]
    assert check_deck(d, format="standard", as_of="2026-10-05").violations == []  # another format, same deck


def test_the_same_deck_on_two_dates_and_in_two_formats_in_turn():
    d = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)
    assert [v.code for v in check(d, "standard", date(2026, 9, 18)).violations] == ["RB601"]
    assert check(d, "standard", date(2026, 9, 17)).violations == []
    assert check(d, "casual", date(2026, 9, 18)).violations == []
    assert [v.code for v in check(d, "standard", "2026-09-18").violations] == ["RB601"]


def test_a_violation_and_a_report_read_back_from_plain_values():
    from deckcheck.decks.model import Severity
    from deckcheck.rules.report import Report, Violation

    v = Violation(code="RB107", name="signature-with-sideboard", rule="TR 601.1.c.3", severity="warning",
                  message="m")
    assert v.severity is Severity.WARNING and (v.card, v.file, v.line, v.hint, v.zone, v.unverified) == (
        None, None, None, "", None, False)
    assert (v.fails(), v.fails(strict=True)) == (False, True)
    note = Violation(code="RB004", name="read-note", rule="TR 401.2", severity=Severity.INFO, message="n")
    assert (note.fails(), note.fails(strict=True)) == (False, False)
    report = Report(format="standard", as_of="2026-10-05")
    assert (report.as_of, report.counts, report.violations, report.verdict) == (date(2026, 10, 5), {}, [], "legal")
    assert (report.source, report.name, report.player, report.team, report.legend, report.champion,
            report.rules_version) == (None,) * 7


def test_two_event_files_of_the_same_name_keep_their_own_rules(tmp_path):
    plain, listed = tmp_path / "a" / "cup.yaml", tmp_path / "b" / "cup.yaml"
    for path, extra in ((plain, ""), (listed, "battlefields: [Seat of Power, Veiled Temple, Monastery of Hirana]\n")):
        path.parent.mkdir()
        path.write_text("extends: standard\nname: cup\ntitle: Cup\n" + extra)
    d = deck(flat(ORNN), champion=ORNN_CHAMPION)
    assert check(d, str(plain)).violations == []
    (v,) = check(d, str(listed)).violations
    assert (v.code, v.card) == ("RB405", "Ornn's Forge")
    assert check_deck(d, format=load_format(str(listed)), as_of="2026-10-05").violations[0].code == "RB405"
    assert check_deck(d, format=load_format(str(plain)), as_of="2026-10-05").violations == []
