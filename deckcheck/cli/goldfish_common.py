"""What the goldfish commands share: their options, loading the deck, and printing a result."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

from deckcheck.cli.options import mulligan_option, output_of, output_option, refuse_overwriting_inputs, write_out
from deckcheck.errors import DeckcheckError
from deckcheck.words import one_line

OUTPUTS = ("text", "json")


def read_by(deck: str, mulligan: str | Sequence[str] | None = None) -> list[str]:
    """What a goldfish command reads: the deck (``-``: stdin) and any YAML strategy file of ``--mulligan``."""
    given = [mulligan] if isinstance(mulligan, str) else list(mulligan or ())
    return [deck, *(m for m in given if m and m.strip().lower().endswith((".yaml", ".yml")))]


def output_choice(value: str, out_file: str | None = None, read: Sequence[str] = (), force: bool = False) -> str:
    """The chosen output (the settings in force read, as by every command); refuses early an
    --out-file that is a file the command reads (:func:`read_by`) or the settings file."""
    from deckcheck.cli.in_force import settings_in_force

    refuse_overwriting_inputs(out_file, [*read, *settings_in_force().files], force)
    return output_of(value, False, OUTPUTS)


def deck_plan(deck: str, champion: str | None):
    """The deck compiled for the engine; problems reading it become warnings on stderr."""
    from deckcheck.cli.common import card_db
    from deckcheck.goldfish.api import load_plan

    return load_plan(deck, champion=champion, cards=card_db(),
                     warn=lambda text: sys.stderr.write(f"deckcheck: warning: {one_line(text)}\n"))


def mulligans_given(values: list[str] | None) -> tuple[bool, list[str]]:
    """``--mulligan`` values -> (compare every strategy?, the strategies given); one unless comparing."""
    values = [v for v in values or [] if v is not None]
    compare = any(v.strip().lower() == "compare" for v in values)
    others = [v for v in values if v.strip().lower() != "compare"]
    if not compare and len(others) > 1:
        raise DeckcheckError("--mulligan: give one strategy, or 'compare' (plus any YAML files to compare)")
    return compare, others


def words_for(lang: str | None, plan):
    """The language of a goldfish answer: ``--lang`` (``lang``, checked), else the one the list was written in."""
    from deckcheck.cli.options import words_in

    return words_in(lang, plan.language)


def english_card_name(name: str | None) -> str | None:
    """``--card``: a card named by its official Chinese name is asked about by its English one (any other
    text as given: the goldfish finds it among the deck's cards, or says it is not there)."""
    from deckcheck.cards.chinese import has_han

    if name is None or not has_han(name):
        return name
    from deckcheck.cli.common import card_db

    zh = card_db().chinese()
    found = zh.find(name)[0] if zh is not None else set()
    return next(iter(found)) if len(found) == 1 else name


def emit(result, output: str, render, out_file: str | None = None, read: Sequence[str] = (),
         force: bool = False, items=None, w=None) -> None:
    """``result`` as JSON or as its text renderables (in the language ``w``), on stdout or into --out-file."""
    from deckcheck.cli.common import console, json_text, plain_text
    from deckcheck.words import ENGLISH

    if output == "json":
        write_out(json_text(result.model_dump(mode="json")), out_file, inputs=read, force=force)
        return
    items = render(result, w or ENGLISH) if items is None else items
    if out_file not in (None, "-"):
        from rich.console import Group

        write_out(plain_text(Group(*items)), out_file, inputs=read, force=force)
        return
    out = console()
    for item in items:
        out.print(item)


DECK_ARG = typer.Argument(..., metavar="DECK", help="A deck file (any format deckcheck reads), a deck code, or - for stdin")
MULLIGAN = mulligan_option()
OUTPUT = output_option(OUTPUTS)
PLAYERS = typer.Option(2, "--players", metavar="N", help="Players at the table: 2 (1v1) or 3-4 (free-for-all: 3 battlefields, "
                       "the first player skips the first draw, the last channels 3 runes on turn 1)")
SEAT = typer.Option(None, "--seat", metavar="K", show_default=False, help="Your place in turn order, 1 = first (default 1; the last seat with --on-the-draw)")
POLICY = typer.Option(None, "--policy", metavar="NAME", show_default=False, help="How the goldfish plays its Main phase: most-energy (default) or costliest-first; "
                      "clock also takes compare (every policy on the same games, ranked)")
AUTOPLAY = typer.Option(True, "--autoplay/--no-autoplay", help="Play cards and move units each turn (see --policy)")
