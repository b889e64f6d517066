"""Check results as one row per registration: CSV for a spreadsheet, a Markdown table for a post.

Every registration is a row, the unreadable ones included (verdict ``unreadable``), in input
order, so an organiser's totals match the export row for row. Each row carries every problem that
fails the deck, in words with its fix, the export's row number, and whether its player registered
more than once (next to each of their rows, so the organiser keeps one).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence

from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation
from deckcheck.words import one_line, plural, skipped_summary, spreadsheet_cell, with_written

#: The CSV columns, in order.
COLUMNS = ("player", "source", "legend", "champion", "verdict", "errors", "warnings", "codes", "first_problem",
           "problems", "row", "duplicate")


def verdict(report: Report) -> str:
    """``legal``, ``illegal`` or ``unverified`` (when the card data cannot know a card)."""
    return report.verdict


def first_problem(report: Report, strict: bool = False) -> Violation | None:
    """The problem to show first: an error, else (with ``strict``) a warning."""
    ordered = sorted(report.violations, key=Violation.sort_key)
    failing = [v for v in ordered if v.fails(strict)]
    return (failing or [None])[0]


def split_source(source: str) -> tuple[str, int | None]:
    """``("export.csv", 12)`` for a row of an export (``export.csv:12``); ``(source, None)`` otherwise."""
    file, _, number = source.rpartition(":")
    return (file, int(number)) if file and number.isdigit() else (source, None)


def _order(row: dict[str, str]) -> tuple[str, int]:
    """Rows of one export in row order (``export.csv:12`` before ``export.csv:101``)."""
    file, number = split_source(row["source"])
    return file, number or 0


def failing(report: Report, strict: bool = False) -> list[Violation]:
    """The problems that fail the deck (errors; with ``strict`` warnings too), in report order."""
    return [v for v in sorted(report.violations, key=Violation.sort_key) if v.fails(strict)]


def problem_text(violation: Violation) -> str:
    """One problem in words with its fix: ``RB601 Stacked Deck is banned … — fix: Replace Stacked Deck``."""
    text = f"{violation.code} {violation.message}"
    return f"{text} — fix: {violation.hint}" if violation.hint else text


def unreadable_text(error: DeckcheckError) -> str:
    """Why an input could not be read, with the line inside it when known."""
    return error.message if not error.line else f"line {error.line}: {error.message}"


def rows(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
         strict: bool = False) -> list[dict[str, str]]:
    """One plain row (column -> text) per registration, unreadable ones included, in input order."""
    return list(each_row(reports, unreadable, strict=strict))


def each_row(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
             strict: bool = False) -> Iterator[dict[str, str]]:
    """:func:`rows` one at a time, each made as it is written (the order and the players registered
    more than once are worked out first, from the sources and players alone)."""
    notes = duplicate_notes([(r.source, r.player) for r in reports] + [(e.file, e.player) for e in unreadable])
    for i in row_order(reports, unreadable):
        row = _report_row(reports[i], strict) if i < len(reports) else _unreadable_row(unreadable[i - len(reports)])
        row["duplicate"] = notes.get(row["source"], "")
        yield row


def row_order(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = ()) -> list[int]:
    """The order of the rows: indices into ``reports`` then ``unreadable``, by file, then a file's rows
    by number (``export.csv:12`` before ``export.csv:101``)."""
    sources = [r.source or "" for r in reports] + [e.file or "" for e in unreadable]
    return sorted(range(len(sources)), key=lambda i: _order({"source": sources[i]}))


def _report_row(report: Report, strict: bool) -> dict[str, str]:
    problems = failing(report, strict)
    first = problems[0] if problems else None
    return {
        "player": report.player or "",
        "source": report.source or "",
        "legend": with_written(report.legend, report.legend_written) or "",
        "champion": with_written(report.champion, report.champion_written) or "",
        "verdict": verdict(report),
        "errors": str(len(report.errors)),
        "warnings": str(len(report.warnings)),
        "codes": " ".join(dict.fromkeys(v.code for v in problems)),
        "first_problem": f"{first.code} {first.rule}: {first.message}" if first else "",
        "problems": "\n".join(problem_text(v) for v in problems),
        "row": _row(report.source or ""),
    }


def _unreadable_row(error: DeckcheckError) -> dict[str, str]:
    why = unreadable_text(error)
    return {"player": error.player or "", "source": error.file or "", "legend": "", "champion": "",
            "verdict": "unreadable", "errors": "", "warnings": "", "codes": "",
            "first_problem": why, "problems": why, "row": _row(error.file or "")}


def duplicate_notes(registrations: Iterable[tuple[str | None, str | None]]) -> dict[str, str]:
    """``source -> "registered twice, rows 9 and 32: keep one registration"`` for every row of a player
    registered more than once in one export (``registrations``: each row's source and player; names
    compared as the export reader compares them, TR 702.1: one registration per player)."""
    from deckcheck.decks.registrations import normalise_header

    rows: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for source, player in registrations:
        file, number = split_source(source or "")
        if player and player.strip() and number is not None:
            rows.setdefault((file, normalise_header(player)), []).append((number, source or ""))
    notes = {}
    for found in rows.values():
        if len(found) > 1:
            numbers = [str(n) for n, _ in sorted(found)]
            times = "twice" if len(found) == 2 else f"{len(found)} times"
            note = f"registered {times}, rows {', '.join(numbers[:-1])} and {numbers[-1]}: keep one registration"
            notes.update((source, note) for _, source in found)
    return notes


def _row(source: str) -> str:
    number = split_source(source)[1]
    return "" if number is None else str(number)


def render_csv(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
               event: str | None = None) -> str:
    """A CSV document (header row, then one row per registration), UTF-8, CRLF line ends as RFC 4180.

    With ``event`` every row also names the event and when the check was made (columns ``event``, ``generated``).
    """
    return "".join(csv_chunks(reports, unreadable, strict=strict, event=event))


def csv_chunks(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
               event: str | None = None) -> Iterator[str]:
    """:func:`render_csv` a row at a time, each made as it is written."""
    buffer = io.StringIO()
    extra = {"event": event, "generated": _generated()} if event else {}
    writer = csv.DictWriter(buffer, fieldnames=(*COLUMNS, *extra), lineterminator="\r\n")
    writer.writeheader()
    for row in each_row(reports, unreadable, strict=strict):
        writer.writerow({k: spreadsheet_cell(v, k == "problems") for k, v in {**row, **extra}.items()})
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()


def _generated() -> str:
    """When the output is made (``SOURCE_DATE_EPOCH`` for reproducible output), as the report page says it."""
    from deckcheck.render.stamp import generated_at, time_text

    return time_text(generated_at())


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell: pipes and markup characters escaped, one line."""
    text = one_line(" ".join(text.split()))
    for ch in "\\|*_`[]<>#":
        text = text.replace(ch, "\\" + ch)
    return text


