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
from deckcheck.words import (ENGLISH, N_, Language, Speaking, listing, one_line, say, skipped_summary, spreadsheet_cell,
                             with_written)

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


def source_order(source: str | None) -> tuple[str, int]:
    """Where an input's output stands among a batch's: by file, then by row (``export.csv:12`` before
    ``export.csv:101``); a file that is no export's row is row 0 of itself."""
    file, row = split_source(source or "")
    return file or "", row or 0


def ordered_outcomes(outcomes: Iterator, known: list[DeckcheckError]) -> Iterator:
    """``outcomes`` (in source order) with the inputs ``known`` to be unreadable before any job ran put
    in their places: by source; for one source its decks, then the known errors, then its other errors
    (the order of one stable sort of every deck, then every error, by source)."""
    known = sorted(known, key=lambda error: source_order(error.file))
    at = 0  # the first of ``known`` not given yet

    def known_until(here: tuple[str, int] | None, same: bool = False) -> Iterator:
        nonlocal at
        while at < len(known) and (here is None or (source_order(known[at].file) <= here if same
                                                     else source_order(known[at].file) < here)):
            yield known[at]
            at += 1

    group: list = []  # the outcomes of one source
    here: tuple[str, int] | None = None
    for outcome in outcomes:
        where = source_order(outcome[0].source if outcome.__class__ is tuple else outcome.file)
        if group and where != here:
            yield from _group(group, known_until(here), known_until(here, same=True))
            group = []
        group.append(outcome)
        here = where
    if group:
        yield from _group(group, known_until(here), known_until(here, same=True))
    yield from known_until(None)


def _group(group: list, before: Iterator, beside: Iterator) -> Iterator:
    """One source's outcomes: the errors of sources ``before`` it, its decks, the errors known
    ``beside`` them, then its own errors."""
    yield from before
    yield from (outcome for outcome in group if outcome.__class__ is tuple)
    yield from beside
    yield from (outcome for outcome in group if outcome.__class__ is not tuple)


def _order(row: dict[str, str]) -> tuple[str, int]:
    """Rows of one export in row order (``export.csv:12`` before ``export.csv:101``)."""
    file, number = split_source(row["source"])
    return file, number or 0


def failing(report: Report, strict: bool = False) -> list[Violation]:
    """The problems that fail the deck (errors; with ``strict`` warnings too), in report order."""
    return [v for v in sorted(report.violations, key=Violation.sort_key) if v.fails(strict)]


def problem_text(violation: Violation, w: Language = ENGLISH) -> str:
    """One problem in words with its fix: ``RB601 Stacked Deck is banned … — fix: Replace Stacked Deck``."""
    text = f"{violation.code} {w(violation.message)}"
    return w.say("{problem} — fix: {hint}", problem=text, hint=w(violation.hint)) if violation.hint else text


def unreadable_text(error: DeckcheckError, w: Language = ENGLISH) -> str:
    """Why an input could not be read, with the line inside it when known, in the language ``w``."""
    return w(error.message) if not error.line else w.say("line {line}: {message}", line=error.line, message=error.message)


def rows(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
         strict: bool = False, speaking: Speaking | None = None) -> list[dict[str, str]]:
    """One plain row (column -> text) per registration, unreadable ones included, in input order; the
    cards and problems in each list's language by ``speaking`` (English without it: the CSV's)."""
    return list(each_row(reports, unreadable, strict=strict, speaking=speaking))


def each_row(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
             strict: bool = False, speaking: Speaking | None = None) -> Iterator[dict[str, str]]:
    """:func:`rows` one at a time, each made as it is written (the order and the players registered
    more than once are worked out first, from the sources and players alone); the words in each list's
    language by ``speaking`` (English without it)."""
    notes = duplicate_notes([(r.source, r.player) for r in reports] + [(e.file, e.player) for e in unreadable])
    whole = speaking.of_all(reports) if speaking is not None else ENGLISH
    for i in row_order(reports, unreadable):
        if i < len(reports):
            row = _report_row(reports[i], strict, speaking.of(reports[i]) if speaking is not None else ENGLISH)
        else:
            row = _unreadable_row(unreadable[i - len(reports)], whole)
        row["duplicate"] = notes.get(row["source"], "")
        yield row


