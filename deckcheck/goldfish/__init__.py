"""The goldfish engine: seeded solo games, exact odds where a closed form exists, Monte Carlo otherwise.

One call per question, each taking a deck compiled by :func:`load_plan` (see :mod:`deckcheck.goldfish.api`)::

    from deckcheck.goldfish import load_plan, castable_table, win_clock
    plan = load_plan("sample_decks/legal-jinx-loose-cannon.txt")
    castable_table(plan).on_curve          # copies-weighted P(castable on the natural turn)
    win_clock(plan, games=20_000, seed=1).mean

Names are imported on first use, so importing one engine module stays cheap.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: they see each export's own type
if TYPE_CHECKING:
    from deckcheck.goldfish.api import (castable_table, deck_odds, load_plan, mulligan_comparison, play_game,
                                        policy_comparison, rune_split_ranking, simulate_games, win_clock)
    from deckcheck.goldfish.plan import DeckPlan
    from deckcheck.goldfish.seat import Seat
    from deckcheck.goldfish.strategy import Strategy, parse_strategy

_API = "deckcheck.goldfish.api"
_EXPORTS = {
    "load_plan": _API, "castable_table": _API, "rune_split_ranking": _API, "mulligan_comparison": _API,
    "deck_odds": _API, "simulate_games": _API, "win_clock": _API, "policy_comparison": _API, "play_game": _API,
    "DeckPlan": "deckcheck.goldfish.plan", "Seat": "deckcheck.goldfish.seat",
    "Strategy": "deckcheck.goldfish.strategy", "parse_strategy": "deckcheck.goldfish.strategy",
}

__all__ = [
    "DeckPlan", "Seat", "Strategy", "castable_table", "deck_odds", "load_plan", "mulligan_comparison",
    "parse_strategy", "play_game", "policy_comparison", "rune_split_ranking", "simulate_games", "win_clock",
]


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck.goldfish' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
