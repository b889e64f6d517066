"""A delimited registration export written back as it was read, with some rows' deck cells replaced.

The writer works from what the reader kept (:class:`deckcheck.decks.registrations.Layout`), never
from a second reading: a record whose deck stays is copied as it was (its quotes, its line break);
a record whose deck changed is written again from the cells the check read, with its own line
break; the whole is encoded as the file was (its encoding, its byte-order mark, its delimiter).
Before the bytes are handed back they are read again with the export reader: if any row would read
otherwise than the check read it (with the new decks), nothing is written and the error says why.
A workbook is never written (deckcheck reads workbooks, it does not write them).
"""

from __future__ import annotations

import csv
import io
import re
from bisect import bisect_right
from pathlib import Path

from deckcheck.decks.export_encoding import decode_export
from deckcheck.decks.registrations import Export, Layout, rows_of_text
from deckcheck.errors import DeckcheckError

#: What to do instead, said by every refusal.
INSTEAD = "nothing written; -o csv writes one row per player with the corrected deck"


def check_writable(path: str) -> None:
    """Refuse, before any work, an export that cannot be written back (a workbook)."""
    if Path(path).suffix.lower() == ".xlsx":
        raise DeckcheckError("a corrected workbook cannot be written (deckcheck reads .xlsx, it does not write "
                             "it); use -o csv -O fixes.csv for one row per player with the corrected deck", file=path)


def check_layout(export: Export) -> Layout:
    """The export's layout, or the reason it cannot be written back as it was read."""
    check_writable(export.path)
    layout = export.layout
    if layout is None:
        raise DeckcheckError(f"this export cannot be written back; {INSTEAD}", file=export.path)
    if layout.codec is None:
        raise DeckcheckError("the export mixes encodings (UTF-8 and Windows-1252 lines), so it cannot be written "
                             f"back as it was; save it in one encoding (UTF-8) first; {INSTEAD}", file=export.path)
    return layout


def write_export(export: Export, decks: dict[int, str]) -> bytes:
    """The export's bytes with the deck cell of each row in ``decks`` (row number -> deck text)
    replaced; everything else as it was. Raises :class:`DeckcheckError` rather than write a file
    that would read otherwise than the check read it."""
    layout = check_layout(export)
    cut = sorted(set(layout.cut_rows) & set(decks))
    if cut:
        raise DeckcheckError(f"row {cut[0]} has cells past the last column read; writing it again would lose "
                             f"them; {INSTEAD}", file=export.path)
    cells_of = dict(layout.rows)
    data = _encode(_text(export, layout, cells_of, decks), layout, export.path)  # the text freed once encoded
    _read_back(data, export, {n: _cells(cells_of[n], export.deck_index, d) for n, d in decks.items()})
    return data


def _text(export: Export, layout: Layout, cells_of: dict[int, list[str]], decks: dict[int, str]) -> str:
    """The export's text with the deck cell of each row in ``decks`` replaced."""
    pieces: list[str] = []
    start = 0
    for number, end in enumerate(layout.ends, 1):
        record = layout.text[start:end]
        if number in decks:
            record = _record(cells_of[number], export.deck_index, decks[number], layout.delimiter, record)
        pieces.append(record)
        start = end
    return "".join(pieces)


def _record(cells: list[str], index: int, deck: str, delimiter: str, original: str) -> str:
    """One record written again with its deck cell replaced, ended by the line break it had."""
    ending = next((e for e in ("\r\n", "\n", "\r") if original.endswith(e)), "")
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="\n").writerow(_cells(cells, index, deck))
    return buffer.getvalue()[:-1] + ending


def _cells(cells: list[str], index: int, deck: str) -> list[str]:
    """The record's cells with the deck cell replaced (written with the old cell's line breaks)."""
    out = list(cells) + [""] * (index + 1 - len(cells))
    out[index] = _like(out[index], deck)
    return out


def _like(old: str, new: str) -> str:
    """``new`` with the line breaks of ``old`` and its trailing break (a code stays one line)."""
    newline = "\r\n" if "\r\n" in old else "\r" if "\r" in old and "\n" not in old else "\n"
    body = newline.join(re.split(r"\r\n|\r|\n", new.rstrip("\r\n")))
    return body + old[len(old.rstrip("\r\n")):]


def _encode(text: str, layout: Layout, path: str) -> bytes:
    assert layout.codec is not None
    try:
        return layout.bom + text.encode(layout.codec)
    except UnicodeEncodeError as exc:
        row = bisect_right(layout.ends, exc.start) + 1
        raise DeckcheckError(f"row {row}: the corrected deck holds '{exc.object[exc.start]}', which the export's "
                             f"encoding ({layout.codec}) cannot write; {INSTEAD}", file=path) from None


def _read_back(data: bytes, export: Export, changed: dict[int, list[str]]) -> None:
    """Refuse unless ``data`` reads as the export was read, but for the ``changed`` rows' cells."""
    layout = export.layout
    assert layout is not None
    try:
        text, _ = decode_export(data, export.path, layout.named_encoding)
        again = rows_of_text(text, export.path)
    except DeckcheckError as exc:
        raise DeckcheckError(f"the corrected export would not read back ({exc.message}); {INSTEAD}",
                             file=export.path) from None
    wanted = [(n, changed.get(n, cells)) for n, cells in layout.rows]
    if again.rows != wanted:
        row = next((w[0] for w, g in zip(wanted, again.rows) if w != g), min(len(wanted), len(again.rows)) + 1)
        raise DeckcheckError(f"row {row} of the corrected export would not read back as the check read it; "
                             f"{INSTEAD}", file=export.path)
