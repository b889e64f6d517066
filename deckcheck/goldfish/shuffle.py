"""Seeded random numbers and the Fisher–Yates shuffle every deck in the engine goes through.

The generator is NumPy's PCG64 (``numpy.random.default_rng(seed)``), so a seed gives the same
games on every machine and NumPy version that keeps PCG64's stream (NumPy's policy).

The shuffle is the Durstenfeld form of Fisher–Yates: for ``i`` from ``n-1`` down to ``1``, pick
``j`` uniformly from ``0..i`` (``Generator.integers``, which is unbiased) and swap items ``i`` and
``j``. Every one of the ``n!`` orders is equally likely. The batch form runs that loop once for many
rows at a time, each row with its own ``j``; rows may hold fewer items than the array is wide
(``lengths``), and then only their first ``lengths[r]`` items are shuffled.
"""

from __future__ import annotations

import secrets

import numpy as np


def make_rng(seed: int, part: int = 0) -> np.random.Generator:
    """The engine's generator for ``seed``; part ``k > 0`` of a long run uses the seed pair (seed, k)."""
    return np.random.default_rng(seed if part == 0 else [seed, part])


def fresh_seed() -> int:
    """A new random seed, for runs where the user gave none (it is reported so it can be reused)."""
    return secrets.randbelow(2**31)


def fisher_yates(items: np.ndarray, rng: np.random.Generator, lengths: np.ndarray | None = None) -> None:
    """Shuffle each row of the 2-D array ``items`` in place (see the module docstring).

    ``lengths[r]`` items of row ``r`` are shuffled (all of them when ``lengths`` is None).
    """
    rows, width = items.shape
    index = np.arange(rows)
    for i in range(width - 1, 0, -1):
        if lengths is None:
            j = rng.integers(0, i + 1, size=rows)
            picked = items[index, j]
            items[index, j] = items[:, i]
            items[:, i] = picked
            continue
        active = index[lengths > i]
        if active.size:
            j = rng.integers(0, i + 1, size=active.size)
            picked = items[active, j]
            items[active, j] = items[active, i]
            items[active, i] = picked


def shuffled(items: list, rng: np.random.Generator) -> list:
    """A shuffled copy of a list (one row of :func:`fisher_yates`)."""
    order = np.arange(len(items))[None, :].copy()
    fisher_yates(order, rng)
    return [items[k] for k in order[0]]
