"""The general text reader: every line of any dialect, in one pass, into a RawDeck."""

from __future__ import annotations

import re
from dataclasses import replace

from deckcheck.words import say
from deckcheck.decks.memory import MOST_HEADERS, ReadMemory
from deckcheck.decks.model import Problem, RawDeck, RawEntry, Severity, Source, UnsureLine, Zone
from deckcheck.decks.text.lines import (
    _BLANK_LINE, _SINGLE_HASH, BLANK, CARD, COMMENT, COUNT_ALONE, HEADER, MAX_LINE, NOT_TITLES, NOTE, ONE_CARD_ZONES,
    PROBLEM, SIDEBOARD_CARD, TITLE, TITLE_AFTER_CARDS, Card, Line, _classify_remembered, _first_sight, noise_kind,
    parse_card,
)
from deckcheck.decks.text.sections import _EXTRA_LEGENDS

NAME = "text"
#: Several cards on one header line: split before each count (``3 Defy 3 Discipline``).
_SEVERAL = re.compile(r"(?<=\S)[\s,;]+(?=\d{1,2}\s*[xX×]?\s+[^\W\d_])")
_YEAR_TITLE = re.compile(r"^(?:19|20)\d\d\b\D")

_POSITIONS = (Zone.LEGEND, Zone.CHAMPION, Zone.MAIN, Zone.BATTLEFIELDS, Zone.RUNES, Zone.SIDEBOARD)


