"""Each clause of a multi-clause rule, and both sides of each count limit, through check_deck.

A rule that says "A, or B, or C" gets a deck that breaks only A, one that breaks only B, ... and
one that keeps to all of them, so a bug in any one clause fails a test of its own.
"""

from __future__ import annotations

from datetime import date

import pytest
from rules.support import (
    ORNN, ORNN_CHAMPION, RENGAR, RENGAR_CHAMPION, YI, YI_CHAMPION, change, check, codes, deck, flat, only,
)

# Cards used below, all checked against the Ornn list (Calm/Mind, legend tag Ornn):
FOX_FIRE = "OGN-256"  # Signature of Ahri, Calm/Mind: inside Ornn's domains, wrong tag
FORGEFIRE_CAPE = "SFD-190"  # Signature of Ornn, Calm/Mind: Ornn's own
LAST_BREATH = "OGN-260"  # Signature of Yasuo, Calm/Chaos: one domain in, one out
ROCKET = "OGN-252"  # Signature of Jinx, Fury/Chaos: both domains out, wrong tag
CLEAVE = "OGN-004"  # Fury unit, not a Signature card
CALM_CARD = "OGN-046"  # a Calm card the Ornn list does not play
GROVE = "OGN-280"  # a battlefield (colourless)
JINX_LEGEND = "OGN-251"  # a legend


def ornn_with_sideboard(side: dict[str, int]):
    return deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=side)


# ----------------------------------------------------------------------------- RB503 sideboard-card
def test_sideboard_signature_card_of_another_champion_inside_the_domains_is_wrong_for_its_tag():
    v = only(check(ornn_with_sideboard({FOX_FIRE: 1})), "RB503")
    assert v.card == "Fox-Fire" and v.zone == "sideboard"
    assert "is a Signature card of Ahri; this deck's legend is Ornn" in v.message


def test_sideboard_signature_card_outside_the_domains_is_wrong_for_its_domain():
    v = only(check(ornn_with_sideboard({ROCKET: 1})), "RB503")
    assert "(Fury and Chaos) is outside the domain identity Calm and Mind" in v.message


def test_sideboard_card_with_one_domain_of_two_outside_is_outside():
    v = only(check(ornn_with_sideboard({LAST_BREATH: 1})), "RB503")
    assert v.card == "Last Breath" and "(Calm and Chaos) is outside the domain identity" in v.message


def test_sideboard_plain_card_outside_the_domains():
    v = only(check(ornn_with_sideboard({CLEAVE: 1})), "RB503")
    assert "sideboard card Cleave (Fury) is outside the domain identity Calm and Mind" in v.message


@pytest.mark.parametrize("card_id, kind", [(GROVE, "a battlefield"), (JINX_LEGEND, "a legend"),
                                           ("OGN-042", "a rune")])
def test_sideboard_card_that_no_main_deck_may_hold(card_id, kind):
    v = [v for v in check(ornn_with_sideboard({card_id: 1})).violations if v.code == "RB503"]
    assert len(v) == 1 and f"is {kind}; the Main Deck holds only units, gear and spells" in v[0].message


def test_sideboard_cards_the_main_deck_could_hold_are_fine():
    assert check(ornn_with_sideboard({FORGEFIRE_CAPE: 1, CALM_CARD: 3})).violations == []


# ----------------------------------------------------------------------------- Signature limits
def test_signature_cards_over_main_and_sideboard_warn_only_above_three():
    yi_main_3 = change(flat(YI), OGN_043=-3, OGS_020=3)  # 3 Highlander (Signature) in the Main Deck
    assert check(deck(yi_main_3, champion=YI_CHAMPION)).violations == []
    two_and_one = deck(change(flat(YI), OGN_043=-2, OGS_020=2), champion=YI_CHAMPION, sideboard={"UNL-192": 1})
    assert check(two_and_one).violations == []  # 3 in all: no warning
    three_and_one = deck(yi_main_3, champion=YI_CHAMPION, sideboard={"UNL-192": 1})
    v = only(check(three_and_one), "RB107")
    assert v.severity.value == "warning" and "4 Signature cards over Main Deck (3) and sideboard (1)" in v.message
    assert check(three_and_one).legal  # a warning, not an error


def test_three_signature_cards_in_the_main_deck_are_the_most():
    three = change(flat(YI), OGN_043=-3, OGS_020=2, UNL_192=1)
    assert check(deck(three, champion=YI_CHAMPION)).violations == []
    four = change(flat(YI), OGN_043=-3, OGN_045=-1, OGS_020=2, UNL_192=2)
    assert "4 Signature cards" in only(check(deck(four, champion=YI_CHAMPION)), "RB105").message


