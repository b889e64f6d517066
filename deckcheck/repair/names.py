"""Misspelt names read as the cards they were meant to be, so ``fix`` can correct what it can read.

A line that names no card (RB001) is read by its close matches: the card names within a typo's
reach of what was written (an optimal-string-alignment edit distance of the names' loose keys:
one edit per 8 characters, at least one), among the cards the line's section can hold. One close
match is a correction, a change of its own; several (or a short name several cards share) are a
line to settle, listed with the cards it could be, and the rest of the list is fixed around it.
A line with no close match, an id no printing has, a name written in Chinese, a second legend or
a line that cannot be read at all leave the list as it is: it cannot be made legal from itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from deckcheck.words import card_named, listing, say
from deckcheck.cards.chinese import has_han
from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card
from deckcheck.cards.names import loose_key
from deckcheck.decks.lookups import SECTION_FITS, zone_for_type
from deckcheck.decks.model import Deck, DeckEntry, UnknownEntry, Zone
from deckcheck.repair.model import Change
from deckcheck.rules.report import Report, Violation
from deckcheck.words import N_

#: The reason a correction gives.
ONE_MATCH = N_("no card of that name; one close match")
#: Lookups whose written text is a name a typo may have bent (not an id, not an empty line).
_NAMES = ("unknown-name", "ambiguous")


@dataclass(slots=True)
class Reading:
    """The list as ``fix`` reads it: ``deck`` with each line of one close match corrected
    (``corrections``, changes of their own), ``unsettled`` lines that could be several cards, and the
    ``unreadable`` violations nothing explains (a list with any cannot be made legal from itself)."""

    deck: Deck
    corrections: list[Change] = field(default_factory=list)
    unsettled: list[str] = field(default_factory=list)
    unreadable: list[Violation] = field(default_factory=list)


def distance(a: str, b: str) -> int:
    """The edits (insert, delete, replace, swap two neighbours) that turn ``a`` into ``b``."""
    before, row = None, list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            cost = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (x != y))
            if before is not None and i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        before, row = row, current
    return row[-1]


def close_matches(db: CardDB, text: str, zone: Zone | None) -> list[str]:
    """The card names within a typo's reach of ``text`` that a line of ``zone`` could hold, closest first."""
    key = loose_key(text)
    if not key or has_han(text):
        return []
    reach = max(1, len(key) // 8)
    fits = SECTION_FITS.get(zone) if zone is not None else None
    found = []
    for name in db.names:
        other = loose_key(name)
        if abs(len(other) - len(key)) > reach:
            continue
        d = distance(key, other)
        if d <= reach and (fits is None or fits(db.by_name(name))):
            found.append((d, name))
    return [name for _, name in sorted(found)]


def read_names(db: CardDB, deck: Deck, before: Report) -> Reading:
    """``deck`` read as its writer meant it (see the module's description), from its report ``before``."""
    reading = Reading(deck=deck)
    lines = {(v.line, v.card): v for v in before.errors if v.code == "RB001"}
    reading.unreadable = [v for v in before.errors if v.code == "RB002"]
    corrected: list[tuple[UnknownEntry, Card]] = []
    for u in deck.unknown:
        v = lines.get((u.source.line, u.text))
        if v is None:
            continue  # not an error (a card of a legal set the data lacks: checked by hand)
        matches = _matches(db, deck, u)
        card = db.by_name(matches[0]) if len(matches) == 1 else None
        if card is not None:
            corrected.append((u, card))
        elif matches:
            cards = listing([card_named(m) for m in matches])
            reading.unsettled.append(
                say("line {line}: '{text}' could be {cards}: write the one meant (RB001)", line=u.source.line,
                    text=u.text, cards=cards) if u.source.line else
                say("'{text}' could be {cards}: write the one meant (RB001)", text=u.text, cards=cards))
        else:
            reading.unreadable.append(v)
    if reading.unreadable:  # the list cannot be made legal from itself: every line it must correct is named
        reading.unreadable = [v for v in before.errors if v.code in ("RB001", "RB002")]
        reading.unsettled = []
    elif corrected:
        reading.deck = _corrected(deck, corrected)
        reading.corrections = [Change(_zone_of(deck, u, card).value, card.name, 0, "RB001", ONE_MATCH, card.id,
                                      written=u.text, line=u.source.line) for u, card in corrected]
    return reading


def _matches(db: CardDB, deck: Deck, u: UnknownEntry) -> list[str]:
    """The cards a line could have meant: its close matches, or the cards sharing the short name it wrote."""
    if u.reason == "ambiguous":
        return list(u.suggestions)
    if u.reason not in _NAMES or (u.zone is Zone.LEGEND and deck.legend is not None):
        return []  # an id, or a second legend (the slot or an additional one: the list does not say)
    found = close_matches(db, u.text, u.zone)
    if deck.legend is not None:  # nor a legend beside the one the list has
        found = [name for name in found
                 if (card := db.by_name(name)) is not None and zone_for_type(card) is not Zone.LEGEND]
    return found


def _zone_of(deck: Deck, u: UnknownEntry, card: Card) -> Zone:
    """Where the corrected line's cards go: its section when they belong there, else their type's zone."""
    if u.zone is Zone.CHAMPION or (u.zone is Zone.LEGEND and deck.legend is None):
        return u.zone
    home = zone_for_type(card)
    return u.zone if u.zone is Zone.SIDEBOARD and home is Zone.MAIN else home


def _corrected(deck: Deck, corrected: list[tuple[UnknownEntry, Card]]) -> Deck:
    """A copy of ``deck`` with each corrected line's cards in their zone (``deck`` is not changed)."""
    zones = {z: list(deck.zone(z)) for z in (Zone.MAIN, Zone.RUNES, Zone.BATTLEFIELDS, Zone.SIDEBOARD)}
    update: dict = {}
    for u, card in corrected:
        zone = _zone_of(deck, u, card)
        entry = DeckEntry(card=card, count=u.count, written=card.name, file=u.source.file, line=u.source.line)
        if zone is Zone.LEGEND:
            if "legend" in update:
                update.setdefault("extra_legends", []).append(entry)
            else:
                update["legend"] = entry
        elif zone is Zone.CHAMPION:  # the Chosen Champion is one of the Main Deck's cards
            update.update(champion=entry, champion_inferred=False)
            zones[Zone.MAIN].append(entry)
        else:
            zones[zone].append(entry)
    gone = {id(u) for u, _ in corrected}
    return replace(deck, **update, main=zones[Zone.MAIN], runes=zones[Zone.RUNES], battlefields=zones[Zone.BATTLEFIELDS],
                   sideboard=zones[Zone.SIDEBOARD], unknown=[u for u in deck.unknown if id(u) not in gone])


def renamed(text: str, changes: list[Change]) -> str:
    """``text`` with each corrected line's name written as the card's, in the line's own style (a subtitle
    after `` - `` where the list wrote it so); the rest of each line, its count and marks, as it was."""
    lines = text.splitlines(keepends=True)
    for change in changes:
        if change.written is None or not change.line or change.line > len(lines):
            continue
        line = lines[change.line - 1]
        name = change.card
        if ", " in name and " - " in change.written and ", " not in change.written:
            name = name.replace(", ", " - ", 1)
        lines[change.line - 1] = line.replace(change.written, name, 1)
    return "".join(lines)
