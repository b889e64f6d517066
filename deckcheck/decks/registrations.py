"""Registration exports: one deck per row of a spreadsheet (CSV, TSV, any sniffed delimiter, .xlsx).

An organiser's export has a header row and one registration a row: the player's name, maybe an
e-mail and a team, and a deck as a code, a link or a pasted multi-line list. This module finds
the columns, decodes the file the way spreadsheets write it, and turns every row into a
:class:`Registration` whose source is ``file.csv:ROW`` (ROW as a spreadsheet shows it: the header
is row 1). Reading a row's deck is left to the deck readers (:func:`deckcheck.decks.load.read_text`),
so a cell holds anything a deck file may hold, under the same per-deck limits.

- Encodings: UTF-8 with or without a BOM, UTF-16 with a BOM (Excel's "Unicode text"), and
  Windows-1252 (older Excel) when the bytes are not UTF-8 and decode cleanly as it; anything else
  is refused with the byte and a hint to name the encoding (``encoding=``).
- ``.xlsx`` is read with openpyxl (imported only here): cached values only, no formula or macro
  ever runs; the archive's unpacked size is bounded before it is opened.
- csv, zipfile and difflib are imported only when an export is read (the check path of one deck
  file imports this module only for its constants).
- Blank rows are skipped; a row with a player but no deck is a :class:`Registration` with an
  ``error``; limits give an error naming the row.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deckcheck.decks.model import RawDeck
from deckcheck.errors import DeckcheckError, DeckReadError

#: File endings read as registration exports.
EXTENSIONS = frozenset({".csv", ".tsv", ".xlsx"})
#: Limits for a whole export (each deck cell also meets the per-deck limits of a deck file).
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_ROWS = 100_000
MAX_COLUMNS = 500
#: The sum of the unpacked sizes of an .xlsx archive's members (a zip bomb is refused unread).
MAX_XLSX_UNPACKED = 256 * 1024 * 1024

#: Normalised headers naming the player, best first.
PLAYER_HEADERS = ("player", "player name", "name", "full name", "participant", "display name", "nickname",
                  "nom", "joueur", "spieler", "jugador", "nome")
#: Words in a header that name the deck column.
DECK_WORDS = ("deck", "decklist", "list", "code", "liste", "lista")
#: Normalised headers naming the team (2v2 events).
TEAM_HEADERS = ("team", "team name", "teammate team", "équipe", "equipe", "team id")


def is_registrations_file(path: str) -> bool:
    """True for a file name a registration export has (.csv, .tsv, .xlsx)."""
    return Path(path).suffix.lower() in EXTENSIONS


@dataclass
class Registration:
    """One row of an export: a deck to read, or the reason it cannot be (``error``)."""

    source: str
    row: int
    player: str | None
    text: str | None
    team: str | None = None
    error: DeckReadError | None = None

    def read(self) -> RawDeck:
        """The row's deck as a RawDeck carrying the player; an unreadable deck raises with the row."""
        from deckcheck.decks.load import read_text

        if self.error is not None:
            raise self.error
        try:
            raw = read_text(self.text or "", source=self.source)
        except DeckcheckError as exc:
            exc.player = self.player
            exc.file = exc.file or self.source
            raise
        raw.player = self.player
        raw.team = self.team
        return raw


@dataclass
class Export:
    """A whole export: its rows and which columns were used."""

    path: str
    registrations: list[Registration]
    player_column: str | None
    deck_column: str
    team_column: str | None = None
    blank_rows: list[int] = field(default_factory=list)
    encoding: str | None = None


@dataclass(frozen=True)
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


# ---------------------------------------------------------------------------- entry point
def read_export(path: str, *, player_column: str | None = None, deck_column: str | None = None,
                team_column: str | None = None, sheet: str | None = None,
                encoding: str | None = None) -> Export:
    """Read a registration export; a problem with the whole file raises :class:`DeckReadError`."""
    suffix = Path(path).suffix.lower()
    if suffix == ".xlsx":
        rows, used = _xlsx_rows(path, sheet), None
    else:
        if sheet is not None:
            raise DeckReadError("--sheet applies to .xlsx files only", file=path)
        text, used = decode_export(_read_bytes(path), path, encoding)
        rows = _csv_rows(text, path, tab=suffix == ".tsv")
    return _build(path, rows, player_column=player_column, deck_column=deck_column,
                  team_column=team_column, encoding=used)


