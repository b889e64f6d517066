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

from difflib import SequenceMatcher

from deckcheck.words import card_named, say, say_n, word
from deckcheck.arguments import renamed
from deckcheck.cards.lookup import CardDB, Found, NotFound
from deckcheck.cards.model import Card, CardType
from deckcheck.decks.champion import choose_champion, infer_champion
from deckcheck.decks.lookups import (  # noqa: F401 - lookup_entries, zone_for_type: offered here too
    MOST_COPIES, MOST_REMEMBERED, SECTION_FITS, ZONE_OF_TYPE, LineMemory, collector_numbers, lookup_entries,
    lookup_entry, lookup_remembered, memory_of, numbered, zone_for_type,
)
from deckcheck.decks.model import (
    MOST_LISTED,
    Deck,
    DeckEntry,
    Problem,
    RawDeck,
    RawEntry,
    TITLE_AFTER_CARDS,
    Severity,
    UnknownEntry,
    Zone,
)


#: The zones and a severity as module constants: reading ``Zone.MAIN`` goes through the enum's
#: class and costs about 60 ns, a module constant about 5; resolve_deck reads them for every line.
_MAIN, _SIDEBOARD, _CHAMPION, _LEGEND = Zone.MAIN, Zone.SIDEBOARD, Zone.CHAMPION, Zone.LEGEND
_WARNING, _INFO = Severity.WARNING, Severity.INFO
_BATTLEFIELDS, _RUNES = Zone.BATTLEFIELDS, Zone.RUNES


#: Sections that hold one type of card: cards of other types at their end mean a lost header.
_TYPED_SECTIONS = (Zone.LEGEND, Zone.CHAMPION, Zone.BATTLEFIELDS, Zone.RUNES)
_HEADER_NAMES = {Zone.MAIN: "MainDeck:", Zone.SIDEBOARD: "Sideboard:", Zone.LEGEND: "Legend:",
                 Zone.CHAMPION: "Champion:", Zone.BATTLEFIELDS: "Battlefields:", Zone.RUNES: "Runes:"}


def _empty_deck(raw: RawDeck) -> Deck:
    return Deck(name=raw.name, source=raw.source, reader=raw.reader, problems=list(raw.problems),
                player=raw.player, team=raw.team)


def _misfit(section: Zone, card: Card, champions: int) -> tuple[bool, int]:
    """Whether ``card`` under the one-type ``section`` (Legend, Champion, Battlefields, Runes) is of
    another type, which only a lost header explains, or a second card under Champion; and how many
    cards stand under Champion so far."""
    if section is _CHAMPION:
        champions += 1
        return champions > 1, champions
    fit = SECTION_FITS.get(section)
    return fit is not None and not fit(card), champions


#: Each zone -> the Deck attribute holding its cards (the legends are gathered apart: None).
_LIST_OF = {Zone.LEGEND: None, Zone.MAIN: "main", Zone.BATTLEFIELDS: "battlefields", Zone.RUNES: "runes",
            Zone.SIDEBOARD: "sideboard"}


class _Filed:
    """The cards of a deck filed so far: each zone's entries in the order first listed (a card listed
    again adds to its count), the legend entries (the legend slot is settled at the end) and the
    Chosen Champion's entry."""

    def __init__(self, deck: Deck) -> None:
        self.legends: list[DeckEntry] = []
        self.lists = {zone: self.legends if name is None else getattr(deck, name) for zone, name in _LIST_OF.items()}
        self.by_id: dict[Zone, dict[str, DeckEntry]] = {zone: {} for zone in _LIST_OF}
        self.champion: DeckEntry | None = None

    def add(self, zone: Zone, card: Card, count: int, entry: RawEntry) -> None:
        """File ``count`` copies of ``card``, written on ``entry``'s line, in ``zone``."""
        by_id = self.by_id[zone]
        existing = by_id.get(card.id)
        if existing is None:
            item = by_id[card.id] = DeckEntry(card, count, entry.card_id or entry.text, entry.file, entry.line)
            self.lists[zone].append(item)
        else:
            existing.count += count


