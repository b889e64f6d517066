"""Battlefield rules (CR 103.4): exactly 3 (the format's number), different names, inside the identity, on the
event list."""

from __future__ import annotations

from deckcheck.words import card_named, listing, say, say_n, word
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_or_an, identity_words, move_hint, other_kind, outside
from deckcheck.rules.facts import BATTLEFIELD, CardFacts, domain_words
from deckcheck.rules.registry import ERROR, Findings, Place, Repair, rule
from deckcheck.rules.signals import BF_ODD, BF_SIZE
from deckcheck.rules.tally import Tally

BATTLEFIELDS = Zone.BATTLEFIELDS.value


@rule(
    "RB401", "battlefield-count", severity=ERROR, refs=("CR 103.4.a", "TR 402.1"),
    summary="Exactly 3 battlefields",
    hint="List exactly 3 battlefields",
    example="a deck with 2 battlefields",
    when=BF_SIZE,
    repair=Repair("cuts the last-listed battlefields, or adds battlefields legal on the date (from the event's list "
                  "when it has one)"),
)
def battlefield_count(t: Tally, out: Findings) -> None:
    """The mode sets how many battlefields a deck brings (CR 103.4.a); every current mode, and
    the Tournament Rules, ask for 3 (CR 485.4.a–489.4.a, TR 402.1)."""
    n, size = t.battlefield_count, t.fmt.battlefields_exact
    if n == size or (n < size <= n + t.unknown_slack(Zone.BATTLEFIELDS)):
        return
    fix = (say_n("Add {n} battlefield", "Add {n} battlefields", size - n) if n < size
           else say_n("Cut {n} battlefield", "Cut {n} battlefields", n - size))
    out.add(battlefield_count, say_n("{n} battlefield listed; a deck brings exactly {size}",
                                     "{n} battlefields listed; a deck brings exactly {size}", n, size=size),
            zone=BATTLEFIELDS, hint=fix)


@rule(
    "RB402", "battlefield-duplicate", severity=ERROR, refs=("CR 103.4.c", "TR 402.1"),
    summary="No two battlefields share a name",
    hint="Replace the second copy with a different battlefield",
    example="2 Obelisk of Power",
    when=BF_ODD,
    repair=Repair("cuts the second copy; a legal battlefield fills the 3"),
)
def battlefield_duplicate(t: Tally, out: Findings) -> None:
    """The 3 battlefields must all have different names (CR 103.4.c, TR 402.1), whatever the
    printing."""
    for entry, _ in t.bf_duplicates:
        out.add(battlefield_duplicate, say("{card} is listed more than once; battlefields must all differ",
                                           card=card_named(entry.card.name)), entry=entry, zone=BATTLEFIELDS)


@rule(
    "RB403", "battlefield-card-type", severity=ERROR, refs=("CR 103.4",),
    summary="Only battlefields go among the battlefields",
    hint="Move the card to its own zone",
    example="a rune listed under Battlefields:",
    when=BF_ODD,
    repair=Repair("cuts the card; a legal battlefield fills the 3", other_kind(BATTLEFIELD), (BATTLEFIELDS,), rank=2),
)
def battlefield_card_type(t: Tally, out: Findings) -> None:
    """The battlefields a deck brings are battlefield cards (CR 103.4)."""
    for entry, f in t.bf_wrong_kind:
        out.add(battlefield_card_type, say("{card} is {kind}, not a battlefield", card=card_named(entry.card.name),
                                           kind=a_or_an(f.type_word)),
                entry=entry, zone=BATTLEFIELDS, hint=move_hint(battlefield_card_type.hint, t))


@rule(
    "RB404", "battlefield-identity", severity=ERROR, refs=("CR 103.4.b",),
    summary="A battlefield with a domain is inside the legend's domains",
    hint="Replace it with a battlefield inside your domains (or one with no domain)",
    example="a Fury battlefield in a Calm/Mind deck",
    when=BF_ODD,
    repair=Repair("cuts the battlefield; a legal battlefield fills the 3", outside, (BATTLEFIELDS,), rank=3),
)
def battlefield_identity(t: Tally, out: Findings) -> None:
    """A battlefield with a domain must be inside the Domain Identity (CR 103.4.b). Every
    battlefield printed so far has no domain and is legal in every deck."""
    for entry, f in t.bf_off_identity:
        out.add(battlefield_identity,
                say("{card} ({domains}) is outside the domain identity {identity}", card=card_named(entry.card.name),
                    domains=domain_words(f.mask), identity=identity_words(t)),
                entry=entry, zone=BATTLEFIELDS)


def _not_on_the_list(f: CardFacts, place: Place) -> str | None:
    """RB405's repair: a battlefield the event's list does not name goes."""
    allowed = place.fmt.spec.battlefields
    return say("not on the event's battlefield list") if allowed is not None and f.name not in allowed else None


@rule(
    "RB405", "battlefield-event-list", severity=ERROR, refs=("TR 601.1.d",),
    summary="Battlefields come from the event's list, when its addendum sets one",
    hint="Choose a battlefield from the event's list",
    example="an event allowing only 12 battlefields, and a deck bringing another",
    applies=lambda spec: spec.battlefields is not None,
    repair=Repair("cuts the battlefield; one from the event's list fills the 3", _not_on_the_list, (BATTLEFIELDS,),
                  rank=5),
)
def battlefield_event_list(t: Tally, out: Findings) -> None:
    """An event's addendum may set its own list of legal battlefields (TR 601.1.d); the format
    file of such an event names them under ``battlefields:``. Every battlefield a deck brings
    must be on that list."""
    allowed = t.fmt.spec.battlefields or ()
    for entry in t.deck.battlefields:
        if entry.card.name not in allowed:
            out.add(battlefield_event_list,
                    say("{card} is not on the list of battlefields allowed in {format}", card=card_named(entry.card.name),
                        format=word("format", t.fmt.name)),
                    entry=entry, zone=BATTLEFIELDS,
                    hint=say("Choose one of: {cards}", cards=listing([card_named(n) for n in sorted(allowed)], "/"))
                    if len(allowed) <= 12 else None)
