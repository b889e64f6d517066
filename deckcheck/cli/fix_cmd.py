"""``deckcheck fix``: the smallest legal change to a list, a judge's deck check, a whole export."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from deckcheck.cli.options import (AS_OF, CHAMPION, DECK_COLUMN, ENCODING, FORCE, LANG, OUT_FILE, PLAYER_COLUMN, SHEET,
                                   format_option, lang_of, output_of, output_option, refuse_overwriting_inputs,
                                   write_out)
from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE, DeckcheckError

OUTPUTS = ("text", "json", "csv")

HELP = """Propose the smallest change that makes a decklist legal, checked, and write the corrected list.

Removals first (what the deck may not hold, then extra copies); additions only where a count
falls short (40 Main Deck cards, 12 runes, 3 battlefields), each from the cards legal on the date
inside the legend's domains, the deck's own first. The corrected list keeps the input's format:
a text list keeps its dialect and order, a deck code stays a code.

INPUT is a deck file, '-' for stdin, or a registration export (.csv, .tsv, .xlsx: every row fixed).
With --presented, a judge's deck check in game --game of a match (TR 703.3, 703.4): every
difference between the registered list and the deck found at the table (its sideboard included),
the infraction the Tournament Rules see in it (a Deck Presentation Error, a Decklist Error, or
none: 1-for-1 sideboarding between games), what is done to the deck card by card, and the list
corrected where the rules change it. Judges decide; deckcheck says what the rules say about the
deck and list it was shown. Give --game 1 for any game before which no sideboarding is allowed
(after a drawn game or a game skipped by a penalty: TR 403.9, 403.10).

-O FILE writes the corrected list (with -o text), or the JSON or CSV report; for an export with
-o text, the export itself with each fixed deck cell replaced. Never over an input without --force.

A misspelt name with exactly one close match is corrected, a change of its own; a name as close to
several cards is a line to settle (the cards it could be are listed; the rest is fixed).