def _file_lines(entries: list[RawEntry], db: CardDB, deck: Deck) -> _Filed:
    """Look every line up and file its card into ``deck`` (notes and unknown cards included).

    A line is filed as it is looked up while it says plainly where its card goes: under no section
    (filed by its type), under the section of its card's type, under Sideboard, or the first card
    under Champion. From the first line that does not (a card of another type under a section, which
    may mean a lost header; a number in parentheses; a legend or a second card under Champion), the
    rest are filed with the whole list in view (:func:`_file_in_view`).
    """
    filed = _Filed(deck)
    memory = memory_of(db)
    names = memory.names
    problems, unknown = deck.problems, deck.unknown
    cards: list[Card | None] = []  # each line's card (None: not found)
    missing: dict[int, NotFound] = {}  # why a line's card was not found, by line index
    home, by_id, lists = _HOME, filed.by_id, filed.lists
    last = filed_here = target = None  # the zone filed into last, its entries by card id, its list
    odd = -1  # the first line filed with the whole list in view; -1 while there is none
    for index, entry in enumerate(entries):
        card = names.get(entry.text) if entry.card_id is None else None
        if card is None:  # not a plain name found before without a note
            card, miss, note = lookup_remembered(db, entry, memory, len(missing) < MOST_LISTED)
            if note is not None:
                problems.append(note)
            if card is None:
                missing[index] = miss  # type: ignore[assignment]
                if odd < 0:
                    unknown.append(_unknown(entry, miss, entry.count, entry.zone))  # type: ignore[arg-type]
        cards.append(card)
        if odd >= 0 or card is None:
            continue
        zone = home[card.type]
        written = entry.zone  # None (no section: filed by its type), or plainly the section of its type
        if (written is not None and written is not zone) or entry.number is not None:
            zone = _plain_zone(entry, card, zone, filed)  # type: ignore[assignment]
            if zone is None:
                odd = index
                continue
        if zone is not last:
            last, filed_here, target = zone, by_id[zone], lists[zone]
        item = filed_here.get(card.id)  # type: ignore[union-attr]
        if item is None:  # filed in the order first listed; a line repeating a card adds to its count
            item = filed_here[card.id] = DeckEntry(card, entry.count, entry.card_id or entry.text,  # type: ignore[index]
                                                   entry.file, entry.line)
            target.append(item)  # type: ignore[union-attr]
        else:
            item.count += entry.count
    if odd >= 0:
        looked = [(entry, card, missing.get(i)) for i, (entry, card) in enumerate(zip(entries, cards))]
        _file_in_view(looked, odd, db, deck, filed)
    return filed


def _plain_zone(entry: RawEntry, card: Card, home: Zone, filed: _Filed) -> Zone | None:
    """Where the card of ``entry`` goes when its line says so plainly (``home``: the zone of its type),
    the first card under Champion made the Chosen Champion; None when the whole list must be in view."""
    written = entry.zone
    if entry.number is not None:
        return None
    if written is None:
        return home
    if written is _SIDEBOARD or written is home:
        return written
    if written is _CHAMPION and home is not _LEGEND and filed.champion is None:
        filed.champion = _entry(card, 1, entry)
        return _MAIN  # its copies (normally 1) are Main Deck cards (CR 103.2.a)
    return None


def _file_in_view(looked: list[tuple[RawEntry, Card | None, NotFound | None]], start: int, db: CardDB,
                  deck: Deck, filed: _Filed) -> None:
    """File the lines from ``start`` on with the whole list in view: lost headers (cards of other types
    at the end of a one-type section), counts in parentheses, cards away from their section."""
    problems = deck.problems
    entries = [entry for entry, _, _ in looked]
    zones_written = {entry.zone for entry in entries if entry.zone is not None}
    paren_counts = any(e.number is not None for e in entries) and _writes_counts_in_parentheses(db, looked)
    retarget = _lost_headers(looked, zones_written, problems) if _any_misfit(looked) else {}
    for index in range(start, len(looked)):
        entry, card, missing = looked[index]
        written = retarget.get(index, entry.zone)
        if card is None:
            deck.unknown.append(_unknown(entry, missing, entry.count, written))  # type: ignore[arg-type]
            continue
        count = entry.count
        if entry.number is not None:
            card, count = numbered(db, entry, card, paren_counts, problems)
        zone = _zone_for(entry, card, written, zones_written, deck, quiet=index in retarget)
        if zone is _CHAMPION:
            if filed.champion is None:
                filed.champion = _entry(card, 1, entry)
            else:
                problems.append(Problem(
                    severity=_WARNING, source=entry.source, text=entry.text,
                    message=say("a second Chosen Champion '{card}' was listed; it is counted in the main deck",
                                card=card_named(card.name))))
            zone = _MAIN  # its copies (normally 1) are Main Deck cards (CR 103.2.a)
        filed.add(zone, card, count, entry)