class _Reader:
    """Turns the lines of one list into a RawDeck, in one pass over the lines (lines read before in
    ``memory``, the batch's)."""

    def __init__(self, source: str | None, memory: ReadMemory) -> None:
        self.file = source
        self.memory = memory
        self.deck = RawDeck(source=source, reader=NAME)
        self.count_lines = False  # a count stood on its own line
        self.zone: Zone | str | None = None  # the section being read
        self.started = False  # a header has been filed
        self.pending: Line | None = None  # a count on its own line, waiting for its card

    def problem(self, line: Line, message: str, severity: Severity = Severity.ERROR,
                suggestions: tuple[str, ...] = ()) -> None:
        self.deck.problems.append(Problem(severity=severity, message=message,
                                          source=Source(file=self.file, line=line.number),
                                          text=line.text or None, suggestions=suggestions))

    def entry(self, line: Line, card: Card, zone: Zone | str | None, count: int | None = None) -> None:
        """Add one card to the deck (``count`` overrides the line's, e.g. from a count line above it).

        A line without a count that looks like no card line (chat, a link, ...: :func:`noise_kind`)
        is marked unsure: the resolver keeps it as a card if it names one, else makes it a note."""
        if count is None:
            count = card.count
        if count is None:
            count = 1
            warning = None
            if zone not in ONE_CARD_ZONES and zone != _EXTRA_LEGENDS and zone is not None:
                warning = say("no count; read as 1 copy (write '1 {text}')", text=card.text)
            kind = None
            if line.number not in self.deck.unsure and card.card_id is None and zone != _EXTRA_LEGENDS:
                kind = noise_kind(line.text)
            if kind is not None:
                self.deck.unsure[line.number] = UnsureLine(kind, line.text, warning)
            elif warning is not None and line.number not in self.deck.unsure:
                self.problem(line, warning, Severity.WARNING)
        if zone == _EXTRA_LEGENDS:
            for _ in range(count):
                self.deck.additional_legends.append(RawEntry(card.text, 1, Zone.LEGEND, card.card_id,
                                                             file=self.file, line=line.number))
            return
        self.deck.entries.append(RawEntry(card.text, count, zone, card.card_id, file=self.file,  # type: ignore[arg-type]
                                          line=line.number, number=card.number, counted=card.counted))

    def inline(self, line: Line, inline: str, zone: Zone | str) -> None:
        """The card(s) written on a header line: ``Legend: Jinx``, ``MainDeck: 3 Defy 3 Discipline``."""
        parts = _SEVERAL.split(inline) if inline[:1].isdigit() else [inline]
        for part in parts:
            part = part.strip(" ,;")
            card, error = parse_card(part)
            if card is None:
                self.problem(line, say("cannot read this line: {error}", error=error))
            else:
                self.entry(line, card, zone)

    def read(self, raw_lines: list[str]) -> None:
        """One pass over the lines, filing each card as it comes once a header has been seen.

        The common card line becomes its :class:`RawEntry` at once; every other line becomes a
        :class:`Line`. Lines before the first header wait: a title may be among them, and if no
        header ever comes the list is read by its blank-line groups instead.
        """
        before: list[Line | RawEntry] | None = []  # the lines before the first header; None after it
        entries = self.deck.entries
        file = self.file
        memory = self.memory
        memory.keep_bounded()
        headers, seen, known_lines = memory.headers, memory.cards, memory.lines
        direct = False  # a common card line goes straight into the deck (after a header, nothing waiting)
        zone = None
        for number, raw in enumerate(raw_lines, start=1):
            text = raw.strip()
            if not text:
                if before is not None:
                    before.append(_BLANK_LINE)
                elif self.pending is not None:
                    self.file_line(_BLANK_LINE)
                    direct = self.zone != _EXTRA_LEGENDS
                continue
            known = seen.get(text)
            if known is None:
                header = headers.get(text)
                if header is not None and before is None and self.pending is None:
                    zone = self.zone = header[0]  # a header seen before with nothing after it: the common case
                    direct = zone != _EXTRA_LEGENDS
                    continue
                if header is None and len(text) <= MAX_LINE:
                    known = _first_sight(text, seen)
            if known is not None:
                name, count, card_id = known
                if direct:
                    entries.append(RawEntry(name, count, zone, card_id, file, number))
                    continue
                line: Line | RawEntry = RawEntry(name, count, None, card_id, file, number)
            else:
                if header is not None:
                    line = Line(HEADER, number, text, header)
                else:
                    line = _classify_remembered(number, raw, known_lines)
                    if line.kind == COUNT_ALONE:
                        self.count_lines = True
                    elif line.kind == HEADER and line.value[1] is None and len(headers) < MOST_HEADERS:  # type: ignore[index]
                        headers[text] = line.value  # type: ignore[assignment]
                if before is not None and line.kind == HEADER:
                    for waiting in before:  # the lines above the first header: a title, cards of no section
                        self.file_line(waiting)
                    before = None
            if before is not None:
                before.append(line)
            else:
                self.file_line(line)
                zone = self.zone
                direct = self.pending is None and zone != _EXTRA_LEGENDS
        if before is not None:
            self.read_headerless(before)
        elif self.pending is not None:
            self.file_line(_BLANK_LINE)

    # ------------------------------------------------------------------ lines every layout reads alike
    def common(self, line: Line) -> bool:
        """Handle lines that mean the same in every layout; True if handled."""
        kind = line.kind
        if kind == PROBLEM:
            self.problem(line, line.value, suggestions=line.suggestions)  # type: ignore[arg-type]
        elif kind == TITLE:
            if self.deck.entries:  # after the first card: the card it names, or a title with a note
                self.file_one(self.title_after_cards(line))
            elif self.deck.name is None:
                self.deck.name = line.value  # type: ignore[assignment]
        elif kind == NOTE:
            self.problem(line, line.value, Severity.INFO)  # type: ignore[arg-type]
        elif kind == SIDEBOARD_CARD:
            self.entry(line, line.value, Zone.SIDEBOARD)  # type: ignore[arg-type]
        elif kind == COUNT_ALONE:
            self.problem(line, say("cannot read this line: a count without a card name"))
        else:
            return kind in (COMMENT, BLANK)
        return True

    def title_after_cards(self, line: Line) -> Line:
        """A ``Deck:``, ``Name:`` or ``Title:`` line after the first card, as the card line of what it
        names, marked unsure: the resolver files the card if it names one, else notes it as a title."""
        self.deck.unsure[line.number] = UnsureLine(TITLE_AFTER_CARDS, line.text)
        return Line(CARD, line.number, line.text, Card(line.value, None, None))  # type: ignore[arg-type]

    def counted_lines(self, lines: list[Line | RawEntry]) -> list[Line | RawEntry]:
        """A count on its own line followed by a card without one (an app's copy) is one card line."""
        out: list[Line | RawEntry] = []
        pending: Line | None = None
        for line in lines:
            if pending is not None:
                merged = _merge_count(pending, line)
                out.append(pending if merged is None else merged)
                pending = None
                if merged is not None:
                    continue
            if line.__class__ is Line and line.kind == COUNT_ALONE:  # type: ignore[union-attr]
                pending = line  # type: ignore[assignment]
            else:
                out.append(line)
        if pending is not None:
            out.append(pending)
        return out

    # ------------------------------------------------------------------ with headers
    def file_line(self, line: Line | RawEntry) -> None:
        """File one line of a list with headers, in order (a count alone waits for its card)."""
        pending = self.pending
        if pending is not None:
            self.pending = None
            merged = _merge_count(pending, line)
            if merged is not None:
                self.file_one(merged)
                return
            self.file_one(pending)
        if line.__class__ is Line and line.kind == COUNT_ALONE:  # type: ignore[union-attr]
            self.pending = line  # type: ignore[assignment]
        else:
            self.file_one(line)

    def file_one(self, line: Line | RawEntry) -> None:
        zone = self.zone
        if line.__class__ is RawEntry:
            if zone == _EXTRA_LEGENDS:
                self.entry(Line(CARD, line.line, line.text), Card(line.text, line.count, line.card_id), zone)  # type: ignore[arg-type,union-attr]
            else:
                line.zone = zone  # type: ignore[union-attr,assignment]
                self.deck.entries.append(line)  # type: ignore[arg-type]
            return
        kind = line.kind  # type: ignore[union-attr]
        if kind == HEADER:
            self.zone, inline = line.value  # type: ignore[misc,union-attr]
            self.started = True
            if inline:
                self.inline(line, inline, self.zone)  # type: ignore[arg-type]
            return
        if not self.started and self._title_line(line):  # type: ignore[arg-type]
            return
        if kind == CARD:
            self.entry(line, line.value, zone)  # type: ignore[arg-type,union-attr]
            return
        if line.unknown_header:  # type: ignore[union-attr]
            self.zone = None  # its cards are filed by their type
        self.common(line)  # type: ignore[arg-type]

    def _title_line(self, line: Line) -> bool:
        """Before any header: '# Title' or a first line without a count names the deck."""
        if self.deck.name is not None or self.deck.entries or any(
                p.severity is not Severity.INFO for p in self.deck.problems):
            return False
        if line.kind == COMMENT:
            if _SINGLE_HASH.match(line.text) and line.value:
                self.deck.name = line.value  # type: ignore[assignment]
                return True
            return False
        if line.kind == PROBLEM and line.unknown_header and not line.suggestions and " " in line.text:
            self.deck.name = line.text.rstrip(":").strip()  # "Here's my list:": chat, not a misspelt header
            return True
        if line.kind == CARD or (line.kind == PROBLEM and not line.unknown_header):
            card = line.value
            no_count = line.kind == CARD and card.count is None and card.card_id is None  # type: ignore[union-attr]
            if no_count and noise_kind(line.text) in NOT_TITLES:
                return False  # a link, a site's buttons, reactions or a price: noted as noise, not the title
            if no_count or _YEAR_TITLE.match(line.text):  # "2026 Regionals Jinx" is no count of 2026
                self.deck.name = line.text.rstrip(":").rstrip() or line.text
                return True
        return False

    # ------------------------------------------------------------------ without headers
    @staticmethod
    def _noise_aside(line: Line, after_cards: bool) -> bool:
        """Whether a card line of a headerless list stays out of its blank-line groups: a line without
        a count that looks like no card line (a link anywhere; chat after the first card, as a chat
        line above the cards may be the title)."""
        card = line.value
        if card.count is not None or card.card_id is not None:  # type: ignore[union-attr]
            return False
        kind = noise_kind(line.text)
        return kind in NOT_TITLES or (kind is not None and after_cards)

    def read_headerless(self, lines: list[Line | RawEntry]) -> None:
        if self.count_lines:
            lines = self.counted_lines(lines)
        groups: list[list[Line | RawEntry]] = [[]]
        aside: list[Line] = []  # lines that may be no card line: in no group, filed by their type
        for line in lines:
            if line.__class__ is RawEntry:
                groups[-1].append(line)
                continue
            kind = line.kind  # type: ignore[union-attr]
            if kind == TITLE and any(groups):
                aside.append(self.title_after_cards(line))  # type: ignore[arg-type]
            elif kind == BLANK:
                if groups[-1]:
                    groups.append([])
            elif kind == CARD:
                (aside if self._noise_aside(line, any(groups)) else groups[-1]).append(line)  # type: ignore[arg-type]
            elif kind == COMMENT and not any(groups) and self._title_line(line):  # type: ignore[arg-type]
                continue
            else:
                self.common(line)  # type: ignore[arg-type]
        groups = [g for g in groups if g]
        zones = _positional_zones(groups)
        if zones is None and len(groups) >= 2 and len(groups[0]) == 1 and self.deck.name is None:
            first = groups[0][0]
            if first.__class__ is Line and first.value.count is None and first.value.card_id is None:  # type: ignore[union-attr]
                zones = _positional_zones(groups[1:])
                if zones is not None:
                    self.deck.name = first.text
                    groups = groups[1:]
        entries = self.deck.entries
        for index, group in enumerate(groups):
            zone = zones[index] if zones is not None else None
            for line in group:
                if line.__class__ is RawEntry:
                    line.zone = zone  # type: ignore[union-attr]
                    entries.append(line)  # type: ignore[arg-type]
                else:
                    self.entry(line, line.value, zone)  # type: ignore[arg-type,union-attr]
        for line in aside:
            self.entry(line, line.value, None)  # type: ignore[arg-type]


def _merge_count(count: Line, line: Line | RawEntry) -> Line | None:
    """``3`` on one line and ``Defy`` on the next, as one card line (None if the next line has a count)."""
    if line.__class__ is Line and line.kind == CARD:  # type: ignore[union-attr]
        card = line.value  # type: ignore[union-attr]
        if card.count is None:  # type: ignore[union-attr]
            return replace(line, value=replace(card, count=count.value, counted=True))  # type: ignore[type-var]
    return None


def _positional_zones(groups: list[list[Line | RawEntry]]) -> tuple[Zone, ...] | None:
    """Zones for a headerless list of 5 or 6 groups (legend, champion, main, battlefields, runes[, side])."""
    if len(groups) not in (5, 6) or len(groups[0]) != 1 or len(groups[1]) != 1:
        return None
    if len(groups[2]) < 2 or len(groups[3]) > 6:
        return None
    return _POSITIONS[: len(groups)]


