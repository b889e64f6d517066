"""The clock: over many seeded games, the turn the deck reaches the victory score unopposed.

Each game is played by the engine (:mod:`deckcheck.goldfish.engine`) under a play policy
(:mod:`deckcheck.goldfish.policy`) until it is won, lost (the deck drew out and burn-outs gave the
opponent the victory score), or ``max_turns`` have passed. Finished games leave the batch, so the
slow decks do not hold up the fast ones.

Figures: the probability of winning on each turn (95% Wilson intervals), the mean winning turn
(games won; 95% normal interval), the median and other percentiles over all games (games not won
count as later than any turn) with distribution-free 95% intervals from order statistics, how the
points were scored, how often the last-point rule turned a conquer into a card drawn, and how
often the deck drew out first.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from deckcheck.goldfish.engine import IGNORES, GameBatch, batches
from deckcheck.goldfish.payment import PlayKinds
from deckcheck.goldfish.plan import DeckPlan
from deckcheck.goldfish.policy import POLICIES, Policy, get_policy
from deckcheck.goldfish.results import ClockResult, ClockTurn, Percentile, PolicyComparison, Setup
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fresh_seed
from deckcheck.goldfish.stats import wilson_interval
from deckcheck.goldfish.strategy import NONE, Strategy, bind

DEFAULT_GAMES = 20_000
MAX_TURNS = 60
PERCENTS = (10, 25, 50, 75, 90)
Z95 = 1.959963984540054


@dataclass(slots=True)
class _Outcomes:
    """Per game: the turn it was won (0: not won), lost, and how its points came."""

    parts: list[dict[str, np.ndarray]] = field(default_factory=list)

    def add(self, batch: GameBatch, rows: np.ndarray) -> None:
        self.parts.append({
            "won": batch.won_turn[rows].copy(), "lost": batch.lost_turn[rows].copy(),
            "hold": batch.field.by_hold[rows].copy(), "conquer": batch.field.by_conquer[rows].copy(),
            "held_back": batch.field.held_back[rows].copy(), "burn_outs": batch.burn_out_total[rows].copy(),
        })

    def column(self, name: str) -> np.ndarray:
        return np.concatenate([p[name] for p in self.parts]) if self.parts else np.zeros(0, dtype=np.int64)


def clock(
    plan: DeckPlan,
    *,
    games: int = DEFAULT_GAMES,
    strategy: Strategy = NONE,
    seat: Seat | None = None,
    seed: int | None = None,
    policy: Policy | None = None,
    max_turns: int = MAX_TURNS,
    progress: Callable[[int], None] | None = None,
) -> ClockResult:
    """Play ``games`` games to the end (or ``max_turns``) and summarise when they were won;
    ``progress`` is told how many games each step finished (``games`` in all)."""
    if games < 1 or max_turns < 1:
        raise ValueError("games and max_turns must be at least 1")
    seat = seat if seat is not None else Seat()
    seed = fresh_seed() if seed is None else seed
    policy = policy if policy is not None else get_policy()
    bound = bind(strategy, plan)
    kinds = PlayKinds(plan)
    outcomes = _Outcomes()
    for part, size in batches(games):
        batch = GameBatch(plan, size, seed, part=part, seat=seat, policy=policy, kinds=kinds, stop_when_over=True)
        batch.mulligan(bound.decide(batch.hand))
        for _ in range(max_turns):
            batch.play_turn()
            over = batch.over
            if over.any():
                outcomes.add(batch, np.flatnonzero(over))
                batch.keep(np.flatnonzero(~over))
                if progress is not None:
                    progress(int(over.sum()))
            if batch.games == 0:
                break
        if batch.games:
            outcomes.add(batch, np.arange(batch.games))
            if progress is not None:
                progress(batch.games)
    return summarise(outcomes, games=games, plan=plan, strategy=strategy, seat=seat, seed=seed,
                     policy=policy, max_turns=max_turns)


def compare_policies(plan: DeckPlan, *, games: int = DEFAULT_GAMES, strategy: Strategy = NONE,
                     seat: Seat | None = None, seed: int | None = None, max_turns: int = MAX_TURNS,
                     progress: Callable[[int], None] | None = None) -> PolicyComparison:
    """The clock under every play policy, on the same games (one seed: the same shuffles and hands
    until the policies play differently), fastest mean first; ``progress`` hears ``games`` per policy."""
    seat = seat if seat is not None else Seat()
    seed = fresh_seed() if seed is None else seed
    results = [clock(plan, games=games, strategy=strategy, seat=seat, seed=seed, policy=get_policy(name),
                     max_turns=max_turns, progress=progress) for name in POLICIES]
    results.sort(key=lambda r: (-r.won, r.mean if r.mean is not None else float("inf")))
    return PolicyComparison(setup=results[0].setup, games=games, seed=seed, policies=results)


def summarise(outcomes: _Outcomes, *, games: int, plan: DeckPlan, strategy: Strategy, seat: Seat, seed: int,
              policy: Policy, max_turns: int) -> ClockResult:
    won, lost = outcomes.column("won"), outcomes.column("lost")
    wins = won[won > 0]
    counts = np.bincount(wins, minlength=max_turns + 1) if wins.size else np.zeros(max_turns + 1, dtype=np.int64)
    distribution, running = [], 0
    for turn in range(1, max_turns + 1):
        hits = int(counts[turn])
        running += hits
        if not hits and not running:
            continue
        if not hits and running == wins.size:
            break
        low, high = wilson_interval(hits, games)
        distribution.append(ClockTurn(turn=turn, probability=hits / games, low=low, high=high, by_turn=running / games))
    won_low, won_high = wilson_interval(int(wins.size), games)
    mean = mean_low = mean_high = None
    if wins.size:
        mean = float(wins.mean())
        half = Z95 * float(wins.std(ddof=1)) / math.sqrt(wins.size) if wins.size > 1 else 0.0
        mean_low, mean_high = mean - half, mean + half
    never = max_turns + 1  # a game not won sorts after every turn
    ordered = np.sort(np.where(won > 0, won, never))
    percentiles = [_percentile(ordered, p / 100, never) for p in PERCENTS]
    median = next(p.turn for p in percentiles if p.percent == 50)
    held_back = int((outcomes.column("held_back") > 0).sum())
    drew_out = int((lost > 0).sum())
    winners = won > 0
    return ClockResult(
        setup=Setup.of(plan, strategy, seat.on_the_draw, seed, seat=seat),
        games=games, policy=policy.describe(), max_turns=max_turns, victory_score=seat.victory_score,
        battlefields=seat.battlefields, distribution=distribution,
        won=wins.size / games, won_low=won_low, won_high=won_high,
        mean=mean, mean_low=mean_low, mean_high=mean_high, median=median, percentiles=percentiles,
        points_by_conquer=float(outcomes.column("conquer")[winners].mean()) if wins.size else 0.0,
        points_by_hold=float(outcomes.column("hold")[winners].mean()) if wins.size else 0.0,
        held_back=held_back / games, held_back_low=wilson_interval(held_back, games)[0],
        held_back_high=wilson_interval(held_back, games)[1],
        drew_out=drew_out / games, drew_out_low=wilson_interval(drew_out, games)[0],
        drew_out_high=wilson_interval(drew_out, games)[1],
        unfinished=float(((won == 0) & (lost == 0)).sum() / games),
        burn_outs=float(outcomes.column("burn_outs").mean()),
        ignores=list(IGNORES),
    )


def _percentile(ordered: np.ndarray, q: float, never: int) -> Percentile:
    """The q-quantile of the winning turn, with a distribution-free 95% interval (the order
    statistics whose ranks bound n*q within 1.96 binomial standard deviations)."""
    n = ordered.size
    rank = min(n - 1, max(0, math.ceil(q * n) - 1))
    spread = Z95 * math.sqrt(n * q * (1 - q))
    lo = min(n - 1, max(0, math.floor(n * q - spread) - 1))
    hi = min(n - 1, max(0, math.ceil(n * q + spread) - 1))

    def turn(i: int) -> int | None:
        value = int(ordered[i])
        return None if value >= never else value

    return Percentile(percent=round(q * 100), turn=turn(rank), low=turn(lo), high=turn(hi))
