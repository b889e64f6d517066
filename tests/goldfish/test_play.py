"""The goldfish plays the game: Legion, moves, conquer and hold, the last point, burn-out, the clock.

Every deck here is built by hand so that the answer can be worked out by hand; each test says how.
"""

from __future__ import annotations

import numpy as np
import pytest

from deckcheck.goldfish.board import Board
from deckcheck.goldfish.clock import clock
from deckcheck.goldfish.engine import GameBatch
from deckcheck.goldfish.game import GoldfishGame
from deckcheck.goldfish.payment import PlayKinds
from deckcheck.goldfish.plan import DOMAIN_INDEX
from deckcheck.goldfish.policy import CostliestFirst, MostEnergy, get_policy
from deckcheck.goldfish.seat import Seat
from deckcheck.cards.model import Domain

from conftest import play_everything
from goldfish.support import one_turn, plan_of

FURY = DOMAIN_INDEX[Domain.FURY]


def pools(**runes: int) -> np.ndarray:
    row = np.zeros((1, len(DOMAIN_INDEX)), dtype=np.int64)
    for name, n in runes.items():
        row[0, DOMAIN_INDEX[Domain(name.capitalize())]] = n
    return row


@pytest.fixture(scope="module")
def two_drops(db):
    """40 Pouty Poro (a 2-energy unit with no power cost and no Legion) and 12 Fury runes."""
    return plan_of(db, {"Pouty Poro": 40, "Fury Rune": 12})


# ---------------------------------------------------------------------------- the clock by hand
@pytest.mark.parametrize("on_the_draw", [False, True])
def test_only_two_energy_units_win_on_turn_six_in_every_game(two_drops, on_the_draw):
    """Worked out by hand (two battlefields, 1v1, nobody opposing):

    turn 1: 2 runes (3 on the draw) pay one 2-energy unit, which enters exhausted: 0 points.
    turn 2: it readies and moves to a battlefield nobody controls: conquer, 1 point; 4 (5) runes
            pay two more units.
    turn 3: hold the first battlefield (2), a second unit conquers the other one (3).
    turn 4: hold both (5). turn 5: hold both (7). turn 6: hold both: the 8th point comes by hold,
            which always counts: won on turn 6.
    No line is faster: on turn 2 only one unit can be ready (2 or 3 energy on turn 1 pay one unit),
    so at most 1 point, then at most 2 more on turn 3 and 2 a turn after that (each battlefield
    scores once a turn): 1, 3, 5, 7, 8. Every hand is four of these units, so every game is the same.
    """
    result = clock(two_drops, games=400, seed=11, seat=Seat.of(2, on_the_draw))
    assert [(t.turn, t.probability) for t in result.distribution] == [(6, 1.0)]
    assert result.won == 1.0 and result.mean == 6.0 and result.median == 6
    assert result.points_by_conquer == 2.0 and result.points_by_hold == 7.0
    assert result.drew_out == 0.0 and result.held_back == 0.0 and result.unfinished == 0.0
    assert all(p.turn == p.low == p.high == 6 for p in result.percentiles)


def test_three_battlefields_in_a_free_for_all_win_on_turn_five(two_drops):
    """Three players, three battlefields. Seat 1 skips the first draw and the last seat channels 3
    runes on turn 1; either way one unit on turn 1, two more on turn 2. Turn 2: conquer 1 (1).
    Turn 3: hold 1 (2), two units conquer the other two (4). Turn 4: hold 3 (7). Turn 5: hold: won."""
    for seat in (Seat(3, 1), Seat(3, 3), Seat(4, 2)):
        result = clock(two_drops, games=200, seed=2, seat=seat)
        assert [(t.turn, t.probability) for t in result.distribution] == [(5, 1.0)], seat
        assert result.battlefields == 3