def _read_bytes(path: str) -> bytes:
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise DeckReadError(f"too large ({size:,} bytes; the limit for an export is "
                                f"{MAX_FILE_BYTES // (1024 * 1024)} MiB)", file=path)
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DeckReadError(f"cannot read: {exc.strerror or exc}", file=path) from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckReadError(f"too large (over {MAX_FILE_BYTES // (1024 * 1024)} MiB)", file=path)
    return data


# ---------------------------------------------------------------------------- encodings
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
#: Bytes Windows-1252 leaves undefined: a file holding them is not Windows-1252.
_CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")


def decode_export(data: bytes, path: str, encoding: str | None = None) -> tuple[str, str]:
    """The text of an export and the encoding used: the one named, else detected (see module doc)."""
    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise DeckcheckError(f"unknown encoding '{encoding}' (try utf-8, utf-16, cp1252, latin-1, mac-roman)")
        try:
            return _no_nul(data.decode(encoding).lstrip("\ufeff"), path), encoding
        except UnicodeDecodeError as exc:
            raise DeckReadError(f"not valid {encoding} text: byte 0x{data[exc.start]:02X} at byte offset "
                                f"{exc.start}", file=path, line=_line_of(data, exc.start)) from None
    for bom, name in _BOMS:
        if data.startswith(bom):
            try:
                return _no_nul(data.decode(name).lstrip("\ufeff"), path), name
            except UnicodeDecodeError as exc:
                raise DeckReadError(f"not valid {name.upper()} text: bad bytes at byte offset {exc.start}",
                                    file=path) from None
    if data[:2].count(0) == 1 and data[:200].count(0) > len(data[:200]) // 3:
        raise DeckReadError("UTF-16 text without a byte-order mark: run again with --encoding utf-16-le "
                            "(or utf-16-be)", file=path)
    try:
        return _no_nul(data.decode("utf-8"), path), "utf-8"
    except UnicodeDecodeError as exc:
        bad = exc.start
    if not (set(data) & _CP1252_HOLES):
        return _no_nul(data.decode("cp1252"), path), "cp1252"
    raise DeckReadError(f"not UTF-8 text: byte 0x{data[bad]:02X} at byte offset {bad}; name the file's "
                        "encoding with --encoding (e.g. cp1252, latin-1, mac-roman)",
                        file=path, line=_line_of(data, bad))


def _no_nul(text: str, path: str) -> str:
    nul = text.find("\0")
    if nul >= 0:
        raise DeckReadError(f"binary data, not a text export: NUL character at character {nul}", file=path)
    return text


def _line_of(data: bytes, offset: int) -> int:
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


# ---------------------------------------------------------------------------- rows
Row = tuple[int, list[str]]  # (row number as a spreadsheet shows it, cells)


def sniff_delimiter(text: str) -> str:
    """The delimiter of a delimited export, found by the standard csv sniffer on its header line."""
    import csv

    header = text.lstrip("\ufeff").split("\n", 1)[0]
    try:
        return csv.Sniffer().sniff(header, delimiters=",;\t|").delimiter
    except csv.Error:
        counts = {d: header.count(d) for d in ",;\t|"}
        best = max(counts, key=counts.get)
        return best if counts[best] else ","


def _csv_rows(text: str, path: str, *, tab: bool) -> list[Row]:
    import csv
    import io

    if csv.field_size_limit() < MAX_FILE_BYTES:
        csv.field_size_limit(MAX_FILE_BYTES)  # per-cell limits are applied by the deck reader, naming the row
    delimiter = "\t" if tab else sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False)
    rows: list[Row] = []
    try:
        for number, cells in enumerate(reader, 1):
            if number > MAX_ROWS + 1:
                raise DeckReadError(f"too many rows: row {number:,} is over the limit of {MAX_ROWS:,} "
                                    "registrations", file=path)
            if len(cells) > MAX_COLUMNS:
                raise DeckReadError(f"too many columns in row {number:,} ({len(cells):,}; the limit is {MAX_COLUMNS})",
                                    file=path)
            rows.append((number, cells))
    except csv.Error as exc:
        raise DeckReadError(f"row {reader.line_num}: not a valid delimited file: {exc}", file=path) from None
    return rows


