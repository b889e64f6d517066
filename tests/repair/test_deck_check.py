"""A judge's deck check as the Tournament Rules decide it (TR 403.4, 403.8, 703.3, 703.4): real decks
(the 32 tournament lists, given a sideboard of their own cards, and the Jinx sample with its
sideboard) presented identical, sideboarded in game 1 and in game 2, sideboarded with a card missing,
swapped otherwise, with 41 cards, and beside an illegal list. Each remedy, carried out step by step
on the deck presented, gives the deck the rules ask for."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date

import pytest

from conftest import REPO
from deckcheck.cards import load_cards
from deckcheck.decks.load import load_deck
from deckcheck.decks.model import Zone
from deckcheck.repair import ALREADY_LEGAL, FIXED, fix_deck
from deckcheck.repair.deck_check import sideboarded
from deckcheck.repair.listing import signature
from deckcheck.rules import check_deck

from .helpers import add, copy, cut, legal_real_decks

DB = load_cards()
DAY = date(2026, 11, 30)  # the TR of 2026-10-09 in force: the remedies are 703.4.c.*
JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
KAISA = REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"
ZONES = {"main": Zone.MAIN, "sideboard": Zone.SIDEBOARD, "runes": Zone.RUNES, "battlefields": Zone.BATTLEFIELDS,
         "legend": Zone.LEGEND}


def _with_sideboard(deck):
    """A real list (registered without a sideboard) given one: one more copy of each of three cards it
    plays once or twice, so copy limits hold over Main Deck and sideboard."""
    out = copy(deck)
    picked = [e.card for e in deck.main if e.count <= 2 and e.card.name != deck.champion.card.name][:3]
    for card in picked:
        out = add(out, "sideboard", card)
    return out


def _sideboard(deck, n: int = 1):
    """``deck`` after a 1-for-1 sideboarding of ``n`` cards: sideboard cards in, Main Deck cards out."""
    out = deck
    ins = [e.card for e in deck.sideboard][:n]
    outs = [e.card for e in deck.main if e.card.name not in {c.name for c in ins}
            and e.card.name != deck.champion.card.name][-n:]
    for card_in, card_out in zip(ins, outs):
        out = add(cut(out, "sideboard", card_in.name), "main", card_in)
        out = add(cut(out, "main", card_out.name), "sideboard", card_out)
    return out


def _counts(deck) -> dict[str, Counter]:
    from deckcheck.decks.diff import zone_counts

    return {name: zone_counts(deck, zone) for name, zone in ZONES.items()}


def _carried_out(deck, steps) -> dict[str, Counter]:
    """The zones of ``deck`` after the remedy's steps, done one by one as a judge would."""
    zones = _counts(deck)
    for s in steps:
        if s.target == "champion":
            continue
        if s.source is not None:
            assert zones[s.source][s.card] >= s.count, (s, "more than the deck holds")
            zones[s.source][s.card] -= s.count
        if s.target is not None:
            zones[s.target][s.card] += s.count
    return {z: +c for z, c in zones.items()}


def _cases():
    decks = [(d["slug"], _with_sideboard(deck), day) for d, deck, day in legal_real_decks(DB)[:4]]
    return decks + [("jinx-sample", load_deck(str(JINX), DB), DAY)]


CASES = _cases()
IDS = [slug for slug, _, _ in CASES]


def _check(registered, presented, day, game=1, format="standard"):
    return fix_deck(registered, format=format, as_of=day, cards=DB, presented=presented, game=game)


@pytest.mark.parametrize("slug,deck,day", CASES, ids=IDS)
def test_a_deck_that_is_its_list_needs_nothing(slug, deck, day):
    assert check_deck(deck, "standard", day, cards=DB).legal
    fix = _check(deck, copy(deck), day)
    check = fix.deck_check
    assert (check.finding, check.infraction, check.remedy, check.differences) == ("matches", None, [], [])
    assert fix.status == ALREADY_LEGAL and not fix.changes


@pytest.mark.parametrize("slug,deck,day", CASES, ids=IDS)
def test_a_sideboarded_deck_in_game_1_is_a_deck_presentation_error_restored_to_the_list(slug, deck, day):
    shown = _sideboard(deck, 2)
    assert sideboarded(deck, shown) and check_deck(shown, "standard", day, cards=DB).legal
    fix = _check(deck, shown, day, game=1)
    check = fix.deck_check
    assert check.finding == "sideboarded"
    assert (check.infraction.name, check.infraction.penalty, check.infraction.examples) == (
        "Deck Presentation Error", "Warning", ("TR 703.4.a.2",))
    assert check.list_stands and not fix.changes and fix.status == ALREADY_LEGAL
    assert {(s.source, s.target) for s in check.remedy} == {("main", "sideboard"), ("sideboard", "main")}
    assert _carried_out(shown, check.remedy) == _counts(deck)  # the deck is the list again, card by card
    upgraded = "TR 703.4.c.3" if day >= date(2026, 10, 16) else "TR 703.4.b.3"
    assert any("Game Loss" in n and upgraded in n for n in check.notes)


