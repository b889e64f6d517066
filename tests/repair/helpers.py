"""Mutations of real decks, one rule at a time, and a brute-force search for the smallest legal change."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from datetime import date

from conftest import real_decks

from deckcheck.decks.model import Deck, DeckEntry
from deckcheck.repair.context import FixContext
from deckcheck.rules import check_deck
from rules.support import resolved

ZONES = ("main", "runes", "battlefields", "sideboard")


def legal_real_decks(db) -> list[tuple[dict, Deck, date]]:
    """The real lists that are legal in standard on their own date."""
    out = []
    for d in real_decks():
        day = date.fromisoformat(d["date"])
        deck = resolved(d, db)
        if check_deck(deck, "standard", day, cards=db).legal:
            out.append((d, deck, day))
    return out


def copy(deck: Deck) -> Deck:
    return replace(deck, **{z: [replace(e) for e in getattr(deck, z)] for z in ZONES})


def add(deck: Deck, zone: str, card, n: int = 1) -> Deck:
    """``deck`` with ``n`` more copies of ``card`` in ``zone``."""
    out = copy(deck)
    entries = getattr(out, zone)
    for i, e in enumerate(entries):
        if e.card.name == card.name:
            entries[i] = replace(e, count=e.count + n)
            return out
    entries.append(DeckEntry(card=card, count=n, written=card.name))
    return out


def cut(deck: Deck, zone: str, name: str, n: int = 1) -> Deck:
    """``deck`` with ``n`` copies of ``name`` fewer in ``zone``."""
    out = copy(deck)
    entries = getattr(out, zone)
    for i in range(len(entries) - 1, -1, -1):
        e = entries[i]
        if e.card.name == name and n:
            take = min(n, e.count)
            n -= take
            if take == e.count:
                del entries[i]
            else:
                entries[i] = replace(e, count=e.count - take)
    return out


def counts(deck: Deck) -> dict[str, Counter]:
    out = {z: Counter() for z in ZONES}
    for z in ZONES:
        for e in getattr(deck, z):
            out[z][e.card.name] += e.count
    return out


def brute_force_smallest(deck: Deck, ctx: FixContext, additions: dict[str, list], most: int) -> int | None:
    """The fewest copies cut or added (``most`` at most) after which ``deck`` checks legal, by trying
    every combination: cuts of any copy in any zone, additions from ``additions`` (zone -> cards),
    and, free, any champion unit of the legend's tag the Main Deck holds as the Chosen Champion.
    None when no combination of ``most`` changes or fewer is legal."""
    have = counts(deck)
    moves = [("cut", z, name) for z in ZONES for name in have[z]]
    moves += [("add", z, card) for z, cards in additions.items() for card in cards]
    for size in range(most + 1):
        for chosen in itertools.combinations_with_replacement(range(len(moves)), size):
            trial = deck
            ok = True
            for i in chosen:
                kind, zone, what = moves[i]
                if kind == "cut":
                    if counts(trial)[zone][what] == 0:
                        ok = False
                        break
                    trial = cut(trial, zone, what)
                else:
                    trial = add(trial, zone, what)
            if ok and _legal_with_some_champion(trial, ctx):
                return size
    return None


def _legal_with_some_champion(deck: Deck, ctx: FixContext) -> bool:
    if check_deck(deck, ctx.spec, ctx.day, cards=ctx.db).legal:
        return True
    tag = deck.legend.card.champion_tag if deck.legend else None
    for e in deck.main:
        if e.card.can_be_chosen_champion and e.card.champion_tag == tag and \
                (deck.champion is None or e.card.name != deck.champion.card.name):
            named = replace(deck, champion=replace(e, count=1), champion_inferred=False)
            if check_deck(named, ctx.spec, ctx.day, cards=ctx.db).legal:
                return True
    return False
