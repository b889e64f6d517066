"""The preconstructed-deck exception (TR 601.2.d.2): at a Nexus Night the Jinx Champion Deck played
exactly as sold keeps Fight or Flight, Scrapheap and Reaver's Row; a card changed, a count changed
or a sideboard added ends it; ``standard`` never grants it. The product is written out below by
hand (the TR's own example), not read from the data it checks."""

from __future__ import annotations

from datetime import date

import pytest

from conftest import REPO, real_decks
from deckcheck.cards import load_cards
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.repair import FIXED, fix_deck
from deckcheck.rules import check_deck
from deckcheck.rules.precons import load_products
from rules.support import resolved

DB = load_cards()
DAY = date(2026, 11, 30)
#: The Jinx Champion Deck (Origins, 2025-10-31): 39 Main Deck cards and the champion, 12 runes, 3 battlefields.
JINX_CHAMPION_DECK = """\
Legend:
1 Jinx, Loose Cannon
Champion:
1 Jinx, Demolitionist
Main Deck:
3 Flame Chompers
2 Blazing Scorcher
3 Fight or Flight
2 Get Excited!
3 Gust
2 Cemetery Attendant
2 Undercover Agent
3 Chemtech Enforcer
3 Brazen Buccaneer
1 Magma Wurm
2 Void Seeker
2 Fading Memories
3 Traveling Merchant
3 Scrapheap
3 Raging Soul
1 Vi, Destructive
1 Rhasa the Sunderer
Battlefields:
1 Targon's Peak
1 Zaun Warrens
1 Reaver's Row
Runes:
6 Fury Rune
6 Chaos Rune
"""
BANNED_IN_IT = {"Fight or Flight", "Scrapheap", "Reaver's Row"}


def _check(text: str, format: str = "nexus-night"):
    deck = resolve_deck(read_text(text, source="jinx.txt"), DB)
    return check_deck(deck, format, DAY, cards=DB)


def _exception_notes(report) -> list[str]:
    return [v.message for v in report.violations if v.rule == "TR 601.2.d.2"]


def test_the_jinx_champion_deck_as_sold_is_legal_at_a_nexus_night_with_a_note_naming_it():
    report = _check(JINX_CHAMPION_DECK)
    assert report.legal and not report.errors
    (note,) = [v for v in report.violations if v.rule == "TR 601.2.d.2"]
    assert note.severity.value == "info" and note.code == "RB601"
    assert note.message == ("the Jinx Champion Deck exactly as sold: it keeps its banned cards (Fight or Flight, "
                            "Scrapheap, Reaver's Row) in nexus-night")


def test_the_jinx_champion_deck_is_illegal_under_standard_and_no_note_offers_the_exception():
    report = _check(JINX_CHAMPION_DECK, "standard")
    assert {v.card for v in report.errors if v.code == "RB601"} == BANNED_IN_IT
    assert _exception_notes(report) == []


@pytest.mark.parametrize("change,difference", [
    (("3 Gust\n", "2 Gust\n1 Cleave\n"), "Main Deck -1 Gust, +1 Cleave"),  # a card changed
    (("3 Raging Soul\n", "2 Raging Soul\n1 Flame Chompers\n"), "Main Deck -1 Raging Soul, +1 Flame Chompers"),
    (("1 Zaun Warrens\n", "1 Startipped Peak\n"), "battlefields -1 Zaun Warrens, +1 Startipped Peak"),
    (("6 Fury Rune\n6 Chaos Rune\n", "7 Fury Rune\n5 Chaos Rune\n"), "runes -1 Chaos Rune, +1 Fury Rune"),
])
def test_a_changed_jinx_champion_deck_gets_the_ban_errors_and_a_note_naming_the_difference(change, difference):
    report = _check(JINX_CHAMPION_DECK.replace(*change))
    assert {v.card for v in report.errors if v.code == "RB601"} == BANNED_IN_IT
    assert _exception_notes(report) == [f"not the Jinx Champion Deck as sold ({difference}): the exception for "
                                        "preconstructed decks does not cover its banned cards"]


def test_an_added_sideboard_ends_the_exception():
    report = _check(JINX_CHAMPION_DECK + "Sideboard:\n2 Cleave\n1 Hextech Ray\n")
    assert not report.legal and {v.card for v in report.errors} == BANNED_IN_IT
    assert "(a sideboard of 3 cards)" in _exception_notes(report)[0]