@pytest.mark.parametrize("game", [2, 3])
@pytest.mark.parametrize("slug,deck,day", CASES, ids=IDS)
def test_a_sideboarded_deck_in_game_2_or_3_is_no_infraction(slug, deck, day, game):
    fix = _check(deck, _sideboard(deck, 2), day, game=game)
    check = fix.deck_check
    assert (check.finding, check.infraction, check.remedy) == ("sideboarded", None, [])
    assert fix.status == ALREADY_LEGAL and not fix.changes and len(check.differences) == 8  # 2 in, 2 out


@pytest.mark.parametrize("slug,deck,day", CASES, ids=IDS)
def test_sideboarded_with_a_card_missing_is_restored_to_the_list_in_game_1_and_only_the_card_in_game_2(slug, deck,
                                                                                                       day):
    sided = _sideboard(deck, 1)
    gone = next(e.card for e in sided.main if e.count >= 2 and e.card.name != deck.champion.card.name)
    shown = cut(sided, "main", gone.name)
    one = _check(deck, shown, day, game=1).deck_check
    assert one.finding == "deck illegal" and one.infraction.name == "Deck Presentation Error"
    assert one.infraction.examples == ("TR 703.4.a.2", "TR 703.4.a.4")
    assert _carried_out(shown, one.remedy) == _counts(deck)
    two = _check(deck, shown, day, game=2).deck_check
    assert two.infraction.examples == ("TR 703.4.a.4",) and two.list_stands
    assert [(s.card, s.count, s.source, s.target) for s in two.remedy] == [(gone.name, 1, None, "main")]
    assert _carried_out(shown, two.remedy) == _counts(sided)  # the player's own sideboarding stays


@pytest.mark.parametrize("slug,deck,day", CASES, ids=IDS)
def test_a_legal_swap_that_is_no_sideboarding_is_a_decklist_error_and_the_list_follows_the_deck(slug, deck, day):
    out_card = next(e.card for e in deck.main if e.count >= 2 and e.card.name != deck.champion.card.name)
    in_card = next(e.card for e in deck.main if e.count <= 2 and e.card.name not in (out_card.name,
                   deck.champion.card.name) and not any(s.card.name == e.card.name for s in deck.sideboard))
    shown = add(cut(deck, "main", out_card.name), "main", in_card)  # a card not in the sideboard came in
    assert check_deck(shown, "standard", day, cards=DB).legal and not sideboarded(deck, shown)
    fix = _check(deck, shown, day)
    check = fix.deck_check
    assert check.finding == "deck differs"
    assert (check.infraction.name, check.infraction.penalty, check.infraction.examples) == (
        "Decklist Error", "Game Loss", ("TR 703.3.a.6",))
    assert check.remedy_rule == "TR 703.3.b.2" and not check.list_stands and check.remedy == []
    assert fix.status == FIXED and fix.legal_after and signature(fix.deck) == signature(shown)
    assert {(c.zone, c.card, c.delta) for c in fix.changes} == {("main", out_card.name, -1), ("main", in_card.name, 1)}


@pytest.mark.parametrize("slug,deck,day", CASES, ids=IDS)
def test_a_deck_of_41_cards_beside_a_legal_list_is_a_deck_presentation_error_and_the_list_stands(slug, deck, day):
    extra = next(e.card for e in deck.main if e.count <= 2 and e.card.name != deck.champion.card.name
                 and not any(s.card.name == e.card.name for s in deck.sideboard))
    shown = add(deck, "main", extra)
    assert sum(e.count for e in shown.main) == 41
    fix = _check(deck, shown, day, game=2)
    check = fix.deck_check
    assert check.finding == "deck illegal" and check.infraction.name == "Deck Presentation Error"
    assert check.infraction.examples == ("TR 703.4.a.4", "TR 703.4.a.5")
    assert [(s.card, s.count, s.source, s.target) for s in check.remedy] == [(extra.name, 1, "main", None)]
    assert fix.status == ALREADY_LEGAL and not fix.changes


def test_a_battlefield_changed_in_a_legal_deck_is_a_decklist_error_not_a_sideboarding():
    deck = load_deck(str(JINX), DB)
    from deckcheck.repair.context import FixContext

    held = {e.card.name for e in deck.battlefields}
    other = next(c for c, _ in FixContext(DB, "standard", DAY).battlefield_pool() if c.name not in held
                 and check_deck(add(cut(deck, "battlefields", deck.battlefields[0].card.name), "battlefields", c),
                                "standard", DAY, cards=DB).legal)
    shown = add(cut(deck, "battlefields", deck.battlefields[0].card.name), "battlefields", other)
    check = _check(deck, shown, DAY, game=2).deck_check  # TR 403.4.b: battlefields never change
    assert check.finding == "deck differs" and check.infraction.name == "Decklist Error"


