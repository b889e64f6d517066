"""The organiser's report as one self-contained HTML page (``check --output html``).

Totals, a sortable and filterable table of every registration (unreadable ones included), a
chart of the legends registered, and each failing deck's violations with rule numbers and hints.
Everything players wrote is escaped by the page environment (:mod:`deckcheck.render.pages`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.errors import DeckcheckError, place
from deckcheck.render.table import rows as table_rows
from deckcheck.rules.report import Report, Violation

VERDICT_ORDER = {"illegal": 0, "unreadable": 1, "unverified": 2, "legal": 3}


def report_context(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                   skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                   title: str | None = None) -> dict[str, Any]:
    """Everything the report template shows, as plain data."""
    by_source = {r.source: r for r in reports}
    entries = []
    for number, row in enumerate(table_rows(reports, unreadable, strict=strict), 1):
        report = by_source.get(row["source"]) if row["verdict"] != "unreadable" else None
        violations = sorted(report.violations, key=Violation.sort_key) if report is not None else []
        entries.append({
            **row,
            "number": number,
            "anchor": f"reg-{number}",
            "verdict_rank": VERDICT_ORDER.get(row["verdict"], 9),
            "failing": [v for v in violations if v.fails(strict)],
            "violations": [{**v.model_dump(mode="json"), "where": place(v.file or (report.source if report else None),
                                                                         v.line)} for v in violations],
            "counts": dict(report.counts) if report is not None else {},
            "passes": report.passes(strict) if report is not None else False,
        })
    totals = Counter(e["verdict"] for e in entries)
    legends = Counter(e["legend"] for e in entries if e["legend"])
    formats = sorted({r.format for r in reports})
    dates = sorted({r.as_of.isoformat() for r in reports})
    return {
        "title": title or "Registration check",
        "entries": entries,
        "totals": {name: totals.get(name, 0) for name in ("legal", "illegal", "unverified", "unreadable")},
        "count": len(entries),
        "failing": [e for e in entries if not e["passes"] and e["verdict"] != "unreadable"],
        "unreadable": [e for e in entries if e["verdict"] == "unreadable"],
        "skipped": [{"source": s.source, "reason": s.reason} for s in skipped],
        "legend_bars": legends.most_common(12),
        "formats": formats,
        "dates": dates,
        "strict": strict,
        "card_data": card_data,
    }


def render_report_page(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                       skipped: Sequence = (), strict: bool = False, card_data: Mapping[str, Any] | None = None,
                       title: str | None = None) -> str:
    """The report page as HTML text."""
    from deckcheck.render.pages import render_page

    context = report_context(reports, unreadable, skipped=skipped, strict=strict, card_data=card_data, title=title)
    return render_page("report.html.j2", **context)
