"""Registration exports: one deck per row of a spreadsheet (CSV, TSV, any sniffed delimiter, .xlsx).

An organiser's export has a header row and one registration a row: the player's name, maybe an
e-mail and a team, and a deck as a code, a link or a pasted multi-line list. This module finds
the columns, decodes the file the way spreadsheets write it, and turns every row into a
:class:`Registration` whose source is ``file.csv:ROW`` (ROW as a spreadsheet shows it: the header
is row 1). Reading a row's deck is left to the deck readers (:func:`deckcheck.decks.load.read_text`),
so a cell holds anything a deck file may hold, under the same per-deck limits.

- Encodings (decoded by :mod:`deckcheck.decks.export_encoding`): UTF-8 with or without a BOM, UTF-16 and UTF-32 with a BOM (Excel's "Unicode text",
  also saved as ``.txt``), and Windows-1252 (older Excel) when the bytes are not UTF-8 and decode
  cleanly as it; a file mixing UTF-8 and Windows-1252 lines is decoded line by line, with a notice.
- ``.xlsx`` is read by :mod:`deckcheck.decks.xlsx` (bounded, cached values only, nothing runs).
- An unbalanced quote is read as a plain character in its row (with a warning naming the rows it
  would have swallowed); the rows after it are read as usual.
- What was guessed or left out (no player column, repeated headers, cells past the column limit,
  formulas without a saved value, a player registered twice) is said: in ``Export.notices`` for the
  whole file, as a warning on the row's deck for a row.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.decks.export_encoding import MIXED, first_few, plural_s, decode_export, written_as
from deckcheck.decks.memory import ReadMemory
from deckcheck.decks.model import Problem, RawDeck, Severity, Source
from deckcheck.errors import DeckcheckError, DeckReadError
from deckcheck.words import near_miss

#: File endings read as registration exports (a .txt only when it is Excel's "Unicode text").
EXTENSIONS = frozenset({".csv", ".tsv", ".xlsx"})
#: The endings :func:`is_registrations_file` looks at.
ENDINGS = EXTENSIONS | {".txt"}
#: Limits for a whole export (each deck cell also meets the per-deck limits of a deck file).
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_ROWS = 100_000
MAX_COLUMNS = 500
#: Separators in a delimited file (bounds the cells before any row is split).
MAX_SEPARATORS = 2_000_000
#: Unbalanced quotes read as plain characters before the file is refused.
MAX_BAD_QUOTES = 100
#: Rows whose cells are looked at to find the deck column when no single header names it.
SCORED_ROWS = 200
#: Characters of the header line the delimiter is sniffed from.
SNIFF_CHARS = 4096

#: Normalised headers naming the player, best first.
PLAYER_HEADERS = ("player", "player name", "name", "full name", "participant", "display name", "nickname",
                  "nom", "joueur", "spieler", "jugador", "nome")
#: Words in a header that name the deck column.
DECK_WORDS = ("deck", "decklist", "list", "code", "liste", "lista")
#: Normalised headers naming the team (2v2 events).
TEAM_HEADERS = ("team", "team name", "teammate team", "équipe", "equipe", "team id")


def is_registrations_file(path: str) -> bool:
    """True for an export: .csv, .tsv, .xlsx, or a .txt of Excel's "Unicode text" (UTF-16, tabs)."""
    suffix = Path(path).suffix.lower()
    if suffix in EXTENSIONS:
        return True
    return suffix == ".txt" and _unicode_text(path)


def _unicode_text(path: str) -> bool:
    """A .txt that starts with a UTF-16 BOM and a tab-separated header naming a player or deck column
    (Excel's "Unicode text"; a deck list saved by Notepad as "Unicode" stays a deck file)."""
    from deckcheck.io import open_regular

    try:
        with open_regular(path) as handle:
            head = handle.read(4096)
    except (DeckcheckError, OSError):
        return False
    if not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or head.startswith(codecs.BOM_UTF32_LE):
        return False
    cells = [normalise_header(c) for c in head.decode("utf-16", errors="replace").split("\n", 1)[0].split("\t")]
    return len(cells) > 1 and any(c in PLAYER_HEADERS or any(w in c.split() for w in DECK_WORDS) for c in cells)


