"""Resolve a :class:`RawDeck` against the card database into a :class:`Deck`.

This is the one place where written text becomes cards and cards are filed into zones:

- A line under a section stays in that section, unless the source has no section for the card's
  type (a flat list): then it is filed by type, with a note. A legend under ``Champion:`` always
  goes to the legend slot.
- Lines without a section (deck codes, TTS, headerless lists) are filed by card type.
- If the source does not name the Chosen Champion, the only Champion unit carrying the legend's
  champion tag is chosen, and the deck says so; several candidates are reported as ambiguous.
"""

from __future__ import annotations

from deckcheck.cards.chinese import has_han
from deckcheck.cards.lookup import CardDB, Found, Lookup, NotFound
from deckcheck.cards.model import Card, CardType
from deckcheck.decks.model import (
    Deck,
    DeckEntry,
    Problem,
    RawDeck,
    RawEntry,
    Severity,
    Source,
    UnknownEntry,
    Zone,
)

_ZONE_OF_TYPE = {
    CardType.LEGEND: Zone.LEGEND,
    CardType.BATTLEFIELD: Zone.BATTLEFIELDS,
    CardType.RUNE: Zone.RUNES,
}


#: The zones and a severity as module constants: reading ``Zone.MAIN`` goes through the enum's
#: class and costs about 60 ns, a module constant about 5; resolve_deck reads them for every line.
_MAIN, _SIDEBOARD, _CHAMPION, _LEGEND = Zone.MAIN, Zone.SIDEBOARD, Zone.CHAMPION, Zone.LEGEND
_BATTLEFIELDS, _RUNES = Zone.BATTLEFIELDS, Zone.RUNES
_WARNING, _INFO = Severity.WARNING, Severity.INFO


def zone_for_type(card: Card) -> Zone:
    """The zone a card belongs in by its type (units, spells, gear and tokens: the main deck)."""
    return _ZONE_OF_TYPE.get(card.type, Zone.MAIN)


#: What a section's name settles when a short name is ambiguous: the type of card the section holds.
_SECTION_FITS = {
    Zone.LEGEND: lambda card: card.type is CardType.LEGEND,
    Zone.CHAMPION: lambda card: card.is_champion_unit,
    Zone.BATTLEFIELDS: lambda card: card.type is CardType.BATTLEFIELD,
    Zone.RUNES: lambda card: card.type is CardType.RUNE,
    Zone.MAIN: lambda card: card.type not in _ZONE_OF_TYPE,
    Zone.SIDEBOARD: lambda card: card.type not in _ZONE_OF_TYPE,
}
#: Sections that hold one type of card: cards of other types at their end mean a lost header.
_TYPED_SECTIONS = (Zone.LEGEND, Zone.CHAMPION, Zone.BATTLEFIELDS, Zone.RUNES)
#: The most copies of one card any zone can legally hold (a rune deck of 12 of one rune).
_MOST_COPIES = 12
_HEADER_NAMES = {Zone.MAIN: "MainDeck:", Zone.SIDEBOARD: "Sideboard:", Zone.LEGEND: "Legend:",
                 Zone.CHAMPION: "Champion:", Zone.BATTLEFIELDS: "Battlefields:", Zone.RUNES: "Runes:"}


def lookup_entry(db: CardDB, entry: RawEntry) -> tuple[Card | None, NotFound | None, Problem | None]:
    """Find the card of one raw line. An id beside a name decides; a name mismatch is a warning.

    A name the whole database finds ambiguous or unknown is tried once more within its section:
    under ``Legend:`` ``Jinx`` is the legend, under ``Runes:`` ``Calm`` is Calm Rune.
    """
    if entry.card_id:
        hit = db.find_id(entry.card_id)
        if isinstance(hit, Found):
            note = None
            if entry.text and entry.text != entry.card_id:
                by_name = db.find_name(entry.text)
                if isinstance(by_name, NotFound) and entry.zone is not None:
                    by_name = _by_section(db, entry.text, entry.zone, by_name)
                if not (isinstance(by_name, Found) and by_name.card.name == hit.card.name):
                    note = Problem(
                        severity=Severity.WARNING,
                        message=f"'{entry.text}' does not match {entry.card_id}, which is "
                        f"'{hit.card.name}'; using the id",
                        source=entry.source,
                        text=entry.text,
                    )
            elif hit.note:
                note = Problem(severity=Severity.INFO, message=hit.note, source=entry.source, text=entry.card_id)
            return hit.card, None, note
        # An unknown id with a readable name: fall back to the name, but say so.
        if entry.text and entry.text != entry.card_id and hit.kind != "unknown-set":
            by_name = db.find_name(entry.text)
            if isinstance(by_name, Found):
                return by_name.card, None, Problem(
                    severity=Severity.WARNING,
                    message=f"{hit.message}; read '{entry.text}' by its name instead",
                    source=entry.source,
                    text=entry.card_id,
                )
        return None, hit, None
    hit = db.find(entry.text)
    if hit.__class__ is Found:
        if hit.note:  # type: ignore[union-attr]
            return hit.card, None, Problem(severity=Severity.INFO, message=hit.note,  # type: ignore[union-attr]
                                           source=entry.source, text=entry.text)
        return hit.card, None, None  # type: ignore[union-attr]
    if entry.zone is not None:
        hit = _by_section(db, entry.text, entry.zone, hit)  # type: ignore[arg-type]
        if isinstance(hit, Found):
            return hit.card, None, None
    return None, hit, None  # type: ignore[return-value]