def test_both_illegal_the_list_gets_its_smallest_fix_and_the_deck_is_made_to_match_it():
    registered = load_deck(str(KAISA), DB)
    shown = add(registered, "main", DB.by_name("Pouty Poro"))
    alone = fix_deck(registered, format="standard", as_of=DAY, cards=DB)
    fix = _check(registered, shown, DAY)
    check = fix.deck_check
    assert check.finding == "list illegal" and not check.presented_legal
    assert (check.infraction.name, check.infraction.penalty) == ("Decklist Error", "Game Loss")
    assert check.infraction.examples == ("TR 703.3.a.1", "TR 703.3.a.3", "TR 703.3.a.4", "TR 703.3.a.5",
                                         "TR 703.3.a.6")
    assert check.remedy_rule == "TR 703.3.b.1" and not check.list_stands
    assert fix.status == FIXED and fix.size == alone.size == 3  # the same smallest change as without a deck
    assert _carried_out(shown, check.remedy) == _counts(fix.deck)
    assert [s for s in check.remedy if s.target == "champion"][0].card == "Kai'Sa, Survivor"


def test_an_illegal_list_beside_a_legal_deck_is_changed_to_match_the_deck():
    registered = load_deck(str(KAISA), DB)
    shown = fix_deck(registered, format="standard", as_of=DAY, cards=DB).deck
    fix = _check(registered, shown, DAY)
    check = fix.deck_check
    assert check.finding == "list illegal" and check.presented_legal and check.remedy_rule == "TR 703.3.b.2"
    assert "TR 703.3.a.6" in check.infraction.examples and fix.legal_after
    assert signature(fix.deck) == signature(shown)


def test_an_illegal_list_presented_as_it_is_gets_its_smallest_fix_and_the_deck_follows():
    registered = load_deck(str(KAISA), DB)
    fix = _check(registered, copy(registered), DAY)
    check = fix.deck_check
    assert check.matches and check.finding == "list illegal" and "TR 703.3.a.6" not in check.infraction.examples
    assert _carried_out(registered, check.remedy) == _counts(fix.deck)


def test_the_chosen_champion_swapped_for_another_of_the_legend_is_a_sideboarding():
    deck = load_deck(str(JINX), DB)
    rebel = DB.by_name("Jinx, Rebel")
    registered = add(deck, "sideboard", rebel)
    shown = add(cut(registered, "sideboard", rebel.name), "main", rebel)
    shown = add(cut(shown, "main", "Shadows of the Past"), "sideboard", DB.by_name("Shadows of the Past"))
    shown.champion = replace(next(e for e in shown.main if e.card.name == rebel.name), count=1)
    assert _check(registered, shown, DAY, game=2).deck_check.finding == "sideboarded"
    one = _check(registered, shown, DAY, game=1).deck_check
    assert one.infraction.examples == ("TR 703.4.a.2",)
    assert [s.card for s in one.remedy if s.target == "champion"] == ["Jinx, Demolitionist"]


def test_a_game_that_a_match_does_not_have_is_refused():
    deck = load_deck(str(JINX), DB)
    for game in (0, 4, "2"):
        with pytest.raises(ValueError, match="game"):
            _check(deck, deck, DAY, game=game)


def test_a_card_the_data_cannot_know_is_checked_by_hand_never_held_against_deck_or_list():
    registered = load_deck(str(REPO / "sample_decks" / "unverified-ziggs-radiance-missing-cards.txt"), DB)
    fix = _check(registered, copy(registered), DAY)
    assert fix.deck_check.finding == "matches" and fix.deck_check.infraction is None
    assert fix.status == "unverified" and fix.check_by_hand == ["RAD-011", "RAD-094"]


def test_a_name_typed_wrong_in_the_presented_deck_is_an_error_naming_its_line_not_an_infraction(tmp_path):
    from deckcheck.decks.load import read_text
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.errors import DeckReadError

    text = JINX.read_text(encoding="utf-8").replace("3 Sharkling\n", "3 Sharkleng\n")
    typed = resolve_deck(read_text(text, source="found.txt"), DB)
    with pytest.raises(DeckReadError) as err:
        _check(load_deck(str(JINX), DB), typed, DAY)
    assert (err.value.file, err.value.line) == ("found.txt", 22)
    assert err.value.message.startswith("the presented deck: no card named 'Sharkleng'")
