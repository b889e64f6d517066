"""A bad command line told in deckcheck's words: one line naming the command, exit code 2."""

from __future__ import annotations

from deckcheck.errors import EXIT_USAGE, DeckcheckError
from deckcheck.words import one_line

#: Library parameters whose option is not ``--`` plus the parameter's name with dashes.
_OPTIONS = {"reader": "--from"}


def print_error(message: str) -> None:
    import sys

    sys.stderr.write(f"deckcheck: error: {one_line(message)}\n")
    sys.stderr.flush()


def in_cli_words(exc: DeckcheckError) -> str:
    """A library error told with the command line's option for the parameter it names
    (``as_of: ...`` becomes ``--as-of: ...``)."""
    parameter = exc.parameter
    if parameter is None:
        return str(exc)
    return exc.naming(_OPTIONS.get(parameter) or "--" + parameter.replace("_", "-"))


def parser_module():
    """The command-line parser's exceptions module (typer vendors click from 0.25 on)."""
    try:
        from typer._click import exceptions
    except ImportError:  # an older typer on plain click
        from click import exceptions  # type: ignore[import-not-found]
    return exceptions


def click_errors() -> tuple[type[BaseException], ...]:
    """What the parser raises for a bad command line when not in standalone mode."""
    import typer

    return parser_module().ClickException, typer.Abort


def usage_error(exc: BaseException) -> int:
    """A bad command line as one line naming the command; with no arguments at all, the help."""
    import typer

    no_args = getattr(parser_module(), "NoArgsIsHelpError", ())
    if isinstance(exc, no_args):
        exc.show()
        return EXIT_USAGE
    if isinstance(exc, typer.Abort):
        print_error("aborted")
        return EXIT_USAGE
    ctx = getattr(exc, "ctx", None)
    command = ctx.command_path if ctx is not None else "deckcheck"
    hint = f" (see '{command} --help')" if ctx is not None else ""
    where = command.removeprefix("deckcheck").strip()
    print_error(f"{where + ': ' if where else ''}{_in_our_words(exc).rstrip('.')}{hint}")
    return EXIT_USAGE


#: What a value that failed the parser's type check is not, by the validator's error type.
_NOT_A = {"int_parsing": "a whole number", "int_from_float": "a whole number", "int_type": "a whole number",
          "float_parsing": "a number", "float_type": "a number", "bool_parsing": "yes or no",
          "date_from_datetime_parsing": "a date (YYYY-MM-DD)", "date_parsing": "a date (YYYY-MM-DD)"}


def _in_our_words(exc: BaseException) -> str:
    """The parser's message, with a value-conversion failure told as 'OPTION: 'x' is not a number'
    instead of the validation library's wording ("Input should be", "Value error")."""
    message: str = exc.format_message()  # type: ignore[attr-defined]  # a parser exception (click_errors)
    param = getattr(exc, "param", None)
    cause = exc.__cause__
    if param is None or cause is None or not hasattr(cause, "errors"):
        return message
    opts = sorted(getattr(param, "opts", None) or [], key=lambda o: (not o.startswith("--"), o))
    name = opts[0] if opts else (getattr(param, "human_readable_name", None) or param.name or "value")
    try:
        first = cause.errors()[0]
    except Exception:  # not the validation error we know: keep the parser's words
        return message
    value = first.get("input")
    shown = one_line(", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value))
    kind = first.get("type", "")
    if kind in _NOT_A:
        return f"{name}: '{shown}' is not {_NOT_A[kind]}"
    text = str(first.get("msg", "")).removeprefix("Value error, ")
    if text.startswith("Input should be"):
        return f"{name}: '{shown}' is not accepted here"
    return f"{name}: {text}"