# ----------------------------------------------------------------------------- copy limit
def test_copies_of_a_name_over_main_and_sideboard_on_both_sides_of_three():
    two_in_main = change(flat(ORNN), OGN_044=-1, OGN_043=1)  # Clockwork Keeper 2 in the Main Deck
    assert check(deck(two_in_main, champion=ORNN_CHAMPION, sideboard={"OGN-044": 1})).violations == []
    v = only(check(ornn_with_sideboard({"OGN-044": 1})), "RB103")
    assert "4 copies of Clockwork Keeper (3 in the Main Deck, 1 in the sideboard)" in v.message
    casual = check(ornn_with_sideboard({"OGN-044": 1}), "casual")  # the Core Rules count the Main Deck only
    assert "RB103" not in codes(casual)


def test_rengar_three_copies_of_a_signature_card_are_allowed():
    assert check(deck(flat(RENGAR), champion=RENGAR_CHAMPION)).violations == []


# ----------------------------------------------------------------------------- zone sizes, both sides
@pytest.mark.parametrize("delta, code, words", [
    ({"OGN_043": -1}, "RB101", "39 cards"), ({"OGN_043": 1}, "RB101", "41 cards"),
    ({"VEN_R02": -1}, "RB301", "11 runes"), ({"VEN_R02": 1}, "RB301", "13 runes"),
    ({"SFD_221": -1}, "RB401", "2 battlefields"), ({"OGN_280": 1}, "RB401", "4 battlefields"),
])
def test_each_zone_size_is_exact_on_both_sides(delta, code, words):
    v = only(check(deck(change(flat(ORNN), **delta), champion=ORNN_CHAMPION)), code)
    assert words in v.message


def test_casual_main_deck_is_at_least_40():
    assert check(deck(change(flat(ORNN), OGN_043=1), champion=ORNN_CHAMPION), "casual").violations == []
    assert "39" in only(check(deck(change(flat(ORNN), OGN_043=-1), champion=ORNN_CHAMPION), "casual"),
                        "RB101").message


# ----------------------------------------------------------------------------- details users read
def test_the_report_carries_the_decks_name_and_source():
    report = check(deck(flat(ORNN), champion=ORNN_CHAMPION, name="ornn.txt"))
    assert report.name == "ornn.txt" and report.source == "ornn.txt"


def test_a_rule_explains_itself_with_its_docstring():
    from deckcheck.rules import get_rule

    assert get_rule("RB503").explanation.startswith(
        "A sideboard card must be one the Main Deck could legally hold (TR 601.1.c.2)")
    assert get_rule("sideboard-card") is get_rule("rb503")


def test_signature_list_writes_counts_only_above_one():
    four = change(flat(YI), OGN_043=-3, OGN_045=-1, OGS_020=3, UNL_192=1)
    v = only(check(deck(four, champion=YI_CHAMPION)), "RB105")
    assert "Highlander ×3, Alpha Strike" in v.message and "×1" not in v.message


def test_unique_and_unlimited_copy_limits_from_card_text():
    assert "RB104" in codes(check(deck(change(flat(ORNN), OGN_043=-2, SFD_190=2), champion=ORNN_CHAMPION)))
    spiders = change(flat(ORNN), OGN_043=-2, OGN_044=-3, OGN_045=-3, VEN_097=8)
    assert [c for c in codes(check(deck(spiders, champion=ORNN_CHAMPION))) if c in ("RB103", "RB104")] == []


def test_rule_numbers_of_the_win_check_and_modes_move_on_2026_10_16():
    from deckcheck.rules.refs import cite_one

    assert cite_one("CR 472.1", date(2026, 10, 16)) == "CR 474.1"
    assert cite_one("CR 472.1", date(2026, 10, 15)) == "CR 472.1"
    assert cite_one("CR 489.8.h", date(2026, 10, 16)) == "CR 491.8.h"
    assert cite_one("CR 484.1", date(2026, 10, 16)) == "CR 484.1"
    assert cite_one("CR 103.1.b.5", date(2026, 10, 16)) == "CR 103.2.b.6"
    assert cite_one("CR 133.4–133.6", date(2026, 10, 16)) == "CR 133.4–133.6"
    assert cite_one("TR 601.1.c", date(2026, 10, 16)) == "TR 601.1.c"
