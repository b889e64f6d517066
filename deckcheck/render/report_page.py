"""The organiser's report as one self-contained HTML page (``check --output html``).

Totals, a sortable and filterable table of every registration (unreadable ones included) with its
export row and every problem in words with its fix, a chart of the legends registered, and each
failing or unreadable registration in row order with rule numbers and hints. Everything players
wrote is escaped by the page environment (:mod:`deckcheck.render.pages`).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError, place
from deckcheck.render.stamp import generated_at, time_text
from deckcheck.render.table import rows as table_rows
from deckcheck.render.table import split_source
from deckcheck.rules.report import Report, Violation
from deckcheck.words import ENGLISH, Language, excluded_by_settings, say, with_written, word

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


def report_context(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                   skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                   title: str | None = None, event: str | None = None,
                   generated: datetime | None = None, w: Language = ENGLISH) -> dict[str, Any]:
    """Everything the report template shows, as plain data (card names and places in the language ``w``)."""
    by_source = {r.source: r for r in reports}
    entries = []
    table = table_rows(reports, unreadable, strict=strict)
    files = list(dict.fromkeys(split_source(row["source"])[0] for row in table))
    common = _common_folder(files) if len(files) > 1 else ""
    legends: Counter = Counter()  # one legend however the lists wrote its name: counted by its English name
    for number, row in enumerate(table, 1):
        report = by_source.get(row["source"]) if row["verdict"] != "unreadable" else None
        if report is not None and report.legend:
            legends[report.legend] += 1
        violations = sorted(report.violations, key=Violation.sort_key) if report is not None else []
        # what the organiser acts on: what fails the deck, and warnings; notes stay out
        shown = [v for v in violations if v.fails(strict) or v.severity is Severity.WARNING]
        file, row_number = split_source(row["source"])
        if report is not None and not w.english:  # the page's language names the cards
            row = {**row, "legend": w.card(report.legend or ""), "champion": w.card(report.champion or "")}
        short = file[len(common):]
        entries.append({
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
        })
    totals = Counter(e["verdict"] for e in entries)

    formats = sorted({r.format for r in reports})
    dates = sorted({r.as_of.isoformat() for r in reports})
    return {
        "title": title or say("Registration check"),
        "event": event,
        "generated": time_text(generated_at(generated)),
        "entries": entries,
        "files": files,
        "one_file": len(files) == 1,
        "totals": {name: totals.get(name, 0) for name in ("legal", "illegal", "unverified", "unreadable")},
        "count": len(entries),
        "attention": [e for e in entries if not e["passes"] or e["duplicate"]],
        "skipped": [{"source": s.source, "reason": s.reason} for s in skipped if not excluded_by_settings(s)],
        "excluded": [{"source": s.source, "reason": s.reason} for s in skipped if excluded_by_settings(s)],
        "legend_bars": legend_bars(legends, w=w),
        "legend_count": len(legends),
        "formats": formats,
        "dates": dates,
        "strict": strict,
        "card_data": card_data,
    }


def render_report_page(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                       skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                       title: str | None = None, event: str | None = None,
                       generated: datetime | None = None, w: Language = ENGLISH) -> str:
    """The report page as HTML text (``event``: the event's name for the heading), in the language ``w``."""
    from deckcheck.render.pages import render_page

    context = report_context(reports, unreadable, skipped=skipped, strict=strict, card_data=card_data, title=title,
                             event=event, generated=generated, w=w)
    return render_page("report.html.j2", w, **context)