def test_a_game_shows_the_board_turn_by_turn(two_drops):
    game = GoldfishGame(two_drops, seed=5)
    log = game.log(game.play(60), "none")
    assert log.result.startswith("won on turn 6") and len(log.turns) == 6
    t2, t3, t6 = log.turns[1], log.turns[2], log.turns[5]
    assert [(m.to, m.result) for m in t2.moves] == [("your battlefield", "conquered: +1 point")]
    assert [p.name for p in t2.plays] == ["Pouty Poro", "Pouty Poro"] and t2.energy_paid == 4
    assert [p.legion for p in t2.plays] == [False, True]
    assert (t3.held, t3.conquered, t3.points) == (1, 1, 3)
    assert [(b.controlled, len(b.units), b.scored) for b in t3.battlefields] == [(True, 1, "held"),
                                                                                  (True, 1, "conquered")]
    assert [u.ready for u in t3.base] == [True, False, False, False]  # one left over, three just played
    assert t6.won and t6.held == 2 and t6.points == 9 and not t6.channelled  # won in the Beginning phase
    assert any("combat" in item for item in log.ignores)


# ---------------------------------------------------------------------------- the last point
def test_the_last_point_by_conquer_is_held_back_unless_every_battlefield_was_scored():
    board = Board(3, battlefields=3, victory=8)
    board.points[:] = 7
    board.base_ready[:] = [1, 2, 1]
    board.control[2] = [True, False, False]
    board.scored[2] = [True, False, False]  # game 2 held battlefield 0 this turn
    sent = np.array([[1, 0, 0], [1, 1, 0], [0, 1, 0]])
    conquered, draws = board.move(sent)
    # Game 0: battlefields 1 and 2 not scored this turn: a card instead of the 8th point.
    assert board.points[0] == 7 and draws[0].tolist() == [1, 0, 0]
    # Game 1: the first conquer draws; the second still leaves battlefield 2 unscored: draws again.
    assert board.points[1] == 7 and draws[1].tolist() == [1, 1, 0] and board.held_back[1] == 2
    # Game 2: two of three scored, battlefield 2 not: held back too.
    assert board.points[2] == 7 and draws[2].tolist() == [0, 1, 0]
    # The next turn, the 8th point by hold counts.
    board.awaken()
    gained = board.hold(np.ones(3, dtype=bool))
    assert gained.tolist() == [1, 2, 2] and (board.points >= 8).all()


def test_the_last_point_by_conquer_counts_when_it_scores_the_last_battlefield():
    board = Board(1, battlefields=2, victory=8)
    board.points[:] = 6
    board.control[0, 0] = True
    board.hold(np.ones(1, dtype=bool))  # 7, battlefield 0 scored
    board.base_ready[:] = 1
    conquered, draws = board.move(np.array([[0, 1]]))
    assert board.points[0] == 8 and conquered.tolist() == [[0, 1]] and draws.sum() == 0


def test_a_held_back_last_point_draws_a_card_and_the_next_hold_wins(two_drops):
    """The engine end to end, three battlefields, a state set by hand: 6 points, battlefield 0
    controlled, one unit waiting at the base. Turn: hold -> 7; the unit conquers battlefield 1,
    which would be the 8th point, but battlefield 2 was not scored: a card is drawn instead.
    Next turn: hold both -> 9: won by hold. With two units waiting, the second conquer (battlefield
    2, now the last one not scored) counts: won at once."""
    for waiting, won_on, hand_growth in ((1, 2, 2), (2, 1, 2)):
        batch = GameBatch(two_drops, 1, seed=1, seat=Seat(3, 2), stop_when_over=True)
        batch.mulligan(np.zeros_like(batch.hand))
        batch.field.points[:] = 6
        batch.field.control[0, 0] = True
        batch.field.at[0, 0] = 1
        batch.field.base_exhausted[:] = waiting
        hand = int(batch.hand.sum())
        record = batch.play_turn()
        assert record.held[0] == 1
        assert record.held_back[0].tolist() == [0, 1, 0]
        assert [c[0] >= 0 for c in record.extra_drawn] == [True]
        played = int(record.played.sum())
        assert int(batch.hand.sum()) == hand + hand_growth - played  # the turn's draw and the card instead
        if won_on == 1:
            assert record.won[0] and batch.field.points[0] == 8 and record.conquered[0].tolist() == [0, 0, 1]
        else:
            assert not record.won[0] and batch.field.points[0] == 7
            record = batch.play_turn()
            assert record.won[0] and record.held[0] == 2 and batch.won_turn[0] == 2


