"""Many seeded games of one deck, summed up: opening hands, resources and castability per turn.

Per-card castability does not depend on the autopilot (see :mod:`deckcheck.goldfish.castable`):
a copy drawn and kept by then, played or not, and the runes channelled so far, none recycled. The
per-turn figures (energy, P(a play), cards played, energy spent, hand size) are the autopilot's:
its hand and its runes after what it played and recycled on earlier turns."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from deckcheck.words import say
from deckcheck.goldfish.castable import ChannelledRunes, accepted_runes, castable_now, natural_turn_alone
from deckcheck.goldfish.engine import IGNORES, GameBatch, TurnRecord, batches
from deckcheck.goldfish.payment import PlayKinds
from deckcheck.goldfish.plan import DOMAINS, DeckPlan
from deckcheck.goldfish.policy import Policy, get_policy
from deckcheck.goldfish.resources import PowerModel
from deckcheck.goldfish.results import CardCastability, OpeningStats, Setup, SimulationResult, TurnStats
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.strategy import NONE, Strategy, bind

DEFAULT_GAMES = 20_000
DEFAULT_TURNS = 6


def simulate(
    plan: DeckPlan,
    *,
    games: int = DEFAULT_GAMES,
    turns: int = DEFAULT_TURNS,
    strategy: Strategy = NONE,
    on_the_draw: bool = False,
    seed: int | None = None,
    autoplay: bool = True,
    seat: Seat | None = None,
    policy: Policy | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games for ``turns`` turns each and summarise them.

    Games go on after the deck reached the victory score (the figures per turn are over every game).
    ``progress`` is told the games of each turn played (``games * turns`` in all).
    """
    if games < 1 or turns < 1:
        raise ValueError("games and turns must be at least 1")
    seed = fresh_seed() if seed is None else seed
    bound = bind(strategy, plan)
    seat = seat if seat is not None else Seat.of(2, on_the_draw)
    on_the_draw = seat.on_the_draw
    policy = policy if policy is not None else get_policy()
    kinds = PlayKinds(plan)
    totals = _Totals(plan, turns)
    for part, size in batches(games):
        batch = GameBatch(plan, size, seed, autoplay=autoplay, part=part, seat=seat, policy=policy, kinds=kinds,
                          progress=progress)
        set_aside = bound.decide(batch.hand)
        batch.mulligan(set_aside)
        totals.add_opening(batch.hand, set_aside.sum(axis=1), batch.blanks_in_hand)
        channelled = ChannelledRunes(plan, size)
        final_points = np.zeros(size, dtype=np.int64)  # a won game's points when it was won
        for t in range(turns):
            record = batch.play_turn()
            # Games go on after a win (the per-turn figures are over every game), but a won game
            # scores no more: its points stay those it had on the turn it was won.
            won_now = record.won_by == t + 1
            final_points[won_now] = record.points[won_now]
            points = np.where(record.won_by > 0, final_points, record.points)
            # Castability of the deck, not of the autopilot: copies drawn so far (played or not)
            # and every rune channelled so far (recycled or not).
            castable = castable_now(plan, batch.power, batch.drawn, channelled.add(record.channelled))
            totals.add_turn(t, record, points, batch.hand.sum(axis=1) + batch.blanks_in_hand, castable)
    return SimulationResult(
        setup=Setup.of(plan, strategy, on_the_draw, seed, seat=seat), games=games, turns=turns, autoplay=autoplay,
        policy=policy.describe() if autoplay else say("none: no cards played"), ignores=list(IGNORES),
        opening=totals.opening(games), per_turn=totals.per_turn(games),
        cards=totals.cards(games, seat), burn_outs=float(totals.burn_outs / games),
    )


