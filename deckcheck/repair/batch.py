"""Fixing lists as a command does: one file or code, a presented deck, or a registration export row by row.

Each result carries the corrected list written in the list's own format (a row's deck cell stays
what it was: a code stays a code, a pasted list stays that list); an input that cannot be read is a
result with its error, so one broken row never stops an export.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.repair.context import FixContext
from deckcheck.repair.fix import fix_deck
from deckcheck.repair.listing import corrected_list
from deckcheck.repair.model import Fix
from deckcheck.repair.names import renamed


@dataclass(slots=True)
class FixedList:
    """One list's fix: where it came from (a file, a code, an export's row), the fix, and the
    corrected list in the list's own format (None when nothing changed or nothing can be proposed)."""

    source: str
    player: str | None = None
    row: int | None = None
    fix: Fix | None = None
    error: DeckcheckError | None = None
    corrected: str | None = None
    notes: list[str] = field(default_factory=list)


def fix_text(text: str, source: str, ctx: FixContext, *, champion: str | None = None,
             presented: Deck | None = None, player: str | None = None, row: int | None = None,
             fmt: str | None = None) -> FixedList:
    """Read, resolve and fix one list given as text (a file's content, a code, a row's cell)."""
    from deckcheck.decks.load import read_text
    from deckcheck.decks.resolve import resolve_deck

    out = FixedList(source=source, player=player, row=row)
    try:
        raw = read_text(text, source=source, fmt=fmt)
        raw.player = player
        deck = resolve_deck(raw, ctx.db, champion=champion)
    except DeckcheckError as exc:
        exc.file = exc.file or source
        exc.player = player
        out.error = exc
        return out
    return finish(out, deck, text, raw.reader, ctx, presented)


def finish(out: FixedList, deck: Deck, text: str | None, reader: str | None, ctx: FixContext,
           presented: Deck | None = None) -> FixedList:
    """Fix ``deck`` and write its corrected list like ``text`` (as ``reader`` read it)."""
    out.fix = fix = fix_deck(deck, context=ctx, presented=presented)
    if fix.deck is not None and fix.changes:
        if text is not None and fix.corrected_names:  # a misspelt name is written as the card's, on its own line
            text = renamed(text, fix.changes)
        out.corrected, out.notes = corrected_list(fix.deck, text, reader, ctx.db, deck)
    return out


def fix_export(path: str, ctx: FixContext, options=None) -> tuple[object, list[FixedList]]:
    """Every row of a registration export fixed: ``(export, results)`` in row order."""
    from deckcheck.decks import registrations

    export = registrations.read_export(path, **(options or registrations.ExportOptions()).kwargs())
    results = []
    for reg in export.registrations:
        if reg.error is not None:
            results.append(FixedList(source=reg.source, player=reg.player, row=reg.row, error=reg.error))
            continue
        results.append(fix_text(reg.text or "", reg.source, ctx, player=reg.player, row=reg.row))
    return export, results


def corrected_export(path: str, export, results: list[FixedList], encoding: str | None = None) -> str:
    """The export itself, row for row, with each fixed deck cell replaced by its corrected list
    (CSV or TSV as the input was; rows that needed no change, or cannot be fixed, as they were)."""
    from deckcheck.decks import registrations

    if path.lower().endswith(".xlsx"):
        raise DeckcheckError("the corrected export is written for CSV and TSV exports; for a workbook use "
                             "-o csv for one row per player", file=path)
    with open(path, "rb") as handle:
        text, _ = registrations.decode_export(handle.read(), path, encoding or export.encoding)
    delimiter = "\t" if path.lower().endswith(".tsv") else registrations.sniff_delimiter(text)
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=False))
    header = next(i for i, cells in enumerate(rows) if any(c.strip() for c in cells))
    keys = [registrations.normalise_header(h) for h in rows[header]]
    column = keys.index(registrations.normalise_header(export.deck_column))
    by_row = {r.row: r.corrected for r in results if r.corrected is not None}
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    for number, cells in enumerate(rows, 1):
        if number in by_row and column < len(cells):
            cells = list(cells)
            cells[column] = by_row[number].rstrip("\n") if "\n" not in cells[column].rstrip("\n") else by_row[number]
        writer.writerow(cells)
    return buffer.getvalue()
