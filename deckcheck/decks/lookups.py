"""Finding the card of each written line: an id beside a name, a short name settled by its section,
a collector number told from a count; and the memory of lines already found in a card database."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcheck.words import card_named, say
from deckcheck.cards.lookup import CardDB, Found, Lookup, NotFound, has_han
from deckcheck.cards.model import Card, CardType
from deckcheck.decks.model import Problem, RawEntry, Severity, Zone


ZONE_OF_TYPE = {
    CardType.LEGEND: Zone.LEGEND,
    CardType.BATTLEFIELD: Zone.BATTLEFIELDS,
    CardType.RUNE: Zone.RUNES,
}


def zone_for_type(card: Card) -> Zone:
    """The zone a card belongs in by its type (units, spells, gear and tokens: the main deck)."""
    return ZONE_OF_TYPE.get(card.type, Zone.MAIN)


#: What a section's name settles when a short name is ambiguous: the type of card the section holds.
SECTION_FITS = {
    Zone.LEGEND: lambda card: card.type is CardType.LEGEND,
    Zone.CHAMPION: lambda card: card.is_champion_unit,
    Zone.BATTLEFIELDS: lambda card: card.type is CardType.BATTLEFIELD,
    Zone.RUNES: lambda card: card.type is CardType.RUNE,
    Zone.MAIN: lambda card: card.type not in ZONE_OF_TYPE,
    Zone.SIDEBOARD: lambda card: card.type not in ZONE_OF_TYPE,
}


#: The most copies of one card any zone can legally hold (a rune deck of 12 of one rune).
MOST_COPIES = 12


def lookup_entry(db: CardDB, entry: RawEntry, suggest: bool = True
                 ) -> tuple[Card | None, NotFound | None, Problem | None]:
    """Find the card of one raw line. An id beside a name decides; a name mismatch is a warning.

    A name the whole database finds ambiguous or unknown is tried once more within its section:
    under ``Legend:`` ``Jinx`` is the legend, under ``Runes:`` ``Calm`` is Calm Rune. ``suggest=False``:
    no "did you mean" for a name not found (see :data:`~deckcheck.decks.model.MOST_LISTED`).
    """
    if entry.card_id:
        hit = db.find_id(entry.card_id)
        if isinstance(hit, Found):
            note = None
            if entry.text and entry.text != entry.card_id:
                by_name = db.find_name(entry.text, suggest)
                if isinstance(by_name, NotFound) and entry.zone is not None:
                    by_name = by_section(db, entry.text, entry.zone, by_name)
                if not (isinstance(by_name, Found) and by_name.card.name == hit.card.name):
                    note = Problem(
                        severity=Severity.WARNING,
                        message=say("'{text}' does not match {id}, which is '{card}'; using the id", text=entry.text,
                                    id=entry.card_id, card=card_named(hit.card.name)),
                        source=entry.source,
                        text=entry.text,
                    )
            elif hit.note:
                note = Problem(severity=Severity.INFO, message=hit.note, source=entry.source, text=entry.card_id)
            return hit.card, None, note
        # An unknown id with a readable name: fall back to the name, but say so.
        if entry.text and entry.text != entry.card_id and hit.kind != "unknown-set":
            by_name = db.find_name(entry.text, suggest)
            if isinstance(by_name, Found):
                return by_name.card, None, Problem(
                    severity=Severity.WARNING,
                    message=say("{message}; read '{text}' by its name instead", message=hit.message, text=entry.text),
                    source=entry.source,
                    text=entry.card_id,
                )
        return None, hit, None
    hit = db.find(entry.text, suggest)
    if hit.__class__ is Found:
        if hit.note:  # type: ignore[union-attr]
            return hit.card, None, Problem(severity=Severity.INFO, message=hit.note,  # type: ignore[union-attr]
                                           source=entry.source, text=entry.text)
        return hit.card, None, None  # type: ignore[union-attr]
    if entry.zone is not None:
        hit = by_section(db, entry.text, entry.zone, hit)  # type: ignore[arg-type]
        if isinstance(hit, Found):
            return hit.card, None, None
    the = _with_the(db, entry.text, hit)  # type: ignore[arg-type]
    if the is not None:
        return the, None, Problem(severity=Severity.INFO, message=say("'{text}' read as {card}", text=entry.text,
                                                                      card=card_named(the.name)),
                                  source=entry.source, text=entry.text)
    return None, hit, None  # type: ignore[return-value]


def _with_the(db: CardDB, text: str, missed: NotFound) -> Card | None:
    """The card a name not found names with "The" before it, as Riot's ban list writes ``Dreaming
    Tree`` for The Dreaming Tree; None if no card does (or the name starts with "The" already)."""
    if missed.kind != "unknown-name" or text[:4].casefold() == "the " or has_han(text):
        return None
    hit = db.find_name(f"The {text.strip()}")
    return hit.card if isinstance(hit, Found) and hit.card.name.startswith("The ") else None


def lookup_entries(db: CardDB, entries: list[RawEntry]) -> list[tuple[Card | None, NotFound | None, Problem | None]]:
    """:func:`lookup_entry` for each entry; a plain name found without a note costs one cached lookup."""
    memory = memory_of(db)
    names = memory.names
    out = []
    append = out.append
    for entry in entries:
        card = names.get(entry.text) if entry.card_id is None else None
        append((card, None, None) if card is not None else lookup_remembered(db, entry, memory))
    return out


#: The sections a line can be filed under (the champion's line is filed under MAIN).
_SECTIONS = (Zone.LEGEND, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)


@dataclass(slots=True)
class LineMemory:
    """What the resolver learnt from the lines it looked up in one card database (kept on it).

    ``names``: a name as written -> its card, for names found without a note; ``pairs``: (id, name,
    section) -> card, for an id beside a name that matched it without a note; ``fitting``: per section,
    a line (its name, or its row when it has an id) -> the card it gives there, for lines found
    without a note whose card is filed under that section; ``champion_notes``: a card id -> (the card,
    its note as the Chosen Champion or None).
    """

    names: dict[str, Card] = field(default_factory=dict)
    pairs: dict[tuple[str, str, Zone | None], Card] = field(default_factory=dict)
    fitting: dict[Zone, dict] = field(default_factory=lambda: {zone: {} for zone in _SECTIONS})
    champion_notes: dict[str, tuple[Card, str | None]] = field(default_factory=dict)

    def clear(self) -> None:
        for memo in (self.names, self.pairs, self.champion_notes, *self.fitting.values()):
            memo.clear()


#: A memory is emptied when it holds this many lines (a process reading endless new names).
MOST_REMEMBERED = 20_000


def _new_memory(db: CardDB) -> LineMemory:
    """A new, empty :class:`LineMemory` for ``db`` (made by :meth:`CardDB.kept`)."""
    return LineMemory()


def memory_of(db: CardDB) -> LineMemory:
    """The line memory kept on ``db`` (emptied when full)."""
    memory = db.kept(_new_memory)
    if len(memory.names) > MOST_REMEMBERED or len(memory.pairs) > MOST_REMEMBERED:
        memory.clear()
    return memory


def lookup_remembered(db: CardDB, entry: RawEntry, memory: LineMemory, suggest: bool = True
                      ) -> tuple[Card | None, NotFound | None, Problem | None]:
    """:func:`lookup_entry` of a line not in ``names``, remembering a name or an (id, name, section)
    line found without a note."""
    card_id = entry.card_id
    if card_id is None:
        text = entry.text
        hit = db.find(text, suggest)
        if hit.__class__ is not Found or hit.note is not None:  # type: ignore[union-attr]
            return lookup_entry(db, entry, suggest)
        card = memory.names[text] = hit.card  # type: ignore[union-attr]
        return card, None, None
    pair = (card_id, entry.text, entry.zone)
    card = memory.pairs.get(pair)
    if card is not None:
        return card, None, None
    found = lookup_entry(db, entry, suggest)
    if found[0] is not None and found[2] is None:
        memory.pairs[pair] = found[0]
    return found




def by_section(db: CardDB, text: str, zone: Zone, missed: NotFound) -> Lookup:
    """A name the database could not settle, settled by the section it stands under (or ``missed``)."""
    fits = SECTION_FITS[zone]
    if missed.kind == "ambiguous":
        cards = [card for name in missed.suggestions if (card := db.by_name(name)) is not None and fits(card)]
        if len(cards) == 1:
            return Found(cards[0], by_id=False)
        if 1 < len(cards) < len(missed.suggestions):
            names = tuple(sorted(card.name for card in cards))
            return NotFound("ambiguous", f"'{text}' could be any of {len(names)} cards: " + "; ".join(names), names)
    elif missed.kind == "unknown-name" and zone is Zone.RUNES:
        rune = f"{text.strip()}符文" if has_han(text) else f"{text.strip()} Rune"  # '炽烈' under 符文
        hit = db.find(rune, False)
        if isinstance(hit, Found) and fits(hit.card):
            return hit
    return missed


def collector_numbers(db: CardDB, card: Card) -> dict[int, Card]:
    """The collector numbers printed on ``card``'s printings (``210`` for SFD-210), each with its printing."""
    out: dict[int, Card] = {}
    for printing in db.printings_of(card.name) or [card]:
        digits = printing.number[: len(printing.number) - len(printing.number.lstrip("0123456789"))]
        if digits:
            out.setdefault(int(digits), printing)
    return out