def render_markdown(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                    skipped: Sequence = (), strict: bool = False, event: str | None = None) -> str:
    """A summary line and a table of every registration, every problem in words with its fix.

    Rows of one export show their row number; a Source column appears only when the results come
    from more than one file. With ``event``, a heading names the event and when the check was made.
    """
    return "".join(markdown_chunks(reports, unreadable, skipped=skipped, strict=strict, event=event))


def markdown_chunks(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                    skipped: Sequence = (), strict: bool = False, event: str | None = None) -> Iterator[str]:
    """:func:`render_markdown` a line at a time: the summary from the verdicts, then each row as it is made."""
    verdicts = [verdict(r) for r in reports] + ["unreadable"] * len(unreadable)
    counts = {name: verdicts.count(name) for name in ("legal", "illegal", "unverified", "unreadable")}
    files = list(dict.fromkeys(split_source(source)[0] for source in
                               [r.source or "" for r in reports] + [e.file or "" for e in unreadable]))
    summary = f"**{plural(len(verdicts), 'registration')}**: " + ", ".join(
        f"{n} {name}" for name, n in counts.items() if n or name in ("legal", "illegal"))
    if skipped:
        summary += f"; {skipped_summary(skipped)}"
    one_file = len(files) == 1
    if one_file:
        summary += f" (from {_md(files[0])})"
    head = ["Row", "Player", "Legend", "Champion", "Verdict", "Problems"] + ([] if one_file else ["Source"])
    if event:
        yield f"## {_md(event)}\n\nChecked {_md(_generated())}.\n\n"
    yield f"{summary}\n\n| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n"
    for row in each_row(reports, unreadable, strict=strict):
        problems = "<br>".join([*(_md(p) for p in row["problems"].split("\n") if p),
                                *([f"⚠ {_md(row['duplicate'])}"] if row["duplicate"] else [])]) or "—"
        cells = [row["row"] or "—", *(_md(x) for x in (row["player"] or "—", row["legend"] or "—",
                                                       row["champion"] or "—", row["verdict"])), problems]
        if not one_file:
            cells.append(_md(row["source"]))
        yield "| " + " | ".join(cells) + " |\n"
