"""The organiser's report as one self-contained HTML page (``check --output html``).

Totals, a sortable and filterable table of every registration (unreadable ones included) with its
export row and every problem in words with its fix, a chart of the legends registered, and each
failing or unreadable registration in row order with rule numbers and hints. Everything players
wrote is escaped by the page environment (:mod:`deckcheck.render.pages`).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError, place
from deckcheck.render.stamp import generated_at, time_text
from deckcheck.render.table import duplicate_notes, each_row, row_order
from deckcheck.render.table import split_source
from deckcheck.rules.report import Report, Violation
from deckcheck.words import ENGLISH, Language, Speaking, excluded_by_settings, say, with_written, word

VERDICT_ORDER = {"illegal": 0, "unreadable": 1, "unverified": 2, "legal": 3}
#: How many legends the chart names; the rest are one "others" bar.
LEGEND_BARS = 10


def legend_bars(legends: Counter, top: int = LEGEND_BARS, w: Language = ENGLISH) -> list[tuple[str, float]]:
    """The ``top`` legends registered most, then one bar for all the others (names in the language ``w``)."""
    ranked = sorted(legends.items(), key=lambda item: (-item[1], item[0]))
    bars = [(w.card(name), float(n)) for name, n in ranked[:top]]
    rest = ranked[top:]
    if len(rest) == 1:
        bars.append((w.card(rest[0][0]), float(rest[0][1])))
    elif rest:
        bars.append((w.say_n("{n} other", "{n} others", len(rest)), float(sum(n for _, n in rest))))
    return bars


def _common_folder(files: Sequence[str]) -> str:
    """The folder every file is in, with its trailing separator ("" when none is shared)."""
    common = os.path.commonpath(files) if all(os.path.isabs(f) for f in files) or not any(
        os.path.isabs(f) for f in files) else ""
    if not common or common in files:
        common = os.path.dirname(common)
    return common + os.sep if common else ""


def _problem(v: Violation, report: Report, w: Language = ENGLISH) -> dict[str, Any]:
    return {"code": v.code, "rule": v.rule, "message": v.message, "hint": v.hint,
            "card": with_written(v.card, v.written) if w.english else w.card(v.card) if v.card else None,
            "where": w(place(v.file or report.source, v.line)),
            "kind": say("check by hand") if v.unverified else word("severity", v.severity.value),
            "severity": v.severity.value}


class _Rows:
    """The page's rows, made afresh each time the template goes through them (a page of 100,000
    registrations never holds them all); ``len`` and the first row are known without the others."""

    __slots__ = ("make", "count")

    def __init__(self, make: Callable[[], Iterator[dict[str, Any]]], count: int) -> None:
        self.make, self.count = make, count

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return self.make()

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int) -> dict[str, Any]:
        if index != 0 or not self.count:
            raise IndexError(index)
        return next(iter(self))


def report_context(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                   skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                   title: str | None = None, event: str | None = None,
                   generated: datetime | None = None, w: Language = ENGLISH) -> dict[str, Any]:
    """Everything the report template shows, as plain data (its rows made as the page is written; card
    names and places in the language ``w``)."""
    sources = [r.source or "" for r in reports] + [e.file or "" for e in unreadable]
    files = list(dict.fromkeys(split_source(sources[i])[0] for i in row_order(reports, unreadable)))
    common = _common_folder(files) if len(files) > 1 else ""

    def entries() -> Iterator[dict[str, Any]]:
        at = {r.source: i for i, r in enumerate(reports)}  # indexes, not reports: a packed batch stays packed
        for number, row in enumerate(each_row(reports, unreadable, strict=strict, speaking=Speaking.only(w)), 1):
            i = at.get(row["source"]) if row["verdict"] != "unreadable" else None
            report = reports[i] if i is not None else None
            yield _entry(number, row, report, common, strict, w)

    verdicts = Counter([r.verdict for r in reports] + ["unreadable"] * len(unreadable))
    legends = Counter(r.legend for r in reports if r.legend)  # English names: one legend however lists wrote it
    twice = duplicate_notes([(r.source, r.player) for r in reports] + [(e.file, e.player) for e in unreadable])
    attention = sum(1 for r in reports if not r.passes(strict) or r.source in twice) + len(unreadable)
    return {
        "title": title or say("Registration check"),
        "event": event,
        "generated": time_text(generated_at(generated)),
        "entries": _Rows(entries, len(sources)),
        "files": files,
        "one_file": len(files) == 1,
        "totals": {name: verdicts.get(name, 0) for name in ("legal", "illegal", "unverified", "unreadable")},
        "count": len(sources),
        "attention": _Rows(lambda: (e for e in entries() if not e["passes"] or e["duplicate"]), attention),
        "skipped": [{"source": s.source, "reason": s.reason} for s in skipped if not excluded_by_settings(s)],
        "excluded": [{"source": s.source, "reason": s.reason} for s in skipped if excluded_by_settings(s)],
        "legend_bars": legend_bars(legends, w=w),
        "legend_count": len(legends),
        "formats": sorted({r.format for r in reports}),
        "dates": sorted({r.as_of.isoformat() for r in reports}),
        "strict": strict,
        "card_data": card_data,
    }


def _entry(number: int, row: dict[str, str], report: Report | None, common: str, strict: bool,
           w: Language = ENGLISH) -> dict[str, Any]:
    """One registration's row of the page: the table's row, where it is, and what fails it (card names
    and places in the language ``w``)."""
    violations = sorted(report.violations, key=Violation.sort_key) if report is not None else []
    # what the organiser acts on: what fails the deck, and warnings; notes stay out
    shown = [v for v in violations if v.fails(strict) or v.severity is Severity.WARNING]
    file, row_number = split_source(row["source"])
    short = file[len(common):]
    return {
        **row,
        "number": number,
        "row": row_number,
        "file": file,
        "short": w.say("{file} row {row}", file=short, row=row_number) if row_number is not None else short,
        "anchor": f"reg-{number}",
        "verdict_rank": VERDICT_ORDER.get(row["verdict"], 9),
        "failing": [_problem(v, report, w) for v in violations if v.fails(strict)] if report else [],
        "violations": [_problem(v, report, w) for v in shown] if report else [],
        "unverified_cards": report.unverified_cards if report is not None else [],
        "counts": dict(report.counts) if report is not None else {},
        "passes": report.passes(strict) if report is not None else False,
    }


def render_report_page(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                       skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                       title: str | None = None, event: str | None = None,
                       generated: datetime | None = None, w: Language = ENGLISH) -> str:
    """The report page as HTML text (``event``: the event's name for the heading), in the language ``w``."""
    return "".join(report_page_chunks(reports, unreadable, skipped=skipped, strict=strict, card_data=card_data,
                                      title=title, event=event, generated=generated, w=w))


def report_page_chunks(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                       skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                       title: str | None = None, event: str | None = None,
                       generated: datetime | None = None, w: Language = ENGLISH) -> Iterator[str]:
    """:func:`render_report_page` in pieces, written as the template makes them."""
    from deckcheck.render.pages import page_chunks

    context = report_context(reports, unreadable, skipped=skipped, strict=strict, card_data=card_data, title=title,
                             event=event, generated=generated, w=w)
    return page_chunks("report.html.j2", w, **context)
