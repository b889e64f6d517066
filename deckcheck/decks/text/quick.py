"""The common text list read in one pass, into rows without an entry object per line (the folder check's way)."""

from __future__ import annotations

import unicodedata

from deckcheck.decks.memory import MOST_HEADERS, ReadMemory
from deckcheck.decks.model import Zone
from deckcheck.decks.text.lines import (
    _SINGLE_HASH, COMMENT, HEADER, MAX_LINE, _classify_remembered, _first_sight, _plain_comment,
)
from deckcheck.decks.text.sections import _EXTRA_LEGENDS


def quick_rows(text: str, source: str | None = None, memory: ReadMemory | None = None
               ) -> tuple[str | None, list[tuple[Zone, list[tuple[tuple[str, int, str | None], int]]]]] | None:
    """The common text list read in one pass without a RawEntry per line: ``(title, sections)``,
    each section ``(zone, rows)`` in the order written, each row ``((name, count, id), line number)``
    as :func:`read` would make its entry (see :data:`deckcheck.decks.resolve.Row`; the file is
    ``source``); None when the list needs :func:`read`.

    The common list: after blank lines and comments (the first ``# Title`` names the deck) come
    known headers with nothing after the colon, each followed by card lines of the common shape
    (``3 Cleave``, ``1 Vex, Apathetic # UNL-150a``). Anything else (a card before any header, a
    count on its own line, a note, a line it cannot read, cards on a header line, extra legends,
    a header starting with a lower-case letter, Windows line ends) returns None, and :func:`read`
    decides it. So no line of a list it reads starts with a lower-case letter, as a line of our
    YAML files does (:func:`deckcheck.decks.load._claimed_by_text` relies on it).

    ``memory`` holds the lines of the batch read before (a new one if None). A line is looked up
    as written first: most have no space around them, and are their own stripped text (the key of
    every table of lines).
    """
    if "\r" in text:
        return None
    text = text.lstrip("\ufeff")
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    if memory is None:
        memory = ReadMemory()
    memory.keep_bounded()
    seen = memory.cards
    sections_of = memory.quick_headers
    title = None
    sections: list[tuple[Zone, list]] = []
    rows: list | None = None  # the rows of the section being read; None before the first header
    cards = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw:
            continue
        known = seen.get(raw)
        if known is None:
            line = raw.strip()
            if not line:
                continue
            if line is not raw:
                known = seen.get(line)
        else:
            line = raw
        if known is not None:
            if rows is None:
                return None
            rows.append((known, number))
            continue
        zone = sections_of.get(line)  # a header seen before (only lines the card pattern refused)
        if zone is None:
            if line[0] == "#":  # a comment (often the deck's own title, new in every file), read the quick way
                comment = _comment(line, memory)
                if comment is not None:
                    if rows is None and title is None and comment and line[1] != "#":
                        title = comment  # the first '# Title' (not '## ...') names the deck
                    continue
            known = _first_sight(line, seen) if len(line) <= MAX_LINE else None
            if known is not None:
                if rows is None:
                    return None
                rows.append((known, number))
                continue
            zone = _quick_header(line, number, raw, memory)
            if zone is None:
                return None
            if zone.__class__ is str:  # a comment: the deck's title if it is the first '# Title'
                if rows is None and title is None and zone:
                    title = zone
                continue
        if rows:
            cards += len(rows)
        rows = []
        sections.append((zone, rows))  # type: ignore[arg-type]
    if not cards and not rows:
        return None
    return title, sections


def _quick_header(line: str, number: int, raw: str, memory: ReadMemory) -> Zone | str | None:
    """For :func:`quick_rows`, a stripped line that is neither a known card line nor a plain
    comment: its section if it is a header quick_rows reads (remembered in ``memory.quick_headers``);
    if it is a comment, the title it gives where it comes first (a ``str``, empty if none:
    ``## Notes``); else None."""
    classified = _classify_remembered(number, raw, memory.lines)
    kind = classified.kind
    if kind == COMMENT:
        return classified.value if classified.value and _SINGLE_HASH.match(classified.text) else ""  # type: ignore[return-value]
    if kind != HEADER or classified.value[1] is not None:  # type: ignore[index]
        return None
    if len(memory.headers) < MOST_HEADERS:
        memory.headers[line] = classified.value  # type: ignore[assignment]
    zone = classified.value[0]  # type: ignore[index]
    if "a" <= line[0] <= "z" or zone == _EXTRA_LEGENDS:
        return None  # 'main:' at the start of a line may be a YAML file's key: detection and read() decide
    if len(memory.quick_headers) < MOST_HEADERS:
        memory.quick_headers[line] = zone
    return zone


def _comment(line: str, memory: ReadMemory) -> str | None:
    """The comment of a stripped line starting with ``#`` that is plainly one (remembered in
    ``memory.comments``: a title is new in every file, other comments recur), else None."""
    comment = memory.comments.get(line)
    if comment is None and "**" not in line:
        comment = _plain_comment(line)
        if comment is not None and len(memory.comments) <= memory.most:
            memory.comments[line] = comment
    return comment
