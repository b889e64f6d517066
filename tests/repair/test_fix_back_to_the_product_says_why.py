"""At a Nexus Night, `fix` puts a changed preconstructed deck back as sold, and each change says so."""

from __future__ import annotations

from datetime import date

from rules.test_precon_exception import JINX_CHAMPION_DECK

from deckcheck.cards import load_cards
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.repair import fix_deck


def test_each_change_back_to_the_product_names_the_product_and_the_ban_rule():
    db = load_cards()
    deck = resolve_deck(read_text(JINX_CHAMPION_DECK.replace("3 Gust\n", "2 Gust\n1 Cleave\n"), source="j.txt"), db)
    fix = fix_deck(deck, format="nexus-night", as_of=date(2026, 11, 30), cards=db)
    assert {(c.card, c.delta, c.code, c.reason) for c in fix.changes} == {
        ("Cleave", -1, "RB601", "back to the Jinx Champion Deck as sold"),
        ("Gust", 1, "RB601", "back to the Jinx Champion Deck as sold"),
    }