def lookup_entries(db: CardDB, entries: list[RawEntry]) -> list[tuple[Card | None, NotFound | None, Problem | None]]:
    """:func:`lookup_entry` for each entry; a plain name found without a note costs one cached lookup."""
    names = _names_of(db)
    out = []
    append = out.append
    for entry in entries:
        card = names.get(entry.text) if entry.card_id is None else None
        append((card, None, None) if card is not None else _lookup_cached(db, entry, names))
    return out


def _names_of(db: CardDB) -> dict[str, Card]:
    """The memory of names and (id, name, section) lines looked up in ``db`` (emptied for another db,
    or when it holds more than 20,000), and of the lines filed under each section (emptied with it);
    returns the names part."""
    global _PAIRS_DB
    if _PAIRS_DB is not db or len(_PAIRS) > 20_000 or len(_NAMES) > 20_000:
        _PAIRS.clear()
        _NAMES.clear()
        for memory in _FITTING.values():
            memory.clear()
        _CHAMPION_NOTES.clear()
        _PAIRS_DB = db
    return _NAMES


def _lookup_cached(db: CardDB, entry: RawEntry, names: dict[str, Card]
                   ) -> tuple[Card | None, NotFound | None, Problem | None]:
    """:func:`lookup_entry` of a line not in ``names``, remembering a name or an (id, name, section)
    line found without a note."""
    card_id = entry.card_id
    if card_id is None:
        text = entry.text
        hit = db.find(text)
        if hit.__class__ is not Found or hit.note is not None:  # type: ignore[union-attr]
            return lookup_entry(db, entry)
        card = names[text] = hit.card  # type: ignore[union-attr]
        return card, None, None
    pair = (card_id, entry.text, entry.zone)
    card = _PAIRS.get(pair)
    if card is not None:
        return card, None, None
    found = lookup_entry(db, entry)
    if found[0] is not None and found[2] is None:
        _PAIRS[pair] = found[0]
    return found


#: (id, name, section) -> card, for lines with an id beside a name that matched it without a note.
_PAIRS: dict[tuple[str, str, Zone | None], Card] = {}
#: A name as written -> its card, for names the database finds without a note.
_NAMES: dict[str, Card] = {}
_PAIRS_DB: CardDB | None = None


def _by_section(db: CardDB, text: str, zone: Zone, missed: NotFound) -> Lookup:
    """A name the database could not settle, settled by the section it stands under (or ``missed``)."""
    fits = _SECTION_FITS[zone]
    if missed.kind == "ambiguous":
        cards = [card for name in missed.suggestions if (card := db.by_name(name)) is not None and fits(card)]
        if len(cards) == 1:
            return Found(cards[0], by_id=False)
        if 1 < len(cards) < len(missed.suggestions):
            names = tuple(sorted(card.name for card in cards))
            return NotFound("ambiguous", f"'{text}' could be any of {len(names)} cards: " + "; ".join(names), names)
    elif missed.kind == "unknown-name" and zone is Zone.RUNES:  # 'Calm' (or '炽烈') under Runes
        hit = db.find(f"{text.strip()}符文" if has_han(text) else f"{text.strip()} Rune")
        if isinstance(hit, Found) and fits(hit.card):
            return hit
    return missed


def _collector_numbers(db: CardDB, card: Card) -> dict[int, Card]:
    """The collector numbers printed on ``card``'s printings (``210`` for SFD-210), each with its printing."""
    out: dict[int, Card] = {}
    for printing in db.printings_of(card.name) or [card]:
        digits = printing.number[: len(printing.number) - len(printing.number.lstrip("0123456789"))]
        if digits:
            out.setdefault(int(digits), printing)
    return out


