"""A batch checks deck after deck with the same arguments, and the engine remembers what they
settle (the format on the date, a ban's words, what a list naming no champion is told): checking
in turn on other dates and in other formats must still give each its own answer."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from rules.support import ORNN, ORNN_CHAMPION, change, deck, flat

from deckcheck.cards import load_cards
from deckcheck.rules import check_deck


def _said(report) -> list[tuple[str, str, str]]:
    return [(v.code, v.severity.value, v.message) for v in report.violations]


def test_a_deck_checked_in_turn_on_two_dates_and_in_three_formats_gets_each_ones_answer():
    # Ekko, Recurrent is banned in standard and standard-bo1 from 2026-09-18, never in casual
    db = load_cards()
    d = deck(change(flat(ORNN), OGN_043=-1, OGN_110=1), champion=ORNN_CHAMPION)
    before, after = date(2026, 9, 17), date(2026, 9, 18)
    expected = {
        ("standard", before): [],
        ("standard", after): [("RB601", "error", "Ekko, Recurrent is banned in standard since 2026-09-18")],
        ("standard-bo1", after): [("RB601", "error", "Ekko, Recurrent is banned in standard-bo1 since 2026-09-18")],
        ("casual", after): [],
        ("standard-bo1", before): [],
    }
    for _ in range(2):  # the same objects again, in the same order: every answer already remembered
        for (fmt, day), said in expected.items():
            assert _said(check_deck(d, fmt, day, db)) == said, (fmt, day)


def test_a_list_with_two_possible_champions_is_an_error_in_a_tournament_and_a_note_in_casual_in_any_order():
    d = deck(change(flat(ORNN), OGN_043=-1, SFD_085=1))  # Ornn, Blacksmith and Ornn, Forge God; none named
    day = date(2026, 10, 5)
    tournament = [("RB211", "error", "the Chosen Champion cannot be determined: 2 Ornn champion units could be it "
                   "(Ornn, Blacksmith; Ornn, Forge God); a tournament registration must name it")]
    casual = [("RB004", "info", "the list does not name a Chosen Champion and 2 Ornn champion units could be it: "
               "Ornn, Blacksmith; Ornn, Forge God. Name it with --champion")]
    for fmt in ("casual", "standard", "casual", "standard-bo1", "standard"):
        assert _said(check_deck(d, fmt, day)) == (casual if fmt == "casual" else tournament), fmt


def test_a_changed_copy_of_a_rune_or_battlefield_is_judged_by_its_own_facts_before_and_after_the_printing():
    # the engine remembers each printing's standing by its id; a copy under the same id (another
    # object: a card built or changed by a script) must never borrow it, nor lend its own
    from deckcheck.cards.model import CardType, Domain

    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    rune, field = base.runes[0], base.battlefields[0]
    fury = replace(rune, card=replace(rune.card, domains=(Domain.FURY,)))
    unit = replace(field, card=replace(field.card, type=CardType.UNIT))
    changed = replace(base, runes=[fury, *base.runes[1:]], battlefields=[unit, *base.battlefields[1:]])
    for _ in range(2):
        assert _said(check_deck(base, "standard", date(2026, 10, 5))) == []
        assert _said(check_deck(changed, "standard", date(2026, 10, 5))) == [
            ("RB403", "error", "Ornn's Forge is a unit, not a battlefield"),
            ("RB303", "error", "Calm Rune (Fury) is outside the domain identity Calm and Mind (Ornn, Fire Below the "
                               "Mountain)")]


def test_a_warning_suggesting_cards_that_cannot_be_the_chosen_champion_stays_a_warning():
    # only the resolver's "several champion units could be it" becomes RB211 (or a note in casual):
    # another warning with suggestions, naming cards no deck could choose, is told as it is
    from deckcheck.decks.model import Problem, Severity

    d = deck(flat(ORNN))
    d.champion = None  # none named, and none chosen for it
    d.problems.append(Problem(severity=Severity.WARNING, message="these two lines may be one card",
                              suggestions=("Cull the Weak", "Salvage")))
    for fmt in ("standard", "casual", "standard"):
        said = _said(check_deck(d, fmt, date(2026, 10, 5)))
        assert ("RB003", "warning", "these two lines may be one card") in said, fmt