@dataclass(slots=True)
class Registration:
    """One row of an export: a deck to read, or the reason it cannot be (``error``); ``notes`` are
    warnings on the row (a duplicate player, an unbalanced quote) added to its deck's problems;
    ``memory`` the lines the export's decks repeat (one for all its rows, a new one if None)."""

    source: str
    row: int
    player: str | None
    text: str | None
    team: str | None = None
    error: DeckReadError | None = None
    notes: list[str] = field(default_factory=list)
    memory: ReadMemory | None = field(default=None, repr=False, compare=False)

    def read(self) -> RawDeck:
        """The row's deck as a RawDeck carrying the player; an unreadable deck raises with the row."""
        from deckcheck.decks.load import read_text

        if self.error is not None:
            raise self.error
        try:
            raw = read_text(self.text or "", source=self.source, memory=self.memory)
        except DeckcheckError as exc:
            exc.player = self.player
            exc.file = exc.file or self.source
            raise
        raw.player = self.player
        raw.team = self.team
        where = Source(self.source)  # the row itself ("regs.csv:7"), said "regs.csv row 7"
        raw.problems.extend(Problem(severity=Severity.WARNING, message=note, source=where) for note in self.notes)
        return raw


@dataclass(slots=True)
class Layout:
    """How a delimited export was written, to write it back as it was: its text (decoded, without
    the byte-order mark), where each record ends in it, the records' cells as read, the delimiter,
    and the encoding and BOM of its bytes (``codec`` None: decoded line by line, no one encoding)."""

    text: str
    #: ``ends[n - 1]``: the offset in ``text`` where record (row) ``n`` ends, its line break included.
    ends: list[int]
    rows: list[tuple[int, list[str]]]
    delimiter: str
    codec: str | None
    bom: bytes = b""
    #: The encoding the user named (--encoding), to read the written file back the same way.
    named_encoding: str | None = None
    #: Rows whose cells past :data:`MAX_COLUMNS` were not read.
    cut_rows: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Export:
    """A whole export: its rows, which columns were used (``deck_index``: the deck column, 0 for A),
    what was guessed or left out (``notices``), and for a delimited file its ``layout``."""

    path: str
    registrations: list[Registration]
    player_column: str | None
    deck_column: str
    deck_index: int
    team_column: str | None = None
    blank_rows: list[int] = field(default_factory=list)
    encoding: str | None = None
    notices: list[DeckcheckError] = field(default_factory=list)
    layout: Layout | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class ExportOptions:
    """How to read exports: columns named by the user, the sheet, the encoding (None: find it)."""

    player_column: str | None = None
    deck_column: str | None = None
    team_column: str | None = None
    sheet: str | None = None
    encoding: str | None = None

    def kwargs(self) -> dict[str, str | None]:
        return dict(player_column=self.player_column, deck_column=self.deck_column,
                    team_column=self.team_column, sheet=self.sheet, encoding=self.encoding)


@dataclass(slots=True)
class Rows:
    """A file's rows (row number, cells) and what reading them noticed."""

    rows: list[tuple[int, list[str]]]
    notices: list[str] = field(default_factory=list)
    row_notes: dict[int, list[str]] = field(default_factory=dict)
    uncached: dict[int, list[str]] = field(default_factory=dict)
    sheets: list[str] = field(default_factory=list)
    layout: Layout | None = None
    #: The header's row number (the first row not blank), once read.
    header: int | None = None


# ---------------------------------------------------------------------------- entry point
def read_export(path: str, *, player_column: str | None = None, deck_column: str | None = None,
                team_column: str | None = None, sheet: str | None = None,
                encoding: str | None = None) -> Export:
    """Read a registration export; a problem with the whole file raises :class:`DeckReadError`."""
    suffix = Path(path).suffix.lower()
    if suffix == ".xlsx":
        found, used = _xlsx_rows(path, sheet), None
    else:
        if sheet is not None:
            raise DeckReadError("--sheet applies to .xlsx files only", file=path)
        notes: list[str] = []
        data = read_bytes(path)
        text, used = decode_export(data, path, encoding, notes)
        found = rows_of_text(text, path)
        found.notices[:0] = notes
        if found.layout is not None:
            found.layout.codec, found.layout.bom = written_as(data, used)
            found.layout.named_encoding = encoding
        used = None if used == MIXED else used  # decoded line by line: found again the same way
    try:
        return _build(path, found, player_column=player_column, deck_column=deck_column,
                      team_column=team_column, encoding=used)
    except DeckReadError as exc:
        if len(found.sheets) > 1 and exc.message.startswith("no deck column"):
            exc.message += (f"; the workbook's sheets: {', '.join(repr(s) for s in found.sheets)} "
                            "(choose one with --sheet)")
        raise


