"""The goldfish as library calls: one function per question, options in, a result model out.

Each function takes a compiled deck (:func:`load_plan`) and the options a player gives on the
command line, checks them, and returns a pydantic model (``.model_dump()`` is the JSON output).
Nothing here prints; a long run reports its work through ``progress(steps)`` if given.

>>> from deckcheck.goldfish import castable_table, load_plan, win_clock
>>> plan = load_plan("sample_decks/legal-jinx-loose-cannon.txt")
>>> table = castable_table(plan)
>>> table.setup.library, table.method
(39, 'exact')
>>> row = next(r for r in table.cards if r.card == "Pouty Poro" and r.turn == 1)
>>> round(row.probability, 4)  # 2 copies among 39 cards, 5 seen by turn 1
0.2429
>>> win_clock(plan, games=2_000, seed=1).won > 0.9
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Literal

from deckcheck.words import say
from deckcheck.cards.lookup import CardDB
from deckcheck.decks.model import Deck
from deckcheck.errors import DeckcheckError
from deckcheck.goldfish.plan import DeckPlan, plan_deck
from deckcheck.goldfish.results import (CastableResult, ClockResult, GameLog, HandCard, MulliganComparison,
                                        OddsResult, PolicyComparison, RuneSplitResult, Setup, SimulationResult)
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.strategy import Strategy, parse_strategy

MAX_GAMES = 10_000_000
MAX_TURNS = 100
#: A game without a turn limit plays until it is over, at most this many turns.
MAX_GAME_TURNS = 60
Progress = Callable[[int], None]
#: Called with the setup and the numbered opening hand; returns the numbers to set aside (at most 2).
Chooser = Callable[[Setup, list[HandCard]], list[int]]


def load_plan(deck: str | os.PathLike[str] | Deck, *, champion: str | None = None, cards: CardDB | None = None,
              warn: Callable[[str], None] | None = None) -> DeckPlan:
    """A deck (file, deck code, ``-`` for stdin, or a resolved Deck) compiled for the engine."""
    if not isinstance(deck, Deck):
        from deckcheck.decks.load import load_deck

        deck = load_deck(deck, cards, champion=champion)
    if warn is not None:
        for problem in deck.problems:
            if problem.severity.value == "error":
                where = f"{problem.source}: " if str(problem.source) else ""
                warn(f"{where}{problem.message}")
    return plan_deck(deck)


def castable_table(plan: DeckPlan, *, mulligan: str | Strategy | None = None, players: int = 2,
                   seat: int | None = None, on_the_draw: bool = False, games: int = 100_000,
                   seed: int | None = None) -> CastableResult:
    """P(each card can be played) on its natural turn and the two after it."""
    from deckcheck.goldfish.castable import castable

    check_options(games=games, seed=seed)
    return castable(plan, strategy=strategy_of(mulligan), games=games, seed=seed, seat=Seat.of(players, on_the_draw, seat))


def rune_split_ranking(plan: DeckPlan, *, mulligan: str | Strategy | None = None, players: int = 2,
                       seat: int | None = None, on_the_draw: bool = False, games: int = 100_000,
                       seed: int | None = None) -> RuneSplitResult:
    """Every split of the 12 runes between the legend's two domains, ranked by on-curve castability."""
    from deckcheck.goldfish.castable import rune_splits

    check_options(games=games, seed=seed)
    domains = plan.legend_domains
    if len(domains) != 2:
        raise DeckcheckError(f"--runes-compare needs a legend with two domains; this deck's legend has "
                             f"{len(domains) or 'no'} domain{'s' if len(domains) != 1 else ''}")
    return rune_splits(plan, (domains[0], domains[1]), strategy=strategy_of(mulligan), games=games, seed=seed,
                       seat=Seat.of(players, on_the_draw, seat))


def mulligan_comparison(plan: DeckPlan, mulligans: Sequence[str | Strategy] = (), *, card: str | None = None,
                        filter: str | None = None, at_least: int = 1, by_turn: int = 0, players: int = 2,
                        seat: int | None = None, on_the_draw: bool = False, games: int = 100_000,
                        seed: int | None = None) -> MulliganComparison:
    """Mulligan strategies (bundled and given) ranked by the odds of a card or filter, else by castability."""
    from deckcheck.goldfish.compare import compare_castable, compare_odds, strategies_to_compare
    from deckcheck.goldfish.odds import card_question

    check_options(games=games, seed=seed)
    place = Seat.of(players, on_the_draw, seat)
    given = [strategy_of(m) for m in mulligans]
    if card is None and filter is None:
        return compare_castable(plan, strategies_to_compare(given), games=games, seed=seed, seat=place)
    check_options(at_least=at_least, by_turn=by_turn)
    return compare_odds(plan, card_question(plan, card, filter), strategies_to_compare(given, card or filter),
                        at_least=at_least, by_turn=by_turn, games=games, seed=seed, seat=place)


