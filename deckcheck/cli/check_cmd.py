"""``deckcheck check``: check deck files, folders, globs, stdin and deck codes; report in four outputs."""

from __future__ import annotations

import sys
from typing import List, Optional, Tuple

import typer

from deckcheck.batch.outputs import OUTPUTS, outputs_help
from deckcheck.cli.options import (CHAMPION, DECK_COLUMN, ENCODING, EVENT, FORCE, JSON_ALIAS, LANG, OUT_FILE,
                                   PLAYER_COLUMN, SHEET, lang_of, output_of, output_option, refuse_overwriting_inputs, write_out)
from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK, DeckcheckError

#: Show a progress bar (in a terminal) from this many inputs on.
PROGRESS_MIN = 10

HELP = """Check decklists against the deck-construction rules of a format on a date.

PATH is a deck file, a folder (searched recursively for .txt, .deck, .code, .yaml, .yml, .json
and extension-less files), a glob such as 'decks/*.txt', or '-' for stdin. A deck code or TTS
string can be given with --code. One unreadable file does not stop the others being checked;
finding no deck file at all is an error.

Exit codes: 0 every deck legal; 1 some deck illegal or unverified (not proven legal: the card data
lacks one of its cards), or with --strict has warnings;
2 bad input or usage (an input could not be read, unknown option, unknown format).
When both happen, 2 wins: a batch with an unreadable file exits 2 even if the rest are illegal.
"""


def register(app: typer.Typer) -> None:
    app.command("check", help=HELP, no_args_is_help=False)(check)


def check(
    paths: Optional[List[str]] = typer.Argument(None, metavar="PATH", show_default=False,
                                                help="Deck files, folders, globs, or - for stdin"),
    code: list[str] = typer.Option([], "--code", "-c", metavar="STRING",
                                   help="A deck code or TTS string to check (repeatable)"),
    format_: Optional[str] = typer.Option(None, "--format", "-f", metavar="FORMAT", show_default=False,
                                          help="standard (default), standard-bo1, casual, 2v2, nexus-night, or a "
                                               "format .yaml file"),
    as_of: Optional[str] = typer.Option(None, "--as-of", metavar="DATE", show_default=False,
                                        help="Check with the rules and bans of this date (YYYY-MM-DD; default today)"),
    champion: Optional[str] = CHAMPION,
    strict: Optional[bool] = typer.Option(None, "--strict/--no-strict", show_default=False,
                                          help="Warnings fail a deck too (exit 1)"),
    select: List[str] = typer.Option([], "--select", metavar="CODES", show_default=False,
                                     help="Report only these rules: codes or prefixes, comma-separated (RB1,RB601)"),
    ignore: List[str] = typer.Option([], "--ignore", metavar="CODES", show_default=False,
                                     help="Leave these rules out: codes or prefixes, comma-separated (RB004)"),
    exit_zero: bool = typer.Option(False, "--exit-zero",
                                   help="Exit 0 even when a deck is illegal (2 still means an unreadable input)"),
    statistics: bool = typer.Option(False, "--statistics",
                                    help="Instead of each problem, one line per rule: count, code, name"),
    force_exclude: bool = typer.Option(False, "--force-exclude",
                                       help="Leave out files named on the command line that the settings exclude "
                                       "(for a pre-commit hook); without it a file named is always checked"),
    show_settings: bool = typer.Option(False, "--show-settings",
                                       help="Print the settings in force and where each comes from, then exit"),
    output: str = output_option(OUTPUTS, help=outputs_help()),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="Show only failing decks and problems (text); no notices (github)"),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    player_column: Optional[str] = PLAYER_COLUMN,
    deck_column: Optional[str] = DECK_COLUMN,
    sheet: Optional[str] = SHEET,
    encoding: Optional[str] = ENCODING,
    team: Optional[Tuple[str, str]] = typer.Option(None, "--team", metavar="A B",
                                                   help="2v2: two deck files of one team, checked as a pair"),
    jobs: Optional[str] = typer.Option(None, "--jobs", "-j", metavar="N", show_default=False,
                                       help="Processes sharing a large batch (1: this one alone; default: one per core)"),
    event: Optional[str] = EVENT,
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    from deckcheck.batch import check_paths
    from deckcheck.batch.packed import PACK_FROM
    from deckcheck.cli import _debug_requested
    from deckcheck.cli.in_force import settings_in_force

    output = output_of(output, as_json, OUTPUTS)
    lang = lang_of(lang)
    settings = settings_in_force(format=format_, as_of=as_of, strict=strict, select=select, ignore=ignore)
    strict = settings["strict"]
    if settings["select"] or settings["ignore"]:  # a selector that names no rule is an error before anything else
        from deckcheck.rules.selection import RuleSelection

        RuleSelection(settings["select"], settings["ignore"])
    if show_settings:
        sys.stdout.write(settings.describe())
        raise typer.Exit(0)
    inputs = _inputs(paths, code, team, settings, force_exclude)
    refuse_overwriting_inputs(out_file, [*inputs, *(team or ()), *settings.files], force)
    batch = check_paths(
        inputs, codes=code, team=team, format=settings["format"], as_of=settings["as-of"], champion=champion,
        select=settings["select"], ignore=settings["ignore"], jobs=_processes(jobs),
        exports=_export_options(player_column=player_column, deck_column=deck_column, sheet=sheet, encoding=encoding),
        exclude=settings.excluded_by([*inputs, *(team or ())]), progress=_progress, debug=_debug_requested(sys.argv),
        pack_reports=PACK_FROM)
    read = [*inputs, *(team or ()), *batch.files, *settings.files]
    for notice in batch.notices:
        sys.stderr.write(f"deckcheck: warning: {notice}\n")
    if statistics:
        write_out(batch.statistics(output, lang), out_file, inputs=read, force=force)
    elif output == "text" and out_file in (None, "-"):
        _print_text(batch, strict=strict, quiet=quiet, lang=lang)
    else:
        write_out(batch.chunks(output, strict=strict, quiet=quiet, event=event, lang=lang), out_file, inputs=read,
                  force=force)
    code_ = batch.exit_code(strict)
    raise typer.Exit(EXIT_OK if exit_zero and code_ == EXIT_ILLEGAL else code_)