Exit codes: 0 every list is legal (already, or after the change); 1 some list cannot be made legal
from itself, has a line to settle or cards to check by hand; 2 bad input or usage.
"""


def register(app: typer.Typer) -> None:
    app.command("fix", help=HELP)(fix)


def fix(
    input_: Optional[str] = typer.Argument(None, metavar="INPUT", show_default=False,
                                           help="A deck file, - for stdin, or a registration export"),
    code: Optional[str] = typer.Option(None, "--code", "-c", metavar="STRING", show_default=False,
                                       help="Fix this deck code instead of a file"),
    presented: Optional[str] = typer.Option(None, "--presented", "-p", metavar="DECK", show_default=False,
                                            help="The deck found at the table (a file or a code): a deck check"),
    game: Optional[int] = typer.Option(None, "--game", "-g", metavar="N", show_default=False,
                                       help="With --presented: the game of the match it was presented for (1, 2 or "
                                            "3; default 1)"),
    format_: Optional[str] = format_option(None),
    as_of: Optional[str] = AS_OF,
    champion: Optional[str] = CHAMPION,
    output: str = output_option(OUTPUTS, help="text (a diff and the corrected list), json or csv (default text)"),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    player_column: Optional[str] = PLAYER_COLUMN,
    deck_column: Optional[str] = DECK_COLUMN,
    sheet: Optional[str] = SHEET,
    encoding: Optional[str] = ENCODING,
    lang: Optional[str] = LANG,
) -> None:
    from deckcheck.cli.common import card_db, fitted_to_terminal
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.decks import registrations
    from deckcheck.repair.batch import corrected_export, fix_export, fix_text
    from deckcheck.repair.context import FixContext
    from deckcheck.repair.model import CANNOT, TO_SETTLE, UNVERIFIED
    from deckcheck.rules.engine import parse_as_of

    output = output_of(output, False, OUTPUTS)
    lang = lang_of(lang)
    if (input_ is None) == (code is None):
        raise DeckcheckError("give one list to fix: a file, - for stdin, a registration export, or --code CODE")
    settings = settings_in_force(format=format_, as_of=as_of)  # deckcheck.toml means the same as to check
    read = [input_, presented, *settings.files]
    refuse_overwriting_inputs(out_file, read, force)
    db = card_db()
    ctx = FixContext(db, settings["format"], parse_as_of(settings["as-of"]))
    game = _game(game, presented, ctx)
    export = None
    write_back = output == "text" and out_file not in (None, "-")  # the corrected list (or export) to a file
    if input_ is not None and input_ != "-" and registrations.is_registrations_file(input_):
        if presented is not None:
            raise DeckcheckError("--presented checks one deck against one list, not a registration export")
        options = registrations.ExportOptions(player_column=player_column, deck_column=deck_column, sheet=sheet,
                                              encoding=encoding)
        export, results = fix_export(input_, ctx, options, write_back=write_back)
    else:
        shown = presented_deck(presented, db) if presented is not None else None
        text, source, fmt = _input_text(input_, code)
        results = [fix_text(text, source, ctx, champion=champion, presented=shown, fmt=fmt, game=game)]
    if write_back:
        from deckcheck.render.fix import render_fix_text

        sys.stdout.write(fitted_to_terminal(render_fix_text(results, show_list=False, lang=lang, cards=db)))
        if export is not None:
            written = corrected_export(export, results)
        else:
            written = results[0].corrected
            if written is None:
                sys.stderr.write("nothing to write: the list needs no change or none can be proposed\n")
        if written is not None:
            write_out(written, out_file, inputs=read, force=force, note="corrected list")
    else:
        shown = _render(results, output, lang, db)
        write_out(fitted_to_terminal(shown) if output == "text" and out_file in (None, "-") else shown, out_file,
                  inputs=read, force=force)
    if any(r.error is not None for r in results):
        raise typer.Exit(EXIT_USAGE)
    failed = any(r.fix.status in (CANNOT, UNVERIFIED, TO_SETTLE) for r in results)
    raise typer.Exit(EXIT_ILLEGAL if failed else EXIT_OK)


def _game(game: int | None, presented: str | None, ctx) -> int:
    """The game of the match a presented deck is checked for: 1 unless said; only with --presented,
    and only a game the format's matches have (a best-of-one format has game 1 alone)."""
    if game is None:
        return 1
    if presented is None:
        raise DeckcheckError("--game goes with --presented: the game of the match the deck was presented for")
    if not 1 <= game <= ctx.spec.best_of:
        games = ", ".join(map(str, range(1, ctx.spec.best_of))) + " or " if ctx.spec.best_of > 1 else ""
        games += str(ctx.spec.best_of)
        raise DeckcheckError(f"--game {game}: a match of {ctx.spec.name} is best of {ctx.spec.best_of}; "
                             f"give {games}")
    return game


def _render(results, output: str, lang: str | None = None, cards=None) -> str:
    if output == "json":
        from deckcheck.render.fix import render_fix_json

        return render_fix_json(results)
    if output == "csv":
        from deckcheck.render.fix import render_fix_csv

        return render_fix_csv(results)
    from deckcheck.render.fix import render_fix_text

    return render_fix_text(results, lang=lang, cards=cards)


def _input_text(input_: str | None, code: str | None) -> tuple[str, str, str | None]:
    """The list as text, where it came from, and its format when the file's ending names one."""
    from deckcheck.decks.load import STDIN_NAME, decode_bytes, format_for_file, read_bytes

    if code is not None:
        return code.strip(), "<code>", None
    if input_ == "-":
        data = sys.stdin.buffer.read()
        return decode_bytes(data, STDIN_NAME), STDIN_NAME, None
    text = decode_bytes(read_bytes(input_), input_)
    return text, input_, format_for_file(input_, text)


def presented_deck(value: str, db):
    """The presented deck: a file, or a deck code / list given on the command line."""
    from deckcheck.decks.load import load_deck

    return load_deck(value, db)