def test_one_point_per_battlefield_per_turn():
    board = Board(1, battlefields=2, victory=8)
    board.base_ready[:] = 2
    board.move(np.array([[1, 0]]))
    assert board.points[0] == 1
    board.control[0, 0] = False  # were it lost and taken again the same turn ...
    board.move(np.array([[1, 0]]))
    assert board.points[0] == 1  # ... it scores no second time
    board.awaken()
    board.hold(np.ones(1, dtype=bool))
    assert board.points[0] == 2


def test_points_a_turn_never_exceed_the_battlefields(db):
    plan = plan_of(db, {"Pouty Poro": 20, "Chemtech Enforcer": 10, "Noxus Hopeful": 10, "Fury Rune": 12})
    batch = GameBatch(plan, 3000, seed=9)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(10):
        record = batch.play_turn()
        assert (record.held + record.conquered.sum(axis=1) <= 2).all()
        assert (record.conquered <= 1).all()


# ---------------------------------------------------------------------------- Legion
@pytest.fixture(scope="module")
def hopefuls(db):
    return plan_of(db, {"Noxus Hopeful": 20, "Pouty Poro": 20, "Fury Rune": 12})


def _choose(plan, hand: dict[str, int], runes: np.ndarray, trash: dict[str, int] | None = None, policy=None):
    kinds = PlayKinds(plan)
    available = np.zeros((1, kinds.kinds), dtype=np.int64)
    for name, n in hand.items():
        available[0, plan.index_of(name)] = n
    for name, n in (trash or {}).items():
        k = next(k for k in kinds.trash_kinds if kinds.card[k] == plan.index_of(name))
        available[0, k] = n
    chosen = (policy or MostEnergy()).plays(kinds, available, runes)
    ok, paid = kinds.evaluate(chosen, runes)
    assert ok.all()
    return kinds, chosen[0], int(paid[0])


def test_noxus_hopeful_costs_two_only_after_another_card(hopefuls):
    hopeful, poro = hopefuls.index_of("Noxus Hopeful"), hopefuls.index_of("Pouty Poro")
    # 4 energy: a Poro first turns Legion on, then the Hopeful costs 2: both played for 4.
    _, chosen, paid = _choose(hopefuls, {"Noxus Hopeful": 1, "Pouty Poro": 1}, pools(fury=4))
    assert chosen[hopeful] == 1 and chosen[poro] == 1 and paid == 4
    # 4 energy and two Hopefuls: the first pays 4 (Legion off), the second would cost 2 more: one only.
    _, chosen, paid = _choose(hopefuls, {"Noxus Hopeful": 2}, pools(fury=4))
    assert chosen[hopeful] == 1 and paid == 4
    # 6 energy: the first Hopeful turns Legion on for the second: 4 + 2.
    _, chosen, paid = _choose(hopefuls, {"Noxus Hopeful": 2}, pools(fury=6))
    assert chosen[hopeful] == 2 and paid == 6
    # 3 energy: a Hopeful alone costs 4, and nothing else is in hand to play first.
    _, chosen, paid = _choose(hopefuls, {"Noxus Hopeful": 1}, pools(fury=3))
    assert chosen.sum() == 0 and paid == 0
    # 3 energy with a Poro: the Poro (2) leaves 1, too little even for a Hopeful at 2.
    _, chosen, paid = _choose(hopefuls, {"Noxus Hopeful": 1, "Pouty Poro": 1}, pools(fury=3))
    assert chosen[poro] == 1 and chosen[hopeful] == 0 and paid == 2