def _numbered(db: CardDB, entry: RawEntry, card: Card, paren_counts: bool, problems: list[Problem]
              ) -> tuple[Card, int]:
    """The printing and count of a line with a number in parentheses after the name.

    The number is the collector number when one of the card's printings carries it (``Hall of
    Legends (210)``), unless the list writes its counts in parentheses; otherwise it is the count
    (``Cleave (3)``). A number no deck could hold as a count is never read as one.
    """
    number = entry.number
    assert number is not None
    printing = _collector_numbers(db, card).get(number)
    if entry.counted:  # "1 Hall of Legends (210)": the count is written before the name
        if printing is None:
            problems.append(Problem(severity=Severity.WARNING, source=entry.source, text=entry.text,
                                    message=f"({number}) after '{entry.text}' is not its collector number "
                                    f"({card.number}); read {entry.count} as the count written before the name"))
            return card, entry.count
        return (printing if printing.id != card.id and entry.card_id is None else card), entry.count
    if printing is not None and not (paren_counts and number <= _MOST_COPIES):
        return (printing if entry.card_id is None else card), 1
    if number > _MOST_COPIES:
        problems.append(Problem(severity=Severity.ERROR, source=entry.source, text=entry.text,
                                message=f"({number}) after '{entry.text}' is neither its collector number "
                                f"({card.number}) nor a count a deck can hold; read as 1 copy"))
        return card, 1
    return card, entry.count


def _empty_deck(raw: RawDeck) -> Deck:
    return Deck(name=raw.name, source=raw.source, reader=raw.reader, problems=list(raw.problems),
                player=raw.player, team=raw.team)


#: One line of a list for :func:`_one_pass`: ``((text, count, id), line)``, a RawEntry without a
#: number in parentheses (the quick text reader hands on the tuple it remembers for the line).
Row = tuple[tuple[str, int, "str | None"], "int | None"]
#: The lines under one section header (or of no section: None), in the order written.
Section = tuple["Zone | None", list[Row]]


def _rows(entries: list[RawEntry]) -> tuple[str | None, list[Section]] | None:
    """The entries as ``(file, sections)``; None if a number in parentheses follows a name (both
    passes decide it), the lines come from several files or one names its section other than by a Zone."""
    if not entries:
        return None, []
    file = entries[0].file
    sections: list[Section] = []
    rows: list[Row] = []
    last: object = _NO_SECTION
    for e in entries:
        if e.number is not None or e.file != file or (e.zone is not None and e.zone.__class__ is not Zone):
            return None
        if e.zone is not last:
            last = e.zone
            rows = []
            sections.append((last, rows))  # type: ignore[arg-type]
        rows.append(((e.text, e.count, e.card_id), e.line))
    return file, sections


_NO_SECTION = object()


def _misfit(section: Zone, card: Card, champions: int) -> tuple[bool, int]:
    """Whether ``card`` under the one-type ``section`` (Legend, Champion, Battlefields, Runes) is of
    another type, which only a lost header explains, or a second card under Champion; and how many
    cards stand under Champion so far."""
    if section is _CHAMPION:
        champions += 1
        return champions > 1, champions
    fit = _SECTION_FITS.get(section)
    return fit is not None and not fit(card), champions


