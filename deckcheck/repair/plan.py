"""The smallest change that makes one deck legal: removals first, additions only where a count falls short.

For one legend (a list naming several tries each and keeps the smallest result):

1. Every card a zone may not hold goes: each rule whose repair refuses a card in a zone says
   why (:class:`~deckcheck.rules.registry.Repair`): banned or not yet legal (RB601, RB602),
   another kind of card (RB102, RB302, RB403), outside the legend's domains (RB108, RB303,
   RB404), a Signature card of another champion (RB106), a battlefield off the event's list
   (RB405), a sideboard card the Main Deck could not hold (RB503), any sideboard in best of one
   (RB502); a battlefield twice (RB402).
2. The Chosen Champion: kept if it is legal and in the Main Deck, else the champion unit of the
   legend's tag the deck holds most copies of (naming it moves no card); only when the Main Deck
   holds none is one added, the deck's own (from the sideboard or the old label) first.
3. Copies and sizes (:mod:`~deckcheck.repair.main_deck`): each name keeps its Main Deck copies
   first, at most 3 Signature cards, then the format's size; what falls short is added.
4. Runes and battlefields (:mod:`~deckcheck.repair.runes_battlefields`) to the format's numbers.

Every size is the format's on the date. The result is checked with
:func:`~deckcheck.rules.check_deck` by the caller.
"""

from __future__ import annotations

from deckcheck.words import card_named, champion_named, say, word
from deckcheck.cards.model import Card
from deckcheck.decks.model import Deck, DeckEntry, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.main_deck import copies_and_sizes, kept_or_cut
from deckcheck.repair.model import CANDIDATES, Change, Plan
from deckcheck.repair.runes_battlefields import battlefields, runes
from deckcheck.rules.facts import LEGEND
from deckcheck.rules.registry import Place

#: The rules that say the Chosen Champion cannot be the deck's, the first of them answered by naming one.
_CHAMPION_CODES = ("RB211", "RB212", "RB213", "RB214", "RB215")


def plan_for(ctx: FixContext, deck: Deck, legend: DeckEntry, codes: tuple[str, ...]) -> Plan:
    """The smallest change with ``legend`` as the deck's legend (see the module's description);
    ``codes`` are the rules the deck breaks."""
    plan = Plan(legend=legend)
    lf = ctx.facts(legend.card)
    standing = ctx.standing(lf.name)
    if lf.kind != LEGEND:
        plan.reasons.append(say("{card} is not a legend, and the list names no other", card=card_named(legend.card.name)))
        return plan
    if standing is not None:
        plan.reasons.append(say("the legend {card} is {why} ({code}); another legend changes what the whole deck may "
                                "hold", card=card_named(legend.card.name), why=standing[1], code=standing[0]))
        return plan
    for other in deck.zone(Zone.LEGEND):
        if other is not legend:
            plan.cut("legend", other.card.name, other.count, "RB201", say("a deck has one legend"))
    if legend.count > 1:
        plan.cut("legend", legend.card.name, legend.count - 1, "RB201", say("a deck has one legend"))
    _additional_legends(ctx, deck, plan, codes)
    place = ctx.place(lf.mask, lf.champion_tag)
    main, side, mirrors = _legal_main_and_side(ctx, deck, plan, place)
    _main_deck(ctx, deck, plan, main, side, mirrors, place, tuple(c for c in codes if c in _CHAMPION_CODES))
    if plan.reasons:
        return plan
    runes(ctx, deck, plan, place, main)
    battlefields(ctx, deck, plan, place)
    return plan


def _additional_legends(ctx: FixContext, deck: Deck, plan: Plan, codes: tuple[str, ...]) -> None:
    """Extra legends the rules refuse (RB203): before the October rules all go; after, those that are
    no legend or chosen twice, and any over what a card of the Main Deck allows (Neeko: up to 3)."""
    if "RB203" not in codes:
        return
    from deckcheck.rules.refs import RENUMBERED

    held = {e.card.name for e in deck.main if ctx.standing(e.card.name) is None}
    allowed = 0 if ctx.day < RENUMBERED else max(
        (c.up_to for c in ctx.db.rules.additional_legends if c.name in held), default=0)
    seen = {deck.legend.card.name} if deck.legend is not None else set()
    kept = 0
    for entry in deck.additional_legends:
        name = entry.card.name
        if kept >= allowed:
            why = (say("no card of the deck allows it") if not allowed else
                   say("over the {count} a card of the deck allows", count=allowed))
        elif entry.card.type.value != "Legend":
            why = say("not a legend")
        elif name in seen:
            why = say("chosen twice")
        else:
            seen.add(name)
            kept += 1
            continue
        plan.cut("additional_legends", name, entry.count, "RB203", why)


