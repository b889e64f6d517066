"""The engine, game by game: setup, the seeded mulligan, runes and draws by turn, burn-out, the end.

Expected values follow RULES.md §6 step by step. For seeded games the expected cards come from a
replay of those steps written here with the shuffle module (a seed fixes the Fisher–Yates shuffles
of the library, then of the rune deck, then the coin that orders two set-aside cards): the top 4
cards are the hand, the mulligan draws the next ones, the set-aside cards go under the library,
one card is drawn each turn and runes come off the top of the rune deck 2 a turn.
"""

from __future__ import annotations

import numpy as np
import pytest

from deckcheck.cards.model import Domain
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.engine import GameBatch, batches
from deckcheck.goldfish.plan import DOMAIN_INDEX, DOMAINS, DeckPlan, plan_deck
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.shuffle import fisher_yates, make_rng

from conftest import play_everything, raw_from_flat, real_decks
from goldfish.support import one_turn, plan_of

FURY, CHAOS, CALM = DOMAIN_INDEX[Domain.FURY], DOMAIN_INDEX[Domain.CHAOS], DOMAIN_INDEX[Domain.CALM]


@pytest.fixture(scope="module")
def jinx(db):
    """40 cards, Jinx, Demolitionist chosen (a 1-of, so 39 in the library); 8 Fury and 4 Chaos runes."""
    deck = next(d for d in real_decks() if d["slug"].startswith("jinx-loose-cannon"))
    return plan_deck(resolve_deck(raw_from_flat(deck["cards"], "jinx"), db))


@pytest.fixture(scope="module")
def unplayable(db):
    """40 Fury units that need Fury power and only Calm runes: nothing is ever played; no champion."""
    return plan_of(db, {"Jinx, Demolitionist": 40, "Calm Rune": 12})


def replay(plan, games: int, seed: int, part: int = 0):
    """RULES.md §6 setup replayed: (library order, rune deck order, coin per game) for a seed."""
    rng = make_rng(seed, part)
    library = np.tile(plan.library_cards, (games, 1))
    fisher_yates(library, rng)
    runes = np.tile(plan.rune_domains, (games, 1))
    if runes.shape[1]:
        fisher_yates(runes, rng)
    coin = rng.integers(0, 2, size=games) == 1
    return library, runes, coin


def counts(cards, size: int) -> np.ndarray:
    return np.bincount(np.asarray(cards, dtype=np.int64), minlength=size)


# ---------------------------------------------------------------- setup and the seeded mulligan
def test_the_opening_hand_is_the_top_four_of_the_seeded_shuffle(jinx):
    batch = GameBatch(jinx, 6, seed=41, autoplay=False)
    library, _, _ = replay(jinx, 6, 41)
    n = len(jinx.cards)
    for g in range(6):
        assert (batch.hand[g] == counts(library[g, :4], n)).all()
        assert (batch.drawn[g] == batch.hand[g]).all()
    assert (batch.top == 4).all() and (batch.end == 39).all() and (batch.library_left == 35).all()
    assert (batch.champion_zone == 1).all() and (batch.set_aside == 0).all()
    assert batch.library.shape == (6, 40 + 2) and batch.turn == 0 and not batch.mulliganed
    assert (batch.opponent_points == 0).all() and (batch.burn_out_total == 0).all()


def test_a_seeded_mulligan_of_two_draws_the_next_two_and_puts_them_under(jinx):
    games, seed = 40, 7
    library, _, coin = replay(jinx, games, seed)
    batch = GameBatch(jinx, games, seed=seed, autoplay=False)
    n = len(jinx.cards)
    # Set aside the first and the third card of each hand (two copies of one card in some games).
    set_aside = np.zeros_like(batch.hand)
    for g in range(games):
        set_aside[g, library[g, 0]] += 1
        set_aside[g, library[g, 2]] += 1
    batch.mulligan(set_aside)
    assert batch.mulliganed and (batch.set_aside == 2).all()
    for g in range(games):
        kept = counts(library[g, [1, 3, 4, 5]], n)
        assert (batch.hand[g] == kept).all() and (batch.drawn[g] == kept).all()
        first, second = library[g, 0], library[g, 2]
        # Cards are set aside by card (lowest index first); the coin decides which goes under first.
        low, high = min(first, second), max(first, second)
        under = [high, low] if coin[g] and first != second else [low, high]
        assert list(batch.library[g, 39:41]) == under
    assert (batch.top == 6).all() and (batch.end == 41).all() and (batch.library_left == 35).all()
    # Turn by turn the library comes in order: positions 6..38, then the two set-aside cards.
    drawn = np.array([batch.play_turn().drawn for _ in range(35)]).T
    for g in range(games):
        assert list(drawn[g, :33]) == list(library[g, 6:39])
        assert list(drawn[g, 33:]) == list(batch.library[g, 39:41])
    assert (batch.hand == jinx.library_copies).all()


def test_a_mulligan_of_one_card_and_of_none(jinx):
    games, seed = 10, 3
    library, _, _ = replay(jinx, games, seed)
    batch = GameBatch(jinx, games, seed=seed, autoplay=False)
    n = len(jinx.cards)
    set_aside = np.zeros_like(batch.hand)
    for g in range(0, games, 2):  # even games set aside their second card, odd games keep
        set_aside[g, library[g, 1]] = 1
    batch.mulligan(set_aside)
    for g in range(games):
        if g % 2 == 0:
            assert (batch.hand[g] == counts(library[g, [0, 2, 3, 4]], n)).all()
            assert batch.library[g, 39] == library[g, 1] and batch.end[g] == 40 and batch.top[g] == 5
            assert batch.set_aside[g] == 1
        else:
            assert (batch.hand[g] == counts(library[g, :4], n)).all()
            assert batch.end[g] == 39 and batch.top[g] == 4 and batch.set_aside[g] == 0
    assert (batch.library_left == 35).all()