class _Totals:
    """Sums over every game of a run (batch by batch); divided by the game count at the end."""

    def __init__(self, plan: DeckPlan, turns: int) -> None:
        self.plan = plan
        cards, domains = len(plan.cards), len(DOMAINS)
        self.hand = np.zeros(cards)
        self.mulligans = self.set_aside = self.burn_outs = self.blanks = 0
        self.castable = np.zeros((turns, cards))
        self.energy = np.zeros(turns)
        self.power = np.zeros((turns, domains))
        self.any_castable = np.zeros(turns)
        self.played = np.zeros(turns)
        self.spent = np.zeros(turns)
        self.hand_size = np.zeros(turns)
        self.hand_empty = np.zeros(turns)
        self.points = np.zeros(turns)
        self.won = np.zeros(turns)

    def add_opening(self, hands: np.ndarray, set_aside: np.ndarray, blanks: np.ndarray) -> None:
        self.hand += hands.sum(axis=0)
        self.blanks += int(blanks.sum())
        self.mulligans += int((set_aside > 0).sum())
        self.set_aside += int(set_aside.sum())

    def add_turn(self, t: int, record: TurnRecord, points: np.ndarray, hand_size: np.ndarray,
                 castable: np.ndarray) -> None:
        self.castable[t] += castable.sum(axis=0)
        self.energy[t] += record.energy.sum()
        self.power[t] += record.pools.sum(axis=0)
        self.any_castable[t] += record.castable.any(axis=1).sum()
        self.played[t] += record.played.sum()
        self.spent[t] += record.paid.sum() if record.paid is not None else (record.played @ self.plan.energy).sum()
        self.points[t] += points.sum()
        self.won[t] += (record.won_by > 0).sum()
        self.hand_size[t] += hand_size.sum()
        self.hand_empty[t] += (hand_size == 0).sum()
        self.burn_outs += int(record.burn_outs.sum())

    def opening(self, games: int) -> OpeningStats:
        mean = self.hand / games
        curve: dict[int, float] = {}
        types: dict[str, float] = {}
        for j, card in enumerate(self.plan.cards):
            cost = int(self.plan.energy[j])
            curve[cost] = curve.get(cost, 0.0) + float(mean[j])
            types[card.type.value] = types.get(card.type.value, 0.0) + float(mean[j])
        if self.blanks:
            types["unknown"] = self.blanks / games
        return OpeningStats(
            mulligan_rate=self.mulligans / games,
            set_aside=self.set_aside / games,
            curve=dict(sorted(curve.items())),
            types=dict(sorted(types.items(), key=lambda kv: -kv[1])),
        )

    def per_turn(self, games: int) -> list[TurnStats]:
        used = [i for i, d in enumerate(DOMAINS) if d in self.plan.rune_counts]
        return [
            TurnStats(
                turn=t + 1,
                energy=float(self.energy[t] / games),
                power={DOMAINS[i].value: float(self.power[t, i] / games) for i in used},
                any_castable=float(self.any_castable[t] / games),
                played=float(self.played[t] / games),
                energy_spent=float(self.spent[t] / games),
                hand_size=float(self.hand_size[t] / games),
                hand_empty=float(self.hand_empty[t] / games),
                points=float(self.points[t] / games),
                won=float(self.won[t] / games),
            )
            for t in range(len(self.energy))
        ]

    def cards(self, games: int, seat: Seat) -> list[CardCastability]:
        plan, turns = self.plan, len(self.energy)
        castable = self.castable / games
        accepted = accepted_runes(plan, PowerModel(plan.cards))
        out = []
        for j, card in enumerate(plan.cards):
            curve = natural_turn_alone(plan, accepted, j, seat)
            out.append(CardCastability(
                name=card.name, copies=plan.copies[j], energy=int(plan.energy[j]), power=int(plan.power[j]),
                power_domains=[d.value for d in card.power_domains],
                on_curve_turn=curve,
                on_curve=float(castable[curve - 1, j]) if curve is not None and curve <= turns else None,
                by_turn=[float(p) for p in castable[:, j]],
            ))
        return out
