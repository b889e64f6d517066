"""The cells of one worksheet of an .xlsx workbook, read by a bounded streaming XML parser.

An .xlsx file is a zip archive of XML parts. This reader takes only what a registration export
needs (the sheet names, the shared strings, one worksheet's cell values as saved) with the
standard library's expat parser, and bounds everything a hostile file could inflate before it is
kept: the archive's unpacked size, XML nesting, the number of shared strings and of cells, the
characters of text, rows and columns. No formula or macro ever runs (a formula's saved value is
read; a formula saved without one is reported), no DTD or entity is accepted, and the
``<dimension>`` a sheet claims is ignored. Any damage is one :class:`DeckReadError` naming the part.

Kept instead of python-calamine (measured on the same hostile workbooks, docs/performance.md): a 2 KB
workbook with cells at A1 and XFD1048576 aborts a process that reads it with calamine (a dense grid
of rows × columns), and its memory grows without bound with nesting and shared strings.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import NoReturn

from deckcheck.errors import DeckReadError

#: The sum of the unpacked sizes of the archive's members (a zip bomb is refused unread).
MAX_UNPACKED = 128 * 1024 * 1024
#: XML nesting (a worksheet needs 6 levels; extensions a few more).
MAX_DEPTH = 64
#: Shared strings, and cells kept (a row counts up to its last cell read).
MAX_SHARED_STRINGS = 500_000
MAX_CELLS = 500_000
#: Characters of text kept from the shared strings and the worksheet together.
MAX_TEXT = 32 * 1024 * 1024
#: XML elements in one part (whatever they are).
MAX_ELEMENTS = 4_000_000
#: The last column of a worksheet (XFD) and the last row, as Excel allows them.
LAST_COLUMN = 16_384
LAST_ROW = 1_048_576

_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_CELL_REF = re.compile(r"([A-Za-z]{1,3})([0-9]{1,7})\Z")


@dataclass(slots=True)
class Sheet:
    """One worksheet's rows as text: ``rows[i]`` is (row number, cells); the notes on what was left out."""

    name: str
    rows: list[tuple[int, list[str]]]
    #: Row number -> references of formula cells saved without a value (shown as blank).
    uncached: dict[int, list[str]] = field(default_factory=dict)
    #: Rows with cells past the column limit, which were not read.
    cut_rows: list[int] = field(default_factory=list)


def sheet_names(path: str) -> list[str]:
    """The names of the workbook's sheets (worksheets and chartsheets), in order."""
    with _Book(path) as book:
        return [s[0] for s in book.sheets]


def read_sheet(path: str, sheet: str | None, *, max_rows: int, max_columns: int) -> Sheet:
    """The named sheet (case-insensitive), else the first worksheet, as rows of cell text."""
    with _Book(path) as book:
        name, part = book.pick(sheet)
        strings = book.shared_strings()
        return _SheetReader(book, part, name, strings, max_rows, max_columns).read()