def _xlsx_rows(path: str, sheet: str | None) -> list[Row]:
    _check_archive(path)
    try:
        import openpyxl
    except ModuleNotFoundError:
        raise DeckReadError("reading .xlsx needs openpyxl (pip install openpyxl), or export the sheet as CSV",
                            file=path) from None
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_links=False)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise DeckReadError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})", file=path) from None
    try:
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            raise DeckReadError(f"no sheet named '{sheet}'{_did_you_mean(sheet, book.sheetnames)} "
                                f"(sheets: {', '.join(book.sheetnames)})", file=path)
        rows: list[Row] = []
        for number, values in enumerate(ws.iter_rows(values_only=True), 1):
            if number > MAX_ROWS + 1:
                raise DeckReadError(f"too many rows: row {number:,} is over the limit of {MAX_ROWS:,} "
                                    "registrations", file=path)
            if len(values) > MAX_COLUMNS:
                values = values[:MAX_COLUMNS]
            rows.append((number, [_cell_text(v) for v in values]))
        return rows
    finally:
        book.close()


def _check_archive(path: str) -> None:
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise DeckReadError(f"not a readable .xlsx workbook ({exc}); an old .xls must be saved as .xlsx or CSV",
                            file=path) from None
    if unpacked > MAX_XLSX_UNPACKED:
        raise DeckReadError(f"too large: the workbook unpacks to {unpacked:,} bytes (the limit is "
                            f"{MAX_XLSX_UNPACKED // (1024 * 1024)} MiB)", file=path)


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


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
    raise DeckcheckError(f"no column '{wanted}' for the {what}{_did_you_mean(wanted, headers)} "
                         f"(columns: {', '.join(h for h in headers if h.strip())})", file=path, line=1)


def _did_you_mean(wanted: str, options: Sequence[str]) -> str:
    import difflib

    close = difflib.get_close_matches(wanted, [o for o in options if o.strip()], n=1, cutoff=0.6)
    if not close:
        by_key = {normalise_header(o): o for o in options}
        close = [by_key[k] for k in difflib.get_close_matches(normalise_header(wanted), list(by_key), n=1)]
    return f"; did you mean '{close[0]}'?" if close else ""


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


def _deck_column(headers: list[str], body: list[Row], skip: set[int], path: str) -> int:
    width = max([len(headers)] + [len(cells) for _, cells in body])
    scores = [sum(looks_like_deck(cells[i]) for _, cells in body if i < len(cells)) for i in range(width)]
    named = [i for i, h in enumerate(headers)
             if i not in skip and any(w in normalise_header(h).split() or normalise_header(h).startswith(w)
                                      for w in DECK_WORDS)]
    pool = named or [i for i in range(width) if i not in skip and scores[i]]
    if not pool:
        shown = ", ".join(f"'{h}'" for h in headers if h.strip()) or "none"
        raise DeckReadError(f"no deck column found (columns: {shown}); no column holds deck codes or lists. "
                            "Name it with --deck-column", file=path, line=1)
    return max(pool, key=lambda i: (scores[i], -i))


def _build(path: str, rows: list[Row], *, player_column: str | None, deck_column: str | None,
           team_column: str | None, encoding: str | None) -> Export:
    rows = [(n, cells) for n, cells in rows]
    while rows and not any(c.strip() for c in rows[0][1]):
        rows.pop(0)  # blank lines above the header
    if not rows:
        raise DeckReadError("the export is empty (no header row)", file=path)
    header_row, headers = rows[0]
    body = rows[1:]
    player = (_find_column(headers, player_column, path, "player") if player_column
              else _player_column(headers))
    team = _find_column(headers, team_column, path, "team") if team_column else _team_column(headers)
    deck = (_find_column(headers, deck_column, path, "deck") if deck_column
            else _deck_column(headers, body, {i for i in (player, team) if i is not None}, path))
    column = _header_name(headers, deck)
    out: list[Registration] = []
    blank: list[int] = []
    for number, cells in body:
        if not any(c.strip() for c in cells):
            blank.append(number)
            continue
        source = f"{path}:{number}"
        name = (_cell(cells, player).strip() or None) if player is not None else None
        text = _cell(cells, deck)
        reg = Registration(source=source, row=number, player=name, text=text,
                           team=(_cell(cells, team).strip() or None) if team is not None else None)
        if not text.strip():
            reg.error = DeckReadError(f"no deck in the '{column}' column", file=source)
            reg.error.player = name
        out.append(reg)
    if not out:
        raise DeckReadError(f"no registrations: only a header row (row {header_row})", file=path)
    return Export(path=path, registrations=out, deck_column=column,
                  player_column=_header_name(headers, player) if player is not None else None,
                  team_column=_header_name(headers, team) if team is not None else None,
                  blank_rows=blank, encoding=encoding)


def _cell(cells: list[str], index: int | None) -> str:
    return cells[index] if index is not None and index < len(cells) else ""


def _header_name(headers: list[str], index: int) -> str:
    return headers[index].strip() if index < len(headers) and headers[index].strip() else f"column {index + 1}"

