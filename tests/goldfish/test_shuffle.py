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


# --------------------------------------------------------------- the engine's own layouts
# The engine shuffles (1) a 39-card library held in the first 39 columns of a wider, column-major
# int16 array (room for the cards a mulligan puts back), (2) a 12-rune deck as a column-major int8
# array of domains, and (3) at burn-out, ragged int64 rows rebuilt from the trash, 0 to n cards
# each. These tests run the product's fisher_yates on exactly those layouts.
def chi2_upper_999(df: int) -> float:
    """Upper 0.1% point of chi-square (Wilson-Hilferty; within about 1% of the tables for df >= 80)."""
    z = 3.0902
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


def test_chi2_approximation_agrees_with_the_table():
    assert abs(chi2_upper_999(81) - CHI2_999[81]) / CHI2_999[81] < 0.015


def test_a_39_card_library_inside_a_wider_column_major_int16_array():
    rows, n, extra = 30_000, 39, 2
    library = np.full((rows, n + extra), -1, dtype=np.int16, order="F")
    library[:, :n] = np.arange(n, dtype=np.int16)
    fisher_yates(library[:, :n], make_rng(2024))
    assert (library[:, n:] == -1).all()  # the mulligan's spare columns are left alone
    assert (np.sort(library[:, :n], axis=1) == np.arange(n)).all()
    statistic = position_statistic(library[:, :n].astype(np.int64))
    assert statistic < chi2_upper_999((n - 1) ** 2), statistic


def test_the_39_card_test_would_catch_a_shuffle_that_skips_the_last_swap():
    rows, n = 30_000, 39
    library = np.tile(np.arange(n, dtype=np.int16), (rows, 1))
    fisher_yates(library[:, 1:], make_rng(2024))  # item 0 never moves: an off-by-one bug
    assert position_statistic(library.astype(np.int64)) > chi2_upper_999((n - 1) ** 2)


def test_a_12_rune_deck_of_two_domains_as_column_major_int8():
    rows = 40_000
    runes = np.asfortranarray(np.tile(np.array([0] * 7 + [1] * 5, dtype=np.int8), (rows, 1)))
    fisher_yates(runes, make_rng(5))
    assert (runes.sum(axis=1) == 5).all()  # still 7 of one domain and 5 of the other
    # each position holds the second domain 5/12 of the time
    share = runes.mean(axis=0)
    sd = (5 / 12 * 7 / 12 / rows) ** 0.5
    assert (np.abs(share - 5 / 12) < 4 * sd).all(), share
    # the first 3 runes channelled hold k of the second domain as the hypergeometric law says
    first3 = runes[:, :3].sum(axis=1)
    for k in range(4):
        expected = hypergeom_at_least(k, 12, 5, 3) - (hypergeom_at_least(k + 1, 12, 5, 3) if k < 3 else 0)
        sd = (expected * (1 - expected) / rows) ** 0.5
        assert abs((first3 == k).mean() - expected) < 4 * sd + 1e-9, k


def test_twelve_distinct_runes_are_uniform_over_positions():
    rows, n = 40_000, 12
    runes = np.asfortranarray(np.tile(np.arange(n, dtype=np.int8), (rows, 1)))
    fisher_yates(runes, make_rng(6))
    assert position_statistic(runes.astype(np.int64)) < chi2_upper_999((n - 1) ** 2)


def test_burn_out_rows_of_every_length_from_the_trash():
    rows, width = 24_000, 20
    sizes = np.arange(rows) % (width + 1)  # 0..20 cards in the trash, in turn
    # the engine's layout: card k repeated by its count, padded by `width` (never read)
    cards = np.tile(np.arange(width, dtype=np.int64), (rows, 1))
    fisher_yates(cards, make_rng(8), lengths=sizes)
    for size in (0, 1, 2, 7, 20):
        part = cards[sizes == size]
        assert (np.sort(part[:, :size], axis=1) == np.arange(size)).all()
        assert (part[:, size:] == np.arange(size, width)).all()  # past the row's own cards: untouched
    full = cards[sizes == width]
    stat = position_statistic(full)
    assert stat < chi2_upper_999((width - 1) ** 2), stat
    two = cards[sizes == 2][:, :2]
    lead = (two[:, 0] == 1).mean()
    assert abs(lead - 0.5) < 4 * (0.25 / len(two)) ** 0.5
