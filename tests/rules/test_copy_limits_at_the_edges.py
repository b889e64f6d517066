"""Copy limits at their edges: a name already over its limit in the Main Deck and with more in the
sideboard is one RB103, counting both; a card whose own text sets a limit below 3 (2 here) is
reported by that rule (RB104), not by RB103."""

from __future__ import annotations

import json

from conftest import REPO, raw_from_flat
from rules.support import ORNN, ORNN_CHAMPION, check, change, codes, deck, flat, only

from deckcheck.cards import load_cards
from deckcheck.cards.bundle import load_bundle
from deckcheck.decks.load import read_text
from deckcheck.decks.resolve import resolve_deck
from deckcheck.rules import check_deck


def test_four_cleave_in_the_main_deck_and_one_in_the_sideboard_is_one_rb103():
    text = (REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt").read_text(encoding="utf-8")
    d = resolve_deck(read_text(text + "\nSideboard:\n1 Cleave\n", source="kaisa.txt"), load_cards())
    report = check_deck(d, "standard", "2026-11-30")
    cleave = [v for v in report.violations if v.code == "RB103"]
    assert [(v.message, v.line) for v in cleave] == [
        ("5 copies of Cleave (4 in the Main Deck, 1 in the sideboard); at most 3 of one name, all printings counted "
         "together", 13)]
    assert codes(report) == ["RB101", "RB215", "RB103", "RB108"]


def test_four_in_the_main_deck_and_one_in_the_sideboard_of_the_ornn_list_is_one_rb103():
    d = deck(change(flat(ORNN), OGN_043=-1, OGN_044=1), champion=ORNN_CHAMPION, sideboard={"OGN-044": 1})
    v = only(check(d), "RB103")
    assert v.message.startswith("5 copies of Clockwork Keeper (4 in the Main Deck, 1 in the sideboard)")


def _limit_of_two(tmp_path, name: str, card_id: str):
    """The bundled card data with one card whose text allows at most 2 copies."""
    import shutil

    folder = tmp_path / "card_data"
    shutil.copytree(REPO / "card_data", folder, ignore=shutil.ignore_patterns("formats", "*.md", "*.txt"))
    rules = json.loads((folder / "card_rules.json").read_text(encoding="utf-8"))
    rules["copy_limits"].append({"name": name, "ids": [card_id], "limit": 2,
                                 "keyword": "limited to 2 copies", "rule": "CR 002"})
    (folder / "card_rules.json").write_text(json.dumps(rules), encoding="utf-8")
    return load_bundle(folder)


def test_a_card_whose_own_limit_is_two_is_reported_by_its_own_rule_not_rb103(tmp_path):
    db = _limit_of_two(tmp_path, "Clockwork Keeper", "OGN-044")
    for copies, expected in ((2, []), (3, ["RB104"])):
        cards = change(flat(ORNN), OGN_044=copies - 3, OGN_043=3 - copies)
        d = resolve_deck(raw_from_flat(cards, "deck.txt"), db, champion=ORNN_CHAMPION)
        report = check_deck(d, "standard", "2026-10-05", cards=db)
        assert codes(report) == expected, copies
    (v,) = report.violations
    assert (v.message, v.rule) == ("3 copies of Clockwork Keeper; it is limited to 2 copies: at most 2", "CR 002")
    assert v.hint == "Keep 2 Clockwork Keeper and cut 1"
