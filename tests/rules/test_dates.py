"""--as-of: bans from their start date, the sideboard limit's history, set releases, and rule
numbers as they were on the date checked."""

from __future__ import annotations

from datetime import date

import pytest
from conftest import real_decks
from rules.support import (
    ORNN, ORNN_CHAMPION, YI, YI_CHAMPION, change, check, codes, deck, flat, only, spare_sideboard,
)

from deckcheck.errors import DeckcheckError
from deckcheck.rules import FormatError, check_deck

#: The real Master Yi list (OGN/OGS cards and Obelisk of Power, banned from 2026-03-31).
def yi_as_played(sideboard: dict[str, int] | None = None):
    cards = next(d["cards"] for d in real_decks() if d["slug"] == YI)
    return deck(dict(cards), champion=YI_CHAMPION, sideboard=sideboard)


def test_deck_legal_before_a_ban_and_illegal_after():
    d = yi_as_played()
    assert check(d, as_of="2026-03-01").violations == []
    assert check(d, as_of="2026-03-30").violations == []
    v = only(check(d, as_of="2026-03-31"), "RB601")  # the ban's first day
    assert v.card == "Obelisk of Power" and "since 2026-03-31" in v.message
    assert only(check(d, as_of="2026-04-01"), "RB601").card == "Obelisk of Power"


def test_september_bans_start_on_2026_09_18():
    d = deck(change(flat(ORNN), OGN_104=-1, OGN_110=1), champion=ORNN_CHAMPION)  # Ekko, Recurrent
    assert check(d, as_of="2026-09-17").violations == []
    assert only(check(d, as_of="2026-09-18"), "RB601").card == "Ekko, Recurrent"


@pytest.mark.parametrize(
    "day, size, legal",
    [
        # launch rules: exactly 0 or 8, so 7 and 9 fail on either side of 8
        ("2025-12-01", 0, True), ("2025-12-01", 8, True), ("2025-12-01", 5, False), ("2025-12-01", 10, False),
        ("2025-12-01", 7, False), ("2025-12-01", 9, False),
        # the last day of the launch rules, then the first day of "8 or fewer"
        ("2026-01-29", 5, False), ("2026-01-29", 8, True),
        ("2026-01-30", 0, True), ("2026-01-30", 5, True), ("2026-01-30", 8, True), ("2026-01-30", 9, False),
        # the last day of "8 or fewer", then the first day of "10 or fewer"
        ("2026-07-23", 8, True), ("2026-07-23", 9, False), ("2026-07-23", 10, False),
        ("2026-07-24", 9, True), ("2026-07-24", 10, True), ("2026-07-24", 11, False),
    ],
)
def test_sideboard_limit_history(day, size, legal):
    side = spare_sideboard(size) if size else None
    # Before its ban the list as played; after it, with Seat of Power for the banned Obelisk.
    d = yi_as_played(side) if day < "2026-03-31" else deck(flat(YI), champion=YI_CHAMPION, sideboard=side)
    report = check(d, as_of=day)
    assert report.legal is legal, [(v.code, v.message) for v in report.violations]
    if not legal:
        v = only(report, "RB501")
        assert f"Sideboard has {size} cards" in v.message
        assert ("exactly 0 or 8" in v.message) if day < "2026-01-30" else ("at most" in v.message)


def test_vendetta_cards_legal_from_release_day():
    d = deck(flat(ORNN), champion=ORNN_CHAMPION)  # plays 3 Patched Porobot (VEN-058)
    report = check(d, as_of="2026-07-30")
    v = only(report, "RB602")
    assert v.card == "Patched Porobot" and "Vendetta (VEN), which is legal from 2026-07-31" in v.message
    assert check(d, as_of="2026-07-31").violations == []


def test_unleashed_and_spiritforged_release_dates():
    d = deck(flat(ORNN), champion=ORNN_CHAMPION)
    entries = {e.card.name: e.card for e in d.main + d.battlefields + [d.legend]}

    def illegal_sets(day: str) -> set[str]:
        return {entries[v.card].set for v in check(d, as_of=day).violations if v.code == "RB602"}

    # Spiritforged (2026-02-13), Unleashed (2026-05-08) and Vendetta cards, nothing from Origins:
    # each set on the day before its release and on the day itself.
    assert illegal_sets("2026-02-12") == {"SFD", "UNL", "VEN"}
    assert illegal_sets("2026-02-13") == {"UNL", "VEN"}
    assert illegal_sets("2026-05-07") == {"UNL", "VEN"}
    assert illegal_sets("2026-05-08") == {"VEN"}
    assert illegal_sets("2026-07-30") == {"VEN"}
    assert illegal_sets("2026-07-31") == set()
    early = {v.card for v in check(d, as_of="2026-02-12").violations}
    assert "Seal of Focus" not in early  # SFD-226 is a reprint of OGN-081: legal by its name