def numbered(db: CardDB, entry: RawEntry, card: Card, paren_counts: bool, problems: list[Problem]
              ) -> tuple[Card, int]:
    """The printing and count of a line with a number in parentheses after the name.

    The number is the collector number when one of the card's printings carries it (``Hall of
    Legends (210)``), unless the list writes its counts in parentheses; otherwise it is the count
    (``Cleave (3)``). A number no deck could hold as a count is never read as one.
    """
    number = entry.number
    assert number is not None
    printing = collector_numbers(db, card).get(number)
    if entry.counted:  # "1 Hall of Legends (210)": the count is written before the name
        if printing is None:
            problems.append(Problem(severity=Severity.WARNING, source=entry.source, text=entry.text,
                                    message=say("({number}) after '{text}' is not its collector number ({printed}); read "
                                                "{count} as the count written before the name", number=number,
                                                text=entry.text, printed=card.number, count=entry.count)))
            return card, entry.count
        return (printing if printing.id != card.id and entry.card_id is None else card), entry.count
    if printing is not None and not (paren_counts and number <= MOST_COPIES):
        return (printing if entry.card_id is None else card), 1
    if number > MOST_COPIES:
        problems.append(Problem(severity=Severity.ERROR, source=entry.source, text=entry.text,
                                message=say("({number}) after '{text}' is neither its collector number ({printed}) nor a "
                                            "count a deck can hold; read as 1 copy", number=number, text=entry.text,
                                            printed=card.number)))
        return card, 1
    return card, entry.count
