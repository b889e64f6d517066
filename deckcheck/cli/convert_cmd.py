"""``deckcheck convert``: read a deck in any format and write it in another."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Optional

import typer

from deckcheck.cli.options import (CHAMPION, FORCE, OUT_FILE, choose, complete_from, lang_of, or_list,
                                   refuse_overwriting_inputs, write_out)
from deckcheck.decks.formats import BY_NAME, NO_SIDEBOARD, WRITTEN
from deckcheck.errors import DeckcheckError
from deckcheck.words import one_line

TARGETS = WRITTEN


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)


def convert(
    input_: Optional[str] = typer.Argument(None, metavar="INPUT", show_default=False,
                                           help="A deck file, or - for stdin"),
    to: Optional[str] = typer.Option(None, "--output", "-o", "--to", metavar="FORMAT", show_default=False,
                                     help="Format to write: " + or_list(TARGETS),
                                     autocompletion=complete_from(TARGETS)),
    out_file: Optional[str] = OUT_FILE,
    code: Optional[str] = typer.Option(None, "--code", "-c", metavar="STRING", show_default=False,
                                       help="Convert this deck code instead of a file"),
    champion: Optional[str] = CHAMPION,
    from_: Optional[str] = typer.Option(None, "--from", metavar="FORMAT", show_default=False,
                                        help="Input format (default: detected)"),
    sideboard_into_main: bool = typer.Option(False, "--sideboard-into-main",
                                             help="TTS and Pixelborn have no sideboard: append it to the list "
                                             "instead of leaving it out"),
    lang: Optional[str] = typer.Option(None, "--lang", metavar="LANG", show_default=False,
                                       help="The language of the text list written: en (default) or zh (Simplified "
                                            "Chinese: its headers and card names)",
                                       autocompletion=complete_from(("en", "zh"))),
    force: bool = FORCE,
) -> None:
    """Convert a decklist between text, deck code, TTS, Pixelborn, YAML and JSON."""
    from deckcheck.cli.common import card_db
    from deckcheck.decks.load import detect_format, format_module, read_file, read_text, write_deck
    from deckcheck.decks.model import Severity
    from deckcheck.decks.resolve import resolve_deck

    if to is None:
        raise DeckcheckError("say which format to write: -o/--output FORMAT (" + or_list(TARGETS) + ")")
    if to.strip().casefold() not in TARGETS and _looks_like_a_file(to):
        raise DeckcheckError(f"-o/--output is the format to write ({or_list(TARGETS)}); "
                             f"to write the file {to}, use -O/--out-file {to}")
    target = choose(to, TARGETS, option="--output", what="deck format")
    lang = lang_of(lang)
    if lang not in (None, "en") and target != "text":
        raise DeckcheckError(f"--lang {lang}: only a text list is written in another language, not {target}")
    if format_module(target) is None:
        raise DeckcheckError(f"--output {target}: this format is not available in this version of deckcheck")
    if (input_ is None) == (code is None):
        raise DeckcheckError("give one deck: a file, - for stdin, or --code CODE")
    from deckcheck.cli.in_force import settings_in_force

    refuse_overwriting_inputs(out_file, [input_, *settings_in_force().files], force)

    if code is not None:
        raw = read_text(code, source="<code>", fmt=from_ or detect_format(code.strip()) or "code")
    else:
        raw = read_file(input_, from_)
    deck = resolve_deck(raw, card_db(), champion=champion)

    for problem in deck.problems:
        _warn(str(problem.source) or raw.source, problem.severity.value, problem.message, problem.suggestions)
    for unknown in deck.unknown:
        _warn(str(unknown.source) or raw.source, "warning", unknown.message, unknown.suggestions)
    errors = sum(1 for p in deck.problems if p.severity is Severity.ERROR)
    if errors:
        raise DeckcheckError(f"{errors} problem{'s' if errors > 1 else ''} above; nothing was converted",
                             file=raw.source)
    if target in NO_SIDEBOARD:
        deck = _sideboard_for_list_format(deck, target, into_main=sideboard_into_main)
    lang = lang or "en"  # the language of the list written (not of the list read)
    try:
        text = write_deck(deck, target) if lang == "en" else format_module("text").write(deck, card_db(), lang=lang)
    except DeckcheckError as exc:
        if deck.unknown:
            raise DeckcheckError(
                f"{len(deck.unknown)} card(s) are not in the card database and cannot be written as {target}: "
                f"{exc.message}", file=raw.source) from None
        raise
    write_out(text, out_file, inputs=[input_], force=force, note=target)


def _sideboard_for_list_format(deck, target: str, *, into_main: bool):
    """TTS and Pixelborn lists have no sideboard: leave it out (the default) or, with
    --sideboard-into-main, let it follow the main list; say which on stderr either way."""
    from deckcheck.decks.model import Zone

    unknown = [u for u in deck.unknown if u.zone is Zone.SIDEBOARD]
    cards = sum(e.count for e in deck.sideboard) + sum(u.count for u in unknown)
    if not cards:
        return deck
    label = BY_NAME[target].label
    amount = f"the {cards} sideboard card{'' if cards == 1 else 's'} {'is' if cards == 1 else 'are'}"
    if into_main:
        sys.stderr.write(f"note: a {label} list has no sideboard: {amount} added to the main list "
                         "(--sideboard-into-main)\n")
        return deck
    sys.stderr.write(f"note: a {label} list has no sideboard: {amount} left out "
                     "(--sideboard-into-main adds them to the main list)\n")
    return replace(deck, sideboard=[], unknown=[u for u in deck.unknown if u not in unknown])


def _looks_like_a_file(value: str) -> bool:
    """``convert -o deck.txt``: the old spelling of -O (a file name, not a format)."""
    return any(ch in value for ch in "./\\") or os.path.exists(value)


def _warn(where: str | None, severity: str, message: str, suggestions: tuple[str, ...] = ()) -> None:
    label = "note" if severity == "info" else severity
    text = f"{where}: {label}: {message}" if where else f"{label}: {message}"
    if suggestions and "could be any of" not in message:
        text += " (did you mean: " + "; ".join(suggestions) + "?)"
    sys.stderr.write(one_line(text) + "\n")
