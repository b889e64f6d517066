"""A batch rendered by the name of an output: text, concise, json, github, junit, csv, markdown, html, sarif."""

from __future__ import annotations

from deckcheck.errors import DeckcheckError


def render(batch, output: str, *, strict: bool = False, quiet: bool = False, event: str | None = None) -> str:
    """``batch`` as one string in ``output`` (``batch.prepared``, each deck's part of the JSON
    document as :func:`deckcheck.render.json.deck_text` wrote it, is used when the check made it)."""
    reports, unreadable, skipped = batch.reports, batch.unreadable, batch.skipped
    if batch.prepared is None and any(report is None for report in reports):
        raise DeckcheckError("this batch kept only its JSON output; render it as json")
    if output == "concise":
        from deckcheck.render.concise import render_concise

        return render_concise(reports, unreadable, strict=strict, quiet=quiet)
    if output == "sarif":
        return "".join(_sarif(batch))
    if output == "text":
        from deckcheck.render.text import render_text_plain

        return render_text_plain(text_renderable(batch, strict=strict, quiet=quiet))
    if output == "json":
        return "".join(_json(batch, strict))
    if output == "csv":
        from deckcheck.render.table import render_csv

        return render_csv(reports, unreadable, strict=strict, event=event)
    if output == "markdown":
        from deckcheck.render.table import render_markdown

        return render_markdown(reports, unreadable, skipped=skipped, strict=strict, event=event)
    if output == "html":
        return "".join(_html(batch, strict, event))
    if output == "github":
        from deckcheck.render.github import render_github

        return render_github(reports, unreadable, strict=strict, quiet=quiet)
    if output == "junit":
        from deckcheck.render.junit import render_junit

        return render_junit(reports, unreadable, strict=strict)
    from deckcheck.batch.model import OUTPUTS

    raise DeckcheckError(f"unknown output '{output}' (choose from {', '.join(OUTPUTS)})")


def chunks(batch, output: str, *, strict: bool = False, quiet: bool = False, event: str | None = None):
    """:func:`render` in pieces written as they are made (a deck, a result, a row or a line a piece for
    text, JSON, SARIF, CSV, markdown, JUnit, concise and github; the HTML page as its template makes
    it): 100,000 decks are never one string."""
    if output == "json":
        return _json(batch, strict)
    if output == "sarif":
        return _sarif(batch)
    if output == "text":
        from deckcheck.render.text import Lines

        return (Lines(block).plain() for block in text_blocks(batch, strict=strict, quiet=quiet))
    if output == "concise":
        from deckcheck.render.concise import concise_lines

        return concise_lines(batch.reports, batch.unreadable, strict=strict, quiet=quiet)
    if output == "github":
        from deckcheck.render.github import github_lines

        return github_lines(batch.reports, batch.unreadable, strict=strict, quiet=quiet)
    if output == "csv":
        from deckcheck.render.table import csv_chunks

        return csv_chunks(batch.reports, batch.unreadable, strict=strict, event=event)
    if output == "html":
        return _html(batch, strict, event)
    if output == "junit":
        from deckcheck.render.junit import junit_chunks

        return junit_chunks(batch.reports, batch.unreadable, strict=strict)
    if output == "markdown":
        from deckcheck.render.table import markdown_chunks

        return markdown_chunks(batch.reports, batch.unreadable, skipped=batch.skipped, strict=strict, event=event)
    return iter([render(batch, output, strict=strict, quiet=quiet, event=event)])


def _html(batch, strict: bool, event: str | None):
    """The report page's pieces, as the template makes them."""
    from deckcheck.render.report_page import report_page_chunks

    spec = batch.format
    title = spec.title if spec is not None else None
    return report_page_chunks(batch.reports, batch.unreadable, skipped=batch.skipped, strict=strict,
                              card_data=_card_data(batch.cards), event=event,
                              title=f"Registration check: {event or title}" if (event or title) else None)


def _sarif(batch):
    """The SARIF log's pieces, one result a piece."""
    from deckcheck.render.sarif import sarif_chunks

    selection = batch.selection
    selected = None if selection is None or selection.everything else set(selection.codes)
    return sarif_chunks(batch.reports, batch.unreadable, selected=selected, as_of=batch.as_of)


def _json(batch, strict: bool):
    """The JSON document's pieces (``batch.prepared``, each deck's part written where it was checked, when it was)."""
    from deckcheck.render.json import json_chunks

    reports = batch.reports
    prepared = batch.prepared if batch.strict == strict else None
    if prepared is None and batch.prepared is not None and any(report is None for report in reports):
        raise DeckcheckError(f"this batch's JSON output was written with strict={batch.strict}; render it so")
    return json_chunks(reports, batch.unreadable, strict=strict, skipped=batch.skipped,
                       card_data=_card_data(batch.cards), prepared=prepared)


def text_renderable(batch, *, strict: bool = False, quiet: bool = False):
    """The text output as a rich renderable (a terminal shows it in colour)."""
    from deckcheck.render.text import Group

    return Group(*text_blocks(batch, strict=strict, quiet=quiet))


def text_blocks(batch, *, strict: bool = False, quiet: bool = False):
    """The text output's blocks (a deck, the unreadable inputs, the skipped files, the summary), made
    one at a time as they are written."""
    from deckcheck.render.text import text_blocks as blocks

    return blocks(batch.reports, batch.unreadable, targets=batch.targets, strict=strict, quiet=quiet,
                  skipped=batch.skipped)


def statistics(reports, unreadable=(), output: str = "text") -> str:
    """Each rule's count (most frequent first), the unreadable inputs and the totals; JSON for ``json``."""
    from deckcheck.render.statistics import render_statistics

    return render_statistics(reports, unreadable, as_json=output == "json")


def _card_data(db) -> dict | None:
    from deckcheck.render.json import card_data_dict

    return card_data_dict(db) if db is not None else None