def test_in_played_games_a_hopeful_at_two_always_follows_another_card(hopefuls):
    for seed in range(25):
        game = GoldfishGame(hopefuls, seed=seed)
        for turn in game.play(12):
            for i, play in enumerate(turn.plays):
                if play.name == "Noxus Hopeful":
                    assert play.energy == (2 if i > 0 else 4) and play.legion == (i > 0)
            assert turn.energy_paid == sum(p.energy for p in turn.plays) <= turn.energy


@pytest.fixture(scope="module")
def undying(db):
    return plan_of(db, {"Undying Legion": 10, "Pouty Poro": 30, "Fury Rune": 12})


def test_undying_legion_is_replayed_from_the_trash_after_another_card(undying):
    legion = undying.index_of("Undying Legion")
    # In the trash, with a Poro in hand and 5 Fury: Poro (2), then Undying Legion from the trash
    # for 3 Energy and 1 Fury power.
    kinds, chosen, paid = _choose(undying, {"Pouty Poro": 1}, pools(fury=5), trash={"Undying Legion": 1})
    from_trash = next(k for k in kinds.trash_kinds if kinds.card[k] == legion)
    assert chosen[from_trash] == 1 and paid == 5
    # Nothing else to play first: Legion stays off and it stays in the trash.
    _, chosen, _ = _choose(undying, {}, pools(fury=5), trash={"Undying Legion": 1})
    assert chosen.sum() == 0
    # No Fury rune to recycle: it cannot pay the Legion cost.
    _, chosen, _ = _choose(undying, {"Pouty Poro": 1}, pools(calm=5), trash={"Undying Legion": 1})
    assert chosen[from_trash] == 0


def test_the_engine_plays_it_from_the_trash_and_recycles_the_fury_rune(undying):
    legion, poro = undying.index_of("Undying Legion"), undying.index_of("Pouty Poro")
    batch = GameBatch(undying, 1, seed=3, seat=Seat(2, 2))
    batch.mulligan(np.zeros_like(batch.hand))
    batch.hand[0] = 0
    batch.hand[0, poro] = 1
    batch.trash[0, legion] = 1  # sent there by an effect the goldfish does not model
    batch.in_play[0, FURY] = 3  # 3 runes in play; turn 1 going second channels 3 more: 6
    # the turn's draw may add a card; keep it out of the way by making it unplayable this turn.
    record = batch.play_turn()
    assert record.played[0, legion] >= 1 and batch.trash[0, legion] == 0
    assert record.recycled[0, FURY] >= 1 and batch.board[0, legion] >= 1
    assert record.plays[0, batch.kinds.trash_kinds[0]] == 1


def test_darius_legend_adds_one_energy_once_a_card_is_played(db):
    plan = plan_of(db, {"Darius, Hand of Noxus": 1, "Pouty Poro": 20, "Chemtech Enforcer": 20, "Fury Rune": 12})
    kinds = PlayKinds(plan)
    assert kinds.bonus == 1
    # 3 energy and two 2-energy units: 2, then the legend's +1 Energy pays the second.
    _, chosen, paid = _choose(plan, {"Pouty Poro": 2}, pools(fury=3))
    assert chosen.sum() == 2 and paid == 4
    # The extra Energy comes only after a card: 1 energy cannot start a 2-energy unit.
    _, chosen, _ = _choose(plan, {"Pouty Poro": 1}, pools(fury=1))
    assert chosen.sum() == 0


