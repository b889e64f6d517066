"""``deckcheck convert``: read a deck in any format and write it in another."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

import typer

from deckcheck.errors import DeckcheckError

TARGETS = ("text", "code", "tts", "pixelborn", "yaml", "json")


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)


def convert(
    input_: Optional[str] = typer.Argument(None, metavar="INPUT", help="A deck file, or - for stdin"),
    to: str = typer.Option(..., "--to", "-t", help="Output format: " + ", ".join(TARGETS)),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write here (atomically) instead of stdout"),
    code: Optional[str] = typer.Option(None, "--code", help="Convert this deck code instead of a file"),
    champion: Optional[str] = typer.Option(None, "--champion", help="The Chosen Champion, if the deck does not say"),
    from_: Optional[str] = typer.Option(None, "--from", help="Input format (default: detected)"),
    force: bool = typer.Option(False, "--force", help="Allow -o to overwrite the input file"),
) -> None:
    """Convert a decklist between text, deck code, TTS, Pixelborn, YAML and JSON."""
    from deckcheck.cli.common import card_db
    from deckcheck.decks.load import detect_format, format_module, read_file, read_text, write_deck
    from deckcheck.decks.model import Severity
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.io import atomic_write_text

    target = to.strip().lower()
    if target not in TARGETS:
        raise DeckcheckError(f"--to: unknown format '{to}' (choose from {', '.join(TARGETS)})")
    if format_module(target) is None:
        raise DeckcheckError(f"--to {target}: this format is not available in this version of deckcheck")
    if (input_ is None) == (code is None):
        raise DeckcheckError("give one deck: a file, - for stdin, or --code CODE")
    if output is not None and str(output) != "-" and input_ not in (None, "-") and not force:
        if _same_file(Path(input_), output):
            raise DeckcheckError("refusing to overwrite the input file; use --force to allow it", file=str(output))

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
    try:
        text = write_deck(deck, target)
    except DeckcheckError as exc:
        if deck.unknown:
            raise DeckcheckError(
                f"{len(deck.unknown)} card(s) are not in the card database and cannot be written as {target}: "
                f"{exc.message}", file=raw.source) from None
        raise
    if output is None or str(output) == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    atomic_write_text(output, text)
    sys.stderr.write(f"wrote {output} ({target})\n")


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _warn(where: str | None, severity: str, message: str, suggestions: tuple[str, ...] = ()) -> None:
    label = "note" if severity == "info" else severity
    text = f"{where}: {label}: {message}" if where else f"{label}: {message}"
    if suggestions and "could be any of" not in message:
        text += " (did you mean: " + "; ".join(suggestions) + "?)"
    sys.stderr.write(_printable(text) + "\n")


def _printable(text: str) -> str:
    """No terminal control characters from a crafted deck reach the terminal."""
    return "".join(ch if ch.isprintable() or ch == " " else "\ufffd" for ch in text)
