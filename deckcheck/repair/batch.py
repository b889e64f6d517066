"""Fixing lists as a command does: one file or code, a presented deck, or a registration export row by row.

Each result carries the corrected list written in the list's own format (a row's deck cell stays
what it was: a code stays a code, a pasted list stays that list); an input that cannot be read is a
result with its error, so one broken row never stops an export.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.repair.context import FixContext
from deckcheck.repair.fix import fix_deck
from deckcheck.repair.listing import corrected_list
from deckcheck.repair.model import Fix
from deckcheck.repair.names import renamed

if TYPE_CHECKING:
    from deckcheck.decks.registrations import Export, ExportOptions


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
             fmt: str | None = None, game: int = 1) -> FixedList:
    """Read, resolve and fix one list given as text (a file's content, a code, a row's cell); with
    ``presented``, a judge's deck check in game ``game``."""
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
    return finish(out, deck, text, raw.reader, ctx, presented, game)


def finish(out: FixedList, deck: Deck, text: str | None, reader: str | None, ctx: FixContext,
           presented: Deck | None = None, game: int = 1) -> FixedList:
    """Fix ``deck`` and write its corrected list like ``text`` (as ``reader`` read it)."""
    out.fix = fix = fix_deck(deck, context=ctx, presented=presented, game=game)
    if fix.deck is not None and fix.changes:
        if text is not None and fix.corrected_names:  # a misspelt name is written as the card's, on its own line
            text = renamed(text, fix.changes)
        out.corrected, out.notes = corrected_list(fix.deck, text, reader, ctx.db, deck)
    return out


def fix_export(path: str, ctx: FixContext, options: ExportOptions | None = None, *,
               write_back: bool = False) -> tuple[Export, list[FixedList]]:
    """Every row of a registration export fixed: ``(export, results)`` in row order. With
    ``write_back`` (the corrected export will be written), an export that cannot be written back
    is refused before any row is fixed."""
    export = read_for_fix(path, options, write_back=write_back)
    return export, list(fixed_rows(export, ctx))


def read_for_fix(path: str, options: ExportOptions | None = None, *, write_back: bool = False) -> Export:
    """The export whose rows :func:`fixed_rows` fixes; with ``write_back``, refused before any row is
    read if it cannot be written back (a workbook, mixed encodings)."""
    from deckcheck.decks import registrations
    from deckcheck.decks.registrations_writer import check_layout, check_writable

    if write_back:
        check_writable(path)
    export = registrations.read_export(path, **(options or registrations.ExportOptions()).kwargs())
    if write_back:
        check_layout(export)
    return export


def fixed_rows(export: Export, ctx: FixContext) -> Iterator[FixedList]:
    """Each row of ``export`` fixed, in row order, made as it is asked for: a command writes each
    row's part and forgets its fix (100,000 fixes are never all held)."""
    for reg in export.registrations:
        if reg.error is not None:
            yield FixedList(source=reg.source, player=reg.player, row=reg.row, error=reg.error)
            continue
        yield fix_text(reg.text or "", reg.source, ctx, player=reg.player, row=reg.row)


def corrected_export(export: Export, results: Iterable[FixedList]) -> bytes:
    """The export itself, row for row and byte for byte, with each fixed deck cell replaced by its
    corrected list, written as the file was (encoding, byte-order mark, delimiter, line breaks); see
    :mod:`deckcheck.decks.registrations_writer` (a file it cannot write faithfully is refused)."""
    from deckcheck.decks.registrations_writer import write_export

    return write_export(export, {r.row: r.corrected for r in results if r.corrected is not None and r.row is not None})
