"""A plan's Rune Deck and battlefields: what they may not hold cut, then the format's numbers reached
with cards no rule refuses there.

Runes follow the split the Main Deck plays: a rune is cut from the domain most over its share
and added to the domain most under it. Battlefields over the number are cut from the last
listed; those missing are added from the battlefields legal on the date (the event's list, if
any), the deck's own names and the newest first.
"""

from __future__ import annotations

from collections import Counter

from deckcheck.words import say
from deckcheck.decks.model import Deck, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.main_deck import domain_weights, kept_or_cut
from deckcheck.repair.model import CANDIDATES, Plan
from deckcheck.rules.facts import DOMAIN_BIT, domain_words
from deckcheck.rules.registry import Place


def runes(ctx: FixContext, deck: Deck, plan: Plan, place: Place, main: dict) -> None:
    """Cut runes the Rune Deck may not hold, then reach the format's number in the split the Main Deck plays."""
    size = ctx.fmt.runes_exact
    held = kept_or_cut(ctx, plan, deck.runes, "runes", place)
    total = sum(c for _, c in held.values()) + sum(u.count for u in deck.unknown if u.zone is Zone.RUNES)
    if total == size:
        return
    bits = [bit for bit in DOMAIN_BIT.values() if place.identity & bit]
    weights = domain_weights(ctx, {n: (c, n_) for n, (c, n_) in main.items()})
    share = {bit: weights.get(bit, 0) for bit in bits}
    whole = sum(share.values())
    goal = {bit: size * (share[bit] / whole if whole else 1 / len(bits)) for bit in bits}
    now: Counter = Counter()
    for card, c in held.values():
        now[ctx.facts(card).mask] += c
    order = {bit: i for i, bit in enumerate(bits)}
    while total > size:
        name = max((n for n, (card, c) in held.items() if c > 0),
                   key=lambda n: (now[ctx.facts(held[n][0]).mask] - goal.get(ctx.facts(held[n][0]).mask, 0),
                                  -order.get(ctx.facts(held[n][0]).mask, 0)))
        held[name][1] -= 1
        now[ctx.facts(held[name][0]).mask] -= 1
        total -= 1
        plan.cut("runes", name, 1, "RB301", say("over {count} runes", count=size))
    while total < size:
        bit = max(bits, key=lambda b: (goal[b] - now[b], -order[b]))
        card = next((c for c, _ in held.values() if ctx.facts(c).mask == bit), None)
        if card is None:
            found = [c for c in ctx.runes_of(bit) if ctx.refusal(ctx.facts(c), "runes", place) is None]
            if not found:
                plan.reasons.append(say("no {domain} rune is legal on {day}", domain=domain_words(bit),
                                        day=ctx.day.isoformat()))
                return
            card = found[0]
        now[bit] += 1
        total += 1
        plan.add("runes", card, "RB301", say("to reach {count} runes", count=size))


def battlefields(ctx: FixContext, deck: Deck, plan: Plan, place: Place) -> None:
    """Cut battlefields that may not stay (and second copies), then the last listed over the format's number;
    reach it with legal ones."""
    size = ctx.fmt.battlefields_exact
    kept: list[str] = []
    for e in deck.battlefields:
        why = ctx.refusal(ctx.facts(e.card), "battlefields", place)
        if why is not None:
            plan.cut("battlefields", e.card.name, e.count, *why)
        elif e.card.name in kept:
            plan.cut("battlefields", e.card.name, e.count, "RB402", say("a second battlefield of that name"))
        else:
            kept.append(e.card.name)
            if e.count > 1:
                plan.cut("battlefields", e.card.name, e.count - 1, "RB402", say("a second battlefield of that name"))
    total = len(kept) + sum(u.count for u in deck.unknown if u.zone is Zone.BATTLEFIELDS)
    for name in reversed(list(kept)):
        if total <= size:
            break
        kept.remove(name)
        total -= 1
        plan.cut("battlefields", name, 1, "RB401", say("over {count} battlefields", count=size))
    if total >= size:
        return
    elsewhere = [e.card.name for e in (*deck.main, *deck.sideboard, *deck.runes)]
    pool = [(c, f) for c, f in ctx.battlefield_pool()
            if c.name not in kept and ctx.refusal(f, "battlefields", place) is None]
    pool.sort(key=lambda cf: (cf[0].name not in elsewhere, -ctx.released(cf[0]).toordinal(), cf[0].name))
    if len(pool) < size - total:
        plan.reasons.append(say("only {count} more battlefield(s) are legal here; {needed} needed", count=len(pool),
                                needed=size - total))
        return
    for i in range(size - total):
        card = pool[i][0]
        others = tuple(c.name for c, _ in pool[size - total:size - total + CANDIDATES])
        plan.add("battlefields", card, "RB401", say("to reach {count} battlefields", count=size), others)
