"""Chosen Champion rules (CR 103.2.a): present, in the Main Deck, a Champion unit, the legend's tag."""

from __future__ import annotations

from deckcheck.words import card_named, champion_named, listing, say, word
from deckcheck.decks.model import Zone
from deckcheck.rules.checks.common import a_champion, a_or_an
from deckcheck.rules.facts import champions_by_tag
from deckcheck.rules.registry import ERROR, Findings, Repair, rule
from deckcheck.rules.signals import CHAMPION_ODD, NO_CHAMPION
from deckcheck.rules.tally import Tally

CHAMPION = Zone.CHAMPION.value
_NAME_IT = ("TR 401.2", "CR 103.2.a")  # a registration must name its champion
#: How ``deckcheck fix`` answers a Chosen Champion that cannot be the deck's (RB213-RB215).
_NAME_ANOTHER = Repair("names a champion unit of the legend the Main Deck holds instead (no card moves)")


def _choices(t: Tally) -> str:
    """The legend's champion units a fix may offer: only those legal in the format on the date checked."""
    known = champions_by_tag(t.db).get(t.legend_tag or "", [])
    flagged = t.legality.flagged  # banned, or not in a legal set released by that day
    names = [card_named(n) for n in known if n not in flagged]
    if names:
        return listing(names, "/")
    if known:
        return say("none legal in {format} on {day}", format=word("format", t.fmt.name), day=t.fmt.as_of.isoformat())
    return say("none in the card data")


def _said(tag: str, tournament: bool, candidates: set[str]) -> tuple:
    """RB211's finding on the candidates of a list naming no Chosen Champion, as Findings.put's
    arguments after the rule; () when it says nothing."""
    if len(candidates) > 1:
        if tournament:  # a registration that does not say is incomplete (TR 401.2)
            names = sorted(candidates)
            listed = listing([card_named(n) for n in names], "/")
            return (say("the Chosen Champion cannot be determined: {count} {champion} champion units could be it "
                        "({cards}); a tournament registration must name it", count=len(names),
                        champion=champion_named(tag), cards=listed), None, None, CHAMPION,
                    say("Name one of {cards} as the Chosen Champion (a Champion: line, or --champion)", cards=listed),
                    _NAME_IT)
        return ()  # casual: the resolver's warning says it is ambiguous
    (name,) = candidates
    return (say("no Chosen Champion could be read; {card} in the Main Deck could be it", card=card_named(name)), name,
            None, CHAMPION, say("Name {card} as the Chosen Champion", card=card_named(name)))


@rule(
    "RB211", "champion-missing", severity=ERROR, refs=("CR 103.2.a", "TR 401.2"),
    summary="The deck has a Chosen Champion: a champion unit of the legend",
    hint="Add a champion unit of your legend and name it as the Chosen Champion",
    example="a Jinx deck whose Main Deck holds no Jinx champion unit",
    when=NO_CHAMPION,
    repair=Repair("names the champion unit of the legend's tag that the deck holds most copies of (no card moves); "
                  "adds one only when the Main Deck holds none"),
)
def champion_missing(t: Tally, out: Findings) -> None:
    """Every deck chooses a Chosen Champion, a unit of the legend's champion (CR 103.2.a); the
    decklist names it (TR 401.2). When a list does not say (deck codes, flat lists), deckcheck
    takes the only matching champion unit in the Main Deck and says so; with several candidates
    it warns (the list is ambiguous, but legal whichever is meant). Under the Tournament Rules a
    registration must say which one it is (TR 401.2): there several candidates are this error.
    This error also means there is no candidate at all, or the champion the list named could not
    be found."""
    if t.deck.champion is not None or t.legend_tag is None:
        return
    tag = t.legend_tag
    found = t.champion_candidates  # the tally's: champion units of the tag, not Signature
    if found:
        said = _said(tag, t.fmt.tournament, set(found))
        if said:
            out.put(champion_missing, *said)
        return
    out.add(champion_missing, say("No Chosen Champion: the Main Deck holds no {champion} champion unit",
                                  champion=champion_named(tag)),
            zone=CHAMPION, hint=say("Add one of {cards} and name it as the Chosen Champion", cards=_choices(t)))