def _one_pass(rows: tuple[str | None, list[Section]], db: CardDB, deck: Deck
              ) -> tuple[DeckEntry | None, list[DeckEntry]] | None:
    """:func:`_two_passes` of the common list, in one pass over its lines: the Chosen Champion's
    entry and the legend entries, the rest filed into ``deck``. None (``deck`` then half filled)
    when the list needs the second pass: a card of another type under a one-type section (a lost
    header?), a legend or a second card under Champion, or a card filed away from its section;
    those are decided with the whole list in view. Each is a card this pass cannot file where
    it stands, so it stops at the first (the lost-header test of the two passes needs no more).

    A line under a section is filed there whenever its card is of the section's type (any card,
    under Sideboard): what a line under a section gives is remembered per section
    (:data:`_FITTING`), so a line seen before costs one lookup, whatever its card. ``rows`` is
    ``(file, sections)``: the lines of each section, all from that file (:func:`_rows`)."""
    file, sections = rows
    names = _names_of(db)
    new = object.__new__
    legends: list[DeckEntry] = []
    # The entries filed so far by card id (a repeated card adds to its count): one memory for every
    # zone but the sideboard, as a card filed under a typed section is of its type, and its id says
    # the zone (a card of no section or under Champion is filed in the zone of its type too).
    filed: dict[str, DeckEntry] = {}
    aside: dict[str, DeckEntry] | None = None  # the same for the sideboard, which holds any card
    champion: list[DeckEntry] = []  # the Chosen Champion's entry, once listed under Champion
    for written, lines in sections:
        if not lines:
            continue
        slot = _SLOTS.get(written)
        if slot is None:  # no section, or Champion
            if not _file_by_type(lines, written, file, db, names, deck, filed, legends, champion):
                return None
            continue
        fitting, fits, attribute = slot
        entries = legends if attribute is None else getattr(deck, attribute)
        if written is _SIDEBOARD:
            if aside is None:
                aside = {}
            by_id = aside
        else:
            by_id = filed
        for known, line in lines:
            text, count, card_id = known
            card = fits(text) if card_id is None else fits(known)
            if card is None:
                card = _first_look(known, line, written, file, db, names, fitting, deck)
                if card is None:
                    continue  # not found: kept as an unknown entry
                if card is _ELSEWHERE:
                    return None
            card_key = card.id
            if card_key in by_id:
                by_id[card_key].count += count
            else:  # _entry(), built without calling the class
                item = by_id[card_key] = new(DeckEntry)
                item.card = card
                item.count = count
                item.written = card_id or text
                item.file = file
                item.line = line
                entries.append(item)
    return (champion[0] if champion else None), legends


#: What :func:`_first_look` gives for a card whose type is not its section's.
_ELSEWHERE: Card = object()  # type: ignore[assignment]
#: Each zone -> the Deck attribute holding its cards (the legends are gathered apart: None).
_LIST_OF = {Zone.LEGEND: None, Zone.MAIN: "main", Zone.BATTLEFIELDS: "battlefields", Zone.RUNES: "runes",
            Zone.SIDEBOARD: "sideboard"}
#: Per section: a line's name (or, for a line with an id, its row) -> the card it gives, for lines
#: found without a note whose card is filed under that section (its type, or any card under Sideboard).
_FITTING: dict[Zone, dict[str | tuple[str, int, str], Card]] = {zone: {} for zone in _LIST_OF}
#: Each section but Champion -> its memory (:data:`_FITTING`), the memory's lookup, its Deck attribute.
_SLOTS = {zone: (memory, memory.get, _LIST_OF[zone]) for zone, memory in _FITTING.items()}
#: A section's memory is emptied when it holds this many lines (a process reading endless new names).
_MOST_REMEMBERED = 20_000


def _first_look(known: tuple[str, int, str | None], line: int | None, written: Zone, file: str | None,
                db: CardDB, names: dict[str, Card], fitting: dict, deck: Deck) -> Card | None:
    """The card of a line under ``written`` not remembered in ``fitting``: looked up (a note or an
    unknown card goes into ``deck``), remembered when found without a note and of the section's
    type; None if not found, :data:`_ELSEWHERE` if its type files it under another section."""
    text, count, card_id = known
    card = names.get(text) if card_id is None else _PAIRS.get((card_id, text, written))
    note = None
    if card is None and card_id is None:  # a name not met before: looked up, no entry made if found plainly
        hit = db.find(text)
        if hit.__class__ is Found and hit.note is None:  # type: ignore[union-attr]
            card = names[text] = hit.card  # type: ignore[union-attr]
    if card is None:
        card, note = _looked_up(known, line, written, file, db, names, deck)
        if card is None:
            return None
    if written is not _SIDEBOARD and _HOME[card.type] is not written:
        return _ELSEWHERE
    if note is None:
        if len(fitting) >= _MOST_REMEMBERED:
            fitting.clear()
        fitting[text if card_id is None else known] = card
    return card


def _looked_up(known: tuple[str, int, str | None], line: int | None, written: Zone | None, file: str | None,
               db: CardDB, names: dict[str, Card], deck: Deck) -> tuple[Card | None, Problem | None]:
    """The card of a line no memory holds, looked up in full, and the note it came with: a note goes
    into ``deck``'s problems, a card not found into its unknown entries (the card is then None)."""
    text, count, card_id = known
    entry = RawEntry(text, count, written, card_id, file=file, line=line)
    card, missing, note = _lookup_cached(db, entry, names)
    if note is not None:
        deck.problems.append(note)
    if card is None:
        deck.unknown.append(_unknown(entry, missing, count, written))  # type: ignore[arg-type]
    return card, note


