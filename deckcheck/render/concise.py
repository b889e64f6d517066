"""Check results one line per problem, for editors, grep and quickfix lists (``--output concise``).

``decks/kaisa.txt:13: RB103 4 copies of Cleave; at most 3 of one name, all printings counted together``

A problem with no line is ``path: CODE message``; an input that could not be read is
``path[:line]: unreadable: message``. A last line counts what was found (as ruff's does), unless
``quiet``. With ``quiet``, only problems that fail a deck are listed.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckcheck.errors import DeckcheckError, one_line, place
from deckcheck.rules.report import Report, Violation
from deckcheck.words import with_written


def violation_line(violation: Violation, report: Report) -> str:
    where = place(violation.file or report.source or "<deck>", violation.line)
    message = violation.message
    card = with_written(violation.card, violation.written)
    if card and card not in message:
        message += f" [{card}]"
    return one_line(f"{where}: {violation.code} {message}")


def judged_by(reports: Sequence[Report]) -> str:
    """The formats and dates the reports were judged by, as ``standard on 2026-11-01`` ('' if none)."""
    seen = dict.fromkeys((r.format, r.as_of.isoformat()) for r in reports if r is not None)
    return "; ".join(f"{fmt} on {day}" for fmt, day in seen)


def render_concise(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                   strict: bool = False, quiet: bool = False) -> str:
    lines: list[str] = []
    found = 0
    for report in reports:
        for violation in sorted(report.violations, key=lambda v: (v.file or "", v.line or 0, v.code)):
            if quiet and not violation.fails(strict):
                continue
            lines.append(violation_line(violation, report))
            found += 1
    for error in unreadable:
        lines.append(one_line(f"{place(error.file or '<input>', error.line)}: unreadable: {error.message}"))
    if not quiet:
        decks = len(reports)
        tail = (f"Found {found} problem{'' if found == 1 else 's'} in {decks} deck{'' if decks == 1 else 's'}"
                + (f"; {len(unreadable)} input{'' if len(unreadable) == 1 else 's'} unreadable" if unreadable else "")
                + (f" ({judged_by(reports)})" if reports else "") + ".")
        lines.append(tail)
    return "".join(line + "\n" for line in lines)
