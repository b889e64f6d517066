"""Legend rules: exactly one Champion Legend, and the extra legends some cards allow (CR 103.1)."""

from __future__ import annotations

from deckcheck.cards.model import CardType
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_or_an, plural
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
        out.add(legend_count, "No Champion Legend: a deck has exactly one", zone=LEGEND,
                hint="Add your legend (its domains set what else the deck may hold)")
        return
    if deck.extra_legends:
        names = [deck.legend.card.name, *(e.card.name for e in deck.extra_legends)]
        out.add(legend_count,
                f"{plural(len(names), 'legend')} listed ({'; '.join(names)}); a deck has exactly one",
                entry=deck.extra_legends[0], zone=LEGEND,
                hint=f"Keep one legend; deckcheck used {deck.legend.card.name} for the other checks")


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
            word = t.facts_for(entry).type_word
            out.add(legend_card_type, f"{entry.card.name} is {a_or_an(word)}, not a legend",
                    entry=entry, zone=LEGEND)


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
                f"the deck chooses {plural(len(extra), 'additional legend')}; no rule allowed that before "
                f"{RENUMBERED.isoformat()}, when the Core Rules of {PUBLISHED.isoformat()} took effect",
                entry=extra[0], zone=LEGEND)
        return
    seen = {t.legend.card.name} if t.legend else set()
    for entry in extra:
        if entry.card.type is not CardType.LEGEND:
            out.add(additional_legends, f"additional legend {entry.card.name} is not a legend",
                    entry=entry, zone=LEGEND)
        elif entry.card.name in seen:
            out.add(additional_legends, f"{entry.card.name} is chosen twice; the legends must all differ",
                    entry=entry, zone=LEGEND)
        seen.add(entry.card.name)
    choices = t.db.rules.additional_legends
    held = [c for c in choices if c.name in t.main_copies]
    if held:
        most = max(held, key=lambda c: c.up_to)
        if len(extra) > most.up_to:
            out.add(additional_legends,
                    f"the deck chooses {plural(len(extra), 'additional legend')}; {most.name} allows "
                    f"up to {most.up_to}", entry=extra[most.up_to], zone=LEGEND,
                    hint=f"Keep at most {most.up_to} additional legends, all different")
        return
    if not t.deck.unknown:
        names = "; ".join(c.name for c in choices)
        out.add(additional_legends,
                f"the deck chooses {plural(len(extra), 'additional legend')} but its Main Deck holds no card "
                "that allows it", source=extra[0].source, zone=LEGEND,  # no one card is at fault
                hint=f"Remove the extra legends, or add the card that lets the deck choose them ({names})"
                if names else additional_legends.hint)