def _legal_main_and_side(ctx: FixContext, deck: Deck, plan: Plan, place: Place):
    """Cut what the Main Deck and sideboard may not hold; the rest as name -> [card, copies] (list
    order), and the cards cut from the Main Deck (a replacement mirrors their type and cost)."""
    mirrors: list[Card] = []
    main = kept_or_cut(ctx, plan, deck.main, "main", place, mirrors)
    return main, kept_or_cut(ctx, plan, deck.sideboard, "sideboard", place), mirrors


def _champion_options(ctx: FixContext, deck: Deck, main: dict, side: dict, place: Place) -> list:
    """Who can be the Chosen Champion: ``[(card, forced)]``, best first; ``forced`` when a copy must
    be added to the Main Deck. Empty when the legend has no champion tag (nothing to choose)."""
    tag = place.tag

    def choosable(card: Card) -> bool:
        f = ctx.facts(card)
        return f.champion_unit and not f.signature and f.champion_tag == tag and ctx.legal(f.name)

    current = deck.champion.card if deck.champion is not None else None
    if current is not None and current.name in main and choosable(current):
        return [(main[current.name][0], False)]
    held = sorted((n for n, (card, _) in main.items() if choosable(card)),
                  key=lambda n: (-main[n][1], list(main).index(n)))
    if held:
        return [(main[n][0], False) for n in held]
    options: list = []
    if current is not None and choosable(current):
        options.append((current, True))
    options += [(card, True) for n, (card, _) in side.items() if choosable(card)]
    fresh = [card for card, f in ctx.main_pool()
             if f.champion_unit and not f.signature and f.champion_tag == tag and not f.mask & ~place.identity]
    seen = {c.name for c, _ in options}
    options += [(card, True) for card in fresh if card.name not in seen]
    return options


def _main_deck(ctx: FixContext, deck: Deck, plan: Plan, main: dict, side: dict, mirrors: list[Card], place: Place,
               champion_codes: tuple[str, ...]) -> None:
    """The Chosen Champion (the one whose plan is smallest), copies, Signature cards, the Main Deck's size and
    the sideboard's."""
    current = deck.champion.card if deck.champion is not None else None
    options = _champion_options(ctx, deck, main, side, place) if place.tag is not None else [(None, False)]
    if not options:
        plan.reasons.append(say("no {champion} champion unit is legal in {format} on {day}",
                                champion=champion_named(place.tag), format=word("format", ctx.fmt.name),
                                day=ctx.day.isoformat()))
        return
    best = None
    for card, forced in options[:CANDIDATES + 1]:
        trial = plan.trial()
        copies_and_sizes(ctx, deck, trial, main, side, mirrors, place, card if forced else None,
                         card.name if card is not None else None)
        if best is None or (bool(trial.reasons), trial.size) < (bool(best[0].reasons), best[0].size):
            best = (trial, card, forced)
    trial, card, forced = best
    plan.changes, plan.cuts, plan.added = trial.changes, trial.cuts, trial.added
    plan.reasons += trial.reasons
    plan.champion = card if card is not None else current
    if card is not None and (current is None or current.name != card.name):
        code = champion_codes[0] if champion_codes else "RB211"
        named = [] if current is None else [Change("champion", current.name, -1, code,
                                                   say("not a legal Chosen Champion here"))]
        reason = (say("the Chosen Champion (the list names none)") if current is None else
                  say("the Chosen Champion instead of {card}", card=card_named(current.name)))
        others = tuple(c.name for c, _ in options[1:CANDIDATES + 1])
        named.append(Change("champion", card.name, 1, code, reason, card.id, others))
        plan.changes[:0] = named