def _file_by_type(rows: list[Row], written: Zone | None, file: str | None, db: CardDB, names: dict[str, Card],
                  deck: Deck, filed: dict[str, DeckEntry], legends: list[DeckEntry], champion: list[DeckEntry]) -> bool:
    """:func:`_one_pass` for the lines of a section of no name (each card filed by its type) or
    under Champion (the Chosen Champion, its copy filed in the main deck); False when the list
    needs the second pass (a legend, or a second card, under Champion)."""
    new = object.__new__
    for known, line in rows:
        text, count, card_id = known
        card = names.get(text) if card_id is None else _PAIRS.get((card_id, text, written))
        if card is None:
            card, _ = _looked_up(known, line, written, file, db, names, deck)
            if card is None:
                continue
        zone = _HOME[card.type]
        if written is _CHAMPION:
            if champion or zone is _LEGEND:
                return False
            champion.append(DeckEntry(card=card, count=1, written=card_id or text, source=Source(file, line)))
            zone = _MAIN  # its copies (normally 1) are Main Deck cards (CR 103.2.a)
        if card.id in filed:
            filed[card.id].count += count
        else:  # _entry(), built without calling the class
            item = filed[card.id] = new(DeckEntry)
            item.card = card
            item.count = count
            item.written = card_id or text
            item.file = file
            item.line = line
            (legends if zone is _LEGEND else getattr(deck, _LIST_OF[zone])).append(item)  # type: ignore[arg-type]
    return True


def _two_passes(raw: RawDeck, db: CardDB, deck: Deck) -> tuple[DeckEntry | None, list[DeckEntry]]:
    """Look every line up, then file each card with the whole list in view (lost headers, counts in
    parentheses, cards away from their section); returns the Chosen Champion's entry and the legend
    entries, and files the rest into ``deck``."""
    problems = deck.problems
    looked: list[tuple[RawEntry, Card | None, NotFound | None]] = []
    zones_written: set[Zone] = set()
    numbered = False
    # Gathered in the same pass: a card of another type under a one-type section (Legend, Battlefields,
    # Runes), or a second card under Champion: only then can a header have been lost.
    misfit = False
    champions = 0
    names = _names_of(db)
    for entry in raw.entries:
        card = names.get(entry.text) if entry.card_id is None else None
        if card is None:  # not a plain name found before without a note
            card, missing, note = _lookup_cached(db, entry, names)
            if note is not None:
                problems.append(note)
        else:
            missing = None
        looked.append((entry, card, missing))
        zone = entry.zone
        if zone is not None:
            zones_written.add(zone)
            if card is not None and zone is not _MAIN and zone is not _SIDEBOARD and not misfit:
                misfit, champions = _misfit(zone, card, champions)
        if entry.number is not None:
            numbered = True

    paren_counts = numbered and _writes_counts_in_parentheses(db, looked)
    misfiled = misfit and not zones_written.isdisjoint(_TYPED_SET)
    retarget = _lost_headers(looked, zones_written, problems) if misfiled else {}

    merged: dict[tuple[Zone, str], DeckEntry] = {}
    champion_entry: DeckEntry | None = None
    main_types = _MAIN_TYPES
    by_type = _ZONE_OF_TYPE
    new = object.__new__
    legends: list[DeckEntry] = []
    lists = {_MAIN: deck.main, _BATTLEFIELDS: deck.battlefields, _RUNES: deck.runes,
             _SIDEBOARD: deck.sideboard}
    for index, (entry, card, missing) in enumerate(looked):
        written = retarget.get(index, entry.zone) if retarget else entry.zone
        if card is None:
            assert missing is not None
            deck.unknown.append(_unknown(entry, missing, entry.count, written))
            continue
        count = entry.count
        if entry.number is not None:
            card, count = _numbered(db, entry, card, paren_counts, problems)
        if written is _MAIN and card.type in main_types:
            zone = written  # the common cases, settled without a call
        elif written is None:
            zone = by_type.get(card.type, _MAIN)
        elif written is not _CHAMPION and (written is _SIDEBOARD or by_type.get(card.type, _MAIN) is written):
            zone = written  # a card of the section's own type (see _zone_for)
        else:
            zone = _zone_for(entry, card, written, zones_written, deck, quiet=index in retarget)
        if zone is _CHAMPION:
            resolved = _entry(card, 1, entry)
            if champion_entry is None:
                champion_entry = resolved
            else:
                problems.append(
                    Problem(
                        severity=_WARNING,
                        message=f"a second Chosen Champion '{card.name}' was listed; it is counted in the main deck",
                        source=entry.source,
                        text=entry.text,
                    )
                )
            # Its copies (normally 1) are Main Deck cards (CR 103.2.a).
            zone = _MAIN
        key = (zone, card.id)
        existing = merged.get(key)
        if existing is None:
            # _entry(), built without calling the class (half the cost; the count is at least 1)
            item = merged[key] = new(DeckEntry)
            item.card = card
            item.count = count
            item.written = entry.card_id or entry.text
            item.file = entry.file
            item.line = entry.line
            # Filed in the order first listed; a repeat only adds to the count of this new entry.
            (legends if zone is _LEGEND else lists[zone]).append(item)
        else:
            existing.count += count
    return champion_entry, legends


