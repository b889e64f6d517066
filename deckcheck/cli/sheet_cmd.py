"""``deckcheck sheet``: printable registration sheets, one printed page per registration."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from itertools import chain
from typing import List, Optional

import typer

from deckcheck.cli.options import CHAMPION, DECK_COLUMN, ENCODING, EVENT, FORCE, LANG, PLAYER_COLUMN, SHEET, format_option
from deckcheck.errors import EXIT_OK, EXIT_USAGE, DeckcheckError

HELP = """Write printable registration sheets: one page per deck, for the tables of an event.

DECK is anything 'deckcheck check' reads: deck files, folders, globs, '-' for stdin, and
registration exports (.csv, .tsv, .xlsx; one sheet per row, with the player's name). Each sheet
opens with the verdict as a banner, then the event, date, player (blanks for the player id, round
and table), legend, Chosen Champion, battlefields, runes, main deck and sideboard with counts and
totals; each problem is printed and highlighted next to the line or total it concerns. A
registration that cannot be read gets a page saying why. Open the page in a browser and print it:
print CSS puts every registration on its own page.

Exit codes: 0 sheets written for every input; 2 an input could not be read (sheets are still
written for the others) or bad usage.
"""


def register(app: typer.Typer) -> None:
    app.command("sheet", help=HELP)(sheet)


def sheet(
    paths: List[str] = typer.Argument(..., metavar="DECK...", show_default=False,
                                      help="Deck files, folders, globs, registration exports, or - for stdin"),
    out_file: Optional[str] = typer.Option(None, "--out-file", "-O", metavar="PATH",
                                           help="Write the page here (atomically); default: stdout"),
    event: Optional[str] = EVENT,
    format_: Optional[str] = format_option(None),
    as_of: Optional[str] = typer.Option(None, "--as-of", metavar="DATE", help="The event's date (YYYY-MM-DD; default today)"),
    champion: Optional[str] = CHAMPION,
    force: bool = FORCE,
    player_column: Optional[str] = PLAYER_COLUMN,
    deck_column: Optional[str] = DECK_COLUMN,
    sheet_name: Optional[str] = SHEET,
    encoding: Optional[str] = ENCODING,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not list unreadable inputs on stderr"),
    lang: Optional[str] = LANG,
) -> None:
    from deckcheck.batch import checked_in_order
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.cli.common import card_db
    from deckcheck.cli.options import lang_of, refuse_overwriting_inputs, write_out
    from deckcheck.decks.registrations import ExportOptions
    from deckcheck.render.sheets import sheet_deck, sheet_page
    from deckcheck.render.table import duplicate_notes
    from deckcheck.words import Speaking, one_line

    lang = lang_of(lang)
    settings = settings_in_force(format=format_, as_of=as_of)
    refuse_overwriting_inputs(out_file, [*paths, *settings.files], force)
    exports = ExportOptions(player_column=player_column, deck_column=deck_column, sheet=sheet_name, encoding=encoding)
    batch, registrations, outcomes = checked_in_order(
        list(paths), format=settings["format"], as_of=settings["as-of"], champion=champion, select=settings["select"],
        ignore=settings["ignore"], exports=exports, exclude=settings.excluded_by(paths), keep=sheet_deck)
    spec, day = batch.format, batch.as_of
    targets = batch.targets[spec.name]
    refuse_overwriting_inputs(out_file, [*batch.files, *settings.files], force)
    held, spoken = _until_the_page_is_known(outcomes, lang)
    if spoken:  # a deck was read: the page is written, each sheet as its registration is checked
        w = Speaking(lang, card_db()).of_all(spoken)
        write_out(sheet_page(chain(held, outcomes), notes=duplicate_notes(registrations),
                             event=event or w(spec.title), date=day.isoformat(), targets=targets,
                             name_of=_names(card_db(), w.code), w=w), out_file,
                  inputs=[*paths, *batch.files, *settings.files], force=force)
    for notice in batch.notices:
        sys.stderr.write(f"deckcheck: warning: {notice}\n")
    if batch.unreadable and not quiet:
        for error in batch.unreadable:
            who = f" (player {one_line(error.player)})" if error.player else ""
            sys.stderr.write(f"deckcheck: unreadable: {error}{who}\n")
    if not spoken:
        raise DeckcheckError("no sheet written: no input could be read")
    raise typer.Exit(EXIT_USAGE if batch.unreadable else EXIT_OK)


def _until_the_page_is_known(outcomes: Iterator, lang: str | None) -> tuple[list, list]:
    """The outcomes read before the page can begin: until a deck was read and the page's language is
    known (the one asked for; else English once a list in it, or lists in two languages, are read;
    Chinese only when every list is, so such a batch is read whole first). With the reports that tell
    the language: one of each language read (none: no deck could be read)."""
    held: list = []
    spoken: dict[str, object] = {}
    for outcome in outcomes:
        held.append(outcome)
        if isinstance(outcome, tuple):
            spoken.setdefault(outcome[1].language, outcome[1])
            if lang or "en" in spoken or len(spoken) > 1:
                break
    return held, list(spoken.values())


def _names(db, lang: str):
    """How a sheet names each card: in English, or by its official Chinese name where one reads back as it."""
    zh = db.chinese() if lang == "zh" else None
    return zh.name_for if zh is not None else (lambda card: card.name)
