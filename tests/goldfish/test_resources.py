"""Castability: energy, power per domain, multi-domain cards and paying several cards at once."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.cards.model import Domain
from deckcheck.goldfish.plan import DOMAINS
from deckcheck.goldfish.resources import PowerModel, can_cast, can_cast_together, runes_array

FURY, CALM, MIND, BODY, CHAOS, ORDER = (Domain(d) for d in ("Fury", "Calm", "Mind", "Body", "Chaos", "Order"))


@pytest.fixture(scope="module")
def card(db):
    return lambda name: db.by_name(name)


def test_energy_and_power_of_one_card(card):
    charm = card("Charm")  # 1 energy + 1 Calm power
    assert (charm.energy, charm.power, charm.power_domains) == (1, 1, (CALM,))
    assert can_cast(charm, {CALM: 1})  # the same rune pays the energy and the power
    assert not can_cast(charm, {MIND: 3})
    assert not can_cast(card("Sterak's Gage"), {CALM: 2})  # 3 energy + 2 Calm: energy short


def test_a_multi_domain_card_takes_any_of_its_domains(card):
    lullaby = card("Lilting Lullaby")  # 2 energy + 2 power of Calm or Mind
    assert set(lullaby.power_domains) == {CALM, MIND}
    assert can_cast(lullaby, {CALM: 2})
    assert can_cast(lullaby, {MIND: 2})
    assert can_cast(lullaby, {CALM: 1, MIND: 1})
    assert not can_cast(lullaby, {CALM: 1, FURY: 3})


def test_several_cards_are_a_matching_problem(card):
    charm, lullaby = card("Charm"), card("Lilting Lullaby")
    # Charm needs the Calm rune; Lullaby must then use the two Mind runes.
    assert can_cast_together([charm, lullaby], {CALM: 1, MIND: 2})
    assert can_cast_together([charm, lullaby], {CALM: 3})
    # Three power points but only two runes can pay Charm's and Lullaby's together.
    assert not can_cast_together([charm, lullaby], {CALM: 1, MIND: 1, FURY: 2})
    # Two Charms need two Calm runes even though Lullaby alone could use Mind.
    assert not can_cast_together([charm, charm, lullaby], {CALM: 1, MIND: 3})
    assert can_cast_together([charm, charm, lullaby], {CALM: 2, MIND: 2, FURY: 1})


def brute_force(requirements: list[tuple[int, frozenset[int]]], runes: list[int]) -> bool:
    """Try every assignment of power points to distinct runes."""
    points = [mask for count, mask in requirements for _ in range(count)]
    pool = [d for d, n in enumerate(runes) for _ in range(n)]
    if len(points) > len(pool):
        return False
    for chosen in itertools.permutations(range(len(pool)), len(points)):
        if all(pool[r] in mask for r, mask in zip(chosen, points)):
            return True
    return False


domain_sets = st.frozensets(st.integers(0, 3), min_size=1, max_size=3)


@settings(max_examples=150, deadline=None)
@given(
    requirements=st.lists(st.tuples(st.integers(1, 2), domain_sets), min_size=1, max_size=3),
    runes=st.lists(st.integers(0, 2), min_size=4, max_size=4),
)
def test_hall_condition_agrees_with_brute_force(db, requirements, runes):
    # Build real cards with those power costs: take any real card and give it the cost.
    base = db.by_name("Lilting Lullaby")
    cards = [replace(base, power=n, power_domains=tuple(DOMAINS[d] for d in sorted(mask)), energy=0)
             for n, mask in requirements]
    model = PowerModel(cards)
    pips = np.zeros((1, len(model.types)), dtype=np.int64)
    for j, k in enumerate(model.card_type):
        pips[0, k] += model.card_power[j]
    row = np.zeros((1, len(DOMAINS)), dtype=np.int64)
    row[0, :4] = runes
    expected = brute_force(requirements, runes)
    assert bool(model.feasible(pips, row)[0]) == expected
    if expected:
        used = model.assign(pips, row)[0]
        assert (used <= row[0]).all() and used.sum() == pips.sum()
        # The chosen runes really pay each point: check by brute force on the used runes only.
        assert brute_force(requirements, used[:4].tolist())


def test_runes_array_places_domains(card):
    row = runes_array({FURY: 2, CHAOS: 1})
    assert row.shape == (1, 6) and row.sum() == 3
