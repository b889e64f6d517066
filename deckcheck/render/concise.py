"""Check results one line per problem, for editors, grep and quickfix lists (``--output concise``).

``decks/kaisa.txt:13: RB103 4 copies of Cleave; at most 3 of one name, all printings counted together``

A problem with no line is ``path: CODE message``; an input that could not be read is
``path[:line]: unreadable: message``. A last line counts what was found (as ruff's does), unless
``quiet``. With ``quiet``, only problems that fail a deck are listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from deckcheck.errors import DeckcheckError, place
from deckcheck.words import one_line
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
    return "".join(concise_lines(reports, unreadable, strict=strict, quiet=quiet, lang=lang, cards=cards))


def concise_lines(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                  strict: bool = False, quiet: bool = False, lang: str | None = None, cards=None) -> Iterator[str]:
    """:func:`render_concise` a line at a time, each made as it is written (``lang``: the language of the
    words, None for each list's own; ``cards``: the card data that names the cards in it)."""
    speaking = Speaking(lang, cards)
    found = 0
    for report in reports:
        w = speaking.of(report)
        for violation in sorted(report.violations, key=lambda v: (v.file or "", v.line or 0, v.code)):
            if quiet and not violation.fails(strict):
                continue
            yield violation_line(violation, report, w) + "\n"
            found += 1
    w = speaking.of_all(reports)
    for error in unreadable:
        yield one_line(w.say("{place}: unreadable: {message}", place=w(place(error.file or "<input>", error.line)),
                             message=error.message)) + "\n"
    if not quiet:
        yield _tail(found, reports, unreadable, w) + "\n"


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
