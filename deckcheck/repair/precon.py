"""A changed preconstructed product put back as sold (TR 601.2.d.2), as one more plan for ``fix``.

Where a format keeps the preconstructed-deck exception (``nexus-night``), a list that is a product
with a card changed or a sideboard added loses it: every banned card the product came with must go.
Putting the product back as sold is then often the smaller change (a card swapped back, instead of
seven banned cards cut and replaced); ``fix`` weighs this plan beside its own and keeps the smaller.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from deckcheck.words import say
from deckcheck.decks.diff import zone_counts
from deckcheck.decks.model import Deck, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.model import Change
from deckcheck.repair.plan import Plan
from deckcheck.rules.precons import closest_product

#: The zones compared with a product, by the name a change gives them.
_ZONES = (("main", Zone.MAIN), ("runes", Zone.RUNES), ("battlefields", Zone.BATTLEFIELDS))


def as_sold_plan(ctx: FixContext, deck: Deck) -> Plan | None:
    """The changes that make ``deck`` the product it was (the one of its legend it is closest to),
    when that product holds a banned card the deck holds; None otherwise."""
    found = closest_product(deck)
    if found is None or found.exact or deck.legend is None:
        return None
    product = found.product
    banned = {name for z in (Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES) for name in zone_counts(deck, z)
              if (ctx.standing(name) or ("",))[0] == "RB601"}
    if not product.holding(banned):
        return None
    reason = say("back to the {product} as sold", product=product.name)
    plan = Plan(legend=replace(deck.legend, count=1))
    for zone, label in _ZONES:
        held = zone_counts(deck, label)
        sold = Counter(getattr(product, "main" if zone == "main" else zone))
        for name, n in sorted((held - sold).items()):
            plan.cut(zone, name, n, "RB601", reason)
        for name, n in sorted((sold - held).items()):
            card = ctx.db.by_name(name)
            if card is None:  # a product card the card data lacks: no plan can put it back
                return None
            for _ in range(n):
                plan.add(zone, card, "RB601", reason)
    for name, n in sorted(zone_counts(deck, Zone.SIDEBOARD).items()):
        plan.cut("sideboard", name, n, "RB601", say("the {product} comes with no sideboard", product=product.name))
    champion = plan.champion = ctx.db.by_name(product.champion)
    if champion is None:
        return None
    current = deck.champion.card.name if deck.champion is not None else None
    if current != product.champion:
        named = [] if current is None else [Change("champion", current, -1, "RB601", reason)]
        plan.changes[:0] = [*named, Change("champion", product.champion, 1, "RB601", reason, champion.id)]
    return plan