def _any_misfit(looked: list[tuple[RawEntry, Card | None, NotFound | None]]) -> bool:
    """Whether a card of another type stands under a one-type section (Legend, Battlefields, Runes), or
    a second card under Champion: only then can a header have been lost."""
    champions = 0
    for entry, card, _ in looked:
        zone = entry.zone
        if card is not None and zone is not None and zone is not _MAIN and zone is not _SIDEBOARD:
            misfit, champions = _misfit(zone, card, champions)
            if misfit:
                return True
    return False


def _without_noise(raw: RawDeck, db: CardDB, deck: Deck) -> list[RawEntry]:
    """The entries of ``raw`` without the lines that name no card and look like no card line (chat,
    a link, a site's buttons, reactions, a price total; a ``Deck:`` line after the cards): each of
    those becomes a note on ``deck``. A line that names a card is that card (with its warning); one
    close to a card's name is kept as a misspelt card, so noise is never taken for a card that
    would have made a list illegal."""
    kept: list[RawEntry] = []
    for entry in raw.entries:
        unsure = raw.unsure.get(entry.line)  # type: ignore[arg-type]
        if unsure is None:
            kept.append(entry)
            continue
        card, missing, _ = lookup_entry(db, entry)
        warning = unsure.no_count
        if card is None and unsure.kind == TITLE_AFTER_CARDS:
            _title_note(deck, entry, unsure.text)
            continue
        if card is None and not _names_a_card(entry.text, missing):
            deck.problems.append(Problem(severity=_INFO, message=say("ignored: not a card line ({kind})",
                                                                     kind=say(unsure.kind)),
                                         source=entry.source, text=unsure.text))
            continue
        if card is not None and unsure.kind == TITLE_AFTER_CARDS:
            warning = say("'{text}' after the first card names a card: read as 1 {card}, not as the deck's title (write "
                          "'1 {written}')", text=unsure.text, card=card_named(card.name), written=entry.text)
        if warning is not None:
            deck.problems.append(Problem(severity=_WARNING, message=warning, source=entry.source, text=entry.text))
        kept.append(entry)
    return kept


def _names_a_card(text: str, missing: NotFound | None) -> bool:
    """Whether a line no card was found for still names one: several cards (ambiguous), or a name
    close to a card's (a misspelling: ``cleve``), which stays an error to settle."""
    if missing is None or missing.kind != "unknown-name":
        return True
    folded = text.casefold()
    return any(SequenceMatcher(None, folded, name.casefold()).ratio() >= _MISSPELT
               for name in missing.suggestions)


#: How close (difflib's ratio) a line must be to a card's name to be read as that name misspelt.
_MISSPELT = 0.8


def _title_note(deck: Deck, entry: RawEntry, text: str) -> None:
    """A ``Deck:`` line after the first card that names no card: the deck's title, with a note."""
    if deck.name is None:
        deck.name = entry.text
        message = say("'{text}' after the first card names no card: read as the deck's title", text=text)
    else:
        message = say("'{text}' after the first card names no card: read as a title, and the deck has one ('{title}')",
                      text=text, title=deck.name)
    deck.problems.append(Problem(severity=_INFO, message=message, source=entry.source, text=text))


def resolve_deck(raw: RawDeck, cards: CardDB | None = None, *, champion: str | None = None,
                 db: CardDB | None = None) -> Deck:
    """Turn what a reader saw into a deck of ``cards`` (default: the bundled card database). Never
    raises for unknown cards: they are kept. (``db=`` is the old spelling of ``cards=``.)"""
    db = renamed("resolve_deck", "db", "cards", db, cards)
    if db is None:
        from deckcheck.cards import load_cards

        db = load_cards()
    deck = _empty_deck(raw)
    filed = _file_lines(_without_noise(raw, db, deck) if raw.unsure else raw.entries, db, deck)
    return _finish(deck, db, (filed.champion, filed.legends), raw.additional_legends, raw.champion, champion)


# ---------------------------------------------------------------------------- the common text list as rows
#: One line of a list for :func:`_one_pass`: ``((text, count, id), line)``, a RawEntry without a
#: number in parentheses (the quick text reader hands on the tuple it remembers for the line).
Row = tuple[tuple[str, int, "str | None"], "int | None"]
#: The lines under one section header (or of no section: None), in the order written.
Section = tuple["Zone | None", list[Row]]


