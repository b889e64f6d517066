"""Cards of sets that came with a card data update and that no format knows yet, in process: the
deck is unverified (check by hand), never legal and never proven illegal."""

from __future__ import annotations

import json
from datetime import date

from conftest import raw_from_flat
from rules.support import ORNN, ORNN_CHAMPION, change, flat

from deckcheck import check_deck, load_cards
from deckcheck.cards.overlay import Fetched, apply_update, build_update
from deckcheck.decks.resolve import resolve_deck

DAY = date(2026, 10, 20)


def _row(card_id: str) -> dict:
    code, number = card_id.split("-")
    return {"id": card_id, "set": code, "number": number, "variant": None, "name": "Nexus Vanguard", "type": "Unit",
            "supertypes": [], "tags": [], "domains": ["Calm"], "energy": 2, "power": None, "power_domains": [],
            "might": 2, "rarity": "Common"}


def updated_cards():
    """The bundled cards with one new name printed in two sets no format knows (NXT and NXS)."""
    raw = json.dumps([_row("NXT-001"), _row("NXS-001")]).encode()
    return apply_update(load_cards(), build_update(Fetched(raw, "nexus.json", DAY), load_cards()))


def test_a_card_of_sets_no_format_knows_is_checked_by_hand():
    db = updated_cards()
    deck = resolve_deck(raw_from_flat(change(flat(ORNN), OGN_043=-1, NXT_001=1), "deck.txt"), db,
                        champion=ORNN_CHAMPION)
    for fmt, rule in (("standard", "TR 601.2.a, CR 103.3.e"), ("casual", "CR 103.3.e")):
        report = check_deck(deck, format=fmt, as_of=DAY, cards=db)
        assert [(v.code, v.message, v.hint, v.rule, v.card, v.line, v.zone, v.unverified)
                for v in report.violations] == [(
            "RB602", "Nexus Vanguard is from set NXS, which came with a card data update: deckcheck's formats do "
            f"not know its release date or legality yet, so {fmt} cannot be checked for it; check it by hand",
            "Check the card's legality by hand; a deckcheck release adds the set to the formats", rule,
            "Nexus Vanguard", 24, "main", True)]
        assert (report.verdict, report.unverified_cards) == ("unverified", ["Nexus Vanguard"])