def resolve_deck(raw: RawDeck, db: CardDB, *, champion: str | None = None) -> Deck:
    """Turn what a reader saw into a deck of cards. Never raises for unknown cards: they are kept."""
    deck = _empty_deck(raw)
    rows = _rows(raw.entries)
    filed = None if rows is None else _one_pass(rows, db, deck)
    if filed is None:  # the list needs both passes: start again
        deck = _empty_deck(raw)
        filed = _two_passes(raw, db, deck)
    return _finish(deck, db, filed, raw.additional_legends, raw.champion, champion)


def resolve_rows(sections: list[Section], db: CardDB, *, name: str | None, source: str | None, reader: str,
                 champion: str | None = None) -> Deck | None:
    """:func:`resolve_deck` of a RawDeck with these sections' lines as its entries, each from the
    file ``source`` (and no problems, champion or additional legends), for a reader that makes rows
    instead of entries; None when the list needs both passes (the caller then reads it the general way)."""
    deck = Deck.empty(name, source, reader)
    filed = _one_pass((source, sections), db, deck)
    if filed is None:
        return None
    listed, legends = filed
    if champion or len(legends) != 1 or legends[0].count != 1:
        return _finish(deck, db, filed, (), None, champion)
    deck.legend = legends[0]  # the common list: _finish's work, one legend and no extra ones
    if listed is not None:
        deck.champion = listed
    else:
        _infer_champion(deck)
    return deck


def _finish(deck: Deck, db: CardDB, filed: tuple[DeckEntry | None, list[DeckEntry]],
            additional: list[RawEntry] | tuple[()], named: RawEntry | None, champion: str | None) -> Deck:
    """The legend slot, the additional legends and the Chosen Champion of a filed deck."""
    champion_entry, legends = filed
    for item in legends:
        if item.count == 1 and deck.legend is None:
            deck.legend = item  # the common list: one legend, whose entry is this deck's alone
            continue
        for _ in range(item.count):
            if deck.legend is None:
                deck.legend = _one_copy(item)
            else:
                deck.extra_legends.append(_one_copy(item))

    for extra in additional:
        card, missing, _ = lookup_entry(db, extra)
        if card is not None:
            deck.additional_legends.append(_entry(card, 1, extra))
        elif missing is not None:
            deck.unknown.append(_unknown(extra, missing, 1, _LEGEND))

    _set_champion(deck, db, named, champion_entry, champion)
    return deck


_TYPED_SET = frozenset(_TYPED_SECTIONS)
#: Every card type -> the zone its cards are filed in when no section says otherwise.
_HOME = {card_type: _ZONE_OF_TYPE.get(card_type, Zone.MAIN) for card_type in CardType}
#: Types of the cards a main deck holds (units, spells, gear, tokens): every type not filed elsewhere.
_MAIN_TYPES = frozenset(t for t in CardType if t not in _ZONE_OF_TYPE)


def _writes_counts_in_parentheses(db: CardDB, looked: list) -> bool:
    """True if some ``Name (N)`` line of the list has an N that is no collector number of its card:
    the list writes its counts in parentheses, so a small N that happens to match one is a count too."""
    for entry, card, _ in looked:
        if card is not None and entry.number is not None and not entry.counted and entry.number <= _MOST_COPIES:
            if entry.number not in _collector_numbers(db, card):
                return True
    return False


