"""Rune Deck rules (CR 103.3): exactly 12 runes (the format's number), all inside the identity, any split."""

from __future__ import annotations

from deckcheck.words import card_named, listing, say, say_n, word
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_or_an, identity_words, move_hint, other_kind, outside
from deckcheck.rules.facts import RUNE, domain_names, domain_words
from deckcheck.rules.registry import ERROR, Findings, Repair, rule
from deckcheck.rules.signals import RUNE_ODD, RUNE_SIZE
from deckcheck.rules.tally import Tally

RUNES = Zone.RUNES.value


@rule(
    "RB301", "rune-deck-size", severity=ERROR, refs=("CR 103.3.a", "TR 402.1"),
    summary="Exactly 12 runes in the Rune Deck",
    hint="Add or cut runes until there are 12",
    example="a Rune Deck of 11 runes",
    when=RUNE_SIZE,
    repair=Repair("cuts or adds runes of the legend's domains, keeping the split the Main Deck plays"),
)
def rune_deck_size(t: Tally, out: Findings) -> None:
    """The Rune Deck holds exactly 12 runes (CR 103.3.a, 161.2.a; TR 402.1). No rule fixes how
    they split between the two domains: 12/0 is legal. The 3-copy limit is for the Main Deck
    only, so 12 copies of one rune are fine."""
    n, size = t.rune_count, t.fmt.runes_exact
    if n == size or (n < size <= n + t.unknown_slack(Zone.RUNES)):
        return
    if n - sum(entry.count for entry, _ in t.rune_wrong_kind) == size:
        return  # the runes are right and a card that is no rune is listed with them: RB302 says what is wrong
    fix = (say_n("Add {n} rune", "Add {n} runes", size - n) if n < size
           else say_n("Cut {n} rune", "Cut {n} runes", n - size))
    out.add(rune_deck_size, say_n("Rune Deck has {n} rune; it needs exactly {size}",
                                  "Rune Deck has {n} runes; it needs exactly {size}", n, size=size), zone=RUNES, hint=fix)


@rule(
    "RB302", "rune-deck-card-type", severity=ERROR, refs=("CR 103.3.a",),
    summary="Only runes go in the Rune Deck",
    hint="Move the card to its own zone",
    example="a unit listed under Runes:",
    when=RUNE_ODD,
    repair=Repair("cuts the card; runes of the legend's domains fill the Rune Deck to 12", other_kind(RUNE), (RUNES,),
                  rank=2),
)
def rune_deck_card_type(t: Tally, out: Findings) -> None:
    """The Rune Deck is made of rune cards only (CR 103.3.a)."""
    for entry, f in t.rune_wrong_kind:
        out.add(rune_deck_card_type, say("{card} is {kind}, not a rune", card=card_named(entry.card.name),
                                         kind=a_or_an(f.type_word)),
                entry=entry, zone=RUNES, hint=move_hint(rune_deck_card_type.hint, t))


@rule(
    "RB303", "rune-identity", severity=ERROR, refs=("CR 103.3.a.1",),
    summary="Every rune is inside the legend's domains",
    hint="Replace it with a rune of one of your legend's domains",
    example="a Fury Rune in a Calm/Mind deck",
    when=RUNE_ODD,
    repair=Repair("cuts the rune; runes of the legend's domains fill the Rune Deck to 12", outside, (RUNES,), rank=3),
)
def rune_identity(t: Tally, out: Findings) -> None:
    """Each rune must be inside the Domain Identity (CR 103.3.a.1)."""
    for entry, f in t.rune_off_identity:
        runes = listing([say("{domain} Runes", domain=word("domain", d)) for d in domain_names(t.identity)], "or")
        out.add(rune_identity,
                say("{card} ({domains}) is outside the domain identity {identity}", card=card_named(entry.card.name),
                    domains=domain_words(f.mask), identity=identity_words(t)),
                entry=entry, zone=RUNES,
                hint=say_n("Replace it with {runes}", "Replace them with {runes}", entry.count, runes=runes))
