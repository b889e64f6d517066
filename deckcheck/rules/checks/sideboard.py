"""Sideboard rules (TR 601.1.c): its size on the date, what it may hold, none in best of one."""

from __future__ import annotations

from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_or_an, identity_words, outside, plural
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
    since = f" ({fmt.sideboard_note})" if fmt.sideboard_note else ""
    if fmt.sideboard_sizes is not None:
        if n in fmt.sideboard_sizes:
            return
        allowed = " or ".join(map(str, fmt.sideboard_sizes))
        out.add(sideboard_size,
                f"Sideboard has {plural(n, 'card')}; on {fmt.as_of.isoformat()} it had to be exactly {allowed}{since}",
                zone=SIDEBOARD, hint=f"Make the sideboard exactly {allowed} cards")
        return
    limit = fmt.sideboard_max
    if limit is None or n <= limit:
        return
    out.add(sideboard_size,
            f"Sideboard has {plural(n, 'card')}; at most {limit} on {fmt.as_of.isoformat()}{since}",
            zone=SIDEBOARD, hint=f"Cut {plural(n - limit, 'sideboard card')}")


def _no_sideboard(f: CardFacts, place: Place) -> str | None:
    """RB502's repair: in best of one every sideboard card goes."""
    return "no sideboard in best of one" if place.fmt.sideboard == "none" else None


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
            f"{t.fmt.name} is played best of one; a sideboard ({plural(t.side_count, 'card')}) is not allowed",
            source=first.source, zone=SIDEBOARD)


def _not_for_the_main_deck(f: CardFacts, place: Place) -> str | None:
    """RB503's repair: a sideboard card the Main Deck could not hold goes."""
    if f.kind:
        return a_or_an(f.type_word)
    if f.mask & ~place.identity:
        return outside(f, place)
    if f.signature and place.tag is not None and f.champion_tag != place.tag:
        return f"a Signature card of {f.champion_tag}"
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
        if f.kind:
            why = f"is {a_or_an(f.type_word)}; the Main Deck holds only units, gear and spells"
        elif f.mask & ~t.identity:
            why = f"({domain_words(f.mask)}) is outside the domain identity {identity_words(t)}"
        elif f.signature and t.legend_tag is not None and f.champion_tag != t.legend_tag:
            why = f"is a Signature card of {f.champion_tag}; this deck's legend is {t.legend_tag}"
        else:
            continue
        out.add(sideboard_card, f"sideboard card {entry.card.name} {why}", entry=entry, zone=SIDEBOARD)
