"""Legend rules: exactly one Champion Legend, and the extra legends some cards allow (CR 103.1)."""

from __future__ import annotations

from deckcheck.words import card_named, listing, say, say_n
from deckcheck.cards.model import CardType
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_or_an
from deckcheck.rules.facts import LEGEND as LEGEND_KIND
from deckcheck.rules.refs import PUBLISHED, RENUMBERED
from deckcheck.rules.registry import ERROR, Findings, Repair, rule
from deckcheck.rules.signals import ADDITIONAL_LEGENDS, LEGEND_ODD
from deckcheck.rules.tally import Tally

LEGEND = Zone.LEGEND.value


@rule(
    "RB201", "legend-count", severity=ERROR, refs=("CR 103.1", "TR 402.1"),
    summary="Exactly one Champion Legend",
    hint="List exactly one legend",
    example="a list with no legend, or with two",
    when=LEGEND_ODD,
    repair=Repair("keeps the listed legend that needs the fewest changes and cuts the others; a list with no legend "
                  "cannot be repaired"),
)
def legend_count(t: Tally, out: Findings) -> None:
    """A deck has exactly one Champion Legend (CR 103.1; TR 402.1 for tournaments). Its domains
    are the deck's Domain Identity and its champion tag decides the Chosen Champion and the
    Signature cards, so without it those rules cannot be checked."""
    deck = t.deck
    if deck.legend is None:
        if t.unknown_slack(Zone.LEGEND):
            return  # an unidentified line may be the legend: RB001 reports it
        out.add(legend_count, say("No Champion Legend: a deck has exactly one"), zone=LEGEND,
                hint=say("Add your legend (its domains set what else the deck may hold)"))
        return
    if deck.extra_legends:
        names = [card_named(deck.legend.card.name), *(card_named(e.card.name) for e in deck.extra_legends)]
        out.add(legend_count,
                say_n("{n} legend listed ({cards}); a deck has exactly one",
                      "{n} legends listed ({cards}); a deck has exactly one", len(names), cards=listing(names, "/")),
                entry=deck.extra_legends[0], zone=LEGEND,
                hint=say("Keep one legend; deckcheck used {card} for the other checks",
                         card=card_named(deck.legend.card.name)))


@rule(
    "RB202", "legend-card-type", severity=ERROR, refs=("CR 103.1",),
    summary="The legend slot holds a Legend card",
    hint="Put your Champion Legend in the legend slot and move this card to its own zone",
    example="Jinx, Rebel (a unit) listed under Legend:",
    when=LEGEND_ODD,
    repair=Repair("uses another listed legend if there is one; otherwise the list cannot be repaired"),
)
def legend_card_type(t: Tally, out: Findings) -> None:
    """The Champion Legend is a card of type Legend (CR 103.1). A unit, spell or battlefield
    written in the legend slot cannot set the deck's identity."""
    lf = t.legend_facts
    if (lf is None or lf.kind == LEGEND_KIND) and not t.deck.extra_legends:
        return
    for entry in t.deck.zone(Zone.LEGEND):
        if entry.card.type is not CardType.LEGEND:
            kind = t.facts_for(entry).type_word
            out.add(legend_card_type, say("{card} is {kind}, not a legend", card=card_named(entry.card.name),
                                          kind=a_or_an(kind)), entry=entry, zone=LEGEND)


@rule(
    "RB203", "additional-legends", severity=ERROR, refs=("CR* 103.1", "TR 401.2.a"),
    summary="Extra legends chosen while building only as many as a card in the deck allows, each a different legend",
    hint="Remove the extra legends, or add the card that lets the deck choose them",
    example="a deck naming 3 additional legends without Neeko, Blending In; or 4 with her",
    when=ADDITIONAL_LEGENDS,
    repair=Repair("cuts the additional legends the deck may not choose: all of them when no card of its Main Deck "
                  "allows it, else repeats, cards that are not legends and those over the card's limit"),
)
def additional_legends(t: Tally, out: Findings) -> None:
    """Since the Core Rules of 2026-10-09 (in force from 2026-10-16), a card or mode may add
    choices made while building (CR 103.1), and the decklist records them (TR 401.2.a). Neeko,
    Blending In (Radiance) lets a deck holding her choose up to 3 different legends in addition
    to its own (Riot's errata of 2026-10-09; printed "choose 3"): 0 to 3 are legal, more are
    not, nor is a legend chosen twice, nor any additional legend in a deck without such a card.
    Which cards allow it, and how many, is reviewed data (``card_data/card_rules.json``). Before
    those rules took effect no rule allowed extra legends. When the deck holds unidentified
    cards, one of them may be the card that allows the choice: then only the names are checked."""
    extra = t.deck.additional_legends
    if not extra:
        return
    if t.fmt.as_of < RENUMBERED:
        out.add(additional_legends,
                say_n("the deck chooses {n} additional legend; no rule allowed that before {day}, when the Core Rules "
                      "of {published} took effect",
                      "the deck chooses {n} additional legends; no rule allowed that before {day}, when the Core "
                      "Rules of {published} took effect", len(extra), day=RENUMBERED.isoformat(),
                      published=PUBLISHED.isoformat()),
                entry=extra[0], zone=LEGEND)
        return
    seen = {t.legend.card.name} if t.legend else set()
    for entry in extra:
        if entry.card.type is not CardType.LEGEND:
            out.add(additional_legends, say("additional legend {card} is not a legend", card=card_named(entry.card.name)),
                    entry=entry, zone=LEGEND)
        elif entry.card.name in seen:
            out.add(additional_legends, say("{card} is chosen twice; the legends must all differ",
                                            card=card_named(entry.card.name)), entry=entry, zone=LEGEND)
        seen.add(entry.card.name)
    choices = t.db.rules.additional_legends
    held = [c for c in choices if c.name in t.main_copies]
    if held:
        most = max(held, key=lambda c: c.up_to)
        if len(extra) > most.up_to:
            out.add(additional_legends,
                    say_n("the deck chooses {n} additional legend; {card} allows up to {most}",
                          "the deck chooses {n} additional legends; {card} allows up to {most}", len(extra),
                          card=card_named(most.name), most=most.up_to), entry=extra[most.up_to], zone=LEGEND,
                    hint=say("Keep at most {most} additional legends, all different", most=most.up_to))
        return
    if not t.deck.unknown:
        names = listing([card_named(c.name) for c in choices], "/")
        out.add(additional_legends,
                say_n("the deck chooses {n} additional legend but its Main Deck holds no card that allows it",
                      "the deck chooses {n} additional legends but its Main Deck holds no card that allows it",
                      len(extra)), source=extra[0].source, zone=LEGEND,  # no one card is at fault
                hint=say("Remove the extra legends, or add the card that lets the deck choose them ({cards})",
                         cards=names) if choices else additional_legends.hint)
