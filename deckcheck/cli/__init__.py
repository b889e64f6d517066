"""The ``deckcheck`` command line: a thin typer shell over the library.

Each command lives in its own module and imports the heavy parts of the library lazily, so a
command pays only for what it uses. :func:`main` turns every error into one line and an exit code:

- 0: every deck legal (or the command did what it was asked)
- 1: some deck illegal (with ``--strict``: or has warnings)
- 2: bad input or usage (unreadable file, unknown option, broken card data), or an internal error

``--debug`` anywhere on the command line shows the traceback instead.
"""

from __future__ import annotations

import os
import sys

from deckcheck.errors import EXIT_USAGE, DeckcheckError


def build_app():
    import typer

    from deckcheck.cli import commands

    app = typer.Typer(
        name="deckcheck",
        help="A linter for Riftbound decklists, with an embedded goldfish engine.\n\n"
        "Exit codes: 0 every deck legal, 1 some deck illegal, 2 bad input or usage.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    commands.register(app)
    return app


def _debug_requested(argv: list[str]) -> bool:
    return "--debug" in argv or os.environ.get("DECKCHECK_DEBUG") == "1"


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns (and exits with) the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    # deckcheck uses no pydantic plugins; skipping their discovery saves ~10 ms of start-up.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    debug = _debug_requested(args)
    args = [a for a in args if a != "--debug"]
    try:
        app = build_app()
        app(args=args, prog_name="deckcheck", standalone_mode=True)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_USAGE)
    except DeckcheckError as exc:
        if debug:
            raise
        _print_error(str(exc))
        code = EXIT_USAGE
    except KeyboardInterrupt:
        _print_error("interrupted")
        code = 130
    except BrokenPipeError:
        code = 0
    except Exception as exc:  # a bug: never a traceback, never exit 0 or 1
        if debug:
            raise
        _print_error(f"internal error: {type(exc).__name__}: {exc} (run again with --debug for the traceback)")
        code = EXIT_USAGE
    if argv is None:
        sys.exit(code)
    return code


def _print_error(message: str) -> None:
    sys.stderr.write(f"deckcheck: error: {message}\n")
    sys.stderr.flush()