# ---------------------------------------------------------------------------- the exact search
def test_the_search_spends_the_most_energy_the_hand_allows(db):
    """5 energy, hand 4 + 3 + 2 (no Legion): costliest first plays the 4 and leaves 1 unspent; the
    most energy is 3 + 2. With Legion: the Poro first makes the Hopeful cost 2, so at 7 energy
    Poro + Hopeful + Undying Legion (2 + 2 + 3) all fit."""
    plan = plan_of(db, {"Raging Soul": 10, "Flame Chompers": 10, "Pouty Poro": 10, "Noxus Hopeful": 10,
                        "Undying Legion": 10, "Fury Rune": 12})
    hand = {"Raging Soul": 1, "Flame Chompers": 1, "Pouty Poro": 1}
    _, chosen, paid = _choose(plan, hand, pools(fury=5), policy=CostliestFirst())
    assert paid == 4 and chosen[plan.index_of("Raging Soul")] == 1
    _, chosen, paid = _choose(plan, hand, pools(fury=5))
    assert paid == 5 and chosen[plan.index_of("Raging Soul")] == 0
    _, chosen, paid = _choose(plan, {"Noxus Hopeful": 1, "Undying Legion": 1, "Pouty Poro": 1}, pools(fury=7))
    assert paid == 7 and chosen.sum() == 3


def assert_most_energy_matches_brute_force(kinds, available, runes) -> None:
    """The search's plays are legal, within the hand, and spend what the best of every play vector spends."""
    import itertools

    chosen = MostEnergy().plays(kinds, available, runes)
    ok, paid = kinds.evaluate(chosen, runes)
    assert ok.all() and (chosen <= available).all()
    for g in range(len(available)):
        vectors = np.array(list(itertools.product(*(range(int(a) + 1) for a in available[g]))))
        feasible, totals = kinds.evaluate(vectors, np.repeat(runes[g:g + 1], len(vectors), axis=0))
        assert paid[g] == totals[feasible].max(), g


def test_the_search_matches_brute_force_on_random_positions(db):
    """Against an independent brute force over every count vector, per position."""
    plan = plan_of(db, {"Darius, Hand of Noxus": 1, "Noxus Hopeful": 6, "Undying Legion": 6, "Pouty Poro": 6,
                        "Jinx, Demolitionist": 6, "Arena Kingpin": 6, "Hextech Ray": 6, "Fury Rune": 6, "Order Rune": 6})
    kinds = PlayKinds(plan)
    rng = np.random.default_rng(4)
    games = 300
    available = rng.integers(0, 3, size=(games, kinds.kinds))
    runes = np.zeros((games, len(DOMAIN_INDEX)), dtype=np.int64)
    runes[:, FURY] = rng.integers(0, 7, size=games)
    runes[:, DOMAIN_INDEX[Domain.ORDER]] = rng.integers(0, 7, size=games)
    assert_most_energy_matches_brute_force(kinds, available, runes)


def test_big_hands_take_the_one_game_search_and_match_brute_force(db):
    """More than 12 candidate cards: each position is searched on its own (every count vector)."""
    plan = plan_of(db, {"Hextech Ray": 10, "Pouty Poro": 10, "Noxus Hopeful": 10, "Undying Legion": 10,
                        "Fury Rune": 12})
    kinds = PlayKinds(plan)
    rng = np.random.default_rng(7)
    games = 40
    available = rng.integers(2, 6, size=(games, kinds.kinds))
    runes = np.zeros((games, len(DOMAIN_INDEX)), dtype=np.int64)
    runes[:, FURY] = rng.integers(9, 13, size=games)
    assert_most_energy_matches_brute_force(kinds, available, runes)


# ---------------------------------------------------------------------------- burn-out
@pytest.fixture(scope="module")
def unplayable(db):
    """40 Fury units that need Fury power, and only Calm runes: nothing is ever played."""
    return plan_of(db, {"Jinx, Demolitionist": 40, "Calm Rune": 12})


