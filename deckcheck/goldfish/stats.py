"""Exact counting formulas (hypergeometric) and the Monte Carlo interval used by the odds."""

from __future__ import annotations

import math
from itertools import product


def hypergeom_pmf(k: int, population: int, successes: int, draws: int) -> float:
    """P(exactly ``k`` successes in ``draws`` cards drawn without replacement)."""
    if k < 0 or k > successes or k > draws or draws - k > population - successes:
        return 0.0
    return math.comb(successes, k) * math.comb(population - successes, draws - k) / math.comb(population, draws)


def hypergeom_at_least(k: int, population: int, successes: int, draws: int) -> float:
    """P(at least ``k`` successes in ``draws`` cards drawn without replacement)."""
    draws = max(0, min(draws, population))
    if k <= 0:
        return 1.0
    return sum(hypergeom_pmf(x, population, successes, draws) for x in range(k, min(successes, draws) + 1))


def multi_hypergeom_at_least(needs: list[int], groups: list[int], population: int, draws: int) -> float:
    """P(at least ``needs[i]`` of group ``i`` for every ``i``), groups disjoint, drawing ``draws``.

    Sums the multivariate hypergeometric over every split of the draws between the groups
    (the rest of the population is one more group).
    """
    draws = max(0, min(draws, population))
    rest = population - sum(groups)
    total = math.comb(population, draws)
    p = 0
    for split in product(*(range(n, g + 1) for n, g in zip(needs, groups))):
        taken = sum(split)
        if taken > draws or draws - taken > rest:
            continue
        ways = math.comb(rest, draws - taken)
        for x, g in zip(split, groups):
            ways *= math.comb(g, x)
        p += ways
    return p / total


def wilson_interval(hits: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (sensible even at 0 or all hits)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = hits / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # At 0 or all hits one end is exactly 0 or 1 (rounding would leave 0.9999999999999998).
    low = 0.0 if hits <= 0 else max(0.0, centre - half)
    high = 1.0 if hits >= trials else min(1.0, centre + half)
    return (low, high)
