"""``fix_deck``: the smallest legal change to a decklist, checked; with the deck found at the table, a
judge's deck check (TR 703.3, 703.4: :mod:`deckcheck.repair.deck_check`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date

from deckcheck.words import card_named, lowered, say
from deckcheck.cards.lookup import CardDB
from deckcheck.decks.model import Deck, DeckEntry, Severity, Zone
from deckcheck.repair.context import FixContext
from deckcheck.repair.deck_check import check_presented
from deckcheck.repair.entries import add_copies, cut_copies
from deckcheck.repair.model import (ALREADY_LEGAL, CANNOT, FIXED, TO_SETTLE, UNVERIFIED, Fix, Plan)
from deckcheck.repair.names import read_names
from deckcheck.repair.plan import plan_for
from deckcheck.repair.precon import as_sold_plan
from deckcheck.rules.engine import check_deck, parse_as_of
from deckcheck.rules.formats import FormatSpec
from deckcheck.rules.facts import LEGEND
from deckcheck.rules.report import Report


def fix_deck(deck: Deck, *, format: str | FormatSpec = "standard", as_of: date | str | None = None,
             cards: CardDB | None = None, presented: Deck | None = None, game: int = 1,
             context: FixContext | None = None) -> Fix:
    """The smallest change that makes ``deck`` legal in ``format`` on ``as_of``, checked.

    With ``presented`` (the deck found at the table in game ``game`` of a match), a judge's deck
    check (TR 703.3, 703.4): every difference, the infraction the Tournament Rules see in it (a
    Deck Presentation Error, a Decklist Error, or none), what is done to the deck card by card, and
    the list changed where the rules change it (``Fix.deck_check``). ``context`` lets many fixes
    in one format on one date share their card pools.
    """
    if presented is not None and (type(game) is not int or not 1 <= game <= 3):
        raise ValueError(f"game: a match has games 1, 2 and 3, not {game!r}")
    if context is None:
        if cards is None:
            from deckcheck.cards import load_cards

            cards = load_cards()
        context = FixContext(cards, format, parse_as_of(as_of))
    ctx = context
    before = check_deck(deck, ctx.given, ctx.day, cards=ctx.db)
    fix = Fix(source=deck.source, name=deck.name, player=deck.player, format=before.format, as_of=before.as_of,
              status=ALREADY_LEGAL, before=before, deck=deck, after=before,
              champion=(_name(deck.champion), _name(deck.champion)),
              check_by_hand=before.unverified_cards)
    if presented is not None:
        return check_presented(ctx, fix, deck, presented, game, _repair)
    if before.legal:
        return fix
    return _repair(ctx, deck, fix)


def _name(entry: DeckEntry | None) -> str | None:
    return entry.card.name if entry is not None else None


def _repair(ctx: FixContext, deck: Deck, fix: Fix) -> Fix:
    before = fix.before
    fix.deck, fix.after = None, None
    reading = read_names(ctx.db, deck, before)  # a misspelt name with one close match is read as that card
    if reading.unreadable:  # a line nothing explains: no fix can be proposed from the list
        fix.status = CANNOT
        fix.reasons = [_unreadable_reason(v) for v in reading.unreadable]
        return fix
    if reading.corrections:
        deck, before = reading.deck, check_deck(reading.deck, ctx.given, ctx.day, cards=ctx.db)
        fix.changes = list(reading.corrections)
        if before.legal:
            fix.status, fix.deck, fix.after, fix.champion = FIXED, deck, before, (fix.champion[0], _name(deck.champion))
            return fix
    if before.verdict == "unverified":
        fix.status = UNVERIFIED
        fix.deck, fix.after = deck, before
        return fix
    legends = [e for e in deck.zone(Zone.LEGEND) if ctx.facts(e.card).kind == LEGEND]
    if not legends:
        fix.status = CANNOT
        fix.reasons = [say("{card} is not a legend, and the list names no other", card=card_named(deck.legend.card.name))
                       if deck.legend is not None else say("the list names no Champion Legend, whose domains decide "
                                                           "what the deck may hold")]
        return fix
    codes = tuple(dict.fromkeys(v.code for v in before.errors))
    plans = [plan_for(ctx, deck, legend, codes) for legend in legends]
    if ctx.spec.precon_exception:  # a changed product put back as sold may be the smaller change (TR 601.2.d.2)
        sold = as_sold_plan(ctx, deck)
        plans += [sold] if sold is not None else []
    plan = min(plans, key=lambda p: (bool(p.reasons), p.size))
    if plan.reasons:
        fix.status = CANNOT
        fix.reasons = plan.reasons
        return fix
    corrected = apply_plan(ctx, deck, plan)
    after = check_deck(corrected, ctx.given, ctx.day, cards=ctx.db)
    fix.changes, fix.deck, fix.after = [*reading.corrections, *plan.changes], corrected, after
    fix.champion = (fix.champion[0], _name(corrected.champion))
    if after.legal:
        fix.status = FIXED
    elif after.verdict == "unverified":
        fix.status = UNVERIFIED
    elif reading.unsettled and all(v.code == "RB001" for v in after.errors if not v.unverified):
        fix.status, fix.reasons = TO_SETTLE, reading.unsettled
    else:
        fix.status = CANNOT
        fix.reasons = [say("no legal list was found: {message}", message=v.message)
                       for v in after.errors if not v.unverified]
    return fix


def _unreadable_reason(v) -> str:
    """``line 12: no card named 'X' (check the spelling or the id)``: a line no fix can read."""
    if v.line and v.hint:
        return say("line {line}: {message} ({hint})", line=v.line, message=v.message, hint=lowered(v.hint))
    if v.line:
        return say("line {line}: {message}", line=v.line, message=v.message)
    return say("{message} ({hint})", message=v.message, hint=lowered(v.hint)) if v.hint else v.message


def apply_plan(ctx: FixContext, deck: Deck, plan: Plan) -> Deck:
    """``deck`` with the plan's cuts and additions made (a new Deck; ``deck`` is not changed)."""
    def zone(entries: list[DeckEntry], name: str) -> list[DeckEntry]:
        out = cut_copies(entries, plan.cuts.get(name, Counter()))
        for card, n in plan.added.get(name, ()):
            add_copies(out, card, n)
        return out

    legend = replace(plan.legend, count=1) if plan.legend is not None else None
    champion = deck.champion
    inferred = deck.champion_inferred
    if plan.champion is not None and (champion is None or champion.card.name != plan.champion.name):
        champion = DeckEntry(card=plan.champion, count=1, written=plan.champion.name)
        inferred = False
        held = next((e for e in deck.main if e.card.name == plan.champion.name), None)
        if held is not None:
            champion = replace(held, count=1)
    return Deck(name=deck.name, source=deck.source, reader=deck.reader, legend=legend, extra_legends=[],
                champion=champion, champion_inferred=inferred, main=zone(deck.main, "main"),
                battlefields=zone(deck.battlefields, "battlefields"), runes=zone(deck.runes, "runes"),
                sideboard=zone(deck.sideboard, "sideboard"),
                additional_legends=cut_copies(deck.additional_legends,
                                              plan.cuts.get("additional_legends", Counter())),
                unknown=list(deck.unknown), problems=[p for p in deck.problems if p.severity is not Severity.ERROR],
                player=deck.player, team=deck.team)


def report_of(fix: Fix) -> Report:
    """The report that decides the fix's status: after the change, or before it when none was made."""
    return fix.after if fix.after is not None else fix.before