def _lost_headers(looked: list, zones_written: set[Zone], problems: list[Problem]) -> dict[int, Zone | None]:
    """Cards of other types at the end of a one-type section (Legend, Champion, Battlefields, Runes):
    a header was lost. Returns the section each such line is read under, and reports each run once.

    The run is read as the main deck when the list has no main deck section, else as the sideboard
    when it has none; when both exist the reading is not clear: it is an error and the cards are
    filed by type.
    """
    out: dict[int, Zone | None] = {}
    index = 0
    while index < len(looked):
        zone = looked[index][0].zone
        end = index
        while end < len(looked) and looked[end][0].zone is zone:
            end += 1
        if zone in _TYPED_SET and (zone in (Zone.BATTLEFIELDS, Zone.RUNES) or Zone.MAIN not in zones_written):
            tail = _foreign_tail(looked, index, end, zone)
            if tail is not None:
                target = None
                if Zone.MAIN not in zones_written:
                    target = Zone.MAIN
                elif Zone.SIDEBOARD not in zones_written and zone in (Zone.BATTLEFIELDS, Zone.RUNES):
                    target = Zone.SIDEBOARD
                first = looked[tail][0]
                cards = sum(entry.count for entry, _, _ in looked[tail:end])
                what = f"cards of other types under {_HEADER_NAMES[zone]} from line {first.line} ({cards} card{'' if cards == 1 else 's'})"
                if target is not None:
                    problems.append(Problem(
                        severity=Severity.WARNING, source=first.source, text=first.text,
                        message=f"{what}; a missing {_HEADER_NAMES[target]} header? read them as the "
                        f"{'main deck' if target is Zone.MAIN else 'sideboard'}"))
                else:
                    problems.append(Problem(
                        severity=Severity.ERROR, source=first.source, text=first.text,
                        message=f"{what}; a missing header? The list has a main deck and a sideboard already: "
                        "they were filed by type; add the header they belong under"))
                for i in range(tail, end):
                    out[i] = target
        index = end
    return out


def _foreign_tail(looked: list, start: int, end: int, zone: Zone) -> int | None:
    """Where the run of other-type cards ending section ``looked[start:end]`` starts, if there is one.

    Under ``Champion:`` every card after the champion unit is in the run (a main deck lost its header).
    """
    fits = _SECTION_FITS[zone]
    tail = None
    own = False  # a card of the section's own type came before
    for i in range(start, end):
        card = looked[i][1]
        if card is None:
            continue
        if zone is Zone.CHAMPION:
            if own:
                return i
            own = card.is_champion_unit
            continue
        if tail is None:
            if fits(card):
                own = True
            else:
                tail = i
        elif fits(card):
            return None  # mixed: a stray card inside the section, not a lost header
    if tail is None or not own:
        return None  # no card of the section's own type before them: misfiled cards, reported by the rules
    return tail


def _entry(card: Card, count: int, raw: RawEntry) -> DeckEntry:
    """A resolved entry, written as the player wrote it (the id beside a name wins)."""
    return DeckEntry(card=card, count=count, written=raw.card_id or raw.text, source=raw.source)


def _one_copy(entry: DeckEntry) -> DeckEntry:
    """``entry.model_copy(update={"count": 1})``, without the generic copy's loop over the fields."""
    copy = object.__new__(DeckEntry)
    copy.card = entry.card
    copy.count = 1
    copy.written = entry.written
    copy.file = entry.file
    copy.line = entry.line
    return copy


def _unknown(raw: RawEntry, missing: NotFound, count: int, zone: Zone | None) -> UnknownEntry:
    """A line whose card was not found, kept with the reason so the rule engine reports it."""
    return UnknownEntry(text=raw.card_id or raw.text, count=count, zone=zone, reason=missing.kind,
                        message=missing.message, suggestions=missing.suggestions, source=raw.source)


def _zone_for(entry: RawEntry, card: Card, written: Zone | None, zones_written: set[Zone], deck: Deck,
              quiet: bool = False) -> Zone:
    by_type = zone_for_type(card)
    if written is None:
        return by_type
    if written is Zone.CHAMPION:
        if card.type is CardType.LEGEND:
            deck.problems.append(
                Problem(
                    severity=Severity.INFO,
                    message=f"'{card.name}' is a legend listed under Champion; it was read as the deck's legend",
                    source=entry.source,
                    text=entry.text,
                )
            )
            return Zone.LEGEND
        return Zone.CHAMPION
    if written is Zone.SIDEBOARD or by_type is written:
        return written
    if by_type not in zones_written and not (by_type is Zone.MAIN and Zone.CHAMPION in zones_written and Zone.MAIN not in zones_written):
        if not quiet:
            deck.problems.append(
                Problem(
                    severity=Severity.INFO,
                    message=f"'{card.name}' is a {card.type.value.lower()} listed under "
                    f"{written.value}; it was filed with the {by_type.value}",
                    source=entry.source,
                    text=entry.text,
                )
            )
        return by_type
    return written


