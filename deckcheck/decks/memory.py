"""What the readers learn from the input of one batch: the lines and strings a folder of decks repeats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckcheck.decks.model import Zone
    from deckcheck.decks.text.lines import Line

#: The most lines (or strings) a table of a :class:`ReadMemory` keeps; past it, the table is emptied.
MOST = 20_000
#: The most header spellings a :class:`ReadMemory` keeps (a folder uses a few); past it, no more are added.
MOST_HEADERS = 1000


@dataclass(slots=True)
class ReadMemory:
    """The lines (and strings) the readers have read in one batch, as written, with what they were read as.

    Whoever reads a batch makes one and hands it to each read (:func:`deckcheck.decks.load.resolve_files`
    and a check's batch do); a read without one uses a new one, so nothing outlives the call. A line
    read before gives exactly what reading it anew gives, at its own line number.
    """

    #: Common card lines, stripped -> (name, count, id): a folder of lists repeats most of its lines ("3 Cleave").
    cards: dict[str, tuple[str, int, str | None]] = field(default_factory=dict)
    #: Header lines with nothing after the colon -> (section, None): the few spellings a folder uses.
    headers: dict[str, tuple[Zone | str, None]] = field(default_factory=dict)
    #: Header lines the text reader's quick way reads -> the section.
    quick_headers: dict[str, Zone] = field(default_factory=dict)
    #: Plain comment lines, stripped -> the comment: a title is new in every file, other comments recur.
    comments: dict[str, str] = field(default_factory=dict)
    #: Any other line, as written -> how the general text reader classified it (numbered anew).
    lines: dict[str, Line] = field(default_factory=dict)
    #: JSON strings (card names) -> how a JSON file may write them (:mod:`deckcheck.decks.structured`).
    quoted: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Past this many entries a table of lines is emptied, so a batch of endless new lines stays bounded.
    most: int = MOST

    def keep_bounded(self) -> None:
        """Empty each table of card, comment or other lines that holds more than :attr:`most`."""
        most = self.most
        if len(self.cards) > most:
            self.cards.clear()
        if len(self.lines) > most:
            self.lines.clear()
        if len(self.comments) > most:
            self.comments.clear()
