"""``fix`` corrects what it can read (issue 38): a name with exactly one close match is read as that
card, a change of its own, and the rest of the list is fixed; a name several cards are as close
to is a line to settle, listed with them, while everything else is fixed; a name nothing is close
to leaves the list as it is. The corrected list writes the right name in the line's own style."""

from __future__ import annotations

from datetime import date

from conftest import REPO

from deckcheck.cards import load_cards
from deckcheck.decks.load import read_text
from deckcheck.decks.model import Zone
from deckcheck.decks.resolve import resolve_deck
from deckcheck.repair import CANNOT, FIXED, TO_SETTLE, fix_deck
from deckcheck.repair.batch import fix_text
from deckcheck.repair.context import FixContext
from deckcheck.repair.names import close_matches, distance
from deckcheck.rules import check_deck

DB = load_cards()
DAY = date(2026, 11, 30)
SAMPLES = REPO / "sample_decks"
ORNN = (SAMPLES / "legal-ornn-calm-mind.txt").read_text(encoding="utf-8")
KAISA = (SAMPLES / "illegal-kaisa-too-many-copies.txt").read_text(encoding="utf-8")
ANNIE = (SAMPLES / "illegal-annie-banned-stacked-deck.txt").read_text(encoding="utf-8")


def _fixed(text: str, source: str = "typo.txt"):
    result = fix_text(text, source, FixContext(DB, "standard", DAY))
    assert result.error is None
    return result


def _reread_is_legal(corrected: str) -> bool:
    return check_deck(resolve_deck(read_text(corrected, source="fixed.txt"), DB), "standard", DAY, cards=DB).legal


def test_a_name_with_one_close_match_is_corrected_and_nothing_else_changes():
    result = _fixed(ORNN.replace("3x Clockwork Keeper\n", "3x Clockwork Keper\n"))
    fix = result.fix
    assert fix.status == FIXED and fix.legal_after and fix.size == 0
    assert [(c.zone, c.written, c.card, c.delta, c.code, c.reason, c.line) for c in fix.changes] == [
        ("main", "Clockwork Keper", "Clockwork Keeper", 0, "RB001", "no card of that name; one close match", 12)]
    assert result.corrected == ORNN  # the line reads as the original did


def test_the_corrected_name_keeps_the_lines_style():
    # the Ornn sample writes subtitles after " - ": the Champion line misspelt is corrected the same way
    text = ORNN.replace("Ornn - Blacksmith\n", "Ornn - Blacksmth\n")
    result = _fixed(text)
    assert [(c.zone, c.written, c.card) for c in result.fix.changes] == [
        ("champion", "Ornn - Blacksmth", "Ornn, Blacksmith")]
    assert result.fix.deck.champion.card.name == "Ornn, Blacksmith"
    assert result.corrected == ORNN


def test_one_close_match_and_a_banned_card_are_both_fixed():
    text = ANNIE.replace("2 Tideturner (OGN-199)\n", "2 Tidetruner\n")
    result = _fixed(text)
    fix = result.fix
    assert fix.status == FIXED and fix.legal_after and fix.size == 4
    assert [(c.card, c.delta, c.code) for c in fix.changes[:2]] == [("Tideturner", 0, "RB001"),
                                                                    ("Stacked Deck", -2, "RB601")]
    assert "2 Tideturner" in result.corrected.splitlines() and "Tidetruner" not in result.corrected
    assert _reread_is_legal(result.corrected)


def test_one_close_match_beside_every_other_kind_of_problem():
    # the broken Kai'Sa sample (RB101, RB103, RB108, RB215) with 'Ravnbloom Student' for Ravenbloom Student
    result = _fixed(KAISA.replace("3 Ravenbloom Student\n", "3 Ravnbloom Student\n"))
    fix = result.fix
    untouched = fix_deck(resolve_deck(read_text(KAISA, source="kaisa.txt"), DB), format="standard", as_of=DAY, cards=DB)
    assert fix.status == FIXED and fix.legal_after
    assert fix.changes[0].written == "Ravnbloom Student" and fix.changes[0].card == "Ravenbloom Student"
    assert [(c.zone, c.card, c.delta) for c in fix.changes[1:]] == [
        (c.zone, c.card, c.delta) for c in untouched.changes]
    assert "3 Ravenbloom Student" in result.corrected.splitlines()
    assert _reread_is_legal(result.corrected)


def test_a_name_as_close_to_several_cards_is_a_line_to_settle_and_the_rest_is_fixed():
    # 'Blood Rosh' is one letter from Blood Rose and one from Blood Rush
    result = _fixed(KAISA.replace("1 Gust\n", "1 Blood Rosh\n"))
    fix = result.fix
    assert fix.status == TO_SETTLE and not fix.legal_after
    assert fix.reasons == ["line 27: 'Blood Rosh' could be Blood Rose, Blood Rush: write the one meant (RB001)"]
    assert [(c.card, c.delta, c.code) for c in fix.changes if c.zone != "champion"] == [("Cleave", -1, "RB103")]
    assert [v.code for v in fix.after.errors] == ["RB001"]  # nothing but the line to settle
    assert "1 Blood Rosh" in result.corrected.splitlines()
    settled = result.corrected.replace("1 Blood Rosh", "1 Blood Rush")
    assert _reread_is_legal(settled)


def test_a_short_name_several_cards_share_is_a_line_to_settle():
    result = _fixed(ORNN.replace("3x Clockwork Keeper\n", "3x Clockwork Keeper\n1x Kai'Sa\n").replace(
        "3x Patched Porobot\n", "2x Patched Porobot\n"))
    assert result.fix.status == TO_SETTLE
    (reason,) = result.fix.reasons
    assert reason.startswith("line 13: 'Kai'Sa' could be Kai'Sa, ") and reason.endswith(": write the one meant (RB001)")


def test_a_name_nothing_is_close_to_leaves_the_list_as_it_is():
    text = KAISA.replace("3 Hextech Ray", "3 Hextek Rayz").replace("3 Ravenbloom Student\n", "3 Ravnbloom Student\n")
    fix = _fixed(text).fix
    assert fix.status == CANNOT and fix.changes == [] and fix.deck is None
    assert [r.split(":")[0] for r in fix.reasons] == ["line 14", "line 21"]  # every line to correct


def test_close_matches_reach_one_edit_per_8_characters():
    assert distance("ravnbloom student", "ravenbloom student") == 1
    assert distance("hextek rayz", "hextech ray") == 3
    assert distance("gsut", "gust") == 1  # two neighbours swapped
    assert close_matches(DB, "Ravnbloom Studnt", None) == ["Ravenbloom Student"]  # 2 edits in 16 characters
    assert close_matches(DB, "Hextek Rayz", None) == []
    assert close_matches(DB, "Blood Rosh", None) == ["Blood Rose", "Blood Rush"]
    assert close_matches(DB, "Fury Rume", None) == ["Fury Rune"]
    assert close_matches(DB, "Fury Rume", Zone.MAIN) == []  # a Main Deck line holds no rune
