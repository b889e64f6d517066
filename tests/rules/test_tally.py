"""The tally's counts, and which zone sizes lines deckcheck could not identify keep from being judged.

A line under a section may hold cards of that section (the Chosen Champion's line counts for the
Main Deck); an unknown id numbered R.. can only be a rune; any other id could be a Main Deck card,
a legend or a battlefield, never a rune; a name nothing matches could be anything. What the
tally sets aside in one zone never hides what it found in another, and a card it looks at closely
for one reason (a fact in doubt, a changed copy) is judged only for what it is.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from rules.test_messages import with_lines
from rules.support import ORNN, ORNN_CHAMPION, change, check, deck, flat, only

from deckcheck.decks.model import Zone

FULL = {"main": 40, "runes": 12, "battlefields": 3, "sideboard": 0}


def test_counts_of_a_legal_deck_with_a_sideboard_have_no_unknown_entry():
    report = check(deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard={"OGN-046": 2, "OGN-047": 1}))
    assert report.counts == {**FULL, "sideboard": 3}


@pytest.mark.parametrize("delta, lines, zone, counts, codes", [
    # one Main Deck card short
    ({"OGN_043": -1}, {"OGN-999": 1}, None, {"main": 39}, ["RB001"]),  # may be the 40th card
    ({"OGN_043": -1}, {"VEN-R99": 1}, None, {"main": 39}, ["RB101", "RB001"]),  # a rune number: not main
    ({"OGN_043": -1}, {"Chram": 1}, Zone.CHAMPION, {"main": 39}, ["RB001"]),  # the champion's line is main
    ({"OGN_043": -1}, {"Chram": 1}, Zone.RUNES, {"main": 39}, ["RB101", "RB001"]),  # under Runes: a rune
    ({"OGN_043": -2}, {"Chram": 2}, None, {"main": 38}, ["RB001"]),  # two copies on the line
    ({"OGN_043": -2}, {"Chram": 1}, None, {"main": 38}, ["RB101", "RB001"]),  # one copy cannot make two
    # one rune short
    ({"VEN_R02": -1}, {"VEN-R99": 1}, None, {"runes": 11}, ["RB001"]),
    ({"VEN_R02": -1}, {"Chram": 1}, None, {"runes": 11}, ["RB001"]),
    ({"VEN_R02": -1}, {"OGN-999": 1}, None, {"runes": 11}, ["RB301", "RB001"]),  # a card number: not a rune
    # one battlefield short, no legend
    ({"SFD_221": -1}, {"OGN-999": 1}, None, {"battlefields": 2}, ["RB001"]),
    ({"SFD_221": -1}, {"VEN-R99": 1}, None, {"battlefields": 2}, ["RB401", "RB001"]),
    ({"SFD_189": -1}, {"OGN-999": 1}, None, {}, ["RB001"]),  # the unknown id may be the legend
    ({"SFD_189": -1}, {"VEN-R99": 1}, None, {}, ["RB201", "RB001"]),
])
def test_unknown_lines_and_the_zone_sizes_they_could_explain(delta, lines, zone, counts, codes):
    report = check(with_lines(change(flat(ORNN), **delta), lines, zone))
    assert report.counts == {**FULL, **counts, "unknown": sum(lines.values())}
    assert [v.code for v in report.violations] == codes


def _with_zoned_lines(cards: dict[str, int], lines: list[tuple[str, int, Zone | None]]):
    """A flat list plus unidentified lines from line 50, each under its own section (or none)."""
    from conftest import raw_from_flat

    from deckcheck.cards import load_cards
    from deckcheck.decks.model import RawEntry
    from deckcheck.decks.resolve import resolve_deck

    raw = raw_from_flat(cards, "deck.txt")
    raw.entries.extend(RawEntry(text=text, count=n, zone=z, file="deck.txt", line=50 + i)
                       for i, (text, n, z) in enumerate(lines))
    return resolve_deck(raw, load_cards(), champion=ORNN_CHAMPION)


@pytest.mark.parametrize("delta, lines, counts", [
    # a line under Runes, then an unsectioned id: the second may still be the 40th Main Deck card
    ({"OGN_043": -1}, [("Chram", 1, Zone.RUNES), ("OGN-999", 1, None)], {"main": 39}),
    # two unknown rune numbers may be the two missing runes
    ({"VEN_R02": -2}, [("VEN-R98", 1, None), ("VEN-R99", 1, None)], {"runes": 10}),
    # two unknown lines under the Main Deck section may be the two missing cards
    ({"OGN_043": -2}, [("Chram", 1, Zone.MAIN), ("Chramm", 1, Zone.MAIN)], {"main": 38}),
])
def test_every_unknown_line_counts_toward_the_sizes_it_could_explain(delta, lines, counts):
    report = check(_with_zoned_lines(change(flat(ORNN), **delta), lines))
    assert report.counts == {**FULL, **counts, "unknown": 2}
    assert [(v.code, v.line) for v in report.violations] == [("RB001", 50), ("RB001", 51)]


def test_violations_without_a_line_come_before_those_on_line_1():
    # Clockwork Keeper (OGN-044) ×4 on the first line, and a Rune Deck of 11 (no line)
    cards = {"OGN-044": 4, **change(flat(ORNN), OGN_044=-3, OGN_043=-1, VEN_R02=-1)}
    report = check(deck(cards, champion=ORNN_CHAMPION))
    assert [(v.code, v.line) for v in report.violations] == [("RB301", None), ("RB103", 1)]


def test_a_violation_names_the_file_of_its_line_and_otherwise_the_decks():
    d = deck(change(flat(ORNN), VEN_R02=-1, OGN_043=-1, OGN_004=1), champion=ORNN_CHAMPION, name="deck.txt")
    d.source = "registration 12"  # known by a label; its lines (Cleave, Fury, on line 24) were read from deck.txt
    report = check(d)
    assert [(v.code, v.file, v.line) for v in report.violations] == [
        ("RB301", "registration 12", None), ("RB108", "deck.txt", 24)]


def test_a_rune_outside_the_identity_and_a_short_main_deck_are_both_reported():
    report = check(deck(change(flat(ORNN), OGN_043=-1, VEN_R02=-1, OGN_007=1), champion=ORNN_CHAMPION))
    assert [v.code for v in report.violations] == ["RB101", "RB303"]
    assert report.violations[1].message == ("Fury Rune (Fury) is outside the domain identity Calm and Mind "
                                            "(Ornn, Fire Below the Mountain)")


def test_a_deck_without_a_legend_holding_a_card_in_doubt_gets_both_reports():
    # Stoic Ferryman (RAD-031): its domain Calm is in doubt in the preliminary Radiance data
    report = check(deck(change(flat(ORNN), SFD_189=-1, OGN_043=-1, RAD_031=1), champion=ORNN_CHAMPION),
                   as_of="2026-11-30")
    assert [v.code for v in report.violations] == ["RB201", "RB006"]


@pytest.mark.parametrize("card_id, name", [("VEN-R02", "Calm Rune"), ("SFD-221", "Veiled Temple")])
def test_a_rune_or_battlefield_in_doubt_gets_a_note_and_no_identity_error(db, monkeypatch, request, card_id, name):
    # a card data update could mark the domains of a rune or a battlefield as in doubt; the
    # Main Deck is one card short
    monkeypatch.setitem(db.provenance.doubts, card_id, {"domains": ("a source",)})
    db.forget()  # what the database worked out before its data changed in place
    request.addfinalizer(db.forget)
    report = check(deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION))
    assert [(v.code, v.card) for v in report.violations] == [("RB101", None), ("RB006", name)]


def test_a_deck_without_a_legend_with_a_rune_and_four_signature_cards_in_its_main_deck_gets_every_report():
    # Forgefire Cape (Ornn's) and Master Yi's Highlander ×2 and Alpha Strike: 4 Signature cards
    base = deck(change(flat(ORNN), SFD_189=-1, OGN_043=-2, OGN_044=-2, SFD_190=1, OGS_020=2, UNL_192=1),
                champion=ORNN_CHAMPION)
    report = check(replace(base, main=[*base.main, base.runes[0]]))
    assert {"RB201", "RB102", "RB105"} <= {v.code for v in report.violations}


def test_a_battlefield_twice_and_a_short_main_deck_are_both_reported():
    base = deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION)
    first, _, third = base.battlefields
    report = check(replace(base, battlefields=[first, first, third]))
    assert [v.code for v in report.violations] == ["RB101", "RB402"]


def test_a_short_main_deck_is_reported_while_the_sideboard_had_to_be_0_or_8():
    # launch Tournament Rules (before 2026-01-30): the sizes allowed include 0, so no sideboard is fine
    report = check(deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION), as_of="2025-11-15")
    assert "RB101" in {v.code for v in report.violations} and "RB501" not in {v.code for v in report.violations}


@pytest.mark.parametrize("legend, extra", [("SFD-189", "RAD-149"), ("RAD-149", "SFD-189")])
def test_two_legends_one_of_them_in_doubt_get_both_reports(db, legend, extra):
    # Riven, The Exile (RAD-149): the preliminary Radiance data has its domains in doubt
    from deckcheck.decks.model import DeckEntry

    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    legends = [DeckEntry(card=db.get(i), count=1, written=i, file=base.legend.file, line=base.legend.line) for i in (legend, extra)]
    report = check(replace(base, legend=legends[0], extra_legends=legends[1:]), as_of="2026-11-30")
    assert {"RB201", "RB006"} <= {v.code for v in report.violations}


def test_a_changed_copy_of_a_card_counts_toward_its_names_limit_with_the_printing():
    # the first line's Clockwork Keeper is a copy the card database does not hold (a library user's)
    base = deck(change(flat(ORNN), OGN_043=-1, OGN_044=-1), champion=ORNN_CHAMPION)
    keeper = next(e for e in base.main if e.card.id == "OGN-044")
    copied = replace(keeper, card=replace(keeper.card), count=2)
    report = check(replace(base, main=[copied, *base.main]))
    v = only(report, "RB103")
    assert (v.message, v.line) == ("4 copies of Clockwork Keeper; at most 3 of one name, all printings counted "
                                   "together", copied.source.line)


def test_no_sideboard_breaks_a_format_that_asks_for_exactly_8(tmp_path):
    # an event's format file (extends standard) whose sideboard must be exactly 8 cards
    path = tmp_path / "exactly-8.yaml"
    path.write_text("extends: standard\nname: exactly-8\ntitle: Sideboards of 8\n"
                    "sideboard:\n  - {from: 2025-10-31, sizes: [8], note: \"the event's rule\"}\n", encoding="utf-8")
    v = only(check(deck(flat(ORNN), champion=ORNN_CHAMPION), str(path)), "RB501")
    assert v.message == "Sideboard has 0 cards; on 2026-10-05 it had to be exactly 8 (the event's rule)"


def test_a_banned_card_outside_the_identity_gets_both_errors():
    # Stacked Deck (Chaos), banned from 2026-09-18, in the Ornn deck (Calm and Mind)
    report = check(deck(change(flat(ORNN), OGN_043=-1, OGN_183=1), champion=ORNN_CHAMPION))
    assert [v.code for v in report.violations] == ["RB108", "RB601"]


def test_an_extra_legend_not_legal_yet_is_reported_in_the_legend_zone(db):
    # Riven, The Exile (Radiance, released 2026-10-23) listed beside Ornn on 2026-10-05
    from deckcheck.decks.model import DeckEntry

    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    riven = DeckEntry(card=db.get("RAD-149"), count=1, written="RAD-149", file=base.legend.file, line=base.legend.line)
    report = check(replace(base, extra_legends=[riven]))
    (v,) = [v for v in report.violations if v.code == "RB602"]
    assert (v.card, v.zone) == ("Riven, The Exile", "legend")
