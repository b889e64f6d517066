"""``deckcheck goldfish``, ``odds``, ``simulate`` and ``clock``: the goldfish engine from the command line."""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from deckcheck.cli.options import (CHAMPION, choose, FORCE, ON_THE_DRAW, OUT_FILE, SEED, games_option, mulligan_option,
                                   output_of, output_option, refuse_overwriting_inputs, write_out)
from deckcheck.errors import DeckcheckError

OUTPUTS = ("text", "json")
MAX_TURNS = 100
MAX_GAMES = 10_000_000
#: ``goldfish`` without --turns plays until the game is over, at most this many turns.
MAX_GAME_TURNS = 60


def register(app: typer.Typer) -> None:
    app.command("goldfish")(goldfish)
    app.command("odds")(odds)
    app.command("simulate")(simulate)
    app.command("clock")(clock)


# ---------------------------------------------------------------------------- shared
def _output(value: str, out_file: str | None = None, deck: str | None = None, force: bool = False) -> str:
    """The chosen output (the settings in force read, as by every command); refuses early an
    --out-file that is the deck itself."""
    from deckcheck.cli.in_force import settings_in_force

    refuse_overwriting_inputs(out_file, [deck, *settings_in_force().files], force)
    return output_of(value, False, OUTPUTS)


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise DeckcheckError(f"{name} must be between {low} and {high:,}, not {value}")


def _check_seed(seed: int | None) -> None:
    if seed is not None and seed < 0:
        raise DeckcheckError(f"--seed must be 0 or more, not {seed}")


def _plan(deck_arg: str, champion: str | None):
    """Load, resolve and compile the deck; deck problems become warnings on stderr."""
    from deckcheck.cli.common import card_db
    from deckcheck.decks.load import load_deck
    from deckcheck.goldfish.plan import plan_deck

    deck = load_deck(deck_arg, card_db(), champion=champion)
    for problem in deck.problems:
        if problem.severity.value == "error":
            where = f"{problem.source}: " if str(problem.source) else ""
            sys.stderr.write(f"deckcheck: warning: {where}{problem.message}\n")
    return plan_deck(deck)


def _strategy(spec: str | None):
    from deckcheck.goldfish.strategy import parse_strategy

    return parse_strategy(spec)


def _emit(result, output: str, render, out_file: str | None = None, deck: str | None = None,
          force: bool = False, items=None) -> None:
    """``result`` as JSON or as its text renderables, on stdout or into --out-file."""
    from deckcheck.cli.common import console, json_text, plain_text

    if output == "json":
        write_out(json_text(result.model_dump(mode="json")), out_file, inputs=[deck], force=force)
        return
    items = render(result) if items is None else items
    if out_file not in (None, "-"):
        from rich.console import Group

        write_out(plain_text(Group(*items)), out_file, inputs=[deck], force=force)
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


def _seat(players: int, on_the_draw: bool, seat: int | None):
    from deckcheck.goldfish.seat import Seat

    return Seat.of(players, on_the_draw, seat)


def _policy(name: str | None):
    from deckcheck.goldfish.policy import get_policy

    return get_policy(name)