@rule(
    "RB212", "champion-not-in-main", severity=ERROR, refs=("CR 103.2.a", "CR 103.2.b.1"),
    summary="The Chosen Champion is one of the Main Deck's cards",
    hint="Add the Chosen Champion to the Main Deck (it counts among the 40)",
    example="--champion 'Jinx, Rebel' for a list without Jinx, Rebel",
    when=CHAMPION_ODD,
    repair=Repair("names a champion unit of the legend the Main Deck holds, or adds the named one"),
)
def champion_not_in_main(t: Tally, out: Findings) -> None:
    """The Chosen Champion is a Main Deck card: it counts toward the 40 and toward its own
    3 copies (CR 103.2.a, 103.2.b.1), and starts the game in the Champion Zone."""
    champ = t.deck.champion
    if champ is None or t.champion_in_main:
        return
    out.add(champion_not_in_main, say("the Chosen Champion {card} is not in the Main Deck",
                                      card=card_named(champ.card.name)), entry=champ, zone=CHAMPION)


@rule(
    "RB213", "champion-type", severity=ERROR, refs=("CR 103.2.a", "CR 133.7.a"),
    summary="The Chosen Champion is a unit with the Champion supertype",
    hint="Choose a champion unit of your legend instead",
    example="a spell named as the Chosen Champion",
    when=CHAMPION_ODD,
    repair=_NAME_ANOTHER,
)
def champion_type(t: Tally, out: Findings) -> None:
    """The Chosen Champion must be a unit with the Champion supertype (CR 103.2.a, 133.7.a).
    (A Signature unit is rule RB214.)"""
    f = t.champion_facts
    if f is None or f.champion_unit or f.signature:
        return
    champ = t.deck.champion
    out.add(champion_type, say("the Chosen Champion {card} is {kind} without the Champion supertype",
                               card=card_named(f.name), kind=a_or_an(f.type_word)),
            entry=champ, zone=CHAMPION,
            hint=say("Choose one of {cards}", cards=_choices(t)) if t.legend_tag else champion_type.hint)


@rule(
    "RB214", "champion-signature", severity=ERROR, refs=("CR 103.2.a.2", "CR 103.2.d.3"),
    summary="A Signature card can never be the Chosen Champion",
    hint="Choose a champion unit of your legend; the Signature card may stay as an ordinary card",
    example="Tibbers named as the Chosen Champion of an Annie deck",
    when=CHAMPION_ODD,
    repair=_NAME_ANOTHER,
)
def champion_signature(t: Tally, out: Findings) -> None:
    """A Signature unit can never be the Chosen Champion, even with the legend's tag
    (CR 103.2.a.2, the Tibbers example; 103.2.d.3)."""
    f = t.champion_facts
    if f is None or not f.signature:
        return
    champ = t.deck.champion
    out.add(champion_signature, say("the Chosen Champion {card} is a Signature card", card=card_named(champ.card.name)),
            entry=champ, zone=CHAMPION,
            hint=say("Choose one of {cards}", cards=_choices(t)) if t.legend_tag else champion_signature.hint)


@rule(
    "RB215", "champion-tag", severity=ERROR, refs=("CR 103.2.a", "CR 133.8.b"),
    summary="The Chosen Champion's champion tag matches the legend's (tags, not names)",
    hint="Choose a champion unit with your legend's champion tag",
    example="Jinx, Rebel as the Chosen Champion of an Ornn deck",
    when=CHAMPION_ODD,
    repair=_NAME_ANOTHER,
)
def champion_tag(t: Tally, out: Findings) -> None:
    """The Chosen Champion's champion tag must be the legend's champion tag (CR 103.2.a).
    Tags are compared, not names: the legend "Loose Cannon" carries the tag Jinx, so
    "Jinx, Rebel" qualifies. A legend may have other tags too (Kennen is also a Yordle); only
    the champion tag counts (CR 133.8.b)."""
    f = t.champion_facts
    if f is None or t.legend_tag is None or f.champion_tag == t.legend_tag:
        return
    if not f.champion_unit or f.signature:
        return  # RB213 or RB214
    champ = t.deck.champion
    out.add(champion_tag,
            say("the Chosen Champion {card} is {champion}; the legend {legend} needs {needed}", card=card_named(f.name),
                champion=a_champion(f.champion_tag), legend=card_named(t.legend.card.name),
                needed=a_champion(t.legend_tag)),
            entry=champ, zone=CHAMPION, hint=say("Choose one of {cards}", cards=_choices(t)))