def _set_champion(
    deck: Deck, db: CardDB, named: RawEntry | None, listed: DeckEntry | None, override: str | None
) -> None:
    """The Chosen Champion: ``--champion`` first, then the one listed under Champion, then the one
    the source ``named`` apart from its lines, else the only candidate (:func:`_infer_champion`)."""
    if override:
        hit = db.find(override)
        if isinstance(hit, NotFound):
            deck.problems.append(
                Problem(severity=Severity.ERROR, message=f"--champion: {hit.message}", text=override,
                        suggestions=hit.suggestions)
            )
        else:
            in_main = next((e for e in deck.main if e.card.name == hit.card.name), None)
            deck.champion = DeckEntry(
                card=in_main.card if in_main else hit.card, count=1, written=override,
                source=in_main.source if in_main else Source(),
            )
            deck.champion_inferred = False
            return
    if listed is not None:
        deck.champion = listed
        return
    if named is not None:
        card, missing, _ = lookup_entries(db, [named])[0]  # a name seen before costs one lookup
        if card is not None:
            deck.champion = DeckEntry(card=card, count=1, written=named.text, source=named.source)
        elif missing is not None:
            deck.problems.append(
                Problem(severity=Severity.ERROR, message=f"Chosen Champion: {missing.message}",
                        source=named.source, text=named.text, suggestions=missing.suggestions)
            )
        return
    _infer_champion(deck)


def _infer_champion(deck: Deck) -> None:
    """Pick the Chosen Champion when the source cannot say (deck codes v1–v2, TTS, flat lists)."""
    legend = deck.legend
    tag = None if legend is None else legend.card.champion_tag
    if tag is None:
        return
    chosen: DeckEntry | None = None  # the first entry of the only name that can be it so far
    noted = None
    notes = _CHAMPION_NOTES
    for entry in deck.main:
        card = entry.card
        its_tag = card.champion_tag
        if its_tag is not None and its_tag == tag:  # most cards have no tag
            known = notes.get(card.id)
            if known is None or known[0] is not card:
                known = notes[card.id] = _champion_note(card)
            if known[1] is not None:
                if chosen is None:
                    chosen, noted = entry, known[1]
                elif card.name != chosen.card.name:
                    _several_champions(deck, tag)
                    return
    if chosen is None:
        return
    new = object.__new__
    copy = new(DeckEntry)  # _one_copy(chosen)
    copy.card = chosen.card
    copy.count = 1
    copy.written = chosen.written
    copy.file = chosen.file
    copy.line = chosen.line
    deck.champion = copy
    deck.champion_inferred = True
    # Problem(severity=INFO, message=..., source=..., text=...), built without the keyword call
    source = new(Source)
    source.file = chosen.file
    source.line = chosen.line
    note = new(Problem)
    note.severity = _INFO
    note.message = noted
    note.source = source
    note.text = chosen.written
    note.suggestions = ()
    deck.problems.append(note)


def _champion_note(card: Card) -> tuple[Card, str | None]:
    """``card`` and the note saying it was chosen as the deck's Chosen Champion, the only one of its
    tag in the main deck; None instead of the note if it cannot be chosen (not a champion unit, or
    a Signature one)."""
    if not card.can_be_chosen_champion:
        return card, None
    return card, (f"the list does not name a Chosen Champion; chose {card.name}, "
                  f"the only {card.champion_tag} champion unit in the main deck")


#: A card id -> (the card, its note as the chosen champion or None), for the cards with a champion
#: tag met in main decks (:func:`_champion_note`: its properties cost more than the lookup).
_CHAMPION_NOTES: dict[str, tuple[Card, str | None]] = {}


def _several_champions(deck: Deck, tag: str) -> None:
    """The warning for a main deck holding several champion units that could be its Chosen Champion."""
    candidates: dict[str, DeckEntry] = {}
    for entry in deck.main:
        card = entry.card
        if card.champion_tag == tag and card.can_be_chosen_champion:
            candidates.setdefault(card.name, entry)
    names = sorted(candidates)
    deck.problems.append(
        Problem(
            severity=Severity.WARNING,
            message=f"the list does not name a Chosen Champion and {len(names)} {tag} champion "
            f"units could be it: {'; '.join(names)}. Name it with --champion",
            text=None,
            suggestions=tuple(names),
        )
    )
