"""Many seeded games of one deck, summed up: opening hands, resources and castability per turn."""

from __future__ import annotations

import numpy as np

from deckcheck.goldfish.engine import GameBatch
from deckcheck.goldfish.odds import channelled_by
from deckcheck.goldfish.plan import DOMAINS, DeckPlan
from deckcheck.goldfish.results import CardCastability, OpeningStats, Setup, SimulationResult, TurnStats
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.strategy import NONE, Strategy, bind

DEFAULT_GAMES = 20_000
DEFAULT_TURNS = 6


def on_curve_turn(energy: int, runes: int, on_the_draw: bool) -> int | None:
    """The first turn with at least ``energy`` runes channelled (None if the rune deck is too small)."""
    turn = 1
    while channelled_by(turn, runes, on_the_draw) < energy:
        if channelled_by(turn, runes, on_the_draw) >= runes:
            return None
        turn += 1
    return turn


def simulate(
    plan: DeckPlan,
    *,
    games: int = DEFAULT_GAMES,
    turns: int = DEFAULT_TURNS,
    strategy: Strategy = NONE,
    on_the_draw: bool = False,
    seed: int | None = None,
    autoplay: bool = True,
) -> SimulationResult:
    """Play ``games`` games for ``turns`` turns each and summarise them."""
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    seed = fresh_seed() if seed is None else seed
    batch = GameBatch(plan, games, seed, on_the_draw=on_the_draw, autoplay=autoplay)
    bound = bind(strategy, plan)
    set_aside = bound.decide(batch.hand)
    batch.mulligan(set_aside)
    opening = _opening(plan, batch.hand, set_aside.sum(axis=1))

    castable_sum = np.zeros((turns, len(plan.cards)))
    per_turn: list[TurnStats] = []
    burn_outs = np.zeros(games, dtype=np.int64)
    for t in range(turns):
        record = batch.play_turn()
        castable_sum[t] = record.castable.sum(axis=0)
        burn_outs += record.burn_outs
        hand_size = batch.hand.sum(axis=1)
        power = record.pools.mean(axis=0)
        per_turn.append(TurnStats(
            turn=record.turn,
            energy=float(record.energy.mean()),
            power={d.value: float(power[i]) for i, d in enumerate(DOMAINS) if d in plan.rune_counts},
            any_castable=float(record.castable.any(axis=1).mean()),
            played=float(record.played.sum() / games),
            energy_spent=float((record.played @ plan.energy).sum() / games),
            hand_size=float(hand_size.mean()),
            hand_empty=float((hand_size == 0).mean()),
        ))
    castable = castable_sum / games
    cards = []
    for j, card in enumerate(plan.cards):
        curve = on_curve_turn(int(plan.energy[j]), len(plan.runes), on_the_draw)
        cards.append(CardCastability(
            name=card.name, copies=plan.copies[j], energy=int(plan.energy[j]), power=int(plan.power[j]),
            power_domains=[d.value for d in card.power_domains],
            on_curve_turn=curve,
            on_curve=float(castable[curve - 1, j]) if curve is not None and curve <= turns else None,
            by_turn=[float(p) for p in castable[:, j]],
        ))
    return SimulationResult(
        setup=Setup.of(plan, strategy, on_the_draw, seed), games=games, turns=turns, autoplay=autoplay,
        opening=opening, per_turn=per_turn, cards=cards, burn_outs=float(burn_outs.mean()),
    )


def _opening(plan: DeckPlan, hands: np.ndarray, set_aside: np.ndarray) -> OpeningStats:
    mean = hands.mean(axis=0)
    curve: dict[int, float] = {}
    types: dict[str, float] = {}
    for j, card in enumerate(plan.cards):
        cost = int(plan.energy[j])
        curve[cost] = curve.get(cost, 0.0) + float(mean[j])
        types[card.type.value] = types.get(card.type.value, 0.0) + float(mean[j])
    return OpeningStats(
        mulligan_rate=float((set_aside > 0).mean()),
        set_aside=float(set_aside.mean()),
        curve=dict(sorted(curve.items())),
        types=dict(sorted(types.items(), key=lambda kv: -kv[1])),
    )