def _inputs(paths: list[str] | None, code: list[str], team, settings, force_exclude: bool) -> list[str]:
    """The paths to check; with ``--force-exclude`` less the files named that the settings' exclude
    matches (a pre-commit hook names every staged file), each said on stderr."""
    inputs = list(paths or [])
    if not inputs and not code and not team:
        raise DeckcheckError("nothing to check: give deck files, folders, globs, '-' for stdin, or --code STRING")
    if not force_exclude:
        return inputs
    kept = settings.named_and_kept(inputs)
    if not kept and not code and not team:
        sys.stderr.write("deckcheck: nothing to check: every file named is excluded by the settings "
                         "(--force-exclude)\n")
        raise typer.Exit(EXIT_OK)
    return kept


def _export_options(**given: str | None):
    """How to read registration exports, when an option says (None: each export read as found)."""
    if all(value is None for value in given.values()):
        return None
    from deckcheck.decks.registrations import ExportOptions

    return ExportOptions(**given)


def _processes(jobs: str | None) -> int | None:
    """``--jobs N``: a whole number of processes, at least 1 (None when not given: one per core)."""
    if jobs is None:
        return None
    text = jobs.strip()
    if not text.isdigit() or int(text) < 1:
        raise DeckcheckError(f"--jobs: '{jobs}' is not a number of processes (a whole number, at least 1)")
    return int(text)


def _print_text(batch, *, strict: bool, quiet: bool, lang: str | None) -> None:
    """The text output on stdout, a deck at a time: in colour in a terminal; piped, plain lines, so
    grep and diff see whole lines."""
    from deckcheck.batch.outputs import text_blocks
    from deckcheck.render.text import Lines

    if not sys.stdout.isatty():
        for block in text_blocks(batch, strict=strict, quiet=quiet, lang=lang):
            sys.stdout.write(Lines(block).plain())
        sys.stdout.flush()
        return
    from deckcheck.cli.common import console

    out = console()
    for block in text_blocks(batch, strict=strict, quiet=quiet, lang=lang):
        out.print(block)


class _progress:
    """A transient progress bar on stderr when there are many inputs and stderr is a terminal.

    Entering gives ``done(n)``: n inputs are finished. The bar is redrawn by those calls (at most
    ten times a second), never by a thread of its own: the batch may fork worker processes, which
    is safe only while this process runs one thread.
    """

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar = None
        self.task = None
        self.drawn = 0.0

    def __enter__(self):
        if self.total < PROGRESS_MIN or not sys.stderr.isatty():
            return _nothing
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        from deckcheck.cli.common import console

        self.bar = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=console(stderr=True), transient=True, auto_refresh=False)
        self.bar.__enter__()
        self.task = self.bar.add_task("check", total=self.total)
        return self.done

    def done(self, finished: int) -> None:
        import time

        now = time.monotonic()
        last = finished >= self.total
        if last or now - self.drawn >= 0.1:
            self.drawn = now
            self.bar.update(self.task, completed=min(finished, self.total), refresh=True)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _nothing(finished: int) -> None:
    """The progress of a batch with no bar to show."""