def test_a_deck_that_never_scores_draws_out_and_loses_on_turn_37(unplayable):
    """No champion named, so 40 cards in the library; 4 in the opening hand leaves 36, one drawn a
    turn. Turn 37's draw finds the library empty and the trash empty: burn-out repeats, a point to
    the opponent each time, until the opponent has 8: lost on turn 37. Going first in a 3-player
    game skips the first draw: turn 38."""
    plan = unplayable
    assert plan.champion is not None or plan.library_size == 40
    for seat, turn in ((Seat(2, 1), 37), (Seat(2, 2), 37), (Seat(3, 1), 38)):
        result = clock(plan, games=50, seed=1, seat=seat)
        assert result.drew_out == 1.0 and result.won == 0.0 and result.distribution == []
        assert result.median is None and result.burn_outs == 8.0
        game = GoldfishGame(plan, seed=1, seat=seat)
        log = game.log(game.play(60), "none")
        assert log.result.startswith(f"lost on turn {turn}") and log.turns[-1].lost


def test_burn_out_with_an_empty_trash_repeats_to_the_victory_score(unplayable):
    batch = GameBatch(unplayable, 20, seed=2)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(36):
        record = batch.play_turn()
    assert (batch.library_left == 0).all() and (batch.opponent_points == 0).all()
    record = batch.play_turn()
    assert (record.burn_outs == 8).all() and (batch.opponent_points == 8).all() and record.lost.all()


def test_policies_are_found_by_name():
    assert get_policy().name == "most-energy" and get_policy("costliest-first").name == "costliest-first"
    with pytest.raises(Exception, match="^policy: "):
        get_policy("random")


def test_an_illegal_choice_is_undone_not_played(hopefuls):
    """A policy that tries to play its whole hand every turn: where the runes cannot pay, the rules
    undo the play, so nothing is played that turn and the resources are untouched."""
    batch = GameBatch(hopefuls, 500, seed=3, policy=play_everything())
    batch.mulligan(np.zeros_like(batch.hand))
    record = batch.play_turn()  # 2 energy, 5 cards: never payable
    assert batch.refused.sum() == 500 and record.played.sum() == 0 and record.paid.sum() == 0
    assert (batch.hand.sum(axis=1) == 5).all() and (batch.in_play.sum(axis=1) == 2).all()


# ---------------------------------------------------------------------------- Legion on the board
@pytest.fixture(scope="module")
def noxus(db):
    """The Noxus Legion cards, and Pouty Poro last: the card one_turn draws."""
    return plan_of(db, {"Darius, Executioner": 5, "Vanguard Captain": 5, "Sun Disc": 5, "Pouty Poro": 25,
                        "Fury Rune": 6, "Order Rune": 6})


def test_darius_executioner_after_another_card_enters_ready_and_conquers(noxus):
    # 2 + 6 energy and an Order rune: Poro first, then Darius with Legion on: he readies himself,
    # moves to a battlefield nobody controls and conquers the same turn.
    batch, record = one_turn(noxus, {"Pouty Poro": 1, "Darius, Executioner": 1}, fury=4, order=4)
    assert record.entered_ready[0] == 1 and record.moved_late[0].sum() == 1 and batch.field.points[0] == 1
    assert batch.field.base_exhausted[0] == 1  # the Poro
    # Alone he is the first card: Legion off, he enters exhausted.
    batch, record = one_turn(noxus, {"Darius, Executioner": 1}, fury=3, order=4)
    assert record.entered_ready[0] == 0 and batch.field.points[0] == 0 and batch.field.base_exhausted[0] == 1


def test_vanguard_captain_after_another_card_makes_two_exhausted_unit_tokens(noxus):
    batch, record = one_turn(noxus, {"Pouty Poro": 1, "Vanguard Captain": 1}, fury=2, order=3)
    assert record.tokens[0] == 2 and batch.field.base_exhausted[0] == 4
    # 3 energy: the Captain alone (the Poro drawn this turn does not fit): the first card, Legion off.
    batch, record = one_turn(noxus, {"Vanguard Captain": 1}, fury=0, order=3)
    assert record.tokens[0] == 0 and batch.field.base_exhausted[0] == 1