def test_radiance_cards_are_reported_never_dropped():
    cards = change(flat(ORNN), OGN_043=-1, RAD_011=1)
    d = deck(cards, champion=ORNN_CHAMPION)
    before = only(check(d, as_of="2026-10-22"), "RB001")  # the day before Radiance's release
    assert "not in the card data" in before.message and "legal in standard from 2026-10-23" in before.message
    assert check(d, as_of="2026-10-20").verdict == "illegal"  # not legal yet, whatever the card is
    after = only(check(d, as_of="2026-10-23"), "RB005")
    assert "not in the card data" in after.message and "legal in standard from" not in after.message
    assert after.line == list(cards).index("RAD-011") + 1
    assert after.unverified and check(d, as_of="2026-10-23").verdict == "unverified"


def test_rule_numbers_follow_the_date():
    # The Core Rules of 2026-10-09 took effect on 2026-10-16 (Riot: "effective October 16, 2026").
    d = deck(change(flat(ORNN), OGN_043=-1, OGN_004=1), champion=ORNN_CHAMPION)
    old = check(d, as_of="2026-10-15")
    new = check(d, as_of="2026-10-16")
    assert only(old, "RB108").rule == "CR 103.2.c, CR 103.1.b.3"
    assert only(new, "RB108").rule == "CR 103.3.c, CR 103.2.b.3"
    assert new.rules_version == "Core and Tournament Rules of 2026-10-09"
    assert old.rules_version == "Core and Tournament Rules of 2026-07-16"


def test_tournament_rule_numbers_did_not_move():
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-044": 1})
    assert only(check(d, as_of="2026-10-15"), "RB103").rule == "CR 103.2.b, TR 601.1.c.3"
    assert only(check(d, as_of="2026-10-16"), "RB103").rule == "CR 103.3.b, TR 601.1.c.3"


def test_old_dates_say_which_numbering_they_cite():
    report = check(yi_as_played(), as_of="2026-03-01")
    assert "2026-07-16" in report.rules_version and "older" in report.rules_version


def test_the_2026_07_16_rules_are_cited_as_in_force_from_2026_07_24():
    d = deck(flat(YI), champion=YI_CHAMPION)
    before = check(d, as_of="2026-07-23").rules_version
    assert "older" in before and "2026-07-23" in before
    assert check(d, as_of="2026-07-24").rules_version == "Core and Tournament Rules of 2026-07-16"
    assert check(d, as_of="2026-10-15").rules_version == "Core and Tournament Rules of 2026-07-16"


def test_july_bans_start_on_2026_07_24():
    # The Yi list with two battlefields banned from 2026-07-24 in place of its own.
    d = deck(change(flat(YI), OGN_280=-1, OGN_295=-1, OGN_276=1, OGN_290=1), champion=YI_CHAMPION)
    assert check(d, as_of="2026-07-23").violations == []
    banned = check(d, as_of="2026-07-24")
    assert codes(banned) == ["RB601", "RB601"]
    assert {v.card for v in banned.violations} == {"Aspirant's Climb", "The Arena's Greatest"}
    assert all("since 2026-07-24" in v.message for v in banned.violations)


def test_runes_and_battlefields_renumbered():
    d = deck(change(flat(ORNN), VEN_R02=-1, SFD_221=-1), champion=ORNN_CHAMPION)
    old = {v.code: v.rule for v in check(d, as_of="2026-10-15").violations}
    new = {v.code: v.rule for v in check(d, as_of="2026-10-16").violations}
    assert old == {"RB301": "CR 103.3.a, TR 402.1", "RB401": "CR 103.4.a, TR 402.1"}
    assert new == {"RB301": "CR 103.4.a, TR 402.1", "RB401": "CR 103.5.a, TR 402.1"}


def test_additional_legends_only_from_2026_10_16():
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, additional_legends=["Ahri, Nine-Tailed Fox"])
    early = only(check(d, as_of="2026-10-15"), "RB203")
    assert "before 2026-10-16, when the Core Rules of 2026-10-09 took effect" in early.message
    assert early.rule == "CR 103.1 (of 2026-10-09), TR 401.2.a"  # not the old 103.1 (Champion Legend)
    v = only(check(d, as_of="2026-10-16"), "RB203")  # the first day of the Core Rules that allow it
    assert "holds no card that allows it" in v.message and v.rule == "CR 103.1, TR 401.2.a"
    assert "took effect" not in v.message
    # With a Radiance card the enabling card cannot be ruled out: only the unknown card is reported.
    with_rad = deck(change(flat(ORNN), OGN_043=-1, RAD_011=1), champion=ORNN_CHAMPION,
                    additional_legends=["Ahri, Nine-Tailed Fox", "Jinx, Loose Cannon", "Viktor, Herald of the Arcane"])
    assert codes(check(with_rad, as_of="2026-10-24")) == ["RB005"]


def test_default_date_is_today():
    assert check_deck(deck(flat(ORNN), champion=ORNN_CHAMPION)).as_of == date.today()


def test_dates_before_the_first_release_and_bad_dates():
    with pytest.raises(FormatError, match="starts on 2025-10-31"):
        check(yi_as_played(), as_of="2025-06-01")
    with pytest.raises(FormatError, match="starts on 2025-10-31"):
        check(yi_as_played(), as_of="2025-10-30")
    assert check(yi_as_played(), as_of="2025-10-31").violations == []  # Origins' release day
    with pytest.raises(DeckcheckError, match="not a date"):
        check(yi_as_played(), as_of="31/03/2026")
