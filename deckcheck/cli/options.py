"""The options every command spells the same way, and the helpers behind them.

One spelling per option across the whole CLI (see docs/cli.md):

- ``-o/--output FORMAT``: the output format; the value is a case-insensitive choice checked by
  :func:`choose` (a typo gets "did you mean"); a hidden ``--json`` stays as an alias where a command
  had it (:func:`output_of`).
- ``-O/--out-file PATH``: a file to write instead of stdout, written atomically and never over an
  input unless ``--force`` is given (:func:`write_out`).
- ``-q/--quiet``, ``--seed N``, ``--games N``, ``--mulligan NAME``, ``--on-the-draw``,
  ``--as-of DATE``, ``-f/--format FORMAT``.

A command declares an option by calling the factory here, e.g.::

    def report(deck: str = DECK, output: str = output_option(("text", "json")),
               out_file: Optional[str] = OUT_FILE, force: bool = FORCE, as_json: bool = JSON_ALIAS):
        fmt = output_of(output, as_json, ("text", "json"))
        write_out(render(...), out_file, inputs=[deck], force=force)

Choices are plain strings (not enums) so the words of an error are deckcheck's, not the parser's.
This module imports only typer (already loaded by every command) and the standard library.
"""

from __future__ import annotations

import difflib
import os
import stat
import sys
from collections.abc import Iterable, Sequence

import typer

from deckcheck.errors import DeckcheckError
from deckcheck.words import one_line


