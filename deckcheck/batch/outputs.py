"""The outputs a batch renders, one table: each output's name, the words ``--output``'s help gives it,
and its renderer. ``check``'s option, its help and its shell completion read :data:`OUTPUTS`.

Renderers import their modules when called, so reading the table costs no import beyond this one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from deckcheck.errors import DeckcheckError


@dataclass(frozen=True, slots=True)
class Output:
    """One output: ``chunks(batch, strict, quiet, event, lang)`` gives it in pieces, written as they are made
    (a deck, a result, a row or a line a piece: 100,000 decks are never one string; ``lang``: the language
    of the words for people, None for each list's own; machine outputs stay English); ``help`` is what
    ``--output``'s help says of it beside its name ("" for the name alone)."""

    name: str
    help: str
    chunks: Callable[..., Iterable[str]]


def _text(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.text import Lines

    return (Lines(block).plain() for block in text_blocks(batch, strict=strict, quiet=quiet, lang=lang))


def _concise(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.concise import concise_lines

    return concise_lines(batch.reports, batch.unreadable, strict=strict, quiet=quiet, lang=lang, cards=batch.cards)


def _json(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.json import json_chunks

    return json_chunks(batch.reports, batch.unreadable, strict=strict, skipped=batch.skipped,
                       card_data=_card_data(batch.cards), cards=batch.cards)


def _github(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.github import github_lines

    return github_lines(batch.reports, batch.unreadable, strict=strict, quiet=quiet)


def _sarif(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.sarif import sarif_chunks

    selection = batch.selection
    selected = None if selection is None or selection.everything else set(selection.codes)
    return sarif_chunks(batch.reports, batch.unreadable, selected=selected, as_of=batch.as_of)


def _junit(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.junit import junit_chunks

    return junit_chunks(batch.reports, batch.unreadable, strict=strict)


def _csv(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.table import csv_chunks

    return csv_chunks(batch.reports, batch.unreadable, strict=strict, event=event)


def _markdown(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.table import markdown_chunks

    return markdown_chunks(batch.reports, batch.unreadable, skipped=batch.skipped, strict=strict, event=event, lang=lang,
                           cards=batch.cards)


def _html(batch, strict: bool, quiet: bool, event: str | None, lang: str | None) -> Iterable[str]:
    from deckcheck.render.report_page import report_page_chunks
    from deckcheck.words import Speaking, say

    spec = batch.format
    w = Speaking(lang, batch.cards).of_all(batch.reports)
    title = event or (say(spec.title) if spec is not None else None)
    return report_page_chunks(batch.reports, batch.unreadable, skipped=batch.skipped, strict=strict,
                              card_data=_card_data(batch.cards), event=event,
                              title=say("Registration check: {title}", title=title) if title else None, w=w)


#: Every output of a batch by name, in the order the help lists them (the first is the default).
OUTPUT_TABLE: dict[str, Output] = {output.name: output for output in (
    Output("text", "", _text),
    Output("concise", "one line per problem", _concise),
    Output("json", "", _json),
    Output("github", "annotations", _github),
    Output("sarif", "code scanning", _sarif),
    Output("junit", "", _junit),
    Output("csv", "one row per registration", _csv),
    Output("markdown", "", _markdown),
    Output("html", "a report page", _html),
)}
#: The names of the outputs, the default first.
OUTPUTS = tuple(OUTPUT_TABLE)


def outputs_help() -> str:
    """``--output``'s help: each output with its words, then the default."""
    named = [f"{o.name} ({o.help})" if o.help else o.name for o in OUTPUT_TABLE.values()]
    return f"{', '.join(named[:-1])} or {named[-1]} (default {OUTPUTS[0]})"


def chunks(batch, output: str, *, strict: bool = False, quiet: bool = False,
           event: str | None = None, lang: str | None = None) -> Iterable[str]:
    """``batch`` in ``output`` (one of :data:`OUTPUTS`), in pieces written as they are made; ``lang`` the
    language of the words for people (None: each list's own)."""
    chosen = OUTPUT_TABLE.get(output)
    if chosen is None:
        raise DeckcheckError(f"unknown output '{output}' (choose from {', '.join(OUTPUTS)})")
    return chosen.chunks(batch, strict, quiet, event, lang)


def render(batch, output: str, *, strict: bool = False, quiet: bool = False, event: str | None = None,
           lang: str | None = None) -> str:
    """``batch`` as one string in ``output`` (one of :data:`OUTPUTS`): :func:`chunks` joined."""
    return "".join(chunks(batch, output, strict=strict, quiet=quiet, event=event, lang=lang))


def text_blocks(batch, *, strict: bool = False, quiet: bool = False, lang: str | None = None):
    """The text output's blocks (a deck, the unreadable inputs, the skipped files, the summary), made
    one at a time as they are written, in ``lang`` (None: each list's own language)."""
    from deckcheck.render.text import text_blocks as blocks

    return blocks(batch.reports, batch.unreadable, targets=batch.targets, strict=strict, quiet=quiet,
                  skipped=batch.skipped, lang=lang, cards=batch.cards)


def statistics(reports, unreadable=(), output: str = "text", lang: str | None = None, cards=None) -> str:
    """Each rule's count (most frequent first), the unreadable inputs and the totals; JSON for ``json``; the
    words in ``lang`` (None: Chinese when every list is)."""
    from deckcheck.render.statistics import render_statistics
    from deckcheck.words import Speaking

    return render_statistics(reports, unreadable, as_json=output == "json",
                             w=Speaking(lang, cards).of_all(reports))


def _card_data(db) -> dict | None:
    from deckcheck.render.json import card_data_dict

    return card_data_dict(db) if db is not None else None
