"""``deckcheck diff``: cards in and out between two decks; optionally judge a sideboard plan."""

from __future__ import annotations

from typing import Optional

import typer

from deckcheck.cli.options import (FORCE, JSON_ALIAS, LANG, OUT_FILE, output_of, output_option,
                                   refuse_overwriting_inputs, words_in, write_out)
from deckcheck.errors import EXIT_ILLEGAL, EXIT_OK

HELP = """Show the cards in (+) and out (-) of each zone between deck A and deck B.

Cards are compared by name, so another printing of the same card is no change. A and B are deck
files, '-' for stdin, or a deck code.

With --sideboard-plan, B is judged as a game-two configuration of the registered deck A
(TR 403.4): Legend, runes and battlefields unchanged, every card brought in taken from A's
sideboard and every card taken out put into it, one for one, the Main Deck still exactly 40, and
the Chosen Champion swapped only for another champion matching the legend.

Exit codes: 0 done (with --sideboard-plan: the plan is legal); 1 the plan is not legal;
2 bad input or usage.
"""


OUTPUTS = ("text", "json")


def register(app: typer.Typer) -> None:
    app.command("diff", help=HELP)(diff)


def diff(
    a: str = typer.Argument(..., metavar="A", help="The first (registered) deck"),
    b: str = typer.Argument(..., metavar="B", help="The second deck (e.g. the game-two configuration)"),
    sideboard_plan: bool = typer.Option(False, "--sideboard-plan",
                                        help="Check that B is a legal one-for-one sideboard swap of A (TR 403.4)"),
    output: str = output_option(OUTPUTS),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
    as_json: bool = JSON_ALIAS,
) -> None:
    from deckcheck.cli.common import card_db, console, json_text, plain_text
    from deckcheck.decks.diff import check_sideboard_plan, diff_decks
    from deckcheck.decks.load import load_deck
    from deckcheck.render.diff import diff_dict, render_diff_text

    output = output_of(output, as_json, OUTPUTS)
    if a == "-" and b == "-":
        from deckcheck.errors import DeckcheckError

        raise DeckcheckError("only one of A and B can be '-' (stdin)")
    from deckcheck.cli.in_force import settings_in_force

    refuse_overwriting_inputs(out_file, [a, b, *settings_in_force().files], force)
    db = card_db()
    first, second = load_deck(a, db), load_deck(b, db)
    result = diff_decks(first, second)
    plan = check_sideboard_plan(first, second) if sideboard_plan else None
    w = _words(lang, first, second)
    if output == "json":
        write_out(json_text(diff_dict(result, plan)), out_file, inputs=[a, b], force=force)
    elif out_file not in (None, "-"):
        write_out(plain_text(render_diff_text(result, plan, w)), out_file, inputs=[a, b], force=force)
    else:
        out = console()
        out.print(render_diff_text(result, plan, w), soft_wrap=not out.is_terminal)
    raise typer.Exit(EXIT_ILLEGAL if plan is not None and not plan.legal else EXIT_OK)


def _words(lang: str | None, first, second):
    """``--lang``, else Chinese when both lists are written in Chinese."""
    from deckcheck.decks.language import written_language

    return words_in(lang, "zh" if written_language(first) == written_language(second) == "zh" else "en")
