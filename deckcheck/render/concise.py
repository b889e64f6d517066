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
from deckcheck.words import ENGLISH, Language, Speaking, with_written


def violation_line(violation: Violation, report: Report, w: Language = ENGLISH) -> str:
    where = w(place(violation.file or report.source or "<deck>", violation.line))
    message = w(violation.message)
    card = with_written(violation.card, violation.written) if w.english else w.card(violation.card or "")
    if card and card not in message:
        message += f" [{card}]"
    return one_line(f"{where}: {violation.code} {message}")


def judged_by(reports: Sequence[Report], w: Language = ENGLISH) -> str:
    """The formats and dates the reports were judged by, as ``standard on 2026-11-01`` ('' if none)."""
    seen = dict.fromkeys((r.format, r.as_of.isoformat()) for r in reports if r is not None)
    return w.say("; ").join(w.say("{format} on {day}", format=w.word("format", fmt), day=day) for fmt, day in seen)


def render_concise(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                   strict: bool = False, quiet: bool = False, lang: str | None = None, cards=None) -> str:
    """Every problem on a line of its own, then the count (``lang``: the language of the words, None for each
    list's own; ``cards``: the card data that names the cards in it)."""
    speaking = Speaking(lang, cards)
    lines: list[str] = []
    found = 0
    for report in reports:
        w = speaking.of(report)
        for violation in sorted(report.violations, key=lambda v: (v.file or "", v.line or 0, v.code)):
            if quiet and not violation.fails(strict):
                continue
            lines.append(violation_line(violation, report, w))
            found += 1
    w = speaking.of_all(reports)
    for error in unreadable:
        lines.append(one_line(w.say("{place}: unreadable: {message}", place=w(place(error.file or "<input>", error.line)),
                                    message=error.message)))
    if not quiet:
        lines.append(_tail(found, reports, unreadable, w))
    return "".join(line + "\n" for line in lines)


def _tail(found: int, reports: Sequence[Report], unreadable: Sequence[DeckcheckError], w: Language) -> str:
    """``Found 3 problems in 2 decks; 1 input unreadable (standard on 2026-11-30).``"""
    problems = w.say_n("{n} problem", "{n} problems", found)
    decks = w.say_n("{n} deck", "{n} decks", len(reports))
    if unreadable:
        inputs = w.say_n("{n} input unreadable", "{n} inputs unreadable", len(unreadable))
        tail = w.say("Found {problems} in {decks}; {unreadable}", problems=problems, decks=decks, unreadable=inputs)
    else:
        tail = w.say("Found {problems} in {decks}", problems=problems, decks=decks)
    if reports:
        tail = w.say("{found} ({judged})", found=tail, judged=judged_by(reports, w))
    return tail + w.say(".")
