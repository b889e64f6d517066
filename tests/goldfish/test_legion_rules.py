"""Legion on the board (CR 812): no Legion card counts itself, and the card played first never
depends on the order of the list. One turn of one game set up by hand, answers worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from deckcheck.goldfish.legion import load_legion
from goldfish.support import one_turn, plan_of


@pytest.fixture(scope="module")
def discs(db):
    """Sun Disc (2 Energy + 1 Fury), Pouty Poro (a 2-Energy unit), Cleave (a 1-Energy spell), and
    Blood Rush last (a 1-Energy spell: what the turn draws, never played with 0 energy left)."""
    return plan_of(db, {"Sun Disc": 10, "Pouty Poro": 20, "Cleave": 5, "Blood Rush": 5, "Fury Rune": 12})


def test_the_data_says_no_legion_card_counts_itself():
    legion = load_legion()
    assert legion.of("Sun Disc").needs_another_card
    assert all(entry.needs_another_card for entry in legion.cards if entry.type != "Legend")


def test_a_sun_disc_played_first_does_not_count_itself(discs):
    # Disc then Poro, 4 Energy: when the Poro is played only the Disc itself was played: exhausted.
    batch, record = one_turn(discs, {"Sun Disc": 1, "Pouty Poro": 1}, fury=4)
    assert record.played[0].sum() == 2 and record.entered_ready[0] == 0 and batch.field.points[0] == 0


def test_another_card_before_the_units_turns_a_played_disc_on(discs):
    # Cleave (1), Disc (2 + 1 Fury), Poro (2): 5 Energy. The spell leads, the Disc is on as it
    # lands, the Poro enters ready, moves and conquers: 1 point on this very turn.
    batch, record = one_turn(discs, {"Cleave": 1, "Sun Disc": 1, "Pouty Poro": 1}, fury=5)
    assert record.played[0].sum() == 3
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1


def test_a_disc_on_the_board_and_one_played_ready_two_units(discs):
    # The Disc on the board is on once any card is played (the new Disc); the new one once the
    # first Poro is played: the first Poro is readied by the old Disc, the second by the new one.
    # 2 + 2 + 2 = 6 Energy: 2 units ready, both battlefields conquered.
    batch, record = one_turn(discs, {"Sun Disc": 1, "Pouty Poro": 2}, fury=6, board={"Sun Disc": 1})
    assert record.played[0].sum() == 3
    assert record.entered_ready[0] == 2 and batch.field.points[0] == 2
    # Without the old Disc: the first Poro turns the new Disc on, the second enters ready.
    batch, record = one_turn(discs, {"Sun Disc": 1, "Pouty Poro": 2}, fury=6)
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1


@pytest.mark.parametrize("captain_first", [True, False])
def test_the_captain_is_not_played_first_whatever_the_list_order(db, captain_first):
    # Vanguard Captain (3 + 1 Order) and Faithful Manufactor (3): the same energy. Whichever is
    # listed first, the Manufactor leads and the Captain, with Legion on, makes its two tokens:
    # 2 units + 2 tokens, all exhausted.
    cards = {"Vanguard Captain": 20, "Faithful Manufactor": 19}
    if not captain_first:
        cards = dict(reversed(cards.items()))
    plan = plan_of(db, {**cards, "Breakneck Mech": 1, "Order Rune": 12})  # the Mech (8) is drawn
    assert (plan.cards[0].name == "Vanguard Captain") == captain_first
    batch, record = one_turn(plan, {"Vanguard Captain": 1, "Faithful Manufactor": 1}, order=6)
    assert record.played[0].sum() == 2 and record.tokens[0] == 2
    assert batch.field.base_exhausted[0] == 4


def test_the_game_log_readies_the_units_the_engine_counts(db):
    """For random sets of plays and Sun Discs on the board, the per-game order of plays
    (PlayKinds.sequence, what the log shows) readies as many units, and makes as many tokens, as
    the engine's count over all games (PlayKinds.entering)."""
    from deckcheck.goldfish.payment import PlayKinds

    plan = plan_of(db, {"Sun Disc": 8, "Darius, Executioner": 4, "Vanguard Captain": 8, "Pouty Poro": 10,
                        "Cleave": 5, "Noxus Hopeful": 5, "Fury Rune": 6, "Order Rune": 6})
    kinds = PlayKinds(plan)
    rng = np.random.default_rng(7)
    plays = rng.integers(0, 3, size=(400, kinds.kinds))
    plays[rng.random(plays.shape) < 0.5] = 0
    discs = rng.integers(0, 3, size=400)
    energy = np.full(400, 40)
    ready, tokens = kinds.entering(plays, energy, discs)
    for g in range(400):
        made = kinds.sequence(plays[g], 40, int(discs[g]))
        assert sorted(k for k, _, _ in made) == sorted(k for k in range(kinds.kinds) for _ in range(plays[g, k]))
        assert sum(r for _, _, r in made) == ready[g], g
        assert sum(int(kinds.tokens[k]) for k, on, _ in made if on) == tokens[g], g