# ---------------------------------------------------------------------------- choices
def did_you_mean(value: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The candidates closest to ``value`` (any case), best first; prefixes count as close."""
    candidates = list(dict.fromkeys(candidates))
    folded = {c.casefold(): c for c in candidates}
    key = value.strip().casefold()
    if not key:
        return []
    starts = [c for c in candidates if c.casefold().startswith(key)]
    close = [folded[c] for c in difflib.get_close_matches(key, list(folded), n=n, cutoff=0.6)]
    return list(dict.fromkeys(starts + close))[:n]


def or_list(items: Sequence[str], word: str = "or") -> str:
    """``a, b or c``; names that contain commas are joined with semicolons so each stays whole."""
    items = [str(i) for i in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    from deckcheck.words import join_names

    return f"{join_names(items[:-1])}{';' if any(',' in i for i in items) else ''} {word} {items[-1]}"


def choose(value: str, choices: Sequence[str], *, option: str, what: str = "choice") -> str:
    """``value`` as one of ``choices`` (compared without case); else an error with "did you mean".

    >>> choose("JSON", ("text", "json"), option="--output")
    'json'
    """
    key = value.strip().casefold()
    for choice in choices:
        if choice.casefold() == key:
            return choice
    close = did_you_mean(value, choices)
    hint = f"; did you mean {or_list(close)}?" if close else ""
    raise DeckcheckError(f"{option}: unknown {what} '{value}'{hint} (choose from {or_list(choices)})")


def complete_from(choices: Sequence[str]):
    """A shell-completion callback offering ``choices`` that start with what was typed."""

    def complete(incomplete: str) -> list[str]:
        return [c for c in choices if c.startswith(incomplete.casefold())]

    return complete


# ---------------------------------------------------------------------------- -o/--output
def output_option(choices: Sequence[str], default: str = "text", help: str | None = None):
    """``-o/--output FORMAT`` with these choices (checked later by :func:`output_of`)."""
    described = help or f"Output format: {or_list(list(choices))} (default {default})"
    return typer.Option(default, "--output", "-o", metavar="FORMAT", help=described,
                        autocompletion=complete_from(choices), show_default=False)


#: The old ``--json`` flag, kept working but no longer shown in help (``-o json`` is the spelling).
JSON_ALIAS = typer.Option(False, "--json", hidden=True, help="Same as --output json")


def output_of(output: str, as_json: bool = False, choices: Sequence[str] = ("text", "json")) -> str:
    """The output format chosen with ``-o`` (or the hidden ``--json`` alias)."""
    chosen = choose(output, choices, option="--output", what="output format")
    if as_json:
        if chosen not in ("json", choices[0]) and output.casefold() != "json":
            raise DeckcheckError(f"--json and --output {chosen} ask for two outputs; give one")
        return "json"
    return chosen


# ---------------------------------------------------------------------------- --lang
LANG = typer.Option(None, "--lang", metavar="LANG", show_default=False,
                    help="The language of the answer: en or zh (default: the list's own; a list written in "
                         "Chinese is answered in Chinese)")


def lang_of(value: str | None) -> str | None:
    """``--lang``: ``en`` or ``zh`` (any case; ``zh-CN``, ``zh_Hans`` and ``cn`` are Chinese too), None when not given."""
    if value is None:
        return None
    from deckcheck.words import LANGUAGES

    key = value.strip().casefold().replace("_", "-")
    if key.startswith("zh-") or key in ("cn", "chinese", "中文"):
        return "zh"
    if key.startswith("en-") or key == "english":
        return "en"
    return choose(value, LANGUAGES, option="--lang", what="language")


def words_in(lang: str | None, otherwise: str = "en"):
    """The words of an answer: ``--lang`` when given, else ``otherwise`` (the language the question was
    asked in), naming cards by the card database's names in that language."""
    from deckcheck.cli.common import card_db
    from deckcheck.words import language

    code = lang_of(lang) or otherwise
    return language(code, card_db() if code != "en" else None)


# ---------------------------------------------------------------------------- -O/--out-file
OUT_FILE = typer.Option(None, "--out-file", "-O", metavar="PATH", show_default=False,
                        help="Write the output to this file (atomically) instead of stdout")
FORCE = typer.Option(False, "--force", help="Allow --out-file to replace an input file")
QUIET = typer.Option(False, "--quiet", "-q", help="Print less: only what fails")


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The file ``path`` reaches (device and inode, links followed), or None if there is none;
    ``-`` is the file behind stdin (descriptor 0) when it is a regular file (``< deck.txt``)."""
    try:
        found = os.stat(path) if path != "-" else os.fstat(0)
    except (OSError, ValueError):
        return None
    if path == "-" and not stat.S_ISREG(found.st_mode):
        return None  # a pipe or a terminal: no file of the user's behind it to replace
    return found.st_dev, found.st_ino


def refuse_overwriting_inputs(out_file: str | None, inputs: Iterable[str | None], force: bool) -> None:
    """Raise if ``out_file`` is one of the files the run read and ``--force`` was not given.

    Files are told apart by identity (device and inode), however they were reached (a link, a
    glob, another spelling, stdin redirected from the file: ``-``); the settings file in force is
    always one of the inputs.
    """
    if out_file is None or out_file == "-" or force:
        return
    target = _identity(out_file)
    if target is None:  # nothing there yet: nothing to lose
        return
    for given in (*inputs, *_settings_files()):
        if given and _identity(given) == target:
            raise DeckcheckError("would overwrite an input file; choose another name, or add --force to allow it",
                                 file=out_file)


def _settings_files() -> list[str]:
    """The settings file in force here, if any (a broken one is the command's own error to report)."""
    from deckcheck.settings import find_settings

    try:
        path = find_settings().path
    except DeckcheckError:
        return []
    return [str(path)] if path is not None else []


def write_out(text: str | bytes | Iterable[str], out_file: str | None, *, inputs: Iterable[str | None] = (),
              force: bool = False, note: str | None = None) -> None:
    """Write ``text`` (a string, its chunks: a large output is written as it is made, or bytes as they
    are) to stdout, or atomically to ``out_file`` (never over an input without ``force``).

    After writing a file, ``wrote PATH`` (with ``note``) goes to stderr so the user sees where it went.
    """
    if out_file is None or out_file == "-":
        sys.stdout.flush()
        if isinstance(text, bytes):
            sys.stdout.buffer.write(text)
        else:
            from deckcheck.io import in_blocks

            for block in [text] if isinstance(text, str) else in_blocks(text):
                sys.stdout.write(block)
        sys.stdout.flush()
        return
    refuse_overwriting_inputs(out_file, inputs, force)
    from deckcheck.io import atomic_write_bytes, atomic_write_text

    if isinstance(text, bytes):
        atomic_write_bytes(out_file, text)
    else:
        atomic_write_text(out_file, text)
    sys.stderr.write(one_line(f"wrote {out_file}{f' ({note})' if note else ''}") + "\n")


# ---------------------------------------------------------------------------- shared words
AS_OF = typer.Option(None, "--as-of", metavar="DATE", show_default=False,
                     help="The rules, bans and rule numbers of this date (YYYY-MM-DD; default today)")
SEED = typer.Option(None, "--seed", metavar="N", show_default=False,
                    help="Repeat a run exactly (default: a new random seed, printed)")
ON_THE_DRAW = typer.Option(False, "--on-the-draw", help="Go second: channel 3 runes on turn 1")
EVENT = typer.Option(None, "--event", metavar="NAME", show_default=False,
                     help="The event's name on the report and sheets (default: the format's title)")
def _card_named(value: str | None) -> str | None:
    """``--champion`` names a card of the card data: a name that names none is a usage error (exit 2)
    in every command, not a deck made illegal by it."""
    if value is None:
        return None
    from deckcheck.cards import load_cards
    from deckcheck.cards.lookup import NotFound

    hit = load_cards().find(value)
    if isinstance(hit, NotFound) and hit.kind != "not-in-data":  # a card of a set the data lacks: checked by hand
        hint = f"; did you mean {or_list(hit.suggestions)}?" if hit.suggestions else ""
        raise DeckcheckError(f"--champion: {hit.message}{hint}")
    return value


CHAMPION = typer.Option(None, "--champion", metavar="NAME", show_default=False, callback=_card_named,
                        help="The Chosen Champion, for decks that do not name it")


def games_option(default: int, help: str = "Games to simulate"):
    return typer.Option(default, "--games", "-n", metavar="N", help=f"{help} (default {default:,})",
                        show_default=False)


def mulligan_option():
    return typer.Option(None, "--mulligan", "-m", metavar="NAME", show_default=False,
                        help="none, curve, 'hunt CARD-or-filter', or a YAML strategy file")


def format_option(default: str | None = "standard", help: str | None = None):
    return typer.Option(default, "--format", "-f", metavar="FORMAT", show_default=False,
                        help=help or "standard, standard-bo1, casual, 2v2, nexus-night, or a format .yaml file"
                        + (f" (default {default})" if default else ""))


# Registration exports (check and sheet read them alike).
PLAYER_COLUMN = typer.Option(None, "--player-column", metavar="NAME",
                             help="Registration exports: the column naming the player")
DECK_COLUMN = typer.Option(None, "--deck-column", metavar="NAME",
                           help="Registration exports: the column holding the deck")
SHEET = typer.Option(None, "--sheet", metavar="NAME",
                     help="Registration .xlsx: the sheet to read (default: the first)")
def _text_encoding(value: str | None) -> str | None:
    """``--encoding`` names a text encoding (``rot13`` is a usage error in every command)."""
    if value is None:
        return None
    from deckcheck.decks.export_encoding import check_encoding

    return check_encoding(value)


ENCODING = typer.Option(None, "--encoding", metavar="NAME", callback=_text_encoding,
                        help="Registration CSV/TSV: the text encoding (default: detected)")
