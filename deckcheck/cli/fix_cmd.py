"""``deckcheck fix``: the smallest legal change to a list, a judge's deck check, a whole export."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Optional

import typer

from deckcheck.cli.options import (AS_OF, CHAMPION, DECK_COLUMN, ENCODING, FORCE, LANG, OUT_FILE, PLAYER_COLUMN, SHEET,
                                   format_option, lang_of, output_of, output_option, refuse_overwriting_inputs,
                                   write_out)
from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE, DeckcheckError

if TYPE_CHECKING:
    from deckcheck.render.fix import FixTally
    from deckcheck.repair.batch import FixedList

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
    from deckcheck.cli.common import card_db
    from deckcheck.cli.in_force import settings_in_force
    from deckcheck.decks import registrations
    from deckcheck.render.fix import FixTally
    from deckcheck.repair.batch import fix_text, fixed_rows, read_for_fix
    from deckcheck.repair.context import FixContext
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
        export = read_for_fix(input_, options, write_back=write_back)
        results: Iterable[FixedList] = fixed_rows(export, ctx)  # each row fixed as its part is written
        pairs = [(reg.source, reg.player) for reg in export.registrations]
    else:
        shown = presented_deck(presented, db) if presented is not None else None
        text, source, fmt = _input_text(input_, code)
        results = [fix_text(text, source, ctx, champion=champion, presented=shown, fmt=fmt, game=game)]
        pairs = [(results[0].source, results[0].player)]
    tally = FixTally(keep_corrected=write_back)
    if write_back:
        _write_corrected(results, export, tally, lang, db, out_file, read, force)
    else:
        write_out(_render(tally.counting(results), output, pairs, lang, db, out_file), out_file, inputs=read,
                  force=force)
    if tally.unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_ILLEGAL if tally.failed else EXIT_OK)


def _write_corrected(results: Iterable[FixedList], export, tally: FixTally, lang: str | None, db,
                     out_file: str, read: list, force: bool) -> None:
    """The fixes to stdout as text (no corrected lists) as ``results`` come, counted into ``tally``,
    then the corrected export (or the one list's corrected list) to ``out_file``, whole or not at all."""
    from deckcheck.cli.common import fitted_to_terminal
    from deckcheck.render.fix import fix_text_chunks

    for chunk in fix_text_chunks(results, show_list=False, lang=lang, cards=db, tally=tally):
        sys.stdout.write(fitted_to_terminal(chunk))
    if export is not None:
        from deckcheck.decks.registrations_writer import write_export

        assert tally.corrected is not None
        written: str | bytes | None = write_export(export, tally.corrected)
    else:
        written = next(iter(results)).corrected  # one list (a file, stdin or a code): ``results`` is its list
        if written is None:
            sys.stderr.write("nothing to write: the list needs no change or none can be proposed\n")
    if written is not None:
        write_out(written, out_file, inputs=read, force=force, note="corrected list")


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


def _render(results: Iterable[FixedList], output: str, pairs: list, lang: str | None, cards,
            out_file: str | None) -> Iterator[str]:
    """The fixes in ``output``, in pieces made as ``results`` gives them; text to a terminal fitted to its width."""
    from deckcheck.render import fix as render

    if output == "json":
        return render.fix_json_chunks(results)
    if output == "csv":
        return render.fix_csv_chunks(results, pairs)
    chunks = render.fix_text_chunks(results, lang=lang, cards=cards)
    if out_file in (None, "-"):
        from deckcheck.cli.common import fitted_to_terminal

        return map(fitted_to_terminal, chunks)
    return chunks


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
