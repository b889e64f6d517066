"""Sectioned text decklists: the Piltover Archive export and the dialects players paste.

Reading (no card database needed; see docs/text-format.md for every dialect with an example):

- Section headers ``Legend:``, ``Champion:``, ``MainDeck:``/``Main Deck:``/``Deck principal``,
  ``Battlefields:``, ``Runes:``/``Rune Deck:``/``Rune Pool:``, ``Sideboard:``/``Side Deck:`` in any
  case, with or without a colon, bare or decorated (``== Legend ==``, ``## Legend``, ``**Legend**``,
  ``[Legend]``, ``~~Sideboard~~``), with a count (``Main Deck (40):``), in other languages
  (``Légende``, ``主卡组``, ``Ana Deste (Main Board)``), with a card inline (``Legend: Loose Cannon``)
  or several (``MainDeck: 3 Defy 3 Discipline``).
- Card lines ``3 Name``, ``3x Name``, ``3xName``, ``3 x Name``, ``Name x3``, ``Name (3)``; an id
  after the name (``[VEN-153]``, ``(OGN-007a)``, ``[OGN] 042/298``, an id comment ``# OGN-007a``,
  a printing label before it ``(Nexus Night Promo) (OGN-058-P)``) or instead of it
  (``3 OGN-007``); a collector number ``Hall of Legends (210)`` (the resolver tells it from a
  count); a price column (``3<TAB>Defy<TAB>$0.20``); a count on its own line before the name.
- Comments (``#``, ``//``), a title line (``# Title`` or a first line without a count), bullets,
  chat noise (code fences, ``Total: 66 cards``), ignored with a note.
- Headerless lists: blank-line separated groups in the order legend, champion, main deck,
  battlefields, runes (and sideboard); any other list without headers is a flat list whose cards
  the resolver files by type.

One pass over the lines: the common line (``3 Name``) is read by one regular expression into a
plain :class:`RawEntry` (remembered for the batch); only other lines take the slower general path. Every line that cannot be
understood becomes an error :class:`Problem` with its line number (the only place a
:class:`Source` is made). Writing produces the Piltover layout (champion under ``Champion:``, its
other copies under ``MainDeck:``) and keeps a printing as an id comment where the name alone
would lose it.

The parts: :mod:`.sections` (section headers), :mod:`.lines` (what one line is, a card line's
parts), :mod:`.reader` (every dialect, into a RawDeck), :mod:`.quick` (the common list in one pass,
as rows, for a folder: kept for its speed, see docs/performance.md), :mod:`.writer`. What a batch's
lists repeat is remembered in the :class:`~deckcheck.decks.memory.ReadMemory` its reader hands to
:func:`read` and :func:`quick_rows`.
"""

from __future__ import annotations

import re
import unicodedata

from deckcheck.decks.memory import ReadMemory
from deckcheck.decks.model import RawDeck, Problem, Severity, Source
from deckcheck.decks.text.lines import (  # noqa: F401 - the reader's parts, importable from here
    _BULLET, _COUNT_FIRST, _COUNT_FIRST_GLUED, _FAST_CARD, _X_COUNT_FIRST, _FENCE, BLANK, CARD, COMMENT, COUNT_ALONE, HEADER,
    MAX_LINE, NOTE, ONE_CARD_ZONES, PROBLEM, SIDEBOARD_CARD, TITLE, Card, Line, _classify_slow, _clean,
    _is_comment, classify, count_last, parse_card,
)
from deckcheck.decks.text.quick import quick_rows  # noqa: F401
from deckcheck.decks.text.reader import NAME, _Reader  # noqa: F401 - NAME: this reader's name
from deckcheck.decks.text.sections import (  # noqa: F401
    _ANY_ASCII_SECTION_WORD, _ASCII_SECTION_WORD_FIRST, _ASCII_SECTION_WORD_LAST, _SECTION_WORDS, _any_section_word,
    _header, _letters, _no_ascii_header,
)
from deckcheck.decks.model import Zone  # noqa: F401
from deckcheck.decks.text.writer import HEADERS, write  # noqa: F401
from deckcheck.errors import DeckReadError
from deckcheck.words import say

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

#: How many lines :func:`sniff` reads at most.
SNIFFED_LINES = 400


def sniff(text: str) -> bool:
    """True if ``text`` looks like a decklist with one card (or header) per line."""
    seen = 0
    for raw_line in _first_lines(text.lstrip("\ufeff"), SNIFFED_LINES):
        line = _clean(raw_line)
        if not line:
            continue
        if _FAST_CARD.fullmatch(line) or _header(line) is not None:
            return True
        if _is_comment(line) or _FENCE.match(line):
            continue
        line = _BULLET.sub("", line)
        if _COUNT_FIRST.match(line) or count_last(line) or _COUNT_FIRST_GLUED.match(line) or _X_COUNT_FIRST.match(line):
            return True
        seen += 1
        if seen > 60:
            break
    return False


def _first_lines(text: str, most: int):
    """The first ``most`` lines of ``text`` (LF, CRLF or CR), without splitting the rest."""
    if "\r" not in text:
        yield from text.split("\n", most)[:most]
        return
    start = 0
    for _ in range(most):
        m = _LINE_BREAK.search(text, start)
        if m is None:
            yield text[start:]
            return
        yield text[start:m.start()]
        start = m.end()


def read(text: str, source: str | None = None, memory: ReadMemory | None = None) -> RawDeck:
    """Read a text decklist. Lines it cannot understand become error problems, never exceptions.

    ``memory`` holds the lines of the batch read before (a new one if None: nothing is kept)."""
    text = text.lstrip("\ufeff")
    if not text.isascii():
        # one spelling of accented letters: some apps write 'é' as 'e' + a combining accent (NFD)
        text = unicodedata.normalize("NFC", text)
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    reader = _Reader(source, ReadMemory() if memory is None else memory)
    reader.read(lines)
    deck = reader.deck
    if not deck.entries and not deck.additional_legends and not any(
        p.severity is Severity.ERROR for p in deck.problems
    ):
        if not any(_clean(line) for line in lines):
            raise DeckReadError(say("the decklist is empty"), file=source)
        deck.problems.append(Problem(severity=Severity.ERROR, message=say("no cards found in the decklist"),
                                     source=Source(file=source)))
    return deck


