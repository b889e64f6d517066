"""The reviewed Legion data (card_data/legion.json) and the seat rules of 1v1 and free-for-all games."""

from __future__ import annotations

import json
import tomllib

import pytest

from deckcheck.cards.model import Domain
from deckcheck.errors import CardDataError, DeckcheckError
from deckcheck.goldfish.legion import LEGION_FILE, LegionKind, load_legion, parse_legion
from deckcheck.goldfish.seat import Seat

from conftest import REPO


@pytest.fixture(scope="module")
def legion():
    return load_legion()


def test_the_ten_legion_cards_are_known_by_their_card_names(legion, db):
    assert len(legion) == 10
    for entry in legion.cards:
        found = db.find(entry.name)
        card = getattr(found, "card", None)
        assert card is not None and card.name == entry.name, entry.name
        assert entry.sources["legion_ability"], entry.name


def test_noxus_hopeful_costs_two_less_with_legion(legion, db):
    hopeful = db.find("Noxus Hopeful").card
    assert legion.of(hopeful).kind is LegionKind.COST_REDUCTION
    assert hopeful.energy == 4 and legion.cost_reduction(hopeful) == 2 and legion.legion_energy(hopeful) == 2
    assert legion.of(hopeful).needs_another_card


def test_undying_legion_is_played_from_the_trash_for_three_and_a_fury(legion):
    assert legion.of("Undying Legion").kind is LegionKind.PLAY_FROM_TRASH
    assert legion.trash_cost("Undying Legion") == (3, 1, Domain.FURY)
    assert legion.cost_reduction("Undying Legion") == 0


def test_darius_legend_adds_one_energy_and_other_cards_none(legion):
    assert legion.extra_energy("Darius, Hand of Noxus") == 1
    assert legion.extra_energy("Darius, Executioner") == 0
    assert legion.of("Darius, Hand of Noxus").legion_condition == "any_main_deck_card_played_this_turn"
    assert legion.extra_energy(None) == 0


def test_a_card_outside_the_list_has_no_legion(legion):
    # Legion Rearguard has "Legion" only in its name.
    for name in ("Legion Rearguard", "Jinx, Demolitionist"):
        assert legion.of(name) is None and legion.cost_reduction(name) == 0 and legion.trash_cost(name) is None


def test_broken_legion_data_is_a_card_data_error_naming_the_field(tmp_path):
    data = json.loads((REPO / "card_data" / LEGION_FILE).read_text())
    data["cards"][0]["legion"].pop("energy")  # a cost_reduction without its amount
    path = tmp_path / LEGION_FILE
    with pytest.raises(CardDataError, match="Legion data.*cards.0.legion"):
        parse_legion(path, json.dumps(data).encode())
    with pytest.raises(CardDataError, match="not valid JSON"):
        parse_legion(path, b"{")


def test_the_wheel_carries_the_legion_data():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    shipped = config["tool"]["setuptools"]["data-files"]["share/deckcheck/card_data"]
    assert "card_data/*.json" in shipped and (REPO / "card_data" / LEGION_FILE).is_file()


# ---------------------------------------------------------------------------- seats
def test_one_v_one_both_draw_on_turn_one_and_the_second_player_channels_three():
    first, second = Seat.of(2), Seat.of(2, on_the_draw=True)
    assert first.draws_on_turn_one and second.draws_on_turn_one
    assert (first.first_turn_runes, second.first_turn_runes) == (2, 3)
    assert first.battlefields == second.battlefields == 2


@pytest.mark.parametrize("players", [3, 4])
def test_free_for_all_first_skips_the_draw_and_last_channels_three(players):
    seats = [Seat(players, k) for k in range(1, players + 1)]
    assert [s.draws_on_turn_one for s in seats] == [False] + [True] * (players - 1)
    assert [s.first_turn_runes for s in seats] == [2] * (players - 1) + [3]
    assert all(s.battlefields == 3 for s in seats)
    assert Seat.of(players, on_the_draw=True).position == players
    assert seats[0].cards_drawn_by(3) == 2 and seats[1].cards_drawn_by(3) == 3
    assert seats[-1].runes_channelled_by(2) == 5 and seats[-1].runes_channelled_by(9) == 12


def test_bad_seats_are_refused():
    with pytest.raises(DeckcheckError, match="^players: "):
        Seat(5, 1)
    with pytest.raises(DeckcheckError, match="^seat: "):
        Seat(3, 4)
    with pytest.raises(DeckcheckError, match="contradict"):
        Seat.of(3, on_the_draw=True, seat=1)


def test_the_engine_follows_the_seat_on_turn_one(db):
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.goldfish.engine import GameBatch
    from deckcheck.goldfish.plan import plan_deck

    from conftest import raw_from_flat, real_decks

    deck = next(d for d in real_decks() if d["slug"].startswith("jinx-loose-cannon"))
    plan = plan_deck(resolve_deck(raw_from_flat(deck["cards"]), db))
    for seat, hand, runes in ((Seat(3, 1), 4, 2), (Seat(3, 2), 5, 2), (Seat(4, 4), 5, 3), (Seat(2, 2), 5, 3)):
        batch = GameBatch(plan, 30, seed=3, autoplay=False, seat=seat)
        batch.mulligan(batch.hand * 0)
        batch.play_turn()
        assert (batch.hand.sum(axis=1) == hand).all() and (batch.in_play.sum(axis=1) == runes).all(), seat