def read_bytes(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """A regular file's bytes, refused unread when it is larger than ``limit`` or not a regular file."""
    from deckcheck.io import read_regular

    return read_regular(path, limit, error=DeckReadError, what="an export")


# ---------------------------------------------------------------------------- rows
def sniff_delimiter(text: str) -> str:
    """The delimiter of a delimited export, found by the standard csv sniffer on (the start of) its header line."""
    import csv

    header = re.split(r"[\r\n]", text.lstrip("\ufeff")[:SNIFF_CHARS], maxsplit=1)[0]
    try:
        return csv.Sniffer().sniff(header, delimiters=",;\t|").delimiter
    except csv.Error:
        counts = {d: header.count(d) for d in ",;\t|"}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ","


def rows_of_text(text: str, path: str) -> Rows:
    """The records of a delimited export's text (tab-separated for a .tsv or .txt, else the sniffed delimiter)."""
    return _csv_rows(text, path, tab=Path(path).suffix.lower() in (".tsv", ".txt"))


def _csv_rows(text: str, path: str, *, tab: bool) -> Rows:
    """The records of a delimited text; a quote left open (or closed mid-cell) is read as a plain
    character in its own line, with a note naming the rows it would have swallowed."""
    import csv
    import io
    from itertools import accumulate, islice

    if csv.field_size_limit() < MAX_FILE_BYTES:
        csv.field_size_limit(MAX_FILE_BYTES)  # per-cell limits are applied by the deck reader, naming the row
    delimiter = "\t" if tab else sniff_delimiter(text)
    if text.count(delimiter) > MAX_SEPARATORS:
        raise DeckReadError(f"too many cells: more than {MAX_SEPARATORS:,} separators ('{delimiter}')"
                            .replace("'\t'", "tabs"), file=path)
    lines = list(io.StringIO(text, newline=""))  # physical lines, split as the csv reader splits them
    starts = list(accumulate(map(len, lines), initial=0))  # where each line starts in ``text``
    found = Rows(rows=[])
    cut: list[int] = []
    found.layout = layout = Layout(text=text, ends=[], rows=found.rows, delimiter=delimiter, codec=None, cut_rows=cut)
    number = 0  # records so far: the row number as a spreadsheet shows it
    at = 0  # index of the first line not read yet
    bad_quotes = 0
    while at < len(lines):
        reader = csv.reader(islice(lines, at, None), delimiter=delimiter, strict=True)
        done = 0  # lines of this reader's good records
        try:
            for cells in reader:
                number += 1
                done = reader.line_num
                _add(found, number, cells, path, cut)
                layout.ends.append(starts[at + done])
            break
        except csv.Error:
            first, last = at + done, at + reader.line_num - 1  # the record's first and last line
            bad_quotes += 1
            if bad_quotes > MAX_BAD_QUOTES:
                raise DeckReadError(f"more than {MAX_BAD_QUOTES} unbalanced quotes: not a delimited file",
                                    file=path, line=first + 1) from None
            number += 1
            cells = next(csv.reader([lines[first]], delimiter=delimiter, quoting=csv.QUOTE_NONE), [])
            _add(found, number, cells, path, cut)
            layout.ends.append(starts[first + 1])
            swallowed = f"rows {number + 1}–{number + last - first}" if last - first > 1 else f"row {number + 1}"
            note = (f'an unbalanced quote (") in row {number}' + (f" would have swallowed {swallowed}"
                                                                   if last > first else " ends in the middle of a cell")
                    + "; the row is read with the quote as a plain character")
            found.row_notes.setdefault(number, []).append(note)
            found.notices.append(note)
            at = first + 1
    if cut:
        found.notices.append(f"cells past column {MAX_COLUMNS} are not read (row{plural_s(cut)} {first_few(cut)})")
    return found


def _add(found: Rows, number: int, cells: list[str], path: str, cut: list[int]) -> None:
    """Keep record ``number``; refused past :data:`MAX_ROWS` rows after the header (the first row not blank)."""
    if found.header is None:
        if any(c.strip() for c in cells):
            found.header = number
    elif number - found.header > MAX_ROWS:
        raise DeckReadError(f"too many rows: row {number:,} is over the limit of {MAX_ROWS:,} registrations",
                            file=path)
    if len(cells) > MAX_COLUMNS:
        if any(c.strip() for c in cells[MAX_COLUMNS:]):
            cut.append(number)
        del cells[MAX_COLUMNS:]
    found.rows.append((number, cells))


def _xlsx_rows(path: str, sheet: str | None) -> Rows:
    from deckcheck.decks import xlsx

    names = xlsx.sheet_names(path)
    found = xlsx.read_sheet(path, sheet, max_rows=MAX_ROWS, max_columns=MAX_COLUMNS)
    rows = Rows(rows=found.rows, uncached=found.uncached, sheets=names)
    if found.cut_rows:
        rows.notices.append(f"sheet '{found.name}': cells past column {MAX_COLUMNS} "
                            f"({xlsx.column_letters(MAX_COLUMNS - 1)}) are not read "
                            f"(row{plural_s(found.cut_rows)} {first_few(found.cut_rows)})")
    if found.uncached:
        refs = [ref for row in found.uncached.values() for ref in row]
        rows.notices.append(f"sheet '{found.name}': formula cell{plural_s(refs)} {first_few(refs)} saved without "
                            "a value (read as blank); open and save the workbook in a spreadsheet program")
    return rows


# ---------------------------------------------------------------------------- columns
def normalise_header(text: str) -> str:
    """A header as compared: case-folded, '_', '-' and runs of spaces made one space, trimmed."""
    return re.sub(r"[\s_\-]+", " ", text.replace("\ufeff", "")).strip().casefold()


def looks_like_deck(cell: str) -> bool:
    """A cell holding a deck: a deck code, a link carrying a code, or a list of several lines."""
    from deckcheck.decks.load import format_module

    text = cell.strip()
    if not text:
        return False
    if "\n" in text:
        return sum(1 for line in text.splitlines() if line.strip()) >= 3
    if re.match(r"https?://", text) and "code=" in text:
        return True
    code = format_module("code")
    return code is not None and code.sniff(text)


def _find_column(headers: list[str], wanted: str, path: str, what: str) -> int:
    keys = [normalise_header(h) for h in headers]
    key = normalise_header(wanted)
    if key in keys:
        return keys.index(key)
    raise DeckcheckError(f"no column '{wanted}' for the {what}{near_miss(wanted, headers)} "
                         f"(columns: {', '.join(h for h in headers if h.strip())})", file=path, line=1)


def _player_column(headers: list[str]) -> int | None:
    keys = [normalise_header(h) for h in headers]
    for wanted in PLAYER_HEADERS:
        if wanted in keys:
            return keys.index(wanted)
    for i, key in enumerate(keys):
        if "player" in key.split() and not re.search(r"\b(id|e ?mail|number|no|#)\b", key):
            return i
    return None


def _team_column(headers: list[str]) -> int | None:
    keys = [normalise_header(h) for h in headers]
    return next((keys.index(t) for t in TEAM_HEADERS if t in keys), None)


def _deck_column(headers: list[str], body: list[tuple[int, list[str]]], skip: set[int], path: str) -> int:
    """The column a header names as the deck (the one holding most decks, if several), else the
    column holding most decks; cells are looked at in the first :data:`SCORED_ROWS` rows only."""
    sample = [cells for _, cells in body[:SCORED_ROWS]]
    named = [i for i, h in enumerate(headers)
             if i not in skip and any(w in normalise_header(h).split() or normalise_header(h).startswith(w)
                                      for w in DECK_WORDS)]
    if len(named) == 1:
        return named[0]
    width = max([len(headers)] + [len(cells) for cells in sample])
    pool = named or [i for i in range(width) if i not in skip]
    scores = {i: sum(looks_like_deck(cells[i]) for cells in sample if i < len(cells)) for i in pool}
    pool = named or [i for i in pool if scores[i]]
    if not pool:
        shown = ", ".join(f"'{h}'" for h in headers if h.strip()) or "none"
        raise DeckReadError(f"no deck column found (columns: {shown}); no column holds deck codes or lists. "
                            "Name it with --deck-column", file=path, line=1)
    return max(pool, key=lambda i: (scores[i], -i))


def _build(path: str, found: Rows, *, player_column: str | None, deck_column: str | None,
           team_column: str | None, encoding: str | None) -> Export:
    first = next((i for i, (_, cells) in enumerate(found.rows) if any(c.strip() for c in cells)), None)
    if first is None:  # blank lines above the header are passed over
        raise DeckReadError("the export is empty (no header row)", file=path)
    header_row, headers = found.rows[first]
    body = found.rows[first + 1:]
    notices = [DeckcheckError(n, file=path) for n in found.notices]
    player = (_find_column(headers, player_column, path, "player") if player_column
              else _player_column(headers))
    team = _find_column(headers, team_column, path, "team") if team_column else _team_column(headers)
    deck = (_find_column(headers, deck_column, path, "deck") if deck_column
            else _deck_column(headers, body, {i for i in (player, team) if i is not None}, path))
    column = _header_name(headers, deck)
    if player is None:
        shown = ", ".join(f"'{h.strip()}'" for i, h in enumerate(headers) if h.strip() and i != deck) or "none"
        notices.append(DeckcheckError(f"no player column found (other columns: {shown}); the registrations "
                                      "have no player names: name the column with --player-column",
                                      file=path, line=header_row))
    notices.extend(_repeated_headers(headers, path, header_row, {player, deck, team}))
    out: list[Registration] = []
    blank: list[int] = []
    memory = ReadMemory()  # the export's rows are one batch of decks
    for number, cells in body:
        uncached = found.uncached.get(number)
        if not any(c.strip() for c in cells) and not uncached:
            blank.append(number)
            continue
        source = f"{path}:{number}"
        name = (_cell(cells, player).strip() or None) if player is not None else None
        text = _cell(cells, deck)
        reg = Registration(source=source, row=number, player=name, text=text,
                           team=(_cell(cells, team).strip() or None) if team is not None else None,
                           notes=list(found.row_notes.get(number, ())), memory=memory)
        if not text.strip():
            from deckcheck.decks.xlsx import column_letters

            ref = f"{column_letters(deck)}{number}"
            why = (f"the deck cell {ref} is a formula saved without a value; open and save the workbook "
                   "in a spreadsheet program" if uncached and ref in uncached else f"no deck in the '{column}' column")
            reg.error = DeckReadError(why, file=source)
            reg.error.player = name
        out.append(reg)
    if not out:
        raise DeckReadError(f"no registrations: only a header row (row {header_row})", file=path)
    _note_repeated_players(out)
    return Export(path=path, registrations=out, deck_column=column, deck_index=deck, layout=found.layout,
                  player_column=_header_name(headers, player) if player is not None else None,
                  team_column=_header_name(headers, team) if team is not None else None,
                  blank_rows=blank, encoding=encoding, notices=notices)


def _repeated_headers(headers: list[str], path: str, row: int, used: set[int | None]) -> list[DeckcheckError]:
    """A notice per header written more than once: which of its columns is read."""
    from deckcheck.decks.xlsx import column_letters

    by_key: dict[str, list[int]] = {}
    for i, h in enumerate(headers):
        if h.strip():
            by_key.setdefault(normalise_header(h), []).append(i)
    out = []
    for columns in by_key.values():
        if len(columns) > 1:
            letters = ", ".join(column_letters(i) for i in columns)
            read = next((i for i in columns if i in used), None)
            what = (f"column {column_letters(read)} is read" if read is not None
                    else "none of them is read")
            out.append(DeckcheckError(f"the header '{headers[columns[0]].strip()}' names columns {letters}; {what}",
                                      file=path, line=row))
    return out


def _note_repeated_players(registrations: list[Registration]) -> None:
    """A warning on each row of a player registered more than once (names compared as headers are)."""
    rows: dict[str, list[Registration]] = {}
    for reg in registrations:
        if reg.player:
            rows.setdefault(normalise_header(reg.player), []).append(reg)
    for regs in rows.values():
        if len(regs) > 1:
            for reg in regs:
                others = [str(r.row) for r in regs if r is not reg]
                reg.notes.append(f"{reg.player} is registered more than once: also in row{plural_s(others)} "
                                 f"{first_few(others)}; keep one registration per player")


def _cell(cells: list[str], index: int | None) -> str:
    return cells[index] if index is not None and index < len(cells) else ""


def _header_name(headers: list[str], index: int) -> str:
    return headers[index].strip() if index < len(headers) and headers[index].strip() else f"column {index + 1}"