def test_the_mulligan_is_refused_twice_after_a_turn_or_beyond_the_hand(jinx):
    batch = GameBatch(jinx, 3, seed=2, autoplay=False)
    for bad in (batch.hand + 1, -np.ones_like(batch.hand), batch.hand.copy()):
        with pytest.raises(ValueError) as err:
            batch.mulligan(bad)
        assert str(err.value) == "set-aside cards must come from the hand, at most 2"
    assert not batch.mulliganed and (batch.hand.sum(axis=1) == 4).all()
    batch.mulligan(np.zeros_like(batch.hand))
    with pytest.raises(RuntimeError) as err:
        batch.mulligan(np.zeros_like(batch.hand))
    assert str(err.value) == "the mulligan happens once, before the first turn"
    later = GameBatch(jinx, 3, seed=2, autoplay=False)
    later.play_turn()
    with pytest.raises(RuntimeError) as err:
        later.mulligan(np.zeros_like(later.hand))
    assert str(err.value) == "the mulligan happens once, before the first turn"


def test_parts_of_a_long_run_are_seeded_apart(jinx):
    zero = GameBatch(jinx, 5, seed=9, part=0, autoplay=False)
    one = GameBatch(jinx, 5, seed=9, part=1, autoplay=False)
    library0, _, _ = replay(jinx, 5, 9, part=0)
    library1, _, _ = replay(jinx, 5, 9, part=1)
    n = len(jinx.cards)
    assert all((zero.hand[g] == counts(library0[g, :4], n)).all() for g in range(5))
    assert all((one.hand[g] == counts(library1[g, :4], n)).all() for g in range(5))
    assert not (library0 == library1).all()


# ---------------------------------------------------------------- runes and draws by turn
@pytest.mark.parametrize("seat, first", [(Seat(2, 1), 2), (Seat(2, 2), 3), (Seat(3, 1), 2), (Seat(3, 3), 3),
                                         (Seat(4, 2), 2)])
