"""What ``fix`` cuts and what it leaves, at the edges: the battlefields listed last over the
format's number, a listed legend that cannot work (however small its plan), and the cards a
stored card data update brought, which are left to check by hand."""

from __future__ import annotations

from dataclasses import replace

from conftest import raw_from_flat
from rules.support import CHECK_DAY, ORNN, ORNN_CHAMPION, change, deck, flat
from rules.test_updated_sets import DAY as UPDATE_DAY
from rules.test_updated_sets import updated_cards

from deckcheck.cards import load_cards
from deckcheck.decks.model import DeckEntry
from deckcheck.decks.resolve import resolve_deck
from deckcheck.repair import FIXED, UNVERIFIED, fix_deck

from .helpers import add

DB = load_cards()


def _changes(fix) -> list[tuple]:
    return [(c.zone, c.card, c.delta, c.code, c.reason) for c in fix.changes]


def test_a_fourth_battlefield_listed_last_is_the_one_cut():
    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    assert [e.card.name for e in base.battlefields] == ["Ornn's Forge", "Seat of Power", "Veiled Temple"]
    four = add(base, "battlefields", DB.by_name("Grove of the God-Willow"))
    fix = fix_deck(four, format="standard", as_of=CHECK_DAY, cards=DB)
    assert _changes(fix) == [("battlefields", "Grove of the God-Willow", -1, "RB401", "over 3 battlefields")]
    assert [e.card.name for e in fix.deck.battlefields] == ["Ornn's Forge", "Seat of Power", "Veiled Temple"]


def test_two_battlefields_over_the_number_are_the_two_listed_last_whatever_their_names():
    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    five = add(add(base, "battlefields", DB.by_name("Zaun Warrens")), "battlefields", DB.by_name("Back-Alley Bar"))
    fix = fix_deck(five, format="standard", as_of=CHECK_DAY, cards=DB)
    assert {c.card for c in fix.changes} == {"Zaun Warrens", "Back-Alley Bar"}
    assert [e.card.name for e in fix.deck.battlefields] == ["Ornn's Forge", "Seat of Power", "Veiled Temple"]


def _riven(base) -> DeckEntry:
    """Riven, The Exile (Radiance, legal from 2026-10-23): a legend no deck can use on 2026-10-05."""
    return DeckEntry(card=DB.get("RAD-149"), count=1, written="RAD-149", file=base.legend.file, line=base.legend.line)


def test_a_listed_legend_that_cannot_work_is_cut_though_keeping_it_would_change_less():
    base = deck(flat(ORNN), champion=ORNN_CHAMPION)
    for listed in (replace(base, legend=_riven(base), extra_legends=[base.legend]),
                   replace(base, extra_legends=[_riven(base)])):
        fix = fix_deck(listed, format="standard", as_of=CHECK_DAY, cards=DB)
        assert fix.status == FIXED and fix.legal_after
        assert _changes(fix) == [("legend", "Riven, The Exile", -1, "RB201", "a deck has one legend")]
        assert fix.deck.legend.card.name == "Ornn, Fire Below the Mountain"


def test_a_card_a_card_data_update_brought_is_left_to_check_by_hand_while_the_rest_is_fixed():
    db = updated_cards()  # Nexus Vanguard (NXT-001, NXS-001): sets no format knows yet
    cards = change(flat(ORNN), OGN_043=-2, NXT_001=1, OGN_044=1)  # and a 4th Clockwork Keeper
    d = resolve_deck(raw_from_flat(cards, "deck.txt"), db, champion=ORNN_CHAMPION)
    fix = fix_deck(d, format="standard", as_of=UPDATE_DAY, cards=db)
    assert fix.status == UNVERIFIED and fix.check_by_hand == ["Nexus Vanguard"]
    assert "Nexus Vanguard" not in {c.card for c in fix.changes}
    assert ("main", "Clockwork Keeper", -1, "RB103", "4th copy") in _changes(fix)
    assert "Nexus Vanguard" in {e.card.name for e in fix.deck.main}
    assert fix.after.verdict == "unverified" and [v.code for v in fix.after.errors] == ["RB602"]
