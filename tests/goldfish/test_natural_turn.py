"""The natural turn counts power too: a card costing 2 Energy and 3 power needs 3 runes."""

from __future__ import annotations

from math import comb

import pytest

from deckcheck.goldfish.castable import castable
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.simulate import simulate
from goldfish.support import plan_of


def rows_of(result, name: str) -> dict[int, object]:
    return {r.turn: r for r in result.cards if r.card == name}


def test_two_energy_and_three_power_is_a_turn_two_card_going_first(db):
    # Premonition: 2 Energy + 3 Mind. 2 runes on turn 1 pay the energy, not the power: its natural
    # turn is 2 (4 runes). With only Mind runes the rune term is 1; 3 copies in a 40-card library.
    plan = plan_of(db, {"Premonition": 3, "Pouty Poro": 37, "Mind Rune": 12})
    rows = rows_of(castable(plan), "Premonition")
    assert sorted(rows) == [2, 3, 4] and rows[2].natural_turn == 2
    assert rows[2].probability == pytest.approx(1 - comb(37, 6) / comb(40, 6), abs=1e-15)
    # Going second, 3 runes on turn 1 pay both.
    second = rows_of(castable(plan, seat=Seat(2, 2)), "Premonition")
    assert min(second) == 1
    assert second[1].probability == pytest.approx(1 - comb(37, 5) / comb(40, 5), abs=1e-15)


def test_the_rune_term_on_the_natural_turn_needs_three_of_the_four_runes(db):
    # 6 Mind + 6 Fury: on turn 2, 4 runes of 12 channelled, at least 3 of them Mind.
    plan = plan_of(db, {"Premonition": 3, "Pouty Poro": 37, "Mind Rune": 6, "Fury Rune": 6})
    row = rows_of(castable(plan), "Premonition")[2]
    assert row.runes == pytest.approx((comb(6, 3) * comb(6, 1) + comb(6, 4)) / comb(12, 4), abs=1e-15)


def test_a_card_the_rune_deck_can_never_pay_has_no_natural_turn(db):
    # Two Mind runes can never pay 3 Mind power, whatever the energy.
    plan = plan_of(db, {"Premonition": 3, "Pouty Poro": 37, "Mind Rune": 2, "Fury Rune": 10})
    result = castable(plan)
    assert not rows_of(result, "Premonition")
    assert any(note.startswith("Premonition: the rune deck can never pay its cost") for note in result.setup.notes)


def test_simulate_names_the_same_natural_turn(db):
    plan = plan_of(db, {"Premonition": 3, "Pouty Poro": 37, "Mind Rune": 12})
    cards = {c.name: c for c in simulate(plan, games=200, turns=3, seed=1).cards}
    assert cards["Premonition"].on_curve_turn == 2 and cards["Pouty Poro"].on_curve_turn == 1
