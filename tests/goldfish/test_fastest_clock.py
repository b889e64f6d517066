"""The fastest clocks of a 1v1 game, worked out by hand (docs/goldfish.md states them)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from conftest import raw_from_flat
from deckcheck.cards.model import Domain
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish import load_plan, win_clock
from deckcheck.goldfish.engine import GameBatch
from deckcheck.goldfish.plan import DOMAIN_INDEX
from deckcheck.goldfish.seat import Seat


def plan_of(db, cards: dict[str, int]):
    return load_plan(resolve_deck(raw_from_flat(cards), db))


@pytest.mark.parametrize("second", [False, True])
def test_forty_one_drops_win_on_turn_five_every_game(db, second):
    # Two (or three) 1-drops on turn 1 conquer both battlefields on turn 2: 2, 4, 6, 8 by hold on turn 5.
    result = win_clock(plan_of(db, {"Steel Paws": 40, "Fury Rune": 12}), games=300, seed=1, on_the_draw=second)
    assert [(t.turn, t.probability) for t in result.distribution] == [(5, 1.0)]


def test_a_one_drop_and_a_two_drop_win_on_turn_five_going_second(db):
    """20 Steel Paws (1) and 20 Pouty Poro (2), no champion, no mulligan. Going second, turn 1 has 3
    runes and 5 cards seen: any Steel Paws among them makes two units (with a Poro or another Paws),
    which win on turn 5; with none, one Poro, and the win comes on turn 6. Going first (2 runes) it
    takes two Steel Paws among the 5."""
    plan = plan_of(db, {"Steel Paws": 20, "Pouty Poro": 20, "Fury Rune": 12})
    exact = {True: 1 - comb(20, 5) / comb(40, 5), False: 1 - (comb(20, 5) + 20 * comb(20, 4)) / comb(40, 5)}
    for second, p in exact.items():
        result = win_clock(plan, games=20_000, seed=1, on_the_draw=second)
        turns = {t.turn: t for t in result.distribution}
        assert set(turns) == {5, 6} and turns[6].by_turn == 1.0
        assert turns[5].low <= p <= turns[5].high, (second, turns[5].probability, p)


def test_legion_scores_a_point_on_turn_one(db):
    """Going second under Darius, Hand of Noxus: 3 Fury runes and the legend's Energy once a card is
    played. Steel Paws (1, exhausted), Sun Disc (2 + 1 Fury, on: another card was played), Steel Paws
    (1): the Disc readies it, it conquers: 1 point on turn 1."""
    plan = plan_of(db, {"Darius, Hand of Noxus": 1, "Sun Disc": 20, "Steel Paws": 20, "Fury Rune": 12})
    batch = GameBatch(plan, 1, seed=2, seat=Seat(2, 2))
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[0] = 0
    batch.hand[0, plan.index_of("Sun Disc")], batch.hand[0, plan.index_of("Steel Paws")] = 1, 2
    batch.rune_left[0] = 0
    batch.in_play[0] = 0
    batch.in_play[0, DOMAIN_INDEX[Domain.FURY]] = 3
    batch.library[0, batch.top[0]:batch.end[0]] = plan.index_of("Sun Disc")  # drawn, no Energy left for it
    record = batch.play_turn()
    assert record.paid[0] == 4 and record.played[0].sum() == 3
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1
