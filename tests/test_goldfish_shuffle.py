"""The Fisher–Yates shuffle: a statistical fairness self-test (fixed seed, so deterministic)."""

from __future__ import annotations

import numpy as np

from deckcheck.goldfish.shuffle import fisher_yates, make_rng, shuffled
from deckcheck.goldfish.stats import hypergeom_at_least

# Upper 0.1% points of the chi-square distribution (df: value), from standard tables.
CHI2_999 = {81: 124.84, 5: 20.52}


def chi_square(observed: np.ndarray, expected: float) -> float:
    return float(((observed - expected) ** 2 / expected).sum())


def position_statistic(items: np.ndarray) -> float:
    """Pearson's statistic over the item x position table, scaled to a chi-square with (n-1)^2 df.

    Each shuffled row is a permutation matrix; its cells are not independent (every row and
    column of it sums to 1). Their covariance is 1/(n-1) times a projection of rank (n-1)^2, so the
    plain statistic is n/(n-1) times a chi-square with (n-1)^2 degrees of freedom.
    """
    rows, n = items.shape
    table = np.stack([np.bincount(items[:, p], minlength=n) for p in range(n)], axis=1)
    return chi_square(table, rows / n) * (n - 1) / n


def test_every_item_is_equally_likely_in_every_position():
    rows, n = 50_000, 10
    items = np.tile(np.arange(n), (rows, 1))
    fisher_yates(items, make_rng(12345))
    assert (np.sort(items, axis=1) == np.arange(n)).all()  # a permutation, nothing lost
    statistic = position_statistic(items)
    assert statistic < CHI2_999[(n - 1) ** 2], statistic


def test_every_order_of_three_is_equally_likely():
    rows = 60_000
    items = np.tile(np.arange(3), (rows, 1))
    fisher_yates(items, make_rng(777))
    codes = items[:, 0] * 9 + items[:, 1] * 3 + items[:, 2]
    counts = np.array([np.sum(codes == c) for c in np.unique(codes)])
    assert counts.size == 6
    assert chi_square(counts, rows / 6) < CHI2_999[5]


def test_a_biased_shuffle_would_fail_the_test():
    """The naive 'swap with any position' shuffle is biased; the same test catches it."""
    rows, n = 50_000, 10
    rng = make_rng(12345)
    items = np.tile(np.arange(n), (rows, 1))
    index = np.arange(rows)
    for i in range(n):
        j = rng.integers(0, n, size=rows)
        picked = items[index, j]
        items[index, j] = items[:, i]
        items[:, i] = picked
    assert position_statistic(items) > CHI2_999[(n - 1) ** 2]


def test_ragged_rows_shuffle_only_their_own_items():
    rows = 4000
    items = np.tile(np.arange(8), (rows, 1))
    lengths = np.array([1, 3, 5, 8] * (rows // 4))
    fisher_yates(items, make_rng(3), lengths=lengths)
    for length in (1, 3, 5, 8):
        part = items[lengths == length]
        assert (np.sort(part[:, :length], axis=1) == np.arange(length)).all()
        assert (part[:, length:] == np.arange(length, 8)).all()
        if length > 1:
            # Each item leads about 1/length of the time.
            lead = np.bincount(part[:, 0], minlength=length)[:length]
            assert lead.min() > 0.6 * part.shape[0] / length


def test_the_same_seed_gives_the_same_order():
    deck = list(range(39))
    assert shuffled(deck, make_rng(1)) == shuffled(deck, make_rng(1))
    assert shuffled(deck, make_rng(1)) != shuffled(deck, make_rng(2))


def test_shuffled_opening_hands_match_the_hypergeometric_law():
    """Over many shuffles, 'a 3-of in the top 4 of 39' happens as often as the formula says."""
    rows = 40_000
    deck = np.tile(np.repeat([1, 0], [3, 36]), (rows, 1))
    fisher_yates(deck, make_rng(99))
    observed = (deck[:, :4].sum(axis=1) >= 1).mean()
    expected = hypergeom_at_least(1, 39, 3, 4)
    sd = (expected * (1 - expected) / rows) ** 0.5
    assert abs(observed - expected) < 4 * sd
