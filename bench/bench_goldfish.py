"""Print how many goldfish games per second the engine simulates on one core.

Target (issue 6): 100,000 games of 6 turns with a mulligan strategy in under 2 seconds.
Castability (issue 15): `castable` exact for a 40-card deck under 50 ms in-process; with Monte
Carlo hands, 100,000 games per second or better.
The clock (issue 16): `clock` for 100,000 games of a 40-card deck, played to the end, under 3 s on
one core (wall time, and the process's CPU time, which a busy machine does not inflate).
Run: .venv/bin/python bench/bench_goldfish.py [GAMES]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

# One core: keep any threaded BLAS out of the measurement.
for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")

from deckcheck.cards import load_cards  # noqa: E402
from deckcheck.decks.model import RawDeck, RawEntry  # noqa: E402
from deckcheck.decks.resolve import resolve_deck  # noqa: E402
from deckcheck.goldfish.engine import GameBatch  # noqa: E402
from deckcheck.goldfish.plan import plan_deck  # noqa: E402
from deckcheck.goldfish.simulate import simulate  # noqa: E402
from deckcheck.goldfish.strategy import CURVE, bind, hunt  # noqa: E402

REAL_DECKS = Path(__file__).resolve().parents[1] / "tests" / "data" / "realdecks.json"


def real_plans(db, slugs: tuple[str, ...]):
    decks = json.loads(REAL_DECKS.read_text())["decks"]
    for slug in slugs:
        deck = next(d for d in decks if d["slug"].startswith(slug))
        raw = RawDeck(name=slug, reader="flat", entries=[RawEntry(text=i, count=n) for i, n in deck["cards"].items()])
        yield slug, plan_deck(resolve_deck(raw, db))


def engine_only(plan, games: int, strategy, seed: int) -> float:
    start = time.perf_counter()
    batch = GameBatch(plan, games, seed)
    batch.mulligan(bind(strategy, plan).decide(batch.hand))
    for _ in range(6):
        batch.play_turn()
    return time.perf_counter() - start


def full_simulate(plan, games: int, strategy, seed: int) -> float:
    start = time.perf_counter()
    simulate(plan, games=games, turns=6, strategy=strategy, seed=seed)
    return time.perf_counter() - start


def castable_figures(db, games: int) -> None:
    """castable: exact (no mulligan) in milliseconds; Monte Carlo (curve) in games per second."""
    from deckcheck.goldfish.castable import castable

    print(f"castable, in-process, one core (exact: median of 50 runs; Monte Carlo: {games:,} games, 5 runs)")
    for slug, plan in real_plans(db, ("jinx-loose-cannon", "calm-mind-by-kgo", "leblanc-deceiver-deck-uslb8")):
        exact = []
        for _ in range(50):
            start = time.perf_counter()
            castable(plan)
            exact.append(time.perf_counter() - start)
        simulated = []
        for seed in range(5):
            start = time.perf_counter()
            castable(plan, strategy=CURVE, games=games, seed=seed, method="monte-carlo")
            simulated.append(time.perf_counter() - start)
        median = statistics.median(simulated)
        print(f"  {slug:<30} exact {1000 * statistics.median(exact):6.2f} ms   "
              f"monte-carlo (curve) {median:5.2f} s  {games / median:>10,.0f} games/s")


def clock_figures(db, games: int) -> None:
    """The clock: whole games to 8 points (or a loss), 100,000 of them per deck."""
    from deckcheck.goldfish.clock import clock

    print(f"clock, {games:,} games played to the end, one core, median of 3 runs")
    for slug, plan in real_plans(db, ("jinx-loose-cannon", "calm-mind-by-kgo", "leblanc-deceiver-deck-uslb8")):
        walls, cpus = [], []
        for seed in range(3):
            wall, cpu = time.perf_counter(), time.process_time()
            result = clock(plan, games=games, seed=seed)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        print(f"  {slug:<30} wall {statistics.median(walls):5.2f} s  cpu {statistics.median(cpus):5.2f} s  "
              f"(mean winning turn {result.mean:.2f})")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    db = load_cards()
    print(f"{games:,} games x 6 turns, one core, best and median of 5 runs")
    for slug, plan in real_plans(db, ("jinx-loose-cannon", "calm-mind-by-kgo", "leblanc-deceiver-deck-uslb8")):
        target = max(range(len(plan.cards)), key=lambda j: plan.library_copies[j])
        strategies = {"curve": CURVE, f"hunt {plan.cards[target].name}": hunt(plan.cards[target].name)}
        for name, strategy in strategies.items():
            for label, run in (("engine", engine_only), ("simulate", full_simulate)):
                times = [run(plan, games, strategy, seed) for seed in range(5)]
                best, median = min(times), statistics.median(times)
                print(f"  {slug:<30} {name:<28} {label:<8} best {best:5.2f} s  median {median:5.2f} s  "
                      f"{games / median:>10,.0f} games/s")
    castable_figures(db, games)
    clock_figures(db, games)
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MiB (games run in bounded batches)")


if __name__ == "__main__":
    main()