def test_every_printing_of_a_name_is_the_product_s_card_and_the_chosen_champion_counts_as_its_champion():
    # the champion written by an alternate printing's id; the Chosen Champion is one of the 40
    text = JINX_CHAMPION_DECK.replace("Champion:\n1 Jinx, Demolitionist\n", "").replace(
        "Main Deck:\n", "Main Deck:\n1 Jinx, Demolitionist [OGN-030a]\n")
    deck = resolve_deck(read_text(text, source="jinx.txt"), DB)
    assert deck.champion.card.id == "OGN-030a"
    assert check_deck(deck, "nexus-night", DAY, cards=DB).legal


def test_another_chosen_champion_is_not_the_product():
    text = JINX_CHAMPION_DECK.replace("Champion:\n1 Jinx, Demolitionist\n", "Champion:\n1 Jinx, Rebel\n")
    notes = _exception_notes(_check(text))
    assert notes and "Chosen Champion Jinx, Rebel, not Jinx, Demolitionist" in notes[0]


def test_an_event_format_file_turns_the_exception_on(tmp_path):
    event = tmp_path / "store-night.yaml"
    event.write_text("name: store-night\ntitle: Store night\nextends: standard\nprecon_exception: true\n")
    assert _check(JINX_CHAMPION_DECK, str(event)).legal
    plain = tmp_path / "store-open.yaml"
    plain.write_text("name: store-open\ntitle: Store open\nextends: standard\n")
    assert not _check(JINX_CHAMPION_DECK, str(plain)).legal


def test_no_bundled_format_but_nexus_night_grants_it():
    from deckcheck.rules.formats import format_names, load_format

    assert [n for n in format_names() if load_format(n).precon_exception] == ["nexus-night"]


def test_every_real_deck_gets_the_same_verdict_and_errors_at_a_nexus_night_as_in_standard():
    for d in real_decks():
        deck = resolved(d, DB)
        day = date.fromisoformat(d["date"])
        standard, nexus = check_deck(deck, "standard", day, cards=DB), check_deck(deck, "nexus-night", day, cards=DB)
        assert nexus.verdict == standard.verdict, d["slug"]
        assert [(v.code, v.card) for v in nexus.errors] == [(v.code, v.card) for v in standard.errors], d["slug"]


def test_fix_puts_a_changed_product_back_as_sold_when_that_is_the_smaller_change():
    deck = resolve_deck(read_text(JINX_CHAMPION_DECK.replace("3 Gust\n", "2 Gust\n1 Cleave\n"), source="j.txt"), DB)
    fix = fix_deck(deck, format="nexus-night", as_of=DAY, cards=DB)
    assert fix.status == FIXED and fix.legal_after and fix.size == 2
    assert {(c.card, c.delta) for c in fix.changes} == {("Cleave", -1), ("Gust", 1)}
    under_standard = fix_deck(deck, format="standard", as_of=DAY, cards=DB)
    assert {c.card for c in under_standard.changes if c.delta < 0} >= BANNED_IN_IT


def test_the_product_lists_hold_cards_of_the_card_data_and_the_tr_s_example():
    products = {p.id: p for p in load_products()}
    assert set(products) == {"OGN-jinx", "OGN-viktor", "OGN-lee-sin"}
    for p in products.values():
        for name in (p.legend, p.champion, *p.main, *p.battlefields, *p.runes):
            assert DB.by_name(name) is not None and DB.by_name(name).name == name, (p.id, name)
    jinx = products["OGN-jinx"]
    assert (jinx.main["Fight or Flight"], jinx.main["Scrapheap"], jinx.battlefields["Reaver's Row"]) == (3, 3, 1)
    assert sum(jinx.main.values()) == 40 and sum(jinx.runes.values()) == 12 and len(jinx.battlefields) == 3
    assert products["OGN-lee-sin"].doubt and sum(products["OGN-lee-sin"].main.values()) == 41
    assert (REPO / "card_data" / "PRECONS-SOURCE.md").is_file()


def test_a_broken_product_file_is_one_error_naming_the_field(tmp_path):
    from deckcheck.errors import CardDataError
    from deckcheck.rules.precons import parse_products

    raw = (REPO / "card_data" / "precons.json").read_bytes().replace(b'"count": 3', b'"count": "three"', 1)
    with pytest.raises(CardDataError, match=r"broken product lists: precons\.0\.main_deck\.0\.count"):
        parse_products(tmp_path / "precons.json", raw)


def test_a_second_legend_beside_the_products_own_is_named_with_it():
    text = JINX_CHAMPION_DECK.replace("1 Jinx, Loose Cannon\n", "1 Jinx, Loose Cannon\n1 Kai'Sa, Daughter of the Void\n")
    notes = _exception_notes(_check(text))
    assert notes and ("legends Jinx, Loose Cannon; Kai'Sa, Daughter of the Void, not Jinx, Loose Cannon alone"
                      in notes[0])
