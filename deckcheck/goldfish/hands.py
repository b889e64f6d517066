"""Sample opening hands: seeded, each one replayable with ``deckcheck goldfish DECK --seed N``."""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.goldfish.game import GoldfishGame
from deckcheck.goldfish.plan import DeckPlan
from deckcheck.goldfish.results import HandCard
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.strategy import NONE, Strategy, bind


@dataclass(frozen=True, slots=True)
class SampleHand:
    """One sample opening hand: its game's ``seed`` (``deckcheck goldfish DECK --seed N`` plays it on),
    the ``opening`` hand, the cards ``set_aside`` by the mulligan and the hand ``kept`` after it."""

    seed: int
    opening: list[HandCard]
    set_aside: list[str]
    kept: list[HandCard]


def sample_hands(plan: DeckPlan, *, count: int = 5, seed: int | None = None, strategy: Strategy = NONE,
                 on_the_draw: bool = False) -> tuple[int, list[SampleHand]]:
    """``count`` opening hands with seeds ``seed``, ``seed + 1``, ...; returns the first seed too."""
    first = fresh_seed() if seed is None else seed
    bound = bind(strategy, plan)
    hands = []
    for k in range(count):
        game = GoldfishGame(plan, seed=first + k, on_the_draw=on_the_draw, autoplay=False)
        game.mulligan_by_strategy(bound)
        hands.append(SampleHand(seed=first + k, opening=game.opening, set_aside=game.set_aside, kept=game.kept))
    return first, hands
