"""``--mulligan compare``: every bundled strategy (and any given) on the same question, ranked.

Every strategy answers the same question with the same seed, so Monte Carlo runs share their
random draws (common random numbers) and their differences are not noise of separate seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from deckcheck.goldfish.castable import castable
from deckcheck.goldfish.odds import DEFAULT_GAMES, CardQuestion, card_odds
from deckcheck.goldfish.plan import DeckPlan
from deckcheck.goldfish.results import MulliganComparison, Setup, StrategyScore
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.strategy import BUILT_INS, Strategy, hunt
from deckcheck.words import say

COMPARE = "compare"


def strategies_to_compare(extra: Sequence[Strategy], hunt_target: str | None = None) -> list[Strategy]:
    """The bundled strategies (none, curve, and ``hunt X`` when a card or filter is asked about),
    then the ones given, without repeats."""
    chosen = list(BUILT_INS.values())
    if hunt_target:
        chosen.append(hunt(hunt_target))
    for strategy in extra:
        if all(strategy != other for other in chosen):
            chosen.append(strategy)
    return chosen


#: A strategy's score: the strategy, its value, how it was found ("exact" or "monte-carlo") and its interval.
_Scored = tuple[Strategy, float, Literal["exact", "monte-carlo"], float | None, float | None]


def _rank(plan: DeckPlan, question: str, seat: Seat | None, on_the_draw: bool, seed: int,
          scored: list[_Scored]) -> MulliganComparison:
    order = sorted(range(len(scored)), key=lambda i: (-scored[i][1], i))
    scores = [
        StrategyScore(rank=rank, strategy=scored[i][0].name, description=scored[i][0].describe(),
                      value=scored[i][1], method=scored[i][2], low=scored[i][3], high=scored[i][4])
        for rank, i in enumerate(order, 1)
    ]
    simulated = any(s.method == "monte-carlo" for s in scores)
    strategy_text = say("compared: {strategies}", strategies=", ".join(s.strategy for s in scores))
    return MulliganComparison(setup=Setup.of(plan, strategy_text, on_the_draw, seed if simulated else None,
                                                            seat=seat),
                              question=question, strategies=scores, seed=seed if simulated else None)


def compare_odds(plan: DeckPlan, asked: CardQuestion, strategies: list[Strategy], *, at_least: int = 1,
                 by_turn: int = 0, on_the_draw: bool = False, games: int = DEFAULT_GAMES,
                 seed: int | None = None, seat: Seat | None = None) -> MulliganComparison:
    """``odds`` under every strategy, ranked by the probability (highest first)."""
    seed = fresh_seed() if seed is None else seed
    scored: list[_Scored] = []
    question = ""
    for strategy in strategies:
        result = card_odds(plan, asked, at_least=at_least, by_turn=by_turn, strategy=strategy,
                           on_the_draw=on_the_draw, games=games, seed=seed, seat=seat)
        question = say("P({question})", question=result.question)
        scored.append((strategy, result.probability, result.method, result.low, result.high))
    return _rank(plan, question, seat, on_the_draw, seed, scored)


def compare_castable(plan: DeckPlan, strategies: list[Strategy], *, on_the_draw: bool = False,
                     games: int = DEFAULT_GAMES, seed: int | None = None,
                     seat: Seat | None = None) -> MulliganComparison:
    """``castable`` under every strategy, ranked by the on-curve average (highest first)."""
    seed = fresh_seed() if seed is None else seed
    scored: list[_Scored] = []
    for strategy in strategies:
        result = castable(plan, strategy=strategy, on_the_draw=on_the_draw, games=games, seed=seed, seat=seat)
        scored.append((strategy, result.on_curve, result.method, result.on_curve_low, result.on_curve_high))
    return _rank(plan, say("average P(castable on the natural turn), weighted by copies"), seat, on_the_draw, seed,
                 scored)
