"""Helpers for the goldfish tests: a deck compiled for the engine, and one turn from a state set by hand.

(No tests here; the module is shared by the tests under tests/goldfish/.)
"""

from __future__ import annotations

import numpy as np
from conftest import raw_from_flat

from deckcheck.cards.model import Domain
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.engine import GameBatch
from deckcheck.goldfish.plan import DOMAIN_INDEX, DeckPlan, plan_deck
from deckcheck.goldfish.seat import Seat

FURY, ORDER = DOMAIN_INDEX[Domain.FURY], DOMAIN_INDEX[Domain.ORDER]


def plan_of(db, cards: dict[str, int]) -> DeckPlan:
    """A flat list of card names and counts, compiled for the engine (its cards in the list's order)."""
    return plan_deck(resolve_deck(raw_from_flat(cards), db))


def one_turn(plan: DeckPlan, hand: dict[str, int], *, fury: int = 0, order: int = 0,
             board: dict[str, int] | None = None, draw: str | None = None):
    """One turn of one game (first of two players) from a state set by hand: this hand, exactly these Fury and
    Order runes in play (none channelled), these cards on the board, and a library of ``draw`` only
    (the deck's last card by default; the turn draws one). Returns the batch and the turn's record."""
    batch = GameBatch(plan, 1, seed=3, seat=Seat(2, 1))
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[0] = 0
    for name, n in hand.items():
        batch.hand[0, plan.index_of(name)] = n
    for name, n in (board or {}).items():
        batch.board[0, plan.index_of(name)] = n
    batch.in_play[0] = 0
    batch.in_play[0, FURY], batch.in_play[0, ORDER] = fury, order
    batch.rune_left[0] = 0
    batch.library[0, batch.top[0]:batch.end[0]] = plan.index_of(draw) if draw else len(plan.cards) - 1
    return batch, batch.play_turn()