def test_sun_disc_makes_the_next_unit_enter_ready(noxus):
    # A Sun Disc on the board: the first Poro turns Legion on, the Disc readies the second, which
    # conquers at once.
    batch, record = one_turn(noxus, {"Pouty Poro": 2}, fury=4, order=0, board={"Sun Disc": 1})
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1
    # Without it both enter exhausted.
    batch, record = one_turn(noxus, {"Pouty Poro": 2}, fury=4, order=0)
    assert record.entered_ready[0] == 0 and batch.field.points[0] == 0
    # Played this turn it does not count itself (CR 812.1.c): Disc (2 + 1 Fury), then a Poro, which
    # enters exhausted: when it was played no card other than the Disc had been played.
    batch, record = one_turn(noxus, {"Sun Disc": 1, "Pouty Poro": 1}, fury=4, order=0, draw="Sun Disc")
    assert record.played[0, noxus.index_of("Sun Disc")] == 1 and record.played[0, noxus.index_of("Pouty Poro")] == 1
    assert record.entered_ready[0] == 0 and batch.field.points[0] == 0
    # With two Poros after it (6 energy) the first turns the Disc on and the second enters ready.
    batch, record = one_turn(noxus, {"Sun Disc": 1, "Pouty Poro": 2}, fury=6, order=0, draw="Sun Disc")
    assert record.played[0].sum() == 3
    assert record.entered_ready[0] == 1 and batch.field.points[0] == 1


def test_the_game_log_names_ready_units_and_tokens(noxus):
    seen_ready = seen_token = False
    for seed in range(100):
        game = GoldfishGame(noxus, seed=seed)
        turns = game.play(12)
        for turn in turns:
            seen_ready |= any("entered ready" in m.result for m in turn.moves)
            seen_token |= any(u.name.startswith("Recruit token") for u in turn.base)
        # The log names as many units, where they are, as the engine counts.
        last = turns[-1]
        assert len(last.base) == int(game.batch.field.base_ready[0] + game.batch.field.base_exhausted[0])
        assert [len(b.units) for b in last.battlefields] == game.batch.field.at[0].tolist()
        assert sum(u.ready for u in last.base) == int(game.batch.field.base_ready[0])
    assert seen_ready and seen_token


def test_percentile_intervals_cover_the_true_quantile_about_95_percent_of_the_time():
    """Order-statistic intervals, checked by coverage on a distribution whose quantiles are known:
    turns 1..10 equally likely, so the median is 5 and the 90th percentile 9."""
    from deckcheck.goldfish.clock import _percentile

    rng = np.random.default_rng(3)
    covered = {50: 0, 90: 0}
    trials = 400
    for _ in range(trials):
        ordered = np.sort(rng.integers(1, 11, size=301))
        for percent, truth in ((50, 5), (90, 9)):
            p = _percentile(ordered, percent / 100, never=99)
            assert p.low <= p.turn <= p.high
            covered[percent] += p.low <= truth <= p.high
    # Discrete turns make the intervals conservative: at least 95% (within sampling noise).
    assert all(c / trials >= 0.93 for c in covered.values()), covered
    never = _percentile(np.array([3, 4, 99, 99]), 0.75, never=99)
    assert never.turn is None  # fewer than 75% of games won: no 75th percentile


def test_battlefields_in_play_by_seat(two_drops):
    """1v1: yours and the opponent's. Free-for-all: three; with four players the first player's is
    removed (CR 488), so the first player plays on the other three players' battlefields."""
    names = {seat: GoldfishGame(two_drops, seed=1, seat=seat).battlefield_names()
             for seat in (Seat(2, 1), Seat(3, 2), Seat(4, 1), Seat(4, 3))}
    assert names[Seat(2, 1)] == ["your battlefield", "the opponent's battlefield"]
    assert names[Seat(3, 2)] == ["your battlefield", "seat 1's battlefield", "seat 3's battlefield"]
    assert names[Seat(4, 1)] == ["seat 2's battlefield", "seat 3's battlefield", "seat 4's battlefield"]
    assert names[Seat(4, 3)] == ["your battlefield", "seat 2's battlefield", "seat 4's battlefield"]