def _one_pass(rows: tuple[str | None, list[Section]], db: CardDB, deck: Deck
              ) -> tuple[DeckEntry | None, list[DeckEntry]] | None:
    """:func:`resolve_deck`'s filing of the common text list read as rows (:func:`resolve_rows`), in
    one pass over its lines: the Chosen Champion's entry and the legend entries, the rest filed into
    ``deck``. None (``deck`` then half filled) when the list needs the whole list in view: a card of
    another type under a one-type section (a lost header?), a legend or a second card under
    Champion, or a card filed away from its section; :func:`resolve_deck` decides those.

    A line under a section is filed there whenever its card is of the section's type (any card,
    under Sideboard): what a line under a section gives is remembered per section
    (``LineMemory.fitting``), so a line seen before costs one lookup, whatever its card. ``rows`` is
    ``(file, sections)``: the lines of each section, all from that file (:func:`_rows`)."""
    file, sections = rows
    memory = memory_of(db)
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
        fitting = memory.fitting.get(written)
        if fitting is None:  # no section, or Champion
            if not _file_by_type(lines, written, file, db, memory, deck, filed, legends, champion):
                return None
            continue
        fits, attribute = fitting.get, _LIST_OF[written]
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
                card = _first_look(known, line, written, file, db, memory, fitting, deck)
                if card is None:
                    continue  # not found: kept as an unknown entry
                if card is _ELSEWHERE:
                    return None
            card_key = card.id
            if card_key in by_id:
                by_id[card_key].count += count
            else:
                item = by_id[card_key] = DeckEntry(card, count, card_id or text, file, line)  # card, count, written, file, line
                entries.append(item)
    return (champion[0] if champion else None), legends


#: What :func:`_first_look` gives for a card whose type is not its section's.
_ELSEWHERE: Card = object()  # type: ignore[assignment]


def _first_look(known: tuple[str, int, str | None], line: int | None, written: Zone, file: str | None,
                db: CardDB, memory: LineMemory, fitting: dict, deck: Deck) -> Card | None:
    """The card of a line under ``written`` not remembered in ``fitting``: looked up (a note or an
    unknown card goes into ``deck``), remembered when found without a note and of the section's
    type; None if not found, :data:`_ELSEWHERE` if its type files it under another section."""
    text, count, card_id = known
    names = memory.names
    card = names.get(text) if card_id is None else memory.pairs.get((card_id, text, written))
    note = None
    if card is None and card_id is None:  # a name not met before: looked up, no entry made if found plainly
        hit = db.find(text, len(deck.unknown) < MOST_LISTED)
        if hit.__class__ is Found and hit.note is None:  # type: ignore[union-attr]
            card = names[text] = hit.card  # type: ignore[union-attr]
    if card is None:
        card, note = _looked_up(known, line, written, file, db, memory, deck)
        if card is None:
            return None
    if written is not _SIDEBOARD and _HOME[card.type] is not written:
        return _ELSEWHERE
    if note is None:
        if len(fitting) >= MOST_REMEMBERED:
            fitting.clear()
        fitting[text if card_id is None else known] = card
    return card


def _looked_up(known: tuple[str, int, str | None], line: int | None, written: Zone | None, file: str | None,
               db: CardDB, memory: LineMemory, deck: Deck) -> tuple[Card | None, Problem | None]:
    """The card of a line no memory holds, looked up in full, and the note it came with: a note goes
    into ``deck``'s problems, a card not found into its unknown entries (the card is then None)."""
    text, count, card_id = known
    entry = RawEntry(text, count, written, card_id, file=file, line=line)
    card, missing, note = lookup_remembered(db, entry, memory, len(deck.unknown) < MOST_LISTED)
    if note is not None:
        deck.problems.append(note)
    if card is None:
        deck.unknown.append(_unknown(entry, missing, count, written))  # type: ignore[arg-type]
    return card, note


def _file_by_type(rows: list[Row], written: Zone | None, file: str | None, db: CardDB, memory: LineMemory,
                  deck: Deck, filed: dict[str, DeckEntry], legends: list[DeckEntry], champion: list[DeckEntry]) -> bool:
    """:func:`_one_pass` for the lines of a section of no name (each card filed by its type) or
    under Champion (the Chosen Champion, its copy filed in the main deck); False when the list
    needs the second pass (a legend, or a second card, under Champion)."""
    for known, line in rows:
        text, count, card_id = known
        card = memory.names.get(text) if card_id is None else memory.pairs.get((card_id, text, written))
        if card is None:
            card, _ = _looked_up(known, line, written, file, db, memory, deck)
            if card is None:
                continue
        zone = _HOME[card.type]
        if written is _CHAMPION:
            if champion or zone is _LEGEND:
                return False
            champion.append(DeckEntry(card, 1, card_id or text, file, line))
            zone = _MAIN  # its copies (normally 1) are Main Deck cards (CR 103.2.a)
        if card.id in filed:
            filed[card.id].count += count
        else:
            item = filed[card.id] = DeckEntry(card, count, card_id or text, file, line)
            (legends if zone is _LEGEND else getattr(deck, _LIST_OF[zone])).append(item)  # type: ignore[arg-type]
    return True


