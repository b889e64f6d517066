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

from deckcheck.cli.usage import click_errors as _click_errors
from deckcheck.cli.usage import in_cli_words
from deckcheck.cli.usage import print_error as _print_error
from deckcheck.cli.usage import usage_error as _usage_error
from deckcheck.errors import EXIT_USAGE, DeckcheckError


#: The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def build_app(args: list[str] | None = None):
    """The typer app; with ``args``, only the command module that ``args`` names is registered."""
    import typer

    from deckcheck.version import __version__
    from deckcheck.cli import commands

    app = typer.Typer(
        name="deckcheck",
        help="A linter for Riftbound decklists, with an embedded goldfish engine.\n\n"
        "Exit codes: 0 every deck legal, 1 some deck illegal, 2 bad input or usage.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    def print_version(value: bool) -> None:
        if value:
            typer.echo(f"deckcheck {__version__}")
            raise typer.Exit(0)

    # A root callback keeps the app a group even when only one command module is registered.
    @app.callback()
    def _root(
        version: bool = typer.Option(False, "--version", help="Print the version and exit.",
                                     is_eager=True, callback=print_version),
        debug: bool = typer.Option(False, "--debug",
                                   help="Show the Python traceback of an error (for bug reports); "
                                   "works anywhere on the command line"),
    ) -> None:
        """A linter for Riftbound decklists, with an embedded goldfish engine."""

    commands.register(app, args)
    _human_argument_help()
    return app


def _human_argument_help() -> None:
    """Help lists an argument by its metavar alone ("DECK"), not with the parser's type label
    ("DECK <str>", "PATH <list[str]>"), which means nothing to a user."""
    from typer import core

    argument = getattr(core, "TyperArgument", None)
    if argument is not None and hasattr(argument, "display_type_rich"):
        original = argument.display_type_rich

        def display_type_rich(self, ctx):
            return None if self.metavar else original(self, ctx)

        argument.display_type_rich = display_type_rich


def _command(app):
    """The app as a command whose text and choice options skip typer's pydantic adapters."""
    import typer.main

    from deckcheck.cli.plain_options import simplify

    command = typer.main.get_command(app)
    simplify(command)
    return command


_COMPLETION_OPTIONS = ("--install-completion", "--show-completion")
_SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def _take_named_shell(argv: list[str]) -> None:
    """``--show-completion bash``: use the shell the user named instead of guessing it.

    typer guesses the shell from the parent processes, which fails under cron, CI or an IDE
    ("Shell  not supported"); when a shell is named, have typer read it as the option's value.
    """
    for option, value in zip(argv, argv[1:]):
        if option in _COMPLETION_OPTIONS and value in _SHELLS:
            os.environ["_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION"] = "1"
            return


def _debug_requested(argv: list[str]) -> bool:
    return "--debug" in argv or os.environ.get("DECKCHECK_DEBUG") == "1"


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns (and exits with) the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    # deckcheck uses no pydantic plugins; skipping their discovery saves ~10 ms of start-up.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    debug = _debug_requested(args)
    args = [a for a in args if a != "--debug"]
    _take_named_shell(args)
    _never_fail_to_print()
    try:
        result = _command(build_app(args))(args=args, prog_name="deckcheck", standalone_mode=False)
        code = result if isinstance(result, int) else 0
        if code == EXIT_INTERRUPTED:  # the parser turns Ctrl-C into this code, silently
            _print_error("interrupted")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_USAGE)
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            # The parser met a closed pipe (EPIPE) and would exit 1, which means "illegal": a reader
            # that went away (| head) is no error, so end quietly with 0.
            _drop_stdout()
            code = 0
    except _click_errors() as exc:
        code = _usage_error(exc)
    except DeckcheckError as exc:
        if debug:
            raise
        _print_error(in_cli_words(exc))
        code = EXIT_USAGE
    except KeyboardInterrupt:
        _print_error("interrupted")
        code = EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader closed the pipe (| head): not an error, nothing more to say
        _drop_stdout()
        code = 0
    except Exception as exc:  # a bug: never a traceback, never exit 0 or 1
        if debug:
            raise
        _print_error(f"internal error: {type(exc).__name__}: {exc} (run again with --debug for the traceback)")
        code = EXIT_USAGE
    if argv is None:
        _exit_now(code)
    return code


def _exit_now(code: int) -> None:
    """End the process with ``code`` once the output is flushed, without tearing down every object.

    After a batch of a thousand decks, freeing each deck, report and card one by one costs several
    milliseconds a thousand decks that nobody waits for. deckcheck registers no exit handler and
    leaves no file open for writing (every output file is written and renamed before this), so
    only the two streams need flushing. ``DECKCHECK_NO_FAST_EXIT=1`` keeps Python's normal ending
    (for tools that save their data in exit handlers, such as coverage).
    """
    if os.environ.get("DECKCHECK_NO_FAST_EXIT") == "1":
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed or broken stream: nothing more can reach it
            pass
    os._exit(code)


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush into a closed pipe stays silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _never_fail_to_print() -> None:
    """A character the terminal's encoding lacks (an ASCII locale, a name from a crafted file) prints
    as an escape such as \\u2717 instead of failing the whole run."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