# ---------------------------------------------------------------------------- goldfish
def goldfish(
    deck: str = DECK_ARG,
    seed: Optional[int] = SEED,
    turns: Optional[int] = typer.Option(None, "--turns", "-t", metavar="N", show_default=False, help="Turns to play at most (default: until the game is won or lost)"),
    on_the_draw: bool = ON_THE_DRAW,
    mulligan: Optional[str] = MULLIGAN,
    autoplay: bool = typer.Option(True, "--autoplay/--no-autoplay", help="Play cards and move units each turn (see --policy)"),
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    policy: Optional[str] = POLICY,
    champion: Optional[str] = CHAMPION,
    output: str = OUTPUT,
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
) -> None:
    """Play one game turn by turn: hand, runes, cards played and what they cost, units at the base
    and on each battlefield, control, and points by hold and by conquer, until the game ends.

    In a terminal (and without --mulligan) it asks which cards to set aside; otherwise the
    mulligan strategy decides (default: none).
    """
    from deckcheck.cli.common import console
    from deckcheck.goldfish.game import GoldfishGame
    from deckcheck.goldfish.results import Setup
    from deckcheck.goldfish.strategy import bind
    from deckcheck.render.goldfish import game_renderables, hand_panel, setup_lines

    output = _output(output, out_file, deck, force)
    _check_seed(seed)
    turns = MAX_GAME_TURNS if turns is None else turns
    _check_range("--turns", turns, 1, MAX_TURNS)
    table = _seat(players, on_the_draw, seat)
    play_policy = _policy(policy)
    plan = _plan(deck, champion)
    strategy = _strategy(mulligan)
    bound = bind(strategy, plan)
    game = GoldfishGame(plan, seed=seed, autoplay=autoplay, seat=table, policy=play_policy)
    interactive = (mulligan is None and output == "text" and deck != "-" and out_file in (None, "-")
                   and sys.stdin.isatty())
    out = console()
    if interactive:
        for line in setup_lines(Setup.of(plan, "chosen by you at the prompt", table.on_the_draw, game.seed, seat=table)):
            out.print(line)
        out.print(hand_panel(game.opening, "Opening hand"))
        game.mulligan(_ask_set_aside(len(game.opening)), by="you")
        strategy_text = "chosen by you at the prompt"
    else:
        game.mulligan_by_strategy(bound)
        strategy_text = strategy.describe()
    log = game.log(game.play(turns), strategy_text)
    items = game_renderables(log) if output == "text" else []
    if interactive:
        items = items[len(setup_lines(log.setup)) + 1:]
    _emit(log, output, game_renderables, out_file, deck, force, items=items)


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
) -> None:
    """The chance of having a card (or cards matching a filter, or runes) by a turn.

    Exact (hypergeometric) whenever a closed form exists, else Monte Carlo with a 95% interval;
    the answer says which.
    """
    from deckcheck.cli.castable_cmd import strategies_given
    from deckcheck.goldfish.odds import card_odds, card_question, parse_rune_needs, rune_odds
    from deckcheck.render.goldfish import odds_renderables

    output = _output(output, out_file, deck, force)
    _check_seed(seed)
    method = choose(method, ("auto", "exact", "monte-carlo"), option="--method", what="method")
    if sum(x is not None for x in (card, filter_, runes)) != 1:
        raise DeckcheckError("ask about one thing: --card NAME, --filter EXPR or --runes DOMAIN:K")
    _check_range("--games", games, 1, MAX_GAMES)
    _check_range("--at-least", at_least, 1, 40)
    from deckcheck.goldfish.seat import Seat

    place = Seat.of(players, on_the_draw, seat)
    plan = _plan(deck, champion)

    compared, strategy = strategies_given(mulligan, hunt_target=card or filter_)
    if runes is not None:
        if compared is not None:
            raise DeckcheckError("--mulligan compare: the mulligan never touches the rune deck, so rune odds "
                                 "are the same under every strategy")
        turn = 1 if by_turn is None else by_turn
        _check_range("--by-turn", turn, 0, MAX_TURNS)
        result = rune_odds(plan, parse_rune_needs(runes), by_turn=turn, strategy=strategy, seat=place)
        _emit(result, output, odds_renderables, out_file, deck, force)
        return
    turn = 0 if by_turn is None else by_turn
    _check_range("--by-turn", turn, 0, MAX_TURNS)
    asked = card_question(plan, card, filter_)
    if compared is not None:
        from deckcheck.goldfish.compare import compare_odds
        from deckcheck.render.castable import comparison_renderables

        _emit(compare_odds(plan, asked, compared, at_least=at_least, by_turn=turn, games=games, seed=seed,
                           seat=place), output, comparison_renderables, out_file, deck, force)
        return
    from deckcheck.cli.common import game_progress

    # Only a Monte Carlo estimate plays games; an exact answer never moves (or shows) the bar.
    with game_progress(games * max(turn, 1), "estimating", show=output == "text" and method != "exact"):
        result = card_odds(plan, asked, at_least=at_least, by_turn=turn, strategy=strategy, games=games,
                           seed=seed, method=method, seat=place)  # type: ignore[arg-type]
    _emit(result, output, odds_renderables, out_file, deck, force)


# ---------------------------------------------------------------------------- simulate
def simulate(
    deck: str = DECK_ARG,
    games: int = games_option(20_000),
    turns: int = typer.Option(6, "--turns", "-t", metavar="N", help="Turns per game"),
    mulligan: Optional[str] = MULLIGAN,
    seed: Optional[int] = SEED,
    on_the_draw: bool = ON_THE_DRAW,
    autoplay: bool = typer.Option(True, "--autoplay/--no-autoplay", help="Play cards and move units each turn (see --policy)"),
    players: int = PLAYERS,
    seat: Optional[int] = SEAT,
    policy: Optional[str] = POLICY,
    champion: Optional[str] = CHAMPION,
    output: str = OUTPUT,
    out_file: Optional[str] = OUT_FILE,
    force: bool = FORCE,
) -> None:
    """Simulate many games: opening hands, energy and power per turn, points, and castability."""
    from deckcheck.goldfish.simulate import simulate as run
    from deckcheck.render.goldfish import simulation_renderables

    output = _output(output, out_file, deck, force)
    _check_seed(seed)
    _check_range("--games", games, 1, MAX_GAMES)
    _check_range("--turns", turns, 1, MAX_TURNS)
    table = _seat(players, on_the_draw, seat)
    play_policy = _policy(policy)
    plan = _plan(deck, champion)
    from deckcheck.cli.common import game_progress

    with game_progress(games * turns, "simulating", show=output == "text"):
        result = run(plan, games=games, turns=turns, strategy=_strategy(mulligan), seed=seed, autoplay=autoplay,
                     seat=table, policy=play_policy)
    _emit(result, output, simulation_renderables, out_file, deck, force)


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
) -> None:
    """How fast the deck wins unopposed: the turn it reaches 8 points, over many seeded games.

    Distribution, mean, median and percentiles with 95% intervals; points by conquer and by hold;
    how often the last-point rule held a point back; how often the deck drew out first.
    """
    from deckcheck.goldfish.clock import clock as run
    from deckcheck.render.goldfish import clock_renderables

    output = _output(output, out_file, deck, force)
    _check_seed(seed)
    _check_range("--games", games, 1, MAX_GAMES)
    _check_range("--max-turns", max_turns, 1, 200)
    table = _seat(players, on_the_draw, seat)
    if policy is not None and policy.strip().lower() == "compare":
        from deckcheck.goldfish.clock import compare_policies
        from deckcheck.render.goldfish import policy_comparison_renderables

        plan = _plan(deck, champion)
        result = compare_policies(plan, games=games, strategy=_strategy(mulligan), seat=table, seed=seed,
                                  max_turns=max_turns)
        _emit(result, output, policy_comparison_renderables, out_file, deck, force)
        return
    play_policy = _policy(policy)
    plan = _plan(deck, champion)
    result = run(plan, games=games, strategy=_strategy(mulligan), seat=table, seed=seed, policy=play_policy,
                 max_turns=max_turns)
    _emit(result, output, clock_renderables, out_file, deck, force)
