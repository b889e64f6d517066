"""``deckcheck goldfish``, ``odds``, ``simulate`` and ``clock``: options -> one :mod:`deckcheck.goldfish` call -> render."""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from deckcheck.cli.goldfish_common import (AUTOPLAY, DECK_ARG, MULLIGAN, OUTPUT, PLAYERS, POLICY, SEAT, deck_plan, emit,
                                           english_card_name, mulligans_given, output_choice, read_by, words_for)
from deckcheck.cli.options import CHAMPION, FORCE, LANG, ON_THE_DRAW, OUT_FILE, SEED, choose, games_option
from deckcheck.errors import DeckcheckError
#: A clock game lasts about this many turns: what decides whether its run is long enough for a bar.
CLOCK_TURNS = 6


def register(app: typer.Typer) -> None:
    app.command("goldfish")(goldfish)
    app.command("odds")(odds)
    app.command("simulate")(simulate)
    app.command("clock")(clock)


# ---------------------------------------------------------------------------- goldfish
def goldfish(
    deck: str = DECK_ARG,
    seed: Optional[int] = SEED,
    turns: Optional[int] = typer.Option(None, "--turns", "-t", metavar="N", show_default=False, help="Turns to play at most (default: until the game is won or lost)"),
    on_the_draw: bool = ON_THE_DRAW,
    mulligan: Optional[str] = MULLIGAN,
    autoplay: bool = AUTOPLAY,
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    policy: Optional[str] = POLICY,
    champion: Optional[str] = CHAMPION,
    output: str = OUTPUT,
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
) -> None:
    """Play one game turn by turn: hand, runes, cards played and what they cost, units at the base
    and on each battlefield, control, and points by hold and by conquer, until the game ends.

    In a terminal (and without --mulligan) it asks which cards to set aside; otherwise the
    mulligan strategy decides (default: none).
    """
    from deckcheck.cli.common import console
    from deckcheck.goldfish.api import play_game
    from deckcheck.render.goldfish import game_renderables, hand_panel, setup_lines

    read = read_by(deck, mulligan)
    output = output_choice(output, out_file, read, force)
    interactive = (mulligan is None and output == "text" and deck != "-" and out_file in (None, "-")
                   and sys.stdin.isatty())

    plan = deck_plan(deck, champion)
    w = words_for(lang, plan)

    def ask(setup, opening) -> list[int]:
        for line in setup_lines(setup, w):
            console().print(line)
        console().print(hand_panel(opening, "Opening hand", w))
        return _ask_set_aside(len(opening))

    log = play_game(plan, seed=seed, turns=turns, mulligan=mulligan, players=players, seat=seat,
                    on_the_draw=on_the_draw, autoplay=autoplay, policy=policy, choose=ask if interactive else None)
    items = game_renderables(log, w) if output == "text" else []
    if interactive:  # the setup and the opening hand are on the screen already
        items = items[len(setup_lines(log.setup, w)) + 1:]
    emit(log, output, game_renderables, out_file, read, force, items=items, w=w)


def _ask_set_aside(hand_size: int) -> list[int]:
    """Ask for up to 2 card numbers; Enter (or end of input) keeps the hand."""
    while True:
        try:
            answer = input("Set aside which cards? Up to 2 numbers (e.g. 1 3), Enter to keep: ")
        except EOFError:
            return []
        parts = answer.replace(",", " ").split()
        try:
            numbers = [int(p) for p in parts]
        except ValueError:
            sys.stdout.write("  numbers only, please\n")
            continue
        if len(numbers) > 2 or len(set(numbers)) != len(numbers):
            sys.stdout.write("  at most 2 different cards\n")
        elif any(not 1 <= n <= hand_size for n in numbers):
            sys.stdout.write(f"  choose from 1 to {hand_size}\n")
        else:
            return numbers