def column_letters(index: int) -> str:
    """The letters of a 0-based column index (0 -> A, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class _Book:
    """An open archive: its sheets as (name, kind, part) and its parts read by :func:`parse`."""

    def __init__(self, path: str) -> None:
        import os
        import zipfile

        from deckcheck.io import open_regular

        self.path = path
        self.text = 0  # characters of text kept so far, against MAX_TEXT
        handle = open_regular(path, error=DeckReadError)
        try:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_UNPACKED:
                raise DeckReadError(f"too large ({size:,} bytes; the limit for a workbook is "
                                    f"{MAX_UNPACKED // (1024 * 1024)} MiB)", file=path)
            self.zip = zipfile.ZipFile(handle)
            members = self.zip.infolist()
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
            handle.close()
            raise DeckReadError(f"not a readable .xlsx workbook ({exc}); an old .xls must be saved as .xlsx "
                                "or CSV", file=path) from None
        except BaseException:
            handle.close()
            raise
        self.handle = handle
        unpacked = sum(m.file_size for m in members)
        if unpacked > MAX_UNPACKED:
            self.close()
            raise DeckReadError(f"too large: the workbook unpacks to {unpacked:,} bytes (the limit is "
                                f"{MAX_UNPACKED // (1024 * 1024)} MiB)", file=path)
        self.names = {m.filename for m in members}
        try:
            self.sheets = self._sheets()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self.zip.close()
        self.handle.close()

    def __enter__(self) -> _Book:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _sheets(self) -> list[tuple[str, str, str]]:
        workbook = self._target(self._rels("_rels/.rels", ""), "officeDocument") or "xl/workbook.xml"
        rels = self._rels(posixpath.join(posixpath.dirname(workbook), "_rels",
                                         posixpath.basename(workbook) + ".rels"), posixpath.dirname(workbook))
        self.strings_part = self._target(rels, "sharedStrings")
        found: list[tuple[str, str]] = []

        def start(tag: str, attrs: dict[str, str]) -> None:
            if tag == "sheet":
                rid = next((v for k, v in attrs.items() if k.endswith(" id")), "")
                found.append((attrs.get("name", ""), rid))

        self.parse(workbook, start)
        sheets = []
        for name, rid in found:
            kind, target = rels.get(rid, ("", ""))
            sheets.append((name, kind.rsplit("/", 1)[-1], target))
        if not sheets:
            raise DeckReadError("the workbook has no sheets", file=self.path)
        return sheets

    def _rels(self, part: str, base: str) -> dict[str, tuple[str, str]]:
        """A relationships part: Id -> (Type, the target's part name); {} when there is none."""
        out: dict[str, tuple[str, str]] = {}
        if part not in self.names:
            return out

        def start(tag: str, attrs: dict[str, str]) -> None:
            if tag == "Relationship" and attrs.get("TargetMode") != "External":
                target = attrs.get("Target", "")
                target = target[1:] if target.startswith("/") else posixpath.join(base, target)
                out[attrs.get("Id", "")] = (attrs.get("Type", ""), posixpath.normpath(target))

        self.parse(part, start)
        return out

    @staticmethod
    def _target(rels: dict[str, tuple[str, str]], kind: str) -> str | None:
        return next((target for type_, target in rels.values() if type_.rsplit("/", 1)[-1] == kind), None)

    def pick(self, wanted: str | None) -> tuple[str, str]:
        """(name, part) of the sheet asked for (exact name, else case-insensitive), else the first worksheet."""
        names = [s[0] for s in self.sheets]
        listed = ", ".join(f"'{n}'" for n in names)
        if wanted is None:
            chosen = next((s for s in self.sheets if s[1] == "worksheet"), None)
            if chosen is None:
                raise DeckReadError(f"the workbook has no worksheet, only charts or other sheets ({listed})",
                                    file=self.path)
        else:
            chosen = next((s for s in self.sheets if s[0] == wanted), None) or next(
                (s for s in self.sheets if s[0].casefold() == wanted.casefold()), None)
            if chosen is None:
                from deckcheck.words import near_miss

                raise DeckReadError(f"no sheet named '{wanted}'{near_miss(wanted, names)} (sheets: {listed})",
                                    file=self.path)
            if chosen[1] != "worksheet":
                raise DeckReadError(f"sheet '{chosen[0]}' is a {chosen[1] or 'part'} with no cells to read "
                                    f"(sheets: {listed})", file=self.path)
        if chosen[2] not in self.names:
            raise DeckReadError(f"the workbook lacks the part of sheet '{chosen[0]}' ({chosen[2]})", file=self.path)
        return chosen[0], chosen[2]

    def shared_strings(self) -> list[str]:
        """The shared-string table (phonetic runs left out), bounded in count and characters."""
        strings: list[str] = []
        part = self.strings_part or ("xl/sharedStrings.xml" if "xl/sharedStrings.xml" in self.names else None)
        if part is None or part not in self.names:
            return strings
        pieces: list[str] = []
        state = {"t": False, "rph": 0}

        def start(tag: str, attrs: dict[str, str]) -> None:
            if tag == "t":
                state["t"] = True
            elif tag == "rPh":
                state["rph"] += 1
            elif tag == "si":
                if len(strings) >= MAX_SHARED_STRINGS:
                    raise DeckReadError(f"too many shared strings (more than {MAX_SHARED_STRINGS:,})", file=self.path)
                pieces.clear()

        def end(tag: str) -> None:
            if tag == "t":
                state["t"] = False
            elif tag == "rPh":
                state["rph"] -= 1
            elif tag == "si":
                strings.append("".join(pieces))

        def text(data: str) -> None:
            if state["t"] and not state["rph"]:
                self.keep(len(data))
                pieces.append(data)

        self.parse(part, start, end, text)
        return strings

    def keep(self, chars: int) -> None:
        self.text += chars
        if self.text > MAX_TEXT:
            raise DeckReadError(f"too much text in the workbook (more than {MAX_TEXT:,} characters)", file=self.path)

    def parse(self, part: str, start, end=None, text=None) -> None:
        """Stream ``part`` through expat: ``start(local tag, attrs)``, ``end(tag)``, ``text(data)``."""
        import zlib
        from xml.parsers import expat

        if part not in self.names:
            raise DeckReadError(f"the workbook lacks its part {part}", file=self.path)
        parser = expat.ParserCreate(namespace_separator=" ")
        depth = 0
        elements = 0
        local: dict[str, str] = {}  # "namespace tag" -> tag

        def on_start(name: str, attrs: dict[str, str]) -> None:
            nonlocal depth, elements
            depth += 1
            elements += 1
            if depth > MAX_DEPTH:
                raise DeckReadError(f"{part}: XML nested too deeply (more than {MAX_DEPTH} levels)", file=self.path)
            if elements > MAX_ELEMENTS:
                raise DeckReadError(f"{part}: too many XML elements (more than {MAX_ELEMENTS:,})", file=self.path)
            tag = local.get(name)
            if tag is None:
                tag = name.rsplit(" ", 1)[-1]
                if len(local) < 256:
                    local[name] = tag
            start(tag, attrs)

        def on_end(name: str) -> None:
            nonlocal depth
            depth -= 1
            if end is not None:
                tag = local.get(name)
                end(tag if tag is not None else name.rsplit(" ", 1)[-1])

        def refuse(*_args) -> None:
            raise DeckReadError(f"{part}: a DTD or entity declaration, which a workbook never has", file=self.path)

        parser.StartElementHandler = on_start
        parser.EndElementHandler = on_end
        parser.StartDoctypeDeclHandler = refuse
        parser.EntityDeclHandler = refuse
        if text is not None:
            parser.CharacterDataHandler = text
        parser.buffer_text = True
        try:
            with self.zip.open(part) as stream:
                while chunk := stream.read(1 << 16):
                    parser.Parse(chunk, False)
                parser.Parse(b"", True)
        except expat.ExpatError as exc:
            raise DeckReadError(f"{part}: not well-formed XML ({expat.ErrorString(exc.code)} at line "
                                f"{exc.lineno}, column {exc.offset})", file=self.path) from None
        except (OSError, EOFError, ValueError, RuntimeError, NotImplementedError, zlib.error) as exc:
            raise DeckReadError(f"{part}: cannot be unpacked ({exc})", file=self.path) from None


class _SheetReader:
    """One worksheet's cells as text, row by row (cells past ``max_columns`` left out and noted)."""

    def __init__(self, book: _Book, part: str, name: str, strings: list[str], max_rows: int,
                 max_columns: int) -> None:
        self.book, self.part, self.strings = book, part, strings
        self.max_rows, self.max_columns = max_rows, max_columns
        self.sheet = Sheet(name=name, rows=[])
        self.row = 0  # the row being read
        self.cells: dict[int, str] = {}
        self.column = -1  # the column of the cell being read
        self.kind = ""
        self.value: list[str] = []
        self.formula = self.saved = False
        self.collect = False  # inside <v> or an inline string's <t>
        self.kept = 0  # cells kept, against MAX_CELLS
        self.header: int | None = None  # the first row with text: max_rows more rows may follow it

    def read(self) -> Sheet:
        self.book.parse(self.part, self.start, self.end, self.text)
        return self.sheet

    def fail(self, message: str) -> NoReturn:
        raise DeckReadError(f"sheet '{self.sheet.name}': {message}", file=self.book.path)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "c":
            self.column = self._column(attrs.get("r"))
            self.kind = attrs.get("t", "n")
            self.value = []
            self.formula = self.saved = False
        elif tag == "row":
            number = attrs.get("r")
            if number is None:
                row = self.row + 1
            elif number.isdigit() and number.isascii() and 0 < int(number) <= LAST_ROW:
                row = int(number)
            else:
                self.fail(f"row number '{number[:20]}' is not a row of a worksheet (1 to {LAST_ROW:,})")
            self._row(row)
        elif tag in ("v", "t"):
            self.collect = True
            self.saved = True
        elif tag == "f":
            self.formula = True

    def text(self, data: str) -> None:
        if self.collect:
            self.book.keep(len(data))
            self.value.append(data)

    def end(self, tag: str) -> None:
        if tag in ("v", "t"):
            self.collect = False
        elif tag == "c":
            self._cell()
        elif tag == "row":
            self._flush()
        elif tag == "sheetData":
            self._flush()

    def _column(self, ref: str | None) -> int:
        """The 0-based column of a cell reference (``AB12`` -> 27); the next column when a cell has none."""
        if ref is None:
            return self.column + 1
        match = _CELL_REF.match(ref)
        column = 0
        if match:
            for letter in match[1].upper():
                column = column * 26 + ord(letter) - 64
        if not match or column > LAST_COLUMN:
            self.fail(f"cell reference '{ref[:20]}' is not a cell of a worksheet (columns A to XFD)")
        return column - 1

    def _row(self, row: int) -> None:
        self._flush()
        if self.header is not None and row - self.header > self.max_rows:
            self.fail(f"too many rows: row {row:,} is over the limit of {self.max_rows:,} registrations")
        self.row = row
        self.column = -1

    def _cell(self) -> None:
        raw = "".join(self.value)
        kind = self.kind
        if kind == "s":
            if not raw.strip().isdigit() or int(raw) >= len(self.strings):
                self.fail(f"cell {self._ref()} names shared string '{raw[:20]}', which the workbook does not hold")
            text = self.strings[int(raw)]
        elif kind == "b":
            text = {"1": "True", "0": "False"}.get(raw.strip(), raw)
        elif kind == "d":  # an ISO 8601 date or time (openpyxl's iso_dates): its text as saved
            text = raw.strip()
        elif kind == "n" and raw:
            number = _number(raw.strip())
            if number is None:
                self.fail(f"cell {self._ref()} holds '{raw[:20]}' where its number belongs")
            text = number
        else:  # inlineStr, str (a formula's text), e (an error such as #N/A)
            text = raw
        if self.formula and not self.saved:
            self.sheet.uncached.setdefault(self.row, []).append(self._ref())
        if self.column >= self.max_columns:
            if text and (not self.sheet.cut_rows or self.sheet.cut_rows[-1] != self.row):
                self.sheet.cut_rows.append(self.row)
            return
        if text:
            self.cells[self.column] = text

    def _ref(self) -> str:
        return f"{column_letters(self.column)}{self.row}"

    def _flush(self) -> None:
        if not self.cells:
            if self.row in self.sheet.uncached and (not self.sheet.rows or self.sheet.rows[-1][0] != self.row):
                self.sheet.rows.append((self.row, []))
            return
        width = max(self.cells) + 1
        self.kept += width
        if self.kept > MAX_CELLS:
            self.fail(f"too many cells (more than {MAX_CELLS:,})")
        cells = [""] * width
        for column, text in self.cells.items():
            cells[column] = text
        if self.header is None and any(text.strip() for text in cells):
            self.header = self.row
        self.sheet.rows.append((self.row, cells))
        self.cells = {}


def _number(raw: str) -> str | None:
    """A saved number as a spreadsheet shows it (42.0 -> 42); None if it is not a number."""
    if raw.isdigit() and raw.isascii() and len(raw) < 16:
        return str(int(raw))
    try:
        value = float(raw)
    except ValueError:
        return None
    if value != value or value in (float("inf"), float("-inf")):
        return None
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return str(value)
