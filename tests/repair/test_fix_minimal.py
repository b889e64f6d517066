"""``fix_deck`` on the real decks mutated one rule at a time and several at once: every fix checks
legal and is the smallest change (a brute-force search finds nothing smaller on the small cases)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deckcheck.cards import load_cards
from deckcheck.repair import ALREADY_LEGAL, FIXED, fix_deck
from deckcheck.repair.context import FixContext
from deckcheck.rules import check_deck
from deckcheck.rules.facts import MAIN

from .helpers import add, brute_force_smallest, counts, cut, legal_real_decks

DB = load_cards()
DECKS = legal_real_decks(DB)
IDS = [d["slug"][:30] for d, _, _ in DECKS]


def _off_identity(ctx: FixContext, deck):
    identity = ctx.facts(deck.legend.card).mask
    return next(c for c, f in ctx.main_pool() if f.mask and not f.mask & identity and not f.signature)


def _three_of(deck):
    champion = deck.champion.card.name
    return next(e.card for e in deck.main if e.count == 3 and e.card.name != champion)


def _not_champion(deck, n: int = 1):
    return next(e.card.name for e in deck.main if e.card.name != deck.champion.card.name and e.count >= n)


def _fresh_in_identity(ctx: FixContext, deck, n: int):
    identity = ctx.facts(deck.legend.card).mask
    held = {e.card.name for e in deck.main}
    return [c for c, f in ctx.main_pool() if not f.mask & ~identity and c.name not in held
            and not f.signature and f.limit >= 3][:n]


def _mutations(ctx: FixContext, deck):
    """(what, mutated deck, the smallest number of copies that makes it legal again)."""
    banned = DB.by_name("Fight or Flight")  # banned since 2026-03-31: before every real deck's date
    rune = deck.runes[0].card
    battlefield = deck.battlefields[0].card
    yield "4th copy (RB103, RB101)", add(deck, "main", _three_of(deck)), 1
    yield "banned card added (RB601)", add(deck, "main", banned), 1
    yield "banned card swapped in (RB601)", add(cut(deck, "main", _not_champion(deck)), "main", banned), 2
    yield "off-identity card (RB108)", add(deck, "main", _off_identity(ctx, deck)), 1
    yield "39 cards (RB101)", cut(deck, "main", _not_champion(deck)), 1
    yield "11 runes (RB301)", cut(deck, "runes", rune.name), 1
    yield "13 runes (RB301)", add(deck, "runes", rune), 1
    yield "2 battlefields (RB401)", cut(deck, "battlefields", battlefield.name), 1
    yield "a battlefield twice (RB402)", add(deck, "battlefields", battlefield), 1
    side = deck
    for card in _fresh_in_identity(ctx, deck, 11):
        side = add(side, "sideboard", card)
    yield "11 sideboard cards (RB501)", side, 1
    several = add(add(cut(deck, "runes", rune.name), "main", _three_of(deck)), "main", _off_identity(ctx, deck))
    yield "4th copy, off-identity card, 11 runes", several, 3
    several = add(cut(cut(deck, "battlefields", battlefield.name), "main", _not_champion(deck, 2), 2), "main", banned)
    yield "banned card, 38 other cards, 2 battlefields", several, 4


@pytest.mark.parametrize(("d", "deck", "day"), DECKS, ids=IDS)
def test_a_legal_real_deck_is_already_legal(d, deck, day):
    fix = fix_deck(deck, format="standard", as_of=day, cards=DB)
    assert fix.status == ALREADY_LEGAL
    assert fix.changes == [] and fix.legal_after


@pytest.mark.parametrize(("d", "deck", "day"), DECKS, ids=IDS)
def test_each_mutation_is_fixed_by_its_smallest_change(d, deck, day):
    ctx = FixContext(DB, "standard", day)
    for what, mutated, smallest in _mutations(ctx, deck):
        assert not check_deck(mutated, "standard", day, cards=DB).legal, what
        fix = fix_deck(mutated, context=ctx)
        assert fix.status == FIXED, (what, fix.reasons)
        assert fix.legal_after, what
        assert check_deck(fix.deck, "standard", day, cards=DB).legal, what
        assert fix.size == smallest, (what, [(c.zone, c.card, c.delta) for c in fix.changes])
        cuts = sum(-c.delta for c in fix.changes if c.delta < 0 and c.moves_cards)
        adds = sum(c.delta for c in fix.changes if c.delta > 0 and c.moves_cards)
        before, after = counts(mutated), counts(fix.deck)
        assert sum(sum(c.values()) for c in before.values()) - cuts + adds == sum(sum(c.values()) for c in after.values())


@pytest.mark.parametrize(("d", "deck", "day"), DECKS[:3], ids=IDS[:3])
def test_no_smaller_change_exists_brute_force(d, deck, day):
    """Every combination of one change fewer than the fix (cuts of any copy, additions of the fix's
    own cards and of the deck's runes and battlefields, any held champion named) stays illegal."""
    ctx = FixContext(DB, "standard", day)
    for what, mutated, _ in _mutations(ctx, deck):
        fix = fix_deck(mutated, context=ctx)
        pool = {"main": [DB.by_name(c.card) for c in fix.changes if c.zone == "main" and c.delta > 0]
                + [e.card for e in deck.main[:4]],
                "runes": [e.card for e in deck.runes], "battlefields": [e.card for e in deck.battlefields]}
        if fix.size <= 3:
            assert brute_force_smallest(mutated, ctx, pool, fix.size - 1) is None, what
        if fix.size <= 2:  # and the search, given one more change, finds a legal list of the fix's size
            assert brute_force_smallest(mutated, ctx, pool, fix.size) == fix.size, what


def test_additions_are_legal_that_day_and_inside_the_identity():
    d, deck, day = DECKS[0]
    ctx = FixContext(DB, "standard", day)
    identity = ctx.facts(deck.legend.card).mask
    short = cut(cut(deck, "main", _not_champion(deck, 2), 2), "runes", deck.runes[0].card.name, 3)
    fix = fix_deck(cut(short, "battlefields", deck.battlefields[0].card.name), context=ctx)
    added = [c for c in fix.changes if c.delta > 0]
    assert {c.zone for c in added} == {"main", "runes", "battlefields"}
    for change in added:
        for name in (change.card, *change.candidates):
            card = DB.by_name(name)
            assert ctx.legal(name), name  # neither banned nor from a set not legal yet
            assert not ctx.facts(card).mask & ~identity, name
    assert all(ctx.facts(DB.by_name(c.card)).kind == MAIN for c in added if c.zone == "main")


def test_a_replacement_has_the_type_and_cost_of_the_card_cut():
    d, deck, day = DECKS[0]
    ctx = FixContext(DB, "standard", day)
    gone = next(e.card for e in deck.main if e.card.energy is not None and e.card.name != deck.champion.card.name)
    mutated = add(cut(deck, "main", gone.name), "main", DB.by_name("Fight or Flight"))
    fix = fix_deck(mutated, context=ctx)
    (added,) = [c for c in fix.changes if c.delta > 0]
    replacement = DB.by_name(added.card)
    banned = DB.by_name("Fight or Flight")
    assert replacement.type is banned.type and replacement.energy == banned.energy
    assert added.reason.startswith("for Fight or Flight")


def test_before_radiance_no_radiance_card_is_proposed():
    from datetime import date

    d, deck, _ = DECKS[0]
    day = date(2026, 10, 1)
    ctx = FixContext(DB, "standard", day)
    fix = fix_deck(cut(deck, "main", _not_champion(deck, 3), 3), context=ctx)
    for change in fix.changes:
        for name in (change.card, *change.candidates):
            assert any(p.set != "RAD" for p in DB.printings_of(name)), name


def _formats_case():
    d, deck, day = DECKS[1]
    return deck, day, _three_of(deck)


def test_a_copy_over_the_limit_across_main_and_sideboard_is_cut_from_the_sideboard():
    deck, day, three = _formats_case()
    fix = fix_deck(add(deck, "sideboard", three), format="standard", as_of=day, cards=DB)
    assert [(c.zone, c.card, c.delta, c.code) for c in fix.changes] == [("sideboard", three.name, -1, "RB103")]
    assert fix.legal_after


def test_best_of_one_cuts_the_sideboard():
    deck, day, three = _formats_case()
    fix = fix_deck(add(deck, "sideboard", three), format="standard-bo1", as_of=day, cards=DB)
    assert [(c.zone, c.code) for c in fix.changes] == [("sideboard", "RB502")] and fix.legal_after


def test_casual_needs_at_least_40_and_keeps_more():
    deck, day, three = _formats_case()
    bigger = add(deck, "main", _fresh_in_identity(FixContext(DB, "casual", day), deck, 1)[0])
    assert fix_deck(bigger, format="casual", as_of=day, cards=DB).status == ALREADY_LEGAL
    fix = fix_deck(cut(deck, "main", three.name), format="casual", as_of=day, cards=DB)
    assert fix.size == 1 and fix.changes[0].delta == 1 and fix.legal_after


def test_of_two_legends_the_one_the_deck_fits_is_kept():
    from deckcheck.decks.model import DeckEntry

    deck, day, _ = _formats_case()
    other = next(c for c in DB if c.type.value == "Legend" and c.domains[0] not in deck.legend.card.domains)
    for legend, extra in ((deck.legend, DeckEntry(card=other, count=1, written=other.name)),
                          (DeckEntry(card=other, count=1, written=other.name), deck.legend)):
        fix = fix_deck(replace(deck, legend=legend, extra_legends=[extra]), format="standard",
                       as_of=day, cards=DB)
        assert [(c.zone, c.card, c.delta, c.code) for c in fix.changes] == [("legend", other.name, -1, "RB201")]
        assert fix.deck.legend.card.name == deck.legend.card.name and fix.legal_after


def test_additional_legends_no_card_allows_are_cut():
    from deckcheck.decks.model import DeckEntry

    deck, day, _ = _formats_case()
    other = next(c for c in DB if c.type.value == "Legend" and c.name != deck.legend.card.name)
    chosen = replace(deck, additional_legends=[DeckEntry(card=other, count=1, written=other.name)])
    assert any(v.code == "RB203" for v in check_deck(chosen, "standard", day, cards=DB).errors)
    fix = fix_deck(chosen, format="standard", as_of=day, cards=DB)
    assert [(c.zone, c.card, c.code) for c in fix.changes] == [("additional_legends", other.name, "RB203")]
    assert fix.legal_after


def test_at_launch_a_sideboard_of_5_is_filled_to_8_rather_than_emptied():
    from datetime import date

    from deckcheck.decks.load import load_deck

    day = date(2025, 11, 1)  # the launch Tournament Rules: a sideboard of exactly 0 or 8
    ctx = FixContext(DB, "standard", day)
    deck = fix_deck(load_deck(str(__import__("conftest").REPO / "sample_decks" / "illegal-kaisa-too-many-copies.txt"),
                              DB), context=ctx).deck
    side = deck
    for card in _fresh_in_identity(ctx, deck, 5):
        side = add(side, "sideboard", card)
    fix = fix_deck(side, context=ctx)
    assert fix.size == 3 and fix.legal_after
    assert {(c.zone, c.code) for c in fix.changes} == {("sideboard", "RB501")} and all(c.delta > 0 for c in fix.changes)


@pytest.mark.parametrize("seed", range(6))
def test_random_plantings_are_fixed_legally_by_no_more_changes_than_planted(seed):
    """Several rules broken at once, at random (seeded): the fix checks legal and needs at most as
    many card changes as were planted (undoing the planting is always one legal answer)."""
    import random

    rng = random.Random(seed)
    d, deck, day = DECKS[seed % len(DECKS)]
    ctx = FixContext(DB, "standard", day)
    banned = [DB.by_name(n) for n in ("Fight or Flight", "Called Shot", "Scrapheap")]
    off = _off_identity(ctx, deck)
    for _ in range(8):
        mutated, planted = deck, 0
        for _ in range(rng.randint(2, 5)):
            zone = rng.choice(["main", "main", "runes", "battlefields"])
            entries = getattr(mutated, zone)
            kind = rng.random()
            if kind < 0.35 and entries:
                name = rng.choice(entries).card.name
                if zone == "main" and name == mutated.champion.card.name:
                    continue
                mutated = cut(mutated, zone, name)
            elif kind < 0.6 and zone == "main":
                mutated = add(mutated, "main", rng.choice(banned + [off]))
            elif entries:
                mutated = add(mutated, zone, rng.choice(entries).card)
            else:
                continue
            planted += 1
        fix = fix_deck(mutated, context=ctx)
        if fix.status == ALREADY_LEGAL:
            continue
        assert fix.status == FIXED and fix.legal_after, fix.reasons
        assert fix.size <= planted
