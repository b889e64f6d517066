"""``deckcheck castable``: can each card be played on curve; rune splits; mulligans compared."""

from __future__ import annotations

from typing import List, Optional

import typer

from deckcheck.cli.goldfish_cmd import PLAYERS, SEAT
from deckcheck.cli.options import CHAMPION, FORCE, OUT_FILE, SEED, games_option, output_option
from deckcheck.errors import DeckcheckError


def register(app: typer.Typer) -> None:
    app.command("castable")(castable)


def strategies_given(values: list[str] | None, hunt_target: str | None = None):
    """``--mulligan`` values -> (strategies to compare, or None) and the one strategy otherwise.

    ``--mulligan compare`` compares every bundled strategy plus any other ``--mulligan`` given
    (``--mulligan compare --mulligan mine.yaml``); without ``compare`` one strategy is allowed.
    """
    from deckcheck.goldfish.compare import COMPARE, strategies_to_compare
    from deckcheck.goldfish.strategy import parse_strategy

    values = [v for v in values or [] if v is not None]
    compare = any(v.strip().lower() == COMPARE for v in values)
    others = [parse_strategy(v) for v in values if v.strip().lower() != COMPARE]
    if compare:
        return strategies_to_compare(others, hunt_target), None
    if len(others) > 1:
        raise DeckcheckError("--mulligan: give one strategy, or 'compare' (plus any YAML files to compare)")
    return None, others[0] if others else parse_strategy(None)


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
) -> None:
    """For every Main Deck card: P(it can be played) on its natural turn and the two after it.

    A copy at hand (or the Chosen Champion in its zone) and the channelled runes pay its energy and
    power. Exact (a product of two hypergeometric terms) when the mulligan has a closed form, else
    Monte Carlo with a 95% interval; the answer says which.
    """
    from deckcheck.cli.goldfish_cmd import MAX_GAMES, _check_range, _check_seed, _emit, _output, _plan
    from deckcheck.goldfish.castable import castable as run
    from deckcheck.goldfish.castable import rune_splits
    from deckcheck.goldfish.seat import Seat
    from deckcheck.render.castable import castable_renderables, comparison_renderables, rune_split_renderables

    output = _output(output, out_file, deck, force)
    _check_seed(seed)
    _check_range("--games", games, 1, MAX_GAMES)
    place = Seat.of(players, on_the_draw, seat)
    plan = _plan(deck, champion)
    compared, strategy = strategies_given(mulligan)
    if compared is not None:
        if runes_compare:
            raise DeckcheckError("--runes-compare ranks rune splits under one mulligan strategy; "
                                 "drop --mulligan compare or --runes-compare")
        from deckcheck.goldfish.compare import compare_castable

        result = compare_castable(plan, compared, games=games, seed=seed, seat=place)
        _emit(result, output, comparison_renderables, out_file, deck, force)
        return
    if runes_compare:
        domains = plan.legend_domains
        if len(domains) != 2:
            raise DeckcheckError(f"--runes-compare needs a legend with two domains; this deck's legend has "
                                 f"{len(domains) or 'no'} domain{'s' if len(domains) != 1 else ''}")
        result = rune_splits(plan, (domains[0], domains[1]), strategy=strategy, games=games, seed=seed,
                             seat=place)
        _emit(result, output, rune_split_renderables, out_file, deck, force)
        return
    _emit(run(plan, strategy=strategy, games=games, seed=seed, seat=place), output, castable_renderables, out_file, deck,
          force)
