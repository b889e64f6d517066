"""What ``fix`` adds where a count falls short, at the edges: never a 4th Signature card, runes in the
Main Deck's split (cut from and added to the domain the split says, not the larger one), a
sideboard brought to the nearer allowed size, and an added card written ``+1 Card`` in the diff."""

from __future__ import annotations

from conftest import REPO
from rules.support import CHECK_DAY, ORNN, ORNN_CHAMPION, YI, YI_CHAMPION, change, deck, flat, spare_sideboard

from deckcheck.cards import load_cards
from deckcheck.repair import FIXED, fix_deck
from deckcheck.repair.batch import fix_text
from deckcheck.repair.context import FixContext
from deckcheck.render.fix import render_fix_text

DB = load_cards()
SAMPLE = REPO / "sample_decks" / "legal-ornn-calm-mind.txt"


def _changes(fix) -> list[tuple]:
    return [(c.zone, c.card, c.delta, c.code, c.reason) for c in fix.changes]


def test_the_main_deck_is_never_filled_with_a_fourth_signature_card():
    # Master Yi with 3 Signature cards (2 Highlander, 1 Alpha Strike) and Disintegrate (Fury, a spell of cost 4):
    # the card cut is replaced by a spell of cost 4, and of the deck's own, Highlander (2 copies) would come
    # before Primal Strength (1 copy) but for the limit of 3 Signature cards
    d = deck(change(flat(YI), OGN_138=-3, OGS_020=2, UNL_192=1, OGN_047=-1, OGN_005=1), champion=YI_CHAMPION)
    fix = fix_deck(d, format="standard", as_of=CHECK_DAY, cards=DB)
    assert fix.status == FIXED and fix.legal_after
    assert _changes(fix) == [("main", "Disintegrate", -1, "RB108", "Fury, outside Calm and Body"),
                             ("main", "Primal Strength", 1, "RB101", "for Disintegrate: spell, cost 4")]
    assert sum(e.count for e in fix.deck.main if e.card.is_signature) == 3


def test_runes_are_added_to_the_domain_under_its_share_not_to_the_one_over_it():
    # the Ornn Main Deck plays 27 Calm and 13 Mind cards: a share of 8.1 Calm and 3.9 Mind runes;
    # 9 Calm + 1 Mind is short of 12 while Calm is already over its share
    d = deck(change(flat(ORNN), VEN_R02=1, VEN_R03=-3), champion=ORNN_CHAMPION)
    fix = fix_deck(d, format="standard", as_of=CHECK_DAY, cards=DB)
    assert _changes(fix) == [("runes", "Mind Rune", 2, "RB301", "to reach 12 runes")]
    assert fix.legal_after


def test_runes_are_cut_from_the_domain_over_its_share_even_when_it_has_fewer():
    # 8 Calm + 6 Mind: Mind, the smaller count, is the one over its share (3.9)
    d = deck(change(flat(ORNN), VEN_R03=2), champion=ORNN_CHAMPION)
    fix = fix_deck(d, format="standard", as_of=CHECK_DAY, cards=DB)
    assert _changes(fix) == [("runes", "Mind Rune", -2, "RB301", "over 12 runes")]


def _zero_or_eight(tmp_path) -> str:
    """An event format (standard otherwise) whose sideboard must be exactly 0 or 8 cards."""
    path = tmp_path / "zero-or-eight.yaml"
    path.write_text("extends: standard\nname: zero-or-eight\ntitle: Sideboards of 0 or 8\nsideboard:\n"
                    "  - {from: 2025-10-31, sizes: [0, 8], note: \"the event's rule\"}\n", encoding="utf-8")
    return str(path)


def test_a_sideboard_as_far_from_both_allowed_sizes_is_cut_rather_than_filled(tmp_path):
    # 4 cards, between 0 and 8: both are 4 away, and a cut takes nothing the list did not hold
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=spare_sideboard(4))
    fix = fix_deck(d, format=_zero_or_eight(tmp_path), as_of=CHECK_DAY, cards=DB)
    assert fix.status == FIXED and fix.size == 4 and fix.legal_after
    assert {(c.zone, c.delta < 0, c.code, c.reason) for c in fix.changes} == {
        ("sideboard", True, "RB501", "over 0 sideboard cards")}
    assert fix.deck.sideboard == []


def test_a_sideboard_nearer_the_larger_allowed_size_is_filled(tmp_path):
    # 5 cards: 8 is 3 away, 0 is 5 away
    d = deck(flat(ORNN), champion=ORNN_CHAMPION, sideboard=spare_sideboard(5))
    fix = fix_deck(d, format=_zero_or_eight(tmp_path), as_of=CHECK_DAY, cards=DB)
    assert fix.status == FIXED and fix.size == 3 and fix.legal_after
    assert {(c.zone, c.delta, c.code, c.reason) for c in fix.changes} == {
        ("sideboard", 1, "RB501", "to reach 8 sideboard cards")}


def test_an_added_card_reads_plus_one_in_the_diff():
    # the Ornn sample one Defy short: the fix adds it back, and the diff says so with its sign
    text = SAMPLE.read_text(encoding="utf-8").replace("3x Defy\n", "2x Defy\n")
    result = fix_text(text, "ornn.txt", FixContext(DB, "standard", CHECK_DAY))
    (added,) = result.fix.changes
    assert (added.card, added.delta) == ("Defy", 1)
    lines = render_fix_text([result]).splitlines()
    assert f"  +1 Defy (to reach 40 cards, RB101; or {', '.join(added.candidates)})" in lines
    assert "3x Defy" in result.corrected.splitlines()  # the list itself keeps its own counts
