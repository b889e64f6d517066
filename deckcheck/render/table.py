"""Check results as one row per registration: CSV for a spreadsheet, a Markdown table for a post.

Every registration is a row, the unreadable ones included (verdict ``unreadable``), in input
order, so an organiser's totals match the export row for row.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from deckcheck.errors import DeckcheckError, one_line
from deckcheck.rules.report import Report, Violation

#: The CSV columns, in order.
COLUMNS = ("player", "source", "legend", "champion", "verdict", "errors", "warnings", "codes", "first_problem")


def verdict(report: Report) -> str:
    """``legal``, ``illegal`` or ``unverified`` (when the card data cannot know a card)."""
    return report.verdict


def first_problem(report: Report, strict: bool = False) -> Violation | None:
    """The problem to show first: an error, else (with ``strict``) a warning."""
    ordered = sorted(report.violations, key=Violation.sort_key)
    failing = [v for v in ordered if v.fails(strict)]
    return (failing or [None])[0]


def _order(row: dict[str, str]) -> tuple[str, int]:
    """Rows of one export in row order (``export.csv:12`` before ``export.csv:101``)."""
    file, _, number = row["source"].rpartition(":")
    return (file, int(number)) if file and number.isdigit() else (row["source"], 0)


def rows(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
         strict: bool = False) -> list[dict[str, str]]:
    """One plain row (column -> text) per registration, unreadable ones included, in input order."""
    out = []
    for report in reports:
        failing = [v for v in sorted(report.violations, key=Violation.sort_key) if v.fails(strict)]
        first = failing[0] if failing else None
        out.append({
            "player": report.player or "",
            "source": report.source or "",
            "legend": report.legend or "",
            "champion": report.champion or "",
            "verdict": verdict(report),
            "errors": str(len(report.errors)),
            "warnings": str(len(report.warnings)),
            "codes": " ".join(dict.fromkeys(v.code for v in failing)),
            "first_problem": f"{first.code} {first.rule}: {first.message}" if first else "",
        })
    for error in unreadable:
        out.append({"player": error.player or "", "source": error.file or "", "legend": "", "champion": "",
                    "verdict": "unreadable", "errors": "", "warnings": "", "codes": "",
                    "first_problem": error.message if not error.line else f"line {error.line}: {error.message}"})
    out.sort(key=_order)
    return out


def _spreadsheet_safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (a name like '=HYPERLINK(...)' stays text)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def render_csv(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False) -> str:
    """A CSV document (header row, then one row per registration), UTF-8, CRLF line ends as RFC 4180."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows(reports, unreadable, strict=strict):
        writer.writerow({k: _spreadsheet_safe(v) for k, v in row.items()})
    return buffer.getvalue()


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell: pipes and markup characters escaped, one line."""
    text = one_line(" ".join(text.split()))
    for ch in "\\|*_`[]<>#":
        text = text.replace(ch, "\\" + ch)
    return text


def render_markdown(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                    skipped: Sequence = (), strict: bool = False) -> str:
    """A summary line and a table of every registration, for a results post."""
    table = rows(reports, unreadable, strict=strict)
    counts = {name: sum(r["verdict"] == name for r in table) for name in ("legal", "illegal", "unverified", "unreadable")}
    parts = [f"**{len(table)} registrations**: " + ", ".join(f"{n} {name}" for name, n in counts.items() if n or
                                                              name in ("legal", "illegal"))]
    if skipped:
        parts[0] += f"; {len(skipped)} file{'s' if len(skipped) != 1 else ''} skipped (not decks)"
    parts += ["", "| Player | Legend | Champion | Verdict | Problems | Source |", "|---|---|---|---|---|---|"]
    for row in table:
        problems = row["codes"] or ("—" if row["verdict"] != "unreadable" else row["first_problem"])
        parts.append("| " + " | ".join(_md(x) for x in (row["player"] or "—", row["legend"] or "—",
                                                          row["champion"] or "—", row["verdict"], problems,
                                                          row["source"])) + " |")
    return "\n".join(parts) + "\n"