# ---------------------------------------------------------------------------- odds
def odds(
    deck: str = DECK_ARG,
    card: Optional[str] = typer.Option(None, "--card", metavar="NAME", show_default=False,
                                       help="A card name in the deck"),
    filter_: Optional[str] = typer.Option(None, "--filter", metavar="EXPR", show_default=False,
                                          help="A filter, e.g. 'type=Unit and energy<=2'"),
    runes: Optional[str] = typer.Option(None, "--runes", "-r", metavar="DOMAIN:K", show_default=False,
                                        help="Runes channelled, e.g. Fury:2 or Fury:2,Calm:1"),
    by_turn: Optional[int] = typer.Option(None, "--by-turn", metavar="TURN", show_default=False,
                                          help="Turn (0 = opening hand after the mulligan; default 0 for cards, "
                                          "1 for runes)"),
    at_least: int = typer.Option(1, "--at-least", "-k", metavar="K", help="How many matching cards"),
    mulligan: Optional[List[str]] = typer.Option(
        None, "--mulligan", "-m", metavar="NAME", show_default=False,
        help="none, curve, 'hunt CARD-or-filter', a YAML strategy file, or compare "
        "(every bundled strategy, plus any other --mulligan given)"),
    on_the_draw: bool = ON_THE_DRAW,
    games: int = games_option(100_000, "Games for a Monte Carlo estimate"),
    seed: Optional[int] = SEED,
    method: str = typer.Option("auto", "--method", metavar="METHOD",
                               help="auto (exact when a closed form exists), exact or monte-carlo"),
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    champion: Optional[str] = CHAMPION,
    output: str = OUTPUT,
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
) -> None:
    """The chance of having a card (or cards matching a filter, or runes) by a turn.

    Exact (hypergeometric) whenever a closed form exists, else Monte Carlo with a 95% interval;
    the answer says which.
    """
    from deckcheck.cli.common import game_progress
    from deckcheck.goldfish.api import deck_odds, mulligan_comparison
    from deckcheck.render.castable import comparison_renderables
    from deckcheck.render.goldfish import odds_renderables

    read = read_by(deck, mulligan)
    output = output_choice(output, out_file, read, force)
    method = choose(method, ("auto", "exact", "monte-carlo"), option="--method", what="method")
    compare, given = mulligans_given(mulligan)
    if compare and runes is not None:
        raise DeckcheckError("--mulligan compare: the mulligan never touches the rune deck, so rune odds "
                             "are the same under every strategy")
    if compare and (card is None) == (filter_ is None):
        raise DeckcheckError("ask about one thing: --card NAME, --filter EXPR or --runes DOMAIN:K")
    plan = deck_plan(deck, champion)
    w = words_for(lang, plan)
    card = english_card_name(card)
    where = dict(players=players, seat=seat, on_the_draw=on_the_draw, games=games, seed=seed)
    if compare:
        result = mulligan_comparison(plan, given, card=card, filter=filter_, at_least=at_least,
                                     by_turn=by_turn or 0, **where)
        emit(result, output, comparison_renderables, out_file, read, force, w=w)
        return
    # Only a Monte Carlo estimate plays games; an exact answer never moves (or shows) the bar.
    with game_progress(games * max(by_turn or 0, 1), "estimating", show=output == "text" and method != "exact") as bar:
        result = deck_odds(plan, card=card, filter=filter_, runes=runes, by_turn=by_turn, at_least=at_least,
                           mulligan=given[0] if given else None, method=method, progress=bar.advance,  # type: ignore[arg-type]
                           **where)
    emit(result, output, odds_renderables, out_file, read, force, w=w)


# ---------------------------------------------------------------------------- simulate
def simulate(
    deck: str = DECK_ARG,
    games: int = games_option(20_000),
    turns: int = typer.Option(6, "--turns", "-t", metavar="N", help="Turns per game"),
    mulligan: Optional[str] = MULLIGAN,
    seed: Optional[int] = SEED,
    on_the_draw: bool = ON_THE_DRAW,
    autoplay: bool = AUTOPLAY,
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    policy: Optional[str] = POLICY,
    champion: Optional[str] = CHAMPION,
    output: str = OUTPUT,
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
) -> None:
    """Simulate many games: opening hands, energy and power per turn, points, and castability."""
    from deckcheck.cli.common import game_progress
    from deckcheck.goldfish.api import simulate_games
    from deckcheck.render.goldfish import simulation_renderables

    read = read_by(deck, mulligan)
    output = output_choice(output, out_file, read, force)
    plan = deck_plan(deck, champion)
    w = words_for(lang, plan)
    with game_progress(games * turns, "simulating", show=output == "text") as bar:
        result = simulate_games(plan, games=games, turns=turns, mulligan=mulligan, seed=seed, players=players,
                                seat=seat, on_the_draw=on_the_draw, autoplay=autoplay, policy=policy,
                                progress=bar.advance)
    emit(result, output, simulation_renderables, out_file, read, force, w=w)


# ---------------------------------------------------------------------------- clock
def clock(
    deck: str = DECK_ARG,
    games: int = games_option(20_000, "Games to play"),
    mulligan: Optional[str] = MULLIGAN,
    seed: Optional[int] = SEED,
    on_the_draw: bool = ON_THE_DRAW,
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    policy: Optional[str] = POLICY,
    max_turns: int = typer.Option(60, "--max-turns", metavar="N", help="Count a game not over by this turn as unfinished"),
    champion: Optional[str] = CHAMPION,
    output: str = OUTPUT,
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
    lang: Optional[str] = LANG,
) -> None:
    """How fast the deck wins unopposed: the turn it reaches 8 points, over many seeded games.

    Distribution, mean, median and percentiles with 95% intervals; points by conquer and by hold;
    how often the last-point rule held a point back; how often the deck drew out first.
    """
    from deckcheck.cli.common import game_progress
    from deckcheck.goldfish.api import policy_comparison, win_clock
    from deckcheck.goldfish.policy import POLICIES
    from deckcheck.render.goldfish import clock_renderables, policy_comparison_renderables

    read = read_by(deck, mulligan)
    output = output_choice(output, out_file, read, force)
    compare = policy is not None and policy.strip().lower() == "compare"
    plan = deck_plan(deck, champion)
    w = words_for(lang, plan)
    runs = len(POLICIES) if compare else 1
    where = dict(games=games, mulligan=mulligan, seed=seed, players=players, seat=seat, on_the_draw=on_the_draw,
                 max_turns=max_turns)
    with game_progress(games * runs, "playing", show=output == "text", work=games * runs * CLOCK_TURNS) as bar:
        if compare:
            result = policy_comparison(plan, progress=bar.advance, **where)
        else:
            result = win_clock(plan, policy=policy, progress=bar.advance, **where)
    emit(result, output, policy_comparison_renderables if compare else clock_renderables, out_file, read, force, w=w)