def row_order(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = ()) -> list[int]:
    """The order of the rows: indices into ``reports`` then ``unreadable``, by file, then a file's rows
    by number (``export.csv:12`` before ``export.csv:101``)."""
    sources = [r.source or "" for r in reports] + [e.file or "" for e in unreadable]
    return sorted(range(len(sources)), key=lambda i: _order({"source": sources[i]}))


def _report_row(report: Report, strict: bool, w: Language = ENGLISH) -> dict[str, str]:
    problems = failing(report, strict)
    first = problems[0] if problems else None
    return {
        "player": report.player or "",
        "source": report.source or "",
        "legend": (with_written(report.legend, report.legend_written) if w.english
                   else w.card(report.legend or "")) or "",
        "champion": (with_written(report.champion, report.champion_written) if w.english
                     else w.card(report.champion or "")) or "",
        "verdict": verdict(report),
        "errors": str(len(report.errors)),
        "warnings": str(len(report.warnings)),
        "codes": " ".join(dict.fromkeys(v.code for v in problems)),
        "first_problem": f"{first.code} {first.rule}: {first.message}" if first else "",
        "problems": "\n".join(problem_text(v, w) for v in problems),
        "row": _row(report.source or ""),
    }


def _unreadable_row(error: DeckcheckError, w: Language = ENGLISH) -> dict[str, str]:
    why = unreadable_text(error, w)
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
            if len(found) == 2:
                note = say("registered twice, rows {rows} and {last}: keep one registration", rows=numbers[0],
                           last=numbers[1])
            else:
                note = say("registered {count} times, rows {rows} and {last}: keep one registration", count=len(found),
                           rows=listing(numbers[:-1], ","), last=numbers[-1])
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
                    skipped: Sequence = (), strict: bool = False, event: str | None = None,
                    lang: str | None = None, cards=None) -> str:
    """A summary line and a table of every registration, every problem in words with its fix.

    Rows of one export show their row number; a Source column appears only when the results come
    from more than one file. With ``event``, a heading names the event and when the check was made.
    ``lang``: the language of the words (None: each list's own; the headings Chinese when every list
    is), ``cards`` the card data that names the cards in it.
    """
    return "".join(markdown_chunks(reports, unreadable, skipped=skipped, strict=strict, event=event, lang=lang,
                                   cards=cards))


def markdown_chunks(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                    skipped: Sequence = (), strict: bool = False, event: str | None = None,
                    lang: str | None = None, cards=None) -> Iterator[str]:
    """:func:`render_markdown` a line at a time: the summary from the verdicts, then each row as it is made."""
    speaking = Speaking(lang, cards)
    w = speaking.of_all(reports)
    verdicts = [verdict(r) for r in reports] + ["unreadable"] * len(unreadable)
    counts = {name: verdicts.count(name) for name in ("legal", "illegal", "unverified", "unreadable")}
    files = list(dict.fromkeys(split_source(source)[0] for source in
                               [r.source or "" for r in reports] + [e.file or "" for e in unreadable]))
    total = w.say_n("{n:,} registration", "{n:,} registrations", len(verdicts))
    summary = f"**{total}**: " + w.say(", ").join(w.say("{count} {verdict}", count=n, verdict=w.word("verdict", name))
                                                   for name, n in counts.items() if n or name in ("legal", "illegal"))
    if skipped:
        summary += f"; {w(skipped_summary(skipped))}"
    one_file = len(files) == 1
    if one_file:
        summary += " " + w.say("(from {file})", file=_md(files[0]))
    head = [N_("Row"), N_("Player"), N_("Legend"), N_("Champion"), N_("Verdict"), N_("Problems")] + (
        [] if one_file else [N_("Source")])
    if event:
        yield f"## {_md(event)}\n\n" + w.say("Checked {time}.", time=_md(_generated())) + "\n\n"
    yield f"{summary}\n\n| " + " | ".join(w.say(h) for h in head) + " |\n|" + "---|" * len(head) + "\n"
    for row in each_row(reports, unreadable, strict=strict, speaking=speaking):
        problems = "<br>".join([*(_md(p) for p in row["problems"].split("\n") if p),
                                *([f"⚠ {_md(w(row['duplicate']))}"] if row["duplicate"] else [])]) or "—"
        cells = [row["row"] or "—", *(_md(x) for x in (row["player"] or "—", row["legend"] or "—",
                                                       row["champion"] or "—", w.word("verdict", row["verdict"]))),
                 problems]
        if not one_file:
            cells.append(_md(row["source"]))
        yield "| " + " | ".join(cells) + " |\n"