def resolve_rows(sections: list[Section], db: CardDB, *, name: str | None, source: str | None, reader: str,
                 champion: str | None = None) -> Deck | None:
    """:func:`resolve_deck` of a RawDeck with these sections' lines as its entries, each from the
    file ``source`` (and no problems, champion or additional legends), for a reader that makes rows
    instead of entries; None when the list needs the whole list in view (the caller then reads it the
    general way)."""
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
        infer_champion(deck, db)
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

    choose_champion(deck, db, named, champion_entry, champion)
    return deck


_TYPED_SET = frozenset(_TYPED_SECTIONS)
#: Every card type -> the zone its cards are filed in when no section says otherwise.
_HOME = {card_type: ZONE_OF_TYPE.get(card_type, Zone.MAIN) for card_type in CardType}


def _writes_counts_in_parentheses(db: CardDB, looked: list) -> bool:
    """True if some ``Name (N)`` line of the list has an N that is no collector number of its card:
    the list writes its counts in parentheses, so a small N that happens to match one is a count too."""
    for entry, card, _ in looked:
        if card is not None and entry.number is not None and not entry.counted and entry.number <= MOST_COPIES:
            if entry.number not in collector_numbers(db, card):
                return True
    return False


def _lost_headers(looked: list, zones_written: set[Zone], problems: list[Problem]) -> dict[int, Zone | None]:
    """Cards of other types at the end of a one-type section (Legend, Champion, Battlefields, Runes):
    a header was lost. Returns the section each such line is read under, and reports each run once.

    The run is read as the main deck when the list has no main deck section (a warning). When the
    list has one, the run stays where it is written: the rules say it is in the wrong zone, and a
    missing ``Sideboard:`` header is offered as a fix, never guessed (a guess must never make an
    illegal list legal); when the list has a sideboard too, the reading is not clear: it is an error
    and the cards are filed by type.
    """
    out: dict[int, Zone | None] = {}
    index = 0
    while index < len(looked):
        zone = looked[index][0].zone
        end = index
        while end < len(looked) and looked[end][0].zone is zone:
            end += 1
        tail = None
        if zone in _TYPED_SET and (zone in (Zone.BATTLEFIELDS, Zone.RUNES) or Zone.MAIN not in zones_written):
            tail = _foreign_tail(looked, index, end, zone)
        if tail is not None and (Zone.MAIN not in zones_written or Zone.SIDEBOARD in zones_written):
            target = None if Zone.MAIN in zones_written else Zone.MAIN
            first = looked[tail][0]
            cards = sum(entry.count for entry, _, _ in looked[tail:end])
            what = say_n("cards of other types under {header} from line {line} ({n} card)",
                         "cards of other types under {header} from line {line} ({n} cards)", cards,
                         header=word("header", _HEADER_NAMES[zone]), line=first.line)
            if target is not None:
                problems.append(Problem(
                    severity=Severity.WARNING, source=first.source, text=first.text,
                    message=say("{what}; a missing {header} header? read them as the main deck", what=what,
                                header=word("header", _HEADER_NAMES[target]))))
            else:
                problems.append(Problem(
                    severity=Severity.ERROR, source=first.source, text=first.text,
                    message=say("{what}; a missing header? The list has a main deck and a sideboard already: they "
                                "were filed by type; add the header they belong under", what=what)))
            for i in range(tail, end):
                out[i] = target
        index = end
    return out


def _foreign_tail(looked: list, start: int, end: int, zone: Zone) -> int | None:
    """Where the run of other-type cards ending section ``looked[start:end]`` starts, if there is one.

    Under ``Champion:`` every card after the champion unit is in the run (a main deck lost its header).
    """
    fits = SECTION_FITS[zone]
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
    return DeckEntry(card, count, raw.card_id or raw.text, raw.file, raw.line)


def _one_copy(entry: DeckEntry) -> DeckEntry:
    """``entry`` as one copy."""
    return DeckEntry(entry.card, 1, entry.written, entry.file, entry.line)


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
                    message=say("'{card}' is a legend listed under Champion; it was read as the deck's legend",
                                card=card_named(card.name)),
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
                    message=say("'{card}' is a {kind} listed under {written}; it was filed with the {zone}",
                                card=card_named(card.name), kind=word("card kind", card.type.value.lower()),
                                written=word("zone", written.value), zone=word("zone", by_type.value)),
                    source=entry.source,
                    text=entry.text,
                )
            )
        return by_type
    return written