def deck_odds(plan: DeckPlan, *, card: str | None = None, filter: str | None = None, runes: str | None = None,
              by_turn: int | None = None, at_least: int = 1, mulligan: str | Strategy | None = None,
              players: int = 2, seat: int | None = None, on_the_draw: bool = False, games: int = 100_000,
              seed: int | None = None, method: Literal["auto", "exact", "monte-carlo"] = "auto",
              progress: Progress | None = None) -> OddsResult:
    """P(at least ``at_least`` of a card, of cards matching a filter, or of runes) by a turn."""
    from deckcheck.goldfish.odds import card_odds, card_question, parse_rune_needs, rune_odds

    if sum(x is not None for x in (card, filter, runes)) != 1:
        raise DeckcheckError("ask about one thing: --card NAME, --filter EXPR or --runes DOMAIN:K")
    if method not in ("auto", "exact", "monte-carlo"):
        raise DeckcheckError(f"choose auto, exact or monte-carlo, not '{method}'", parameter="method")
    turn = (1 if runes is not None else 0) if by_turn is None else by_turn
    check_options(games=games, seed=seed, at_least=at_least, by_turn=turn)
    place = Seat.of(players, on_the_draw, seat)
    strategy = strategy_of(mulligan)
    if runes is not None:
        return rune_odds(plan, parse_rune_needs(runes), by_turn=turn, strategy=strategy, seat=place)
    return card_odds(plan, card_question(plan, card, filter), at_least=at_least, by_turn=turn, strategy=strategy,
                     games=games, seed=seed, method=method, seat=place, progress=progress)


def simulate_games(plan: DeckPlan, *, games: int = 20_000, turns: int = 6, mulligan: str | Strategy | None = None,
                   seed: int | None = None, players: int = 2, seat: int | None = None, on_the_draw: bool = False,
                   autoplay: bool = True, policy: str | None = None,
                   progress: Progress | None = None) -> SimulationResult:
    """Many games of ``turns`` turns: opening hands, resources, plays, points and castability per turn."""
    from deckcheck.goldfish.policy import get_policy
    from deckcheck.goldfish.simulate import simulate

    check_options(games=games, seed=seed, turns=turns)
    return simulate(plan, games=games, turns=turns, strategy=strategy_of(mulligan), seed=seed, autoplay=autoplay,
                    seat=Seat.of(players, on_the_draw, seat), policy=get_policy(policy), progress=progress)


def win_clock(plan: DeckPlan, *, games: int = 20_000, mulligan: str | Strategy | None = None, seed: int | None = None,
              players: int = 2, seat: int | None = None, on_the_draw: bool = False, policy: str | None = None,
              max_turns: int = 60, progress: Progress | None = None) -> ClockResult:
    """How fast the deck wins unopposed: the turn it reaches 8 points over many seeded games."""
    from deckcheck.goldfish.clock import clock
    from deckcheck.goldfish.policy import get_policy

    check_options(games=games, seed=seed, max_turns=max_turns)
    return clock(plan, games=games, strategy=strategy_of(mulligan), seat=Seat.of(players, on_the_draw, seat),
                 seed=seed, policy=get_policy(policy), max_turns=max_turns, progress=progress)


def policy_comparison(plan: DeckPlan, *, games: int = 20_000, mulligan: str | Strategy | None = None,
                      seed: int | None = None, players: int = 2, seat: int | None = None, on_the_draw: bool = False,
                      max_turns: int = 60, progress: Progress | None = None) -> PolicyComparison:
    """The clock under every play policy on the same games, fastest first."""
    from deckcheck.goldfish.clock import compare_policies

    check_options(games=games, seed=seed, max_turns=max_turns)
    return compare_policies(plan, games=games, strategy=strategy_of(mulligan), seat=Seat.of(players, on_the_draw, seat),
                            seed=seed, max_turns=max_turns, progress=progress)


def play_game(plan: DeckPlan, *, seed: int | None = None, turns: int | None = None,
              mulligan: str | Strategy | None = None, players: int = 2, seat: int | None = None,
              on_the_draw: bool = False, autoplay: bool = True, policy: str | None = None,
              choose: Chooser | None = None) -> GameLog:
    """One game, turn by turn, until it is won or lost (or ``turns``); ``choose`` picks the mulligan."""
    from deckcheck.goldfish.game import GoldfishGame
    from deckcheck.goldfish.policy import get_policy
    from deckcheck.goldfish.strategy import bind

    turns = MAX_GAME_TURNS if turns is None else turns
    check_options(seed=seed, turns=turns)
    place = Seat.of(players, on_the_draw, seat)
    game = GoldfishGame(plan, seed=seed, autoplay=autoplay, seat=place, policy=get_policy(policy))
    if choose is not None:
        by: str = say("chosen by you at the prompt")
        game.mulligan(choose(Setup.of(plan, by, place.on_the_draw, game.seed, seat=place), game.opening), by="you")
    else:
        strategy = strategy_of(mulligan)
        game.mulligan_by_strategy(bind(strategy, plan))
        by = strategy.describe()
    return game.log(game.play(turns), by)


# ---------------------------------------------------------------------------- options
def strategy_of(mulligan: str | Strategy | None) -> Strategy:
    """A mulligan strategy from its name, ``hunt X`` or a YAML file (``None``: keep every hand)."""
    return mulligan if isinstance(mulligan, Strategy) else parse_strategy(mulligan)


def check_options(*, games: int | None = None, seed: int | None = None, turns: int | None = None,
           max_turns: int | None = None, at_least: int | None = None, by_turn: int | None = None) -> None:
    """Refuse an option out of its range, naming its parameter (the command line names its option)."""
    if seed is not None and seed < 0:
        raise DeckcheckError(f"must be 0 or more, not {seed}", parameter="seed")
    for name, value, low, high in (("games", games, 1, MAX_GAMES), ("turns", turns, 1, MAX_TURNS),
                                   ("max_turns", max_turns, 1, 200), ("at_least", at_least, 1, 40),
                                   ("by_turn", by_turn, 0, MAX_TURNS)):
        if value is not None and not low <= value <= high:
            raise DeckcheckError(f"must be between {low} and {high:,}, not {value}", parameter=name)
