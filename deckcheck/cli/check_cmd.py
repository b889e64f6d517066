"""``deckcheck check``: check deck files, folders, globs, stdin and deck codes; report in four outputs."""

from __future__ import annotations

import sys
from enum import Enum
from typing import List, Optional

import typer

from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE, DeckcheckError

#: Show a progress bar (in a terminal) from this many inputs on.
PROGRESS_MIN = 10

HELP = """Check decklists against the deck-construction rules of a format on a date.

PATH is a deck file, a folder (searched recursively for .txt, .deck, .code, .yaml, .yml, .json
and extension-less files), a glob such as 'decks/*.txt', or '-' for stdin. A deck code or TTS
string can be given with --code. One unreadable file does not stop the others being checked;
finding no deck file at all is an error.

Exit codes: 0 every deck legal; 1 some deck illegal (with --strict: or has warnings);
2 bad input or usage (an input could not be read, unknown option, unknown format).
When both happen, 2 wins: a batch with an unreadable file exits 2 even if the rest are illegal.
"""


class Output(str, Enum):
    text = "text"
    json = "json"
    github = "github"
    junit = "junit"


def register(app: typer.Typer) -> None:
    app.command("check", help=HELP, no_args_is_help=False)(check)


def exit_code(reports, unreadable, strict: bool = False) -> int:
    """2 if any input could not be read, else 1 if any deck fails, else 0."""
    if unreadable:
        return EXIT_USAGE
    if any(not r.passes(strict) for r in reports):
        return EXIT_ILLEGAL
    return EXIT_OK


def check(
    paths: Optional[List[str]] = typer.Argument(None, metavar="PATH", show_default=False,
                                                help="Deck files, folders, globs, or - for stdin"),
    code: list[str] = typer.Option([], "--code", "-c", metavar="STRING",
                                   help="A deck code or TTS string to check (repeatable)"),
    format_: str = typer.Option("standard", "--format", "-f", metavar="FORMAT",
                                help="standard, standard-bo1, casual, 2v2, or a format .yaml file"),
    as_of: Optional[str] = typer.Option(None, "--as-of", metavar="DATE",
                                        help="Check with the rules and bans of this date (YYYY-MM-DD; default today)"),
    champion: Optional[str] = typer.Option(None, "--champion", metavar="NAME",
                                           help="The Chosen Champion, for sources that do not name it"),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail a deck too (exit 1)"),
    output: Output = typer.Option(Output.text, "--output", "-o", help="text, json, github (annotations) or junit"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Text output: show only failing decks and problems"),
) -> None:
    from deckcheck.cli.common import card_db
    from deckcheck.rules import format_on, load_format, parse_as_of

    inputs = list(paths or [])
    if not inputs and not code:
        raise DeckcheckError("nothing to check: give deck files, folders, globs, '-' for stdin, or --code STRING")
    day = parse_as_of(as_of)
    spec = load_format(format_)
    db = card_db()
    targets = {spec.name: format_on(spec, day, db.sets).targets()}
    reports, unreadable = check_inputs(inputs, code, spec=spec, day=day, db=db, champion=champion)
    emit(reports, unreadable, output=output, targets=targets, strict=strict, quiet=quiet)
    raise typer.Exit(exit_code(reports, unreadable, strict))


def check_inputs(paths: list[str], codes: list[str], *, spec, day, db, champion: str | None):
    """Read, resolve and check every input; return the reports and the inputs that failed."""
    from deckcheck.cli import _debug_requested
    from deckcheck.decks.load import iter_deck_files, read_text

    jobs = [(item.path, item.read if item.error is None else _raiser(item.error))
            for item in iter_deck_files(paths)]
    for i, text in enumerate(codes, 1):
        source = "<code>" if len(codes) == 1 else f"<code {i}>"
        jobs.append((source, lambda text=text, source=source: read_text(text, source=source)))
    if not jobs:  # an empty folder must not pass a CI job silently
        raise DeckcheckError(f"no deck files found in {', '.join(paths)} (deck files end in .txt, .deck, "
                             ".code, .yaml, .yml, .json, or have no ending)")

    reports, unreadable = [], []
    with _progress(len(jobs)) as advance:
        for source, read in jobs:
            try:
                reports.append(_check_one(read, spec=spec, day=day, db=db, champion=champion))
            except DeckcheckError as exc:
                if not exc.file:
                    exc.file = source
                unreadable.append(exc)
            except RecursionError:
                unreadable.append(DeckcheckError("too deeply nested", file=source))
            except Exception as exc:  # one broken input must not stop a batch of hundreds
                unreadable.append(DeckcheckError(f"internal error: {type(exc).__name__}: {exc} "
                                                 "(run with --debug on this file alone for the traceback)",
                                                 file=source))
                if _debug_requested(sys.argv):
                    raise
            advance()
    return reports, unreadable


def _check_one(read, *, spec, day, db, champion):
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.rules import check_deck

    deck = resolve_deck(read(), db, champion=champion)
    return check_deck(deck, spec, day, cards=db)


def _raiser(error: Exception):
    def fail():
        raise error
    return fail


class _progress:
    """A transient progress bar on stderr when there are many inputs and stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.bar = None

    def __enter__(self):
        if self.total < PROGRESS_MIN or not sys.stderr.isatty():
            return lambda: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        from deckcheck.cli.common import console

        self.bar = Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=console(stderr=True), transient=True)
        self.bar.__enter__()
        task = self.bar.add_task("check", total=self.total)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def emit(reports, unreadable, *, output: Output, targets, strict: bool, quiet: bool) -> None:
    """Write the results to stdout in the chosen output."""
    if output is Output.text:
        from deckcheck.cli.common import console
        from deckcheck.render.text import render_text

        out = console()
        # Piped text keeps one line per item, so grep and diff see whole lines.
        out.print(render_text(reports, unreadable, targets=targets, strict=strict, quiet=quiet),
                  soft_wrap=not out.is_terminal)
        return
    if output is Output.json:
        from deckcheck.render.json import render_json as render
    elif output is Output.github:
        from deckcheck.render.github import render_github as render
    else:
        from deckcheck.render.junit import render_junit as render
    sys.stdout.write(render(reports, unreadable, strict=strict))
    sys.stdout.flush()
