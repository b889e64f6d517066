"""The deck model: what every reader produces and every writer, checker and goldfish consumes.

Two stages, so that data flows one way (read → resolve → check):

- :class:`RawDeck` is what a reader saw: lines with a count, the text written (a name or an id),
  the section it stood under (if any) and where it came from. Readers need no card database.
- :class:`Deck` is a RawDeck resolved against the card database (:mod:`deckcheck.decks.resolve`):
  every entry knows its :class:`~deckcheck.cards.model.Card` and its zone.

Zones follow CR 103 / TR 401.2: Legend, Chosen Champion, Main Deck (Chosen Champion *included*,
CR 103.2.a), Battlefields, Rune Deck, Sideboard.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from deckcheck.cards.model import Card
from deckcheck.errors import place

#: The most copies of one card a line of a decklist may hold (TTS, text, YAML/JSON readers).
#: A deck code may carry more (its reference fixtures hold 130), see ``deckcode.MAX_COUNT``.
MAX_COUNT = 99
#: The most problems of one rule a deck's report lists (the rest are counted in one more problem,
#: :func:`deckcheck.rules.report.bounded`); the resolver works out "did you mean" for this many
#: lines of a deck it cannot find, not for the thousands a hostile list may hold.
MOST_LISTED = 50


class Zone(str, Enum):
    LEGEND = "legend"
    CHAMPION = "champion"
    MAIN = "main"
    BATTLEFIELDS = "battlefields"
    RUNES = "runes"
    SIDEBOARD = "sideboard"


@dataclass(frozen=True, slots=True)
class Source:
    """Where a line came from: a file (or ``<stdin>``, ``<code>``) and a 1-based line number (never changed)."""

    file: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        return place(self.file, self.line)


#: The source of something that came from no line (shared: Source is never changed).
_NOWHERE = Source()


@dataclass(slots=True, repr=False)
class RawEntry:
    """One line of a decklist as written, before any card is looked up.

    ``text`` is the card as written (a name, an id, or 'Name [ID]'), ``zone`` the section it stood
    under (if the format has sections), ``card_id`` an id written beside the name. Where it came from
    is kept as ``file`` and ``line``; :attr:`source` builds a :class:`Source` only when one is asked
    for. ``number`` is a number written in parentheses after the name (``Stupefy (95)``): the card's
    collector number or a count, which only the card data can tell; ``counted`` says whether a
    count was also written before the name (``1 Hall of Legends (210)``).
    """

    # not frozen: the text reader files a line read before its section's header into that section
    text: str
    count: int
    zone: Zone | None = None
    card_id: str | None = None
    file: str | None = None
    line: int | None = None
    number: int | None = None
    counted: bool = True

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a count must be at least 1, not {self.count}")

    @property
    def source(self) -> Source:
        return Source(file=self.file, line=self.line)

    def __repr__(self) -> str:
        zone = f", zone={self.zone.value}" if self.zone else ""
        card_id = f", card_id={self.card_id!r}" if self.card_id else ""
        return f"RawEntry({self.text!r}, {self.count}{zone}{card_id}, at {place(self.file, self.line) or '?'})"


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """Something a reader or the resolver noticed: an unreadable line, a guessed champion, ...

    ``text`` is the offending text as written.
    """

    severity: Severity
    message: str
    source: Source = _NOWHERE
    text: str | None = None
    suggestions: tuple[str, ...] = ()


#: The kind of :class:`UnsureLine` of a ``Deck:``, ``Name:`` or ``Title:`` line after the first card.
TITLE_AFTER_CARDS = "title"


@dataclass(slots=True)
class UnsureLine:
    """A line read as a card that may be no card line at all: what it looks like (``kind``: one of
    the kinds of noise of :mod:`deckcheck.decks.text.lines`, or ``"title"`` for a ``Deck:``,
    ``Name:`` or ``Title:`` line after the first card), the line as written, and the warning it gets
    if it names a card after all (its missing count). The resolver decides, with the card data."""

    kind: str
    text: str
    no_count: str | None = None


@dataclass(slots=True, kw_only=True)
class RawDeck:
    """A decklist as a reader saw it (a plain class: made once per file on the reading path).

    ``source`` is the file path, '<stdin>' or '<code>'; ``reader`` says which reader read it
    (text, code, tts, pixelborn, yaml, json); ``champion`` is the Chosen Champion if the source
    names it apart from its lines; ``additional_legends`` are deck code v6 extra legends;
    ``problems`` are the lines the reader could not understand (and its notes); ``unsure``: the
    entries' lines (by number) that may be no card line (see :class:`UnsureLine`); ``player`` and
    ``team`` are set for a row of a registration export.
    """

    name: str | None = None
    source: str | None = None
    reader: str
    entries: list[RawEntry] = field(default_factory=list)
    champion: RawEntry | None = None
    additional_legends: list[RawEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unsure: dict[int, UnsureLine] = field(default_factory=dict)
    player: str | None = None  # the player who registered it (a row of an export)
    team: str | None = None  # the player's team (2v2 events)


@dataclass(slots=True, repr=False)
class DeckEntry:
    """A resolved card in one zone of a deck: the printing written (all printings of a name are one
    card), how many, the text as the player wrote it, and the ``file`` and ``line`` it came from
    (:attr:`source` gives them as a :class:`Source`; shown and dumped as ``source``)."""

    card: Card
    count: int
    written: str
    file: str | None = None
    line: int | None = None

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def source(self) -> Source:
        return Source(self.file, self.line)

    def __repr__(self) -> str:
        return f"DeckEntry(card={self.card!r}, count={self.count!r}, written={self.written!r}, source={self.source!r})"


@dataclass(frozen=True, slots=True, kw_only=True)
class UnknownEntry:
    """A line whose card could not be found; kept so it is reported, never dropped.

    ``reason`` is unknown-set, unknown-id, unknown-name or ambiguous.
    """

    text: str
    count: int
    zone: Zone | None
    reason: str
    message: str
    suggestions: tuple[str, ...] = ()
    source: Source = _NOWHERE


@dataclass(slots=True)
class Deck:
    """A resolved deck. ``main`` holds all Main Deck cards, the Chosen Champion's copy included.

    ``extra_legends``: more than one legend was listed; ``champion``: the Chosen Champion (count 1;
    its copy is in main); ``champion_inferred``: the source did not name it, deckcheck chose it.
    """

    name: str | None = None
    source: str | None = None
    reader: str | None = None
    legend: DeckEntry | None = None
    extra_legends: list[DeckEntry] = field(default_factory=list)
    champion: DeckEntry | None = None
    champion_inferred: bool = False
    main: list[DeckEntry] = field(default_factory=list)
    battlefields: list[DeckEntry] = field(default_factory=list)
    runes: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    additional_legends: list[DeckEntry] = field(default_factory=list)
    unknown: list[UnknownEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    player: str | None = None  # the player who registered it (a row of an export)
    team: str | None = None  # the player's team (2v2 events)

    @classmethod
    def empty(cls, name: str | None, source: str | None, reader: str | None) -> "Deck":
        """``Deck(name=name, source=source, reader=reader)``."""
        return cls(name, source, reader)

    # ---------------------------------------------------------------- counts
    def zone(self, zone: Zone) -> list[DeckEntry]:
        if zone is Zone.LEGEND:
            return [self.legend, *self.extra_legends] if self.legend else list(self.extra_legends)
        if zone is Zone.CHAMPION:
            return [self.champion] if self.champion else []
        return {
            Zone.MAIN: self.main,
            Zone.BATTLEFIELDS: self.battlefields,
            Zone.RUNES: self.runes,
            Zone.SIDEBOARD: self.sideboard,
        }[zone]

    @property
    def main_count(self) -> int:
        return sum(e.count for e in self.main)

    @property
    def rune_count(self) -> int:
        return sum(e.count for e in self.runes)

    @property
    def battlefield_count(self) -> int:
        return sum(e.count for e in self.battlefields)

    @property
    def sideboard_count(self) -> int:
        return sum(e.count for e in self.sideboard)

    def counts(self) -> dict[str, int]:
        return {
            "main": self.main_count,
            "runes": self.rune_count,
            "battlefields": self.battlefield_count,
            "sideboard": self.sideboard_count,
        }

    def champion_copy(self) -> int | None:
        """Which ``main`` entry holds the Chosen Champion's copy: same printing first, else same name."""
        if self.champion is None:
            return None
        card = self.champion.card
        for same in (lambda e: e.card.id == card.id, lambda e: e.card.name == card.name):
            for i, entry in enumerate(self.main):
                if same(entry):
                    return i
        return None

    def label(self) -> str:
        """A short human name: the deck name, else the source, else the legend."""
        return self.name or self.source or (self.legend.card.name if self.legend else "deck")


