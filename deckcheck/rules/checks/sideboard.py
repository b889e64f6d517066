"""Sideboard rules (TR 601.1.c): its size on the date, what it may hold, none in best of one."""

from __future__ import annotations

from deckcheck.words import card_named, champion_named, listing, say, say_n, word
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_or_an, identity_words, outside
from deckcheck.rules.facts import CardFacts, domain_words
from deckcheck.rules.registry import ERROR, Findings, Place, Repair, rule
from deckcheck.rules.signals import SIDE_SIZES, SIDEBOARD as SIDEBOARD_LISTED
from deckcheck.rules.tally import Tally

SIDEBOARD = Zone.SIDEBOARD.value


@rule(
    "RB501", "sideboard-size", severity=ERROR, refs=("TR 601.1.c.1",),
    summary="Sideboard within the limit in force on the date (launch: 0 or 8; from 2026-01-30: ≤ 8; "
            "from 2026-07-24: ≤ 10)",
    hint="Cut sideboard cards",
    example="11 sideboard cards in standard",
    applies=lambda spec: spec.has_sideboard,
    when=SIDEBOARD_LISTED | SIDE_SIZES,
    repair=Repair("cuts the last-listed sideboard cards down to the limit"),
)
def sideboard_size(t: Tally, out: Findings) -> None:
    """The sideboard limit has changed: the launch Tournament Rules allowed exactly 0 or 8
    cards, those of 2026-01-30 allowed 8 or fewer, and those of 2026-07-16 (in force
    2026-07-24) allow 10 or fewer (TR 601.1.c.1). The limit of the date checked applies."""
    fmt = t.fmt
    n = t.side_count
    if fmt.sideboard != "limited":
        return
    since = say(" ({note})", note=say(fmt.sideboard_note)) if fmt.sideboard_note else ""
    day = fmt.as_of.isoformat()
    if fmt.sideboard_sizes is not None:
        if n in fmt.sideboard_sizes:
            return
        allowed = listing(list(map(str, fmt.sideboard_sizes)), "|")
        out.add(sideboard_size,
                say_n("Sideboard has {n} card; on {day} it had to be exactly {allowed}{since}",
                      "Sideboard has {n} cards; on {day} it had to be exactly {allowed}{since}", n, day=day,
                      allowed=allowed, since=since),
                zone=SIDEBOARD, hint=say("Make the sideboard exactly {allowed} cards", allowed=allowed))
        return
    limit = fmt.sideboard_max
    if limit is None or n <= limit:
        return
    out.add(sideboard_size,
            say_n("Sideboard has {n} card; at most {limit} on {day}{since}",
                  "Sideboard has {n} cards; at most {limit} on {day}{since}", n, limit=limit, day=day, since=since),
            zone=SIDEBOARD, hint=say_n("Cut {n} sideboard card", "Cut {n} sideboard cards", n - limit))


def _no_sideboard(f: CardFacts, place: Place) -> str | None:
    """RB502's repair: in best of one every sideboard card goes."""
    return say("no sideboard in best of one") if place.fmt.sideboard == "none" else None


@rule(
    "RB502", "sideboard-not-allowed", severity=ERROR, refs=("TR 601.1.c",),
    summary="No sideboard in a best-of-one format",
    hint="Remove the sideboard, or check the deck in a best-of-three format (--format standard)",
    example="a sideboard in a standard-bo1 deck",
    applies=lambda spec: spec.sideboard == "none",
    when=SIDEBOARD_LISTED,
    repair=Repair("cuts the sideboard", _no_sideboard, (SIDEBOARD,), rank=0),
)
def sideboard_not_allowed(t: Tally, out: Findings) -> None:
    """A sideboard exists to change the deck between the games of a match (TR 403, 601.1.c).
    A best-of-one format has no games to side between, so a listed sideboard is an error."""
    if t.fmt.sideboard != "none" or not t.side_count:
        return
    first = t.deck.sideboard[0]
    out.add(sideboard_not_allowed,
            say_n("{format} is played best of one; a sideboard ({n} card) is not allowed",
                  "{format} is played best of one; a sideboard ({n} cards) is not allowed", t.side_count,
                  format=word("format", t.fmt.name)),
            source=first.source, zone=SIDEBOARD)


def _not_for_the_main_deck(f: CardFacts, place: Place) -> str | None:
    """RB503's repair: a sideboard card the Main Deck could not hold goes."""
    if f.kind:
        return a_or_an(f.type_word)
    if f.mask & ~place.identity:
        return outside(f, place)
    if f.signature and place.tag is not None and f.champion_tag != place.tag:
        return say("a Signature card of {champion}", champion=champion_named(f.champion_tag or ""))
    return None


@rule(
    "RB503", "sideboard-card", severity=ERROR, refs=("TR 601.1.c.2",),
    summary="The sideboard holds only cards that would be legal in the Main Deck",
    hint="Replace it with a card the Main Deck could hold",
    example="a Fury unit in the sideboard of a Calm/Mind deck",
    applies=lambda spec: spec.has_sideboard,
    when=SIDEBOARD_LISTED,
    repair=Repair("cuts the card from the sideboard", _not_for_the_main_deck, (SIDEBOARD,), rank=2),
)
def sideboard_card(t: Tally, out: Findings) -> None:
    """A sideboard card must be one the Main Deck could legally hold (TR 601.1.c.2): a unit,
    gear or spell, inside the Domain Identity, and a Signature card only with the legend's
    champion tag. Its copies count with the Main Deck's (RB103), and banned or not-yet-legal
    cards are RB601/RB602."""
    for entry, f in t.side_entries:
        card = card_named(entry.card.name)
        if f.kind:
            message = say("sideboard card {card} is {kind}; the Main Deck holds only units, gear and spells",
                          card=card, kind=a_or_an(f.type_word))
        elif f.mask & ~t.identity:
            message = say("sideboard card {card} ({domains}) is outside the domain identity {identity}", card=card,
                          domains=domain_words(f.mask), identity=identity_words(t))
        elif f.signature and t.legend_tag is not None and f.champion_tag != t.legend_tag:
            message = say("sideboard card {card} is a Signature card of {champion}; this deck's legend is {tag}",
                          card=card, champion=champion_named(f.champion_tag), tag=champion_named(t.legend_tag))
        else:
            continue
        out.add(sideboard_card, message, entry=entry, zone=SIDEBOARD)