def test_each_rune_arrives_on_its_turn_from_the_top_of_the_rune_deck(jinx, seat, first):
    games, seed = 8, 13
    _, runes, _ = replay(jinx, games, seed)
    batch = GameBatch(jinx, games, seed=seed, seat=seat, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    start = 0
    for turn in range(1, 8):
        record = batch.play_turn()
        take = first if turn == 1 else 2
        stop = min(start + take, 12)
        for g in range(games):
            expected = counts(runes[g, start:stop], len(DOMAINS))
            assert (record.channelled[g] == expected).all(), (turn, g)
            assert (record.pools[g] == counts(runes[g, :stop], len(DOMAINS))).all()
        assert (batch.rune_left == 12 - stop).all() and (batch.rune_head == stop % 12).all()
        start = stop
    assert (batch.in_play[:, FURY] == 8).all() and (batch.in_play[:, CHAOS] == 4).all()


@pytest.mark.parametrize("seat, draws", [(Seat(2, 1), [1, 1, 1]), (Seat(2, 2), [1, 1, 1]),
                                         (Seat(3, 1), [0, 1, 1]), (Seat(4, 1), [0, 1, 1]),
                                         (Seat(3, 2), [1, 1, 1])])
def test_who_draws_on_turn_one(jinx, seat, draws):
    games, seed = 6, 5
    library, _, _ = replay(jinx, games, seed)
    batch = GameBatch(jinx, games, seed=seed, seat=seat, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    position = 4
    for turn, draw in enumerate(draws, 1):
        record = batch.play_turn()
        if draw:
            assert list(record.drawn) == list(library[:, position])
            position += 1
        else:
            assert (record.drawn == -1).all()
        assert (batch.hand.sum(axis=1) == position).all() and (batch.top == position).all()
        assert record.turn == turn == batch.turn
        assert (record.burn_outs == 0).all()


def test_on_the_draw_is_seat_two_of_two(jinx):
    batch = GameBatch(jinx, 2, seed=1, on_the_draw=True, autoplay=False)
    assert batch.seat == Seat(2, 2) and batch.on_the_draw
    assert GameBatch(jinx, 2, seed=1, autoplay=False).seat == Seat(2, 1)
    seated = GameBatch(jinx, 2, seed=1, seat=Seat(3, 3), on_the_draw=False, autoplay=False)
    assert seated.seat == Seat(3, 3) and seated.on_the_draw and seated.field.battlefields == 3


def test_a_deck_without_runes_channels_nothing(db):
    plan = plan_of(db, {"Pouty Poro": 40})
    batch = GameBatch(plan, 4, seed=1)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(3):
        record = batch.play_turn()
        assert (record.channelled == 0).all() and (record.energy == 0).all() and record.played.sum() == 0
    assert (batch.hand.sum(axis=1) == 7).all()
    assert batch.champion_zone.tolist() == [0, 0, 0, 0]


# ---------------------------------------------------------------- burn-out
def test_drawing_from_an_empty_library_and_trash_loses_on_that_turn(unplayable):
    """40 cards in the library, 4 in hand, 36 turn draws: turn 37 burns out with nothing to shuffle
    in, so burn-out repeats until the opponent has 8 points, and the game is lost in that cleanup."""
    batch = GameBatch(unplayable, 3, seed=2)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(36):
        record = batch.play_turn()
        assert (record.burn_outs == 0).all() and not record.lost.any()
    record = batch.play_turn()
    assert record.turn == 37
    assert (record.drawn == -1).all()
    assert record.burn_outs.tolist() == [8, 8, 8] and batch.burn_out_total.tolist() == [8, 8, 8]
    assert batch.opponent_points.tolist() == [8, 8, 8]
    assert record.lost.all() and not record.won.any() and batch.lost_turn.tolist() == [37, 37, 37]
    assert batch.over.all()
    # The game goes on (nothing stops it): the next draw burns out once more, one more point.
    again = batch.play_turn()
    assert again.burn_outs.tolist() == [1, 1, 1] and batch.opponent_points.tolist() == [9, 9, 9]
    assert batch.burn_out_total.tolist() == [9, 9, 9]
    assert not again.lost.any() and batch.lost_turn.tolist() == [37, 37, 37]


def test_burn_out_shuffles_the_trash_in_and_the_opponent_gains_one_point(unplayable):
    batch = GameBatch(unplayable, 4, seed=6, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(36):
        batch.play_turn()
    # Put 3, 1, 5 and 2 cards of the hand in the trash (as if played).
    card = 0
    for g, k in enumerate([3, 1, 5, 2]):
        batch.hand[g, card] -= k
        batch.trash[g, card] = k
    record = batch.play_turn()
    assert record.burn_outs.tolist() == [1, 1, 1, 1]
    assert batch.opponent_points.tolist() == [1, 1, 1, 1] and batch.burn_out_total.tolist() == [1, 1, 1, 1]
    assert (record.drawn == card).all()
    assert batch.library_left.tolist() == [2, 0, 4, 1] and (batch.trash == 0).all()
    assert (batch.top == 1).all() and batch.end.tolist() == [3, 1, 5, 2]
    assert not record.lost.any() and (batch.lost_turn == 0).all()
    # The game whose trash held one card burns out again next turn, with nothing left: lost.
    record = batch.play_turn()
    assert record.burn_outs.tolist() == [0, 7, 0, 0]
    assert batch.opponent_points.tolist() == [1, 8, 1, 1]
    assert record.lost.tolist() == [False, True, False, False]
    assert batch.lost_turn.tolist() == [0, 38, 0, 0]


def test_a_burn_out_of_some_games_only_draws_for_the_rest(unplayable):
    batch = GameBatch(unplayable, 3, seed=4, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.top[1] = batch.end[1]  # game 1's library is empty; its trash holds 2 cards
    batch.hand[1, 0] -= 2
    batch.trash[1, 0] = 2
    record = batch.play_turn()
    assert record.burn_outs.tolist() == [0, 1, 0]
    assert (record.drawn == 0).all()  # one card in this deck
    assert batch.library_left.tolist() == [35, 1, 35]
    assert batch.opponent_points.tolist() == [0, 1, 0]


# ---------------------------------------------------------------- the end of a game
def test_won_and_lost_need_the_victory_score_and_more_points(unplayable):
    batch = GameBatch(unplayable, 7, seed=1, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    # Ahead at 8, tied at 8, behind at 7, ahead at 9, far behind, ahead below 8, behind below 8.
    batch.field.points[:] = [8, 8, 7, 9, 3, 5, 2]
    batch.opponent_points[:] = [7, 8, 8, 8, 8, 2, 5]
    record = batch.play_turn()
    assert record.won.tolist() == [True, False, False, True, False, False, False]
    assert record.lost.tolist() == [False, False, True, False, True, False, False]
    assert batch.won_turn.tolist() == [1, 0, 0, 1, 0, 0, 0]
    assert batch.lost_turn.tolist() == [0, 0, 1, 0, 1, 0, 0]
    assert record.won_by.tolist() == [1, 0, 0, 1, 0, 0, 0]
    assert batch.over.tolist() == [True, False, True, True, True, False, False]
    assert record.points.tolist() == [8, 8, 7, 9, 3, 5, 2]
    # Already over: the next cleanup does not end them again.
    batch.field.points[1] = 9
    record = batch.play_turn()
    assert record.won.tolist() == [False, True, False, False, False, False, False]
    assert batch.won_turn.tolist() == [1, 2, 0, 1, 0, 0, 0]


def test_games_over_stop_when_asked_and_go_on_otherwise(unplayable):
    for stop in (True, False):
        batch = GameBatch(unplayable, 2, seed=1, autoplay=False, stop_when_over=stop)
        batch.mulligan(np.zeros_like(batch.hand))
        batch.opponent_points[0] = 8
        first = batch.play_turn()
        # Lost in the cleanup after the Beginning phase: a stopped game neither channels nor draws.
        assert first.lost.tolist() == [True, False]
        assert batch.over.tolist() == [True, False]
        assert batch.stopped.tolist() == [stop, False]
        record = batch.play_turn()
        if stop:
            assert record.drawn[0] == -1 and record.channelled[0].sum() == 0
            assert first.drawn[0] == -1 and batch.hand[0].sum() == 4
        else:
            assert record.drawn[0] == 0 and record.channelled[0].sum() == 2
            assert batch.hand[0].sum() == 6
        assert record.drawn[1] == 0 and batch.hand[1].sum() == 6


def test_keep_keeps_the_chosen_games_in_that_order(jinx):
    batch = GameBatch(jinx, 5, seed=19)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.play_turn()
    batch.play_turn()
    before = {name: getattr(batch, name).copy() for name in
              ("library", "top", "end", "hand", "drawn", "board", "trash", "rune_deck", "rune_head",
               "rune_left", "in_play", "champion_zone")}
    points = batch.field.points.copy()
    batch.keep(np.array([3, 0]))
    assert batch.games == 2
    for name, value in before.items():
        assert (getattr(batch, name) == value[[3, 0]]).all(), name
    assert (batch.field.points == points[[3, 0]]).all()
    record = batch.play_turn()
    assert record.drawn.shape == (2,) and record.channelled.shape == (2, len(DOMAINS))
    # Turn 3 channels the next two runes of each kept game's own rune deck.
    for row, g in enumerate([3, 0]):
        head = before["rune_head"][g]
        expected = counts(before["rune_deck"][g, head:head + 2], len(DOMAINS))
        assert (record.channelled[row] == expected).all()
    assert list(record.drawn) == [before["library"][3, before["top"][3]], before["library"][0, before["top"][0]]]


# ---------------------------------------------------------------- batches and the turn hook
def test_batches_split_a_run():
    assert batches(5, 2) == [(0, 2), (1, 2), (2, 1)]
    assert batches(4, 2) == [(0, 2), (1, 2)]
    assert batches(1) == [(0, 1)]
    assert batches(200_000) == [(0, 200_000)]
    assert batches(200_001) == [(0, 200_000), (1, 1)]
    assert batches(0) == []


def test_the_progress_callback_hears_every_turn_of_its_batch_only(jinx):
    heard = []
    batch = GameBatch(jinx, 7, seed=1, progress=heard.append)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(3):
        batch.play_turn()
    GameBatch(jinx, 2, seed=1).play_turn()
    assert heard == [7, 7, 7]


def test_burn_out_puts_exactly_the_trash_back_in_shuffled(jinx):
    """Three kinds of card in the trash: the new library holds exactly those cards, in the order
    of a Fisher–Yates shuffle of the trash (cards in deck order, seeded by the same generator)."""
    batch = GameBatch(jinx, 3, seed=23, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.top[:] = batch.end  # the library is empty
    trash = {0: [(1, 2), (9, 1), (15, 3)], 1: [(4, 1)], 2: [(2, 2), (20, 2)]}
    for g, cards in trash.items():
        for card, k in cards:
            batch.trash[g, card] = k
    state = batch.rng.bit_generator.state
    record = batch.play_turn()
    assert record.burn_outs.tolist() == [1, 1, 1]
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    sizes = np.array([6, 1, 4])
    expected = np.zeros((3, 6), dtype=np.int64)
    for g, cards in trash.items():
        row = [card for card, k in cards for _ in range(k)]
        expected[g, :len(row)] = row
    fisher_yates(expected, rng, lengths=sizes)
    n = len(jinx.cards)
    for g in range(3):
        new_library = list(batch.library[g, :sizes[g]])
        assert new_library == list(expected[g, :sizes[g]])
        assert (counts(new_library, n) == counts([c for c, k in trash[g] for _ in range(k)], n)).all()
        assert record.drawn[g] == new_library[0]
    assert batch.end.tolist() == sizes.tolist() and (batch.top == 1).all() and (batch.trash == 0).all()


def test_the_engine_plays_by_the_play_kinds_it_is_given(db):
    """Three Noxus Hopeful at hand (two, and the one drawn) and 6 Fury runes: with the bundle's
    Legion data the second costs 2 after the first (4 + 2); with play kinds built from no Legion
    data each costs 4: one only."""
    from deckcheck.goldfish.legion import LegionData
    from deckcheck.goldfish.payment import PlayKinds

    plan = plan_of(db, {"Noxus Hopeful": 20, "Pouty Poro": 20, "Fury Rune": 12})
    hopeful = plan.index_of("Noxus Hopeful")
    played = {}
    for label, kinds in (("legion", None), ("no legion", PlayKinds(plan, legion=LegionData(())))):
        batch = GameBatch(plan, 1, seed=3, kinds=kinds)
        batch.mulligan(np.zeros_like(batch.hand))
        batch.hand[0] = 0
        batch.hand[0, hopeful] = 2
        batch.in_play[0, FURY] = 6
        batch.rune_left[0] = 0  # channel nothing
        batch.library[0, batch.top[0]:batch.end[0]] = hopeful  # draw a Hopeful
        record = batch.play_turn()
        played[label] = (int(record.played[0, hopeful]), int(record.paid[0]))
    assert played == {"legion": (2, 6), "no legion": (1, 4)}


def test_a_recycled_rune_goes_under_the_rune_deck_and_comes_back_in_turn(jinx):
    """CR 164: power is paid by recycling a rune to the bottom of the rune deck. Set by hand: three
    Calm runes left in the deck (positions 9, 10, 11 of 12), one Fury rune in play and Hextech Ray
    (1 energy and 1 Fury power) the only card at hand. Turn 1 channels two Calm runes, plays the Ray
    and recycles the Fury rune under the last Calm one; turn 2 channels that Calm rune, then the Fury."""
    ray, scorcher = jinx.index_of("Hextech Ray"), jinx.index_of("Blazing Scorcher")
    batch = GameBatch(jinx, 1, seed=3)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[0] = 0
    batch.hand[0, ray] = 1
    batch.champion_zone[0] = 0
    batch.library[0, batch.top[0]:batch.end[0]] = scorcher  # draws nothing playable
    batch.rune_deck[0] = CALM
    batch.rune_head[0], batch.rune_left[0] = 9, 3
    batch.in_play[0] = 0
    batch.in_play[0, FURY] = 1
    first = batch.play_turn()
    assert first.channelled[0, CALM] == 2 and first.played[0, ray] == 1
    assert first.recycled[0].tolist() == [1 if d == FURY else 0 for d in range(len(DOMAINS))]
    assert batch.rune_left[0] == 2 and batch.in_play[0, FURY] == 0
    second = batch.play_turn()
    assert second.channelled[0, CALM] == 1 and second.channelled[0, FURY] == 1
    assert batch.rune_left[0] == 0


@pytest.fixture(scope="module")
def noxus(db):
    """The Noxus Legion cards, and Pouty Poro last: the card one_turn draws."""
    return plan_of(db, {"Darius, Executioner": 5, "Vanguard Captain": 5, "Sun Disc": 5, "Pouty Poro": 25,
                        "Fury Rune": 6, "Order Rune": 6})


def test_two_sun_discs_ready_only_the_units_played_after_the_first_card(noxus):
    """Two Discs on the board and two Poros played: the first Poro is the first card (Legion off),
    so only the second enters ready; the second Disc has no unit left to ready."""
    batch, record = one_turn(noxus, {"Pouty Poro": 2}, fury=4, order=0, board={"Sun Disc": 2})
    assert record.played[0, noxus.index_of("Pouty Poro")] == 2
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1


def test_a_sun_disc_does_not_ready_darius_twice(noxus):
    """A Poro, then Darius with Legion on: he readies himself; the Disc on the board has no other
    unit played after the first card to ready, so one unit entered ready, not two."""
    batch, record = one_turn(noxus, {"Pouty Poro": 1, "Darius, Executioner": 1}, fury=4, order=4,
                             board={"Sun Disc": 1})
    assert record.played[0, noxus.index_of("Darius, Executioner")] == 1
    assert record.entered_ready[0] == 1 and batch.field.base_exhausted[0] == 1
    # Darius alone (the deck's first card) is the first card played: Legion off, he enters exhausted.
    batch, record = one_turn(noxus, {"Darius, Executioner": 1}, fury=3, order=4)
    assert noxus.cards[0].name == "Darius, Executioner" and record.played[0, 0] == 1
    assert record.entered_ready[0] == 0 and batch.field.base_exhausted[0] == 1


def test_two_burn_outs_in_one_turn_count_every_point(unplayable):
    """The library is empty and the trash holds one card: the turn's draw burns out (1 point) and
    draws it. A ready unit then conquers at 7 points: the last point is held back and a card drawn
    instead; the library is empty again and so is the trash: burn-out repeats to 8. 8 burn-outs."""
    batch = GameBatch(unplayable, 1, seed=2)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.top[0] = batch.end[0]
    batch.hand[0, 0] -= 1
    batch.trash[0, 0] = 1
    batch.field.points[0] = 7
    batch.field.base_exhausted[0] = 1  # readies at Awaken
    record = batch.play_turn()
    assert record.held_back[0].sum() == 1 and len(record.extra_drawn) == 1 and record.extra_drawn[0][0] == -1
    assert record.burn_outs[0] == 8 and batch.burn_out_total[0] == 8
    assert batch.opponent_points[0] == 8 and batch.field.points[0] == 7
    assert record.lost[0] and batch.lost_turn[0] == 1


def test_a_sun_disc_played_in_one_game_readies_no_unit_in_another(noxus):
    """Two games, one turn: game 0 plays a Sun Disc and then two Poros (the first Poro turns the
    Disc on, CR 812.1.c, so the second enters ready); game 1 plays two Poros with no Disc anywhere:
    both enter exhausted."""
    poro, disc = noxus.index_of("Pouty Poro"), noxus.index_of("Sun Disc")
    batch = GameBatch(noxus, 2, seed=3, seat=Seat(2, 1))
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[:] = 0
    batch.hand[0, disc], batch.hand[0, poro] = 1, 2
    batch.hand[1, poro] = 2
    batch.in_play[:] = 0
    batch.in_play[0, FURY] = 6
    batch.in_play[1, FURY] = 4
    batch.rune_left[:] = 0
    for g in range(2):
        batch.library[g, batch.top[g]:batch.end[g]] = disc if g == 0 else poro
    record = batch.play_turn()
    assert record.played[0, disc] == 1 and record.played[0, poro] == 2 and record.played[1, poro] == 2
    assert record.entered_ready.tolist() == [1, 0]
    assert batch.field.base_exhausted.tolist() == [1, 2]


def test_two_sun_discs_when_the_first_card_of_the_deck_is_the_unit_played(db):
    """The same rule with Pouty Poro as the deck's first card: two Discs on the board, two Poros
    played: the first Poro has Legion off, the second enters ready; one unit, not two."""
    plan = plan_of(db, {"Pouty Poro": 30, "Sun Disc": 10, "Fury Rune": 12})
    assert plan.cards[0].name == "Pouty Poro" and plan.cards[1].name == "Sun Disc"
    batch, record = one_turn(plan, {"Pouty Poro": 2}, fury=4, order=0, board={"Sun Disc": 2},
                             draw="Pouty Poro")
    assert record.played[0, 0] == 2
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1


def set_state(batch, g: int, plan, hand: dict[str, int], fury: int = 0, chaos: int = 0, draw: str | None = None):
    """Game ``g`` of a batch: this hand, these runes in play and none left to channel, and (if
    given) a library of ``draw`` only."""
    batch.hand[g] = 0
    for name, n in hand.items():
        batch.hand[g, plan.index_of(name)] = n
    batch.in_play[g] = 0
    batch.in_play[g, FURY], batch.in_play[g, CHAOS] = fury, chaos
    batch.rune_left[g] = 0
    if draw is not None:
        batch.library[g, batch.top[g]:batch.end[g]] = plan.index_of(draw)


def test_the_champion_is_played_from_its_zone_before_a_copy_at_hand(jinx):
    """Sharkling chosen as champion (3 copies: one in the zone): with one more at hand, 3 energy plays
    one Sharkling, and it is the zone's copy that goes (CR 108.3.d); the hand keeps its own."""
    champion = jinx.index_of("Sharkling")
    plan = DeckPlan(label="shark", cards=jinx.cards, copies=jinx.copies, champion=champion, runes=jinx.runes)
    batch = GameBatch(plan, 1, seed=3)
    batch.mulligan(np.zeros_like(batch.hand))
    set_state(batch, 0, plan, {"Sharkling": 1}, fury=3, draw="Blazing Scorcher")
    assert batch.available()[0, champion] == 2 and batch.castable(batch.in_play)[0, champion]
    record = batch.play_turn()
    assert record.played[0, champion] == 1
    assert batch.champion_zone[0] == 0 and batch.hand[0, champion] == 1 and batch.board[0, champion] == 1
    assert batch.available()[0, champion] == 1


def test_played_spells_pile_up_in_the_trash_and_units_on_the_board(jinx):
    """Turn 1: Cleave (a 1-energy spell) and Pouty Poro (a 2-energy unit) with 3 runes; turn 2 the
    same again: the trash holds both Cleaves and the board both Poros."""
    cleave, poro = jinx.index_of("Cleave"), jinx.index_of("Pouty Poro")
    batch = GameBatch(jinx, 1, seed=3)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.champion_zone[0] = 0
    for turn in (1, 2):
        set_state(batch, 0, jinx, {"Cleave": 1, "Pouty Poro": 1}, fury=3, draw="Blazing Scorcher")
        record = batch.play_turn()
        assert record.played[0, cleave] == 1 and record.played[0, poro] == 1
        assert batch.trash[0, cleave] == turn and batch.board[0, poro] == turn
        assert batch.board[0, cleave] == 0 and batch.trash[0, poro] == 0


def test_refused_turns_are_counted_turn_by_turn(hopefuls_plan):
    """A policy that tries to play its whole hand: two turns whose choice the rules refuse count 2."""
    batch = GameBatch(hopefuls_plan, 3, seed=3, policy=play_everything())
    batch.mulligan(np.zeros_like(batch.hand))
    batch.play_turn()
    batch.play_turn()
    assert batch.refused.tolist() == [2, 2, 2]


@pytest.fixture(scope="module")
def hopefuls_plan(db):
    return plan_of(db, {"Noxus Hopeful": 20, "Pouty Poro": 20, "Fury Rune": 12})


def test_castable_needs_the_energy_and_the_power_of_the_cards_own_domain(jinx):
    """Hextech Ray costs 1 energy and 1 Fury power; Ride the Wind 2 energy and 1 Chaos power."""
    ray, wind = jinx.index_of("Hextech Ray"), jinx.index_of("Ride the Wind")
    batch = GameBatch(jinx, 6, seed=3, autoplay=False)
    batch.hand[:] = 0
    batch.hand[:5, ray] = batch.hand[:5, wind] = 1  # game 5 holds neither
    pools = np.zeros((6, len(DOMAINS)), dtype=np.int64)
    pools[0, FURY] = 1                     # Ray: yes (1 energy, 1 Fury); Wind: no (1 energy)
    pools[1, CHAOS] = 2                    # Ray: no (no Fury); Wind: yes
    pools[2, FURY] = 2                     # Ray: yes; Wind: no (no Chaos)
    pools[3, FURY], pools[3, CHAOS] = 1, 1  # both
    pools[4, CHAOS] = 1                    # Ray: no; Wind: its Chaos power, but 1 energy of 2
    pools[5, FURY], pools[5, CHAOS] = 2, 2  # neither is at hand
    castable = batch.castable(pools)
    assert castable[:, ray].tolist() == [True, False, True, True, False, False]
    assert castable[:, wind].tolist() == [False, True, False, True, False, False]


def test_only_the_game_that_held_back_its_last_point_draws_again(two_drops):
    """Two games with a ready unit at the base: game 0 at 7 points (the conquer's point is held back:
    a card is drawn instead), game 1 at 0 (the point counts). Only game 0 draws the extra card."""
    batch = GameBatch(two_drops, 2, seed=2)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.field.points[:] = [7, 0]
    batch.field.base_exhausted[:] = 1
    record = batch.play_turn()
    assert record.held_back.sum(axis=1).tolist() == [1, 0]
    assert len(record.extra_drawn) == 1 and record.extra_drawn[0].tolist()[1] == -1
    assert record.extra_drawn[0][0] >= 0
    assert batch.field.points.tolist() == [7, 1]
    # Game 0 drew 2 (turn and extra), game 1 one; each then played what its runes allowed.
    assert (batch.drawn.sum(axis=1) - 4).tolist() == [2, 1]
    # A turn with no point held back lists no extra draw.
    batch2 = GameBatch(two_drops, 2, seed=2)
    batch2.mulligan(np.zeros_like(batch2.hand))
    assert batch2.play_turn().extra_drawn == []


@pytest.fixture(scope="module")
def two_drops(db):
    return plan_of(db, {"Pouty Poro": 40, "Fury Rune": 12})


def test_a_game_that_is_over_makes_no_move(unplayable):
    """With games stopped once over: a lost game moves no unit and plays nothing, while the other
    goes on."""
    batch = GameBatch(unplayable, 2, seed=1, stop_when_over=True)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.opponent_points[0] = 8
    batch.field.base_exhausted[:] = 1  # a unit at each base, ready after Awaken
    first = batch.play_turn()
    assert first.lost.tolist() == [True, False]
    assert first.moved.sum(axis=1).tolist() == [0, 1]
    second = batch.play_turn()
    assert second.moved[0].sum() == 0 and batch.field.at[0].sum() == 0
    assert batch.field.base_ready[0] == 1 and batch.field.at[1].sum() == 1


def test_legion_works_in_a_deck_with_only_one_kind_of_legion_card(db):
    """Vanguard Captain without Darius or Sun Disc still makes its two tokens after another card;
    Darius without Captain or Disc still readies himself, moves at once and conquers."""
    captains = plan_of(db, {"Vanguard Captain": 10, "Pouty Poro": 30, "Fury Rune": 6, "Order Rune": 6})
    batch, record = one_turn(captains, {"Pouty Poro": 1, "Vanguard Captain": 1}, fury=2, order=3)
    assert record.tokens[0] == 2 and batch.field.base_exhausted[0] == 4
    dariuses = plan_of(db, {"Darius, Executioner": 10, "Pouty Poro": 30, "Fury Rune": 6, "Order Rune": 6})
    batch, record = one_turn(dariuses, {"Pouty Poro": 1, "Darius, Executioner": 1}, fury=4, order=4)
    assert record.entered_ready[0] == 1
    # He moves after the plays: the turn's moves count him, and so do its late moves.
    assert record.moved_late[0].sum() == 1 and record.moved[0].sum() == 1 and batch.field.points[0] == 1


@pytest.fixture(scope="module")
def dariuses(db):
    return plan_of(db, {"Darius, Executioner": 10, "Pouty Poro": 30, "Fury Rune": 6, "Order Rune": 6})


def poro_then_darius(batch, plan, g: int) -> None:
    """Game ``g``: Pouty Poro and Darius at hand, 4 Fury and 4 Order runes in play, a Poro to draw."""
    batch.hand[g] = 0
    batch.hand[g, plan.index_of("Pouty Poro")] = 1
    batch.hand[g, plan.index_of("Darius, Executioner")] = 1
    batch.in_play[g] = 0
    batch.in_play[g, FURY] = batch.in_play[g, DOMAIN_INDEX[Domain.ORDER]] = 4
    batch.rune_left[g] = 0
    batch.library[g, batch.top[g]:batch.end[g]] = plan.index_of("Pouty Poro")


def test_a_turn_with_late_moves_keeps_the_wins_and_losses_of_its_beginning(dariuses):
    """Three games, one turn: game 0 holds a battlefield at 7 points (won by hold), game 1 plays a
    Poro then Darius, who enters ready and moves after the plays, game 2's opponent already has 8
    (lost). The late moves of game 1 change neither the win nor the loss."""
    batch = GameBatch(dariuses, 3, seed=5)
    batch.mulligan(np.zeros_like(batch.hand))
    for g in range(3):
        poro_then_darius(batch, dariuses, g)
    batch.hand[[0, 2]] = 0  # games 0 and 2 play nothing
    batch.field.control[0, 0] = True
    batch.field.points[0] = 7
    batch.opponent_points[2] = 8
    record = batch.play_turn()
    assert record.moved_late.sum(axis=1).tolist() == [0, 1, 0]
    assert record.won.tolist() == [True, False, False]
    assert record.lost.tolist() == [False, False, True]
    assert record.conquered.sum(axis=1).tolist() == [0, 1, 0]


def test_a_late_move_that_would_score_the_last_point_draws_a_card_instead(dariuses):
    """At 7 points with two battlefields unscored, Darius (ready by Legion) moves after the plays
    and conquers one: the 8th point is held back and a card drawn instead (RULES.md §10)."""
    batch = GameBatch(dariuses, 1, seed=5)
    batch.mulligan(np.zeros_like(batch.hand))
    poro_then_darius(batch, dariuses, 0)
    batch.field.points[0] = 7
    record = batch.play_turn()
    assert record.moved_late[0].sum() == 1 and record.entered_ready[0] == 1
    assert record.held_back[0].sum() == 1 and record.conquered[0].sum() == 0
    assert len(record.extra_drawn) == 1 and record.extra_drawn[0][0] == dariuses.index_of("Pouty Poro")
    assert batch.field.points[0] == 7 and not record.won[0]


def test_a_game_that_is_over_plays_no_card(two_drops):
    """Games stopped once over: game 0 is lost at its Beginning phase, so although it has Poros at
    hand and two runes in play it plays nothing; game 1 plays a Poro."""
    batch = GameBatch(two_drops, 2, seed=1, stop_when_over=True)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.opponent_points[0] = 8
    batch.in_play[:, FURY] = 2
    batch.rune_left[:] = 0
    record = batch.play_turn()
    assert record.lost.tolist() == [True, False]
    assert record.played.sum(axis=1).tolist() == [0, 1]
    assert batch.board.sum(axis=1).tolist() == [0, 1] and batch.refused.tolist() == [0, 0]


@pytest.fixture(scope="module")
def undying(db):
    return plan_of(db, {"Undying Legion": 10, "Pouty Poro": 30, "Fury Rune": 12})


def test_undying_legion_played_from_hand_and_from_the_trash_in_one_turn(undying):
    """One Undying Legion (3 energy) at hand, one in the trash, two Poros (2) once the turn's Poro is
    drawn, and 8 Fury runes: the most energy is 8, only as the Legion at hand, the one in the
    trash (3 energy and 1 Fury power, Legion on) and one Poro. Exactly these cards are played, and
    the trash is emptied of the Legion."""
    legion, poro = undying.index_of("Undying Legion"), undying.index_of("Pouty Poro")
    batch = GameBatch(undying, 1, seed=3)
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[0] = 0
    batch.hand[0, poro], batch.hand[0, legion] = 1, 1
    batch.trash[0, legion] = 1
    batch.in_play[0] = 0
    batch.in_play[0, FURY] = 8
    batch.rune_left[0] = 0
    batch.library[0, batch.top[0]:batch.end[0]] = poro
    record = batch.play_turn()
    assert record.plays[0, batch.kinds.trash_kinds[0]] == 1 and record.paid[0] == 8
    assert record.played[0].tolist() == [2 if j == legion else 1 for j in range(2)]
    assert batch.trash[0].tolist() == [0, 0] and batch.board[0, legion] == 2 and batch.board[0, poro] == 1


def test_sun_discs_on_one_board_ready_no_unit_of_another_game(noxus):
    """Two games each play two Poros; only game 0 has a Sun Disc on its board."""
    batch = GameBatch(noxus, 2, seed=3, seat=Seat(2, 1))
    batch.mulligan(np.zeros_like(batch.hand))
    poro = noxus.index_of("Pouty Poro")
    batch.hand[:] = 0
    batch.hand[:, poro] = 2
    batch.board[0, noxus.index_of("Sun Disc")] = 1
    batch.in_play[:] = 0
    batch.in_play[:, FURY] = 4
    batch.rune_left[:] = 0
    batch.library[:, :] = poro
    record = batch.play_turn()
    assert record.played[:, poro].tolist() == [2, 2]
    assert record.entered_ready.tolist() == [1, 0]


def test_a_game_played_a_turn_at_a_time_is_the_game_played_at_once(jinx):
    """As the interactive prompt does: a seeded game kept without a mulligan, played one turn per
    call, logs the same turns as the same game played in one call (no second mulligan)."""
    from deckcheck.goldfish.game import GoldfishGame

    stepwise = GoldfishGame(jinx, seed=9)
    logs = [log for _ in range(3) for log in stepwise.play(1)]
    at_once = GoldfishGame(jinx, seed=9).play(3)
    assert [log.model_dump() for log in logs] == [log.model_dump() for log in at_once]
    assert stepwise.batch.turn == 3


def test_a_game_without_autoplay_logs_turns_where_nothing_is_played(jinx):
    """--no-autoplay: the log still shows each turn's runes and draw, and that nothing was played,
    paid, recycled, moved or scored; the hand grows by the card drawn."""
    from deckcheck.goldfish.game import GoldfishGame

    game = GoldfishGame(jinx, seed=9, autoplay=False)
    logs = game.play(3)
    library, runes, _ = replay(jinx, 1, 9)
    for t, log in enumerate(logs, 1):
        assert log.turn == t
        assert log.drew == jinx.cards[library[0, 3 + t]].name
        assert sorted(log.channelled) == sorted(DOMAINS[d].value for d in runes[0, 2 * t - 2:2 * t])
        assert (log.played, log.plays, log.recycled, log.energy_paid) == ([], [], {}, 0)
        assert (log.moves, log.conquered, log.held_back, log.points, log.board) == ([], 0, 0, 0, [])
        assert log.hand_after == 4 + t and log.energy == 2 * t


def test_a_simulation_without_autoplay_plays_and_spends_nothing(jinx):
    from deckcheck.goldfish.simulate import simulate

    result = simulate(jinx, games=40, turns=3, seed=2, autoplay=False)
    assert [(t.played, t.energy_spent) for t in result.per_turn] == [(0.0, 0.0)] * 3
    assert [t.energy for t in result.per_turn] == [2.0, 4.0, 6.0]


def test_a_refused_game_pays_nothing_and_the_others_pay_their_plays(two_drops):
    """A policy that plays the whole hand: game 0 holds one Poro and 2 runes (payable: 2 energy
    paid); game 1 holds four Poros and 2 runes (refused: nothing paid, nothing played)."""
    batch = GameBatch(two_drops, 2, seed=3, policy=play_everything())
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[0] = 0  # the turn's draw gives game 0 its one Poro
    batch.in_play[:] = 0
    batch.rune_left[:] = 0
    batch.in_play[:, FURY] = 2
    record = batch.play_turn()
    assert record.paid.tolist() == [2, 0] and record.played.sum(axis=1).tolist() == [1, 0]
    assert batch.refused.tolist() == [0, 1]


def test_a_play_of_a_card_not_at_hand_is_refused_in_that_game_only(two_drops):
    """A policy that always plays one Poro: game 1 has none at hand (the rules refuse it: nothing
    played, the hand untouched), game 0 has one and plays it."""
    from deckcheck.goldfish.policy import Policy

    class OnePoro(Policy):
        name = "one-poro"

        def plays(self, kinds, available, pools):
            plays = np.zeros_like(available)
            plays[:, 0] = 1
            return plays

    batch = GameBatch(two_drops, 2, seed=3, policy=OnePoro())
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[:] = 0
    batch.top[1] = batch.end[1]  # game 1's library is empty (and so is its trash): it draws nothing
    batch.in_play[:] = 0
    batch.rune_left[:] = 0
    batch.in_play[:, FURY] = 2
    record = batch.play_turn()  # game 0 draws a Poro; game 1 burns out with an empty trash
    assert record.drawn[0] == 0 and record.drawn[1] == -1
    assert record.played[:, 0].tolist() == [1, 0] and record.paid.tolist() == [2, 0]
    assert batch.refused.tolist() == [0, 1] and batch.hand[1].tolist() == [0]
