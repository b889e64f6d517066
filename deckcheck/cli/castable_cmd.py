"""``deckcheck castable``: can each card be played on curve; rune splits; mulligans compared."""

from __future__ import annotations

from typing import List, Optional

import typer

from deckcheck.cli.goldfish_common import PLAYERS, SEAT
from deckcheck.cli.options import CHAMPION, FORCE, LANG, OUT_FILE, SEED, games_option, output_option
from deckcheck.errors import DeckcheckError


def register(app: typer.Typer) -> None:
    app.command("castable")(castable)


MULLIGANS = typer.Option(
    None, "--mulligan", "-m", metavar="NAME", show_default=False,
    help="none, curve, 'hunt CARD-or-filter', a YAML strategy file, or compare (every bundled strategy, "
         "plus any other --mulligan given)",
)


def castable(
    deck: str = typer.Argument(..., metavar="DECK", help="A deck file (any format deckcheck reads), a deck code, or - for stdin"),
    mulligan: Optional[List[str]] = MULLIGANS,
    on_the_draw: bool = typer.Option(False, "--on-the-draw", help="Go second: channel 3 runes on turn 1"),
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    runes_compare: bool = typer.Option(False, "--runes-compare", help="Rank every split of the 12 runes between the legend's two domains"),
    games: int = games_option(100_000, "Games for a Monte Carlo estimate (strategies without a closed form)"),
    seed: Optional[int] = SEED,
    champion: Optional[str] = CHAMPION,
    output: str = output_option(("text", "json")),
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
) -> None:
    """For every Main Deck card: P(it can be played) on its natural turn and the two after it.

    A copy at hand (or the Chosen Champion in its zone) and the channelled runes pay its energy and
    power. Exact (a product of two hypergeometric terms) when the mulligan has a closed form, else
    Monte Carlo with a 95% interval; the answer says which.
    """
    from deckcheck.cli.goldfish_common import deck_plan, emit, mulligans_given, output_choice, read_by, words_for
    from deckcheck.goldfish.api import castable_table, mulligan_comparison, rune_split_ranking
    from deckcheck.render.castable import castable_renderables, comparison_renderables, rune_split_renderables

    read = read_by(deck, mulligan)
    output = output_choice(output, out_file, read, force)
    compare, given = mulligans_given(mulligan)
    if compare and runes_compare:
        raise DeckcheckError("--runes-compare ranks rune splits under one mulligan strategy; "
                             "drop --mulligan compare or --runes-compare")
    plan = deck_plan(deck, champion)
    w = words_for(lang, plan)
    where = dict(players=players, seat=seat, on_the_draw=on_the_draw, games=games, seed=seed)
    if compare:
        emit(mulligan_comparison(plan, given, **where), output, comparison_renderables, out_file, read, force, w=w)
    elif runes_compare:
        result = rune_split_ranking(plan, mulligan=given[0] if given else None, **where)
        emit(result, output, rune_split_renderables, out_file, read, force, w=w)
    else:
        result = castable_table(plan, mulligan=given[0] if given else None, **where)
        emit(result, output, castable_renderables, out_file, read, force, w=w)
