"""The engine follows RULES.md §6: setup, mulligan, channel and draw, burn-out, reproducibility."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from deckcheck.cards.model import Domain
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.engine import GameBatch
from deckcheck.goldfish.game import GoldfishGame
from deckcheck.goldfish.plan import DOMAIN_INDEX, GoldfishDeckError, plan_deck
from deckcheck.goldfish.simulate import simulate
from deckcheck.goldfish.strategy import CURVE, bind

from conftest import raw_from_flat, real_decks


def deck_of(db, slug: str):
    deck = next(d for d in real_decks() if d["slug"].startswith(slug))
    return resolve_deck(raw_from_flat(deck["cards"], slug), db)


@pytest.fixture(scope="module")
def jinx(db):
    return plan_deck(deck_of(db, "jinx-loose-cannon"))


@pytest.fixture(scope="module")
def ornn(db):
    return plan_deck(deck_of(db, "calm-mind-by-kgo"))


def test_champion_starts_in_its_zone_leaving_39(jinx):
    batch = GameBatch(jinx, 50, seed=1)
    assert jinx.main_size == 40 and jinx.library_size == 39
    assert (batch.library_left == 35).all() and (batch.hand.sum(axis=1) == 4).all()
    assert (batch.champion_zone == 1).all()
    champion = jinx.champion
    # Jinx, Demolitionist is a 1-of: the only copy is in the zone, never in a hand.
    assert jinx.copies[champion] == 1 and batch.hand[:, champion].sum() == 0


def test_without_a_champion_all_40_are_in_the_library(db):
    deck = deck_of(db, "calm-fury-by-kc-raclo-lugubre")
    assert deck.champion is None
    plan = plan_deck(deck)
    assert plan.library_size == 40
    assert any("--champion" in note for note in plan.notes)


def test_a_deck_too_small_to_draw_is_refused(db):
    deck = deck_of(db, "jinx-loose-cannon")
    small = replace(deck, main=deck.main[:2])
    with pytest.raises(GoldfishDeckError):
        plan_deck(small)


def test_each_game_draws_every_library_card_exactly_once(jinx):
    batch = GameBatch(jinx, 20, seed=5, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(jinx.library_size - 4):
        batch.play_turn()
    assert (batch.hand == jinx.library_copies).all()
    assert (batch.library_left == 0).all()


def test_first_player_draws_on_turn_one_and_channels_two(jinx):
    batch = GameBatch(jinx, 100, seed=3, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    first = batch.play_turn()
    assert (first.drawn >= 0).all() and (batch.hand.sum(axis=1) == 5).all()
    assert (first.channelled.sum(axis=1) == 2).all() and (first.energy == 2).all()
    second = batch.play_turn()
    assert (second.channelled.sum(axis=1) == 2).all() and (second.energy == 4).all()


def test_second_player_channels_a_third_rune_on_turn_one_only(jinx):
    batch = GameBatch(jinx, 100, seed=3, on_the_draw=True, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    turns = [batch.play_turn() for _ in range(4)]
    assert [int(t.channelled.sum(axis=1).max()) for t in turns] == [3, 2, 2, 2]
    assert [int(t.energy.min()) for t in turns] == [3, 5, 7, 9]
    assert (batch.hand.sum(axis=1) == 8).all()  # going second still draws every turn in 1v1


def test_the_rune_deck_runs_out_without_penalty(jinx):
    batch = GameBatch(jinx, 10, seed=3, autoplay=False)
    batch.mulligan(np.zeros_like(batch.hand))
    energies = [int(batch.play_turn().energy.max()) for _ in range(8)]
    assert energies == [2, 4, 6, 8, 10, 12, 12, 12]
    fury, chaos = DOMAIN_INDEX[Domain.FURY], DOMAIN_INDEX[Domain.CHAOS]
    assert (batch.in_play[:, fury] == 8).all() and (batch.in_play[:, chaos] == 4).all()
    assert (batch.opponent_points == 0).all()


def test_mulligan_cards_go_to_the_bottom_and_come_back_last(jinx):
    """Set-aside cards are not drawn again until every other card has been."""
    batch = GameBatch(jinx, 300, seed=9, autoplay=False)
    set_aside = bind(CURVE, jinx).decide(batch.hand)
    count = set_aside.sum(axis=1)
    assert (count == 2).sum() > 30 and (count == 1).sum() > 30 and (count == 0).sum() > 30
    batch.mulligan(set_aside)
    kept = batch.hand.copy()
    assert (kept.sum(axis=1) == 4).all()
    draws = np.array([batch.play_turn().drawn for _ in range(jinx.library_size - 4)]).T  # games x turns
    for g in range(batch.games):
        others = draws[g, : len(draws[g]) - count[g]]
        last = draws[g, len(draws[g]) - count[g]:]
        seen = kept[g] + np.bincount(others, minlength=len(jinx.cards))
        assert (seen + set_aside[g] == jinx.library_copies).all()  # every other card came first
        assert (np.bincount(last, minlength=len(jinx.cards)) == set_aside[g]).all()


def test_two_set_aside_cards_go_under_in_random_order(jinx):
    batch = GameBatch(jinx, 4000, seed=21, autoplay=False)
    set_aside = bind(CURVE, jinx).decide(batch.hand)
    distinct_pair = (set_aside > 0).sum(axis=1) == 2
    batch.mulligan(set_aside)
    rows = np.flatnonzero(distinct_pair)
    bottom = batch.library[rows, batch.end[rows] - 1]
    above = batch.library[rows, batch.end[rows] - 2]
    costlier_at_bottom = (jinx.energy[bottom] > jinx.energy[above]).sum()
    costlier_above = (jinx.energy[bottom] < jinx.energy[above]).sum()
    total = costlier_at_bottom + costlier_above
    assert total > 300
    # A fair coin: within 4 standard deviations of half.
    assert abs(costlier_at_bottom - total / 2) < 4 * (total ** 0.5) / 2


def test_burn_out_shuffles_the_trash_in_and_gives_a_point(ornn):
    batch = GameBatch(ornn, 200, seed=4)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(ornn.library_size - 4):
        record = batch.play_turn()
        assert (record.burn_outs == 0).all()
    assert (batch.library_left == 0).all() and (batch.opponent_points == 0).all()
    trash = batch.trash.sum(axis=1).copy()
    assert trash.max() > 0
    record = batch.play_turn()
    assert (record.burn_outs == 1).all() and (batch.opponent_points == 1).all()
    drew = record.drawn >= 0
    assert (drew == (trash > 0)).all()
    # The trash became the library and one card of it was drawn.
    assert (batch.library_left[drew] == trash[drew] - 1).all()
    assert (batch.drawn[drew, record.drawn[drew]] >= 1).all()


def test_simulate_reports_burn_outs_late_in_the_game(ornn):
    result = simulate(ornn, games=200, turns=ornn.library_size - 3, seed=1)
    assert result.burn_outs == pytest.approx(1.0)


def test_same_seed_same_game_other_seed_other_game(jinx):
    def run(seed):
        game = GoldfishGame(jinx, seed=seed)
        game.mulligan_by_strategy(bind(CURVE, jinx))
        return game.log(game.play(6), "curve").model_dump()

    assert run(77) == run(77)
    assert run(77) != run(78)
    a = simulate(jinx, games=2000, turns=4, strategy=CURVE, seed=5)
    b = simulate(jinx, games=2000, turns=4, strategy=CURVE, seed=5)
    assert a == b


@pytest.fixture(scope="module")
def leblanc(db):
    """Mind/Order with 3 Mirror Image: 2 power payable with Mind or Order runes."""
    return plan_deck(deck_of(db, "leblanc-deceiver-deck-uslb8"))


def test_pools_are_rebuilt_each_turn_and_payments_never_exceed_them(jinx, ornn, leblanc):
    for plan in (jinx, ornn, leblanc):
        batch = GameBatch(plan, 2000, seed=8)
        batch.mulligan(bind(CURVE, plan).decide(batch.hand))
        for _ in range(8):
            before = batch.in_play.copy()
            record = batch.play_turn()
            assert (record.pools == before + record.channelled).all()  # nothing carried over but runes
            # Energy paid: printed costs, less Legion's reductions (Noxus Hopeful) where they applied.
            assert (record.paid <= record.played @ plan.energy).all()
            assert (record.paid <= record.energy + batch.kinds.bonus).all()
            assert (record.recycled <= record.pools).all()
            assert (record.recycled.sum(axis=1) == record.played @ plan.power).all()
            assert (batch.in_play == record.pools - record.recycled).all()
            assert (batch.in_play.sum(axis=1) + batch.rune_left == len(plan.runes)).all()


def test_played_cards_were_castable_and_nothing_castable_was_left_unplayable_by_mistake(ornn):
    batch = GameBatch(ornn, 3000, seed=12)
    batch.mulligan(np.zeros_like(batch.hand))
    for _ in range(6):
        record = batch.play_turn()
        assert (record.castable[record.played > 0]).all()
        # If a card was castable and nothing at all was played, the autopilot made a mistake.
        idle = record.played.sum(axis=1) == 0
        assert not record.castable[idle].any()


def test_a_two_domain_card_is_paid_with_either_domain(leblanc):
    mirror = leblanc.index_of("Mirror Image")
    batch = GameBatch(leblanc, 4000, seed=6)
    batch.mulligan(np.zeros_like(batch.hand))
    mind, order = DOMAIN_INDEX[Domain.MIND], DOMAIN_INDEX[Domain.ORDER]
    paid_with = set()
    for _ in range(6):
        record = batch.play_turn()
        only_mirror = (record.played.sum(axis=1) == record.played[:, mirror]) & (record.played[:, mirror] == 1)
        for g in np.flatnonzero(only_mirror):
            paid_with.add((int(record.recycled[g, mind]), int(record.recycled[g, order])))
        # Castable alone exactly when 3 energy and 2 runes of Mind or Order are in play.
        at_hand = (batch.hand[:, mirror] + record.played[:, mirror]) > 0
        payable = (record.energy >= 3) & (record.pools[:, mind] + record.pools[:, order] >= 2)
        assert (record.castable[:, mirror] == (at_hand & payable)).all()
    assert {(2, 0), (1, 1), (0, 2)} <= paid_with


def test_long_runs_are_played_in_batches_with_the_same_statistics(jinx, monkeypatch):
    from deckcheck.goldfish import engine
    from deckcheck.goldfish.odds import card_odds, card_question

    assert engine.batches(450_001) == [(0, 200_000), (1, 200_000), (2, 50_001)]
    monkeypatch.setattr(engine, "BATCH_GAMES", 2_000)
    asked = card_question(jinx, card="Sharkling")
    mc = card_odds(jinx, asked, by_turn=2, method="monte-carlo", games=20_000, seed=3)
    exact = card_odds(jinx, asked, by_turn=2)
    assert all(m.low <= e.probability <= m.high for e, m in zip(exact.per_turn, mc.per_turn))
    batched = simulate(jinx, games=9_000, turns=3, seed=4)
    assert batched == simulate(jinx, games=9_000, turns=3, seed=4)
    assert sum(batched.opening.types.values()) == pytest.approx(4.0)
    assert batched.per_turn[0].energy == 2.0


def test_simulate_points_stop_growing_once_a_game_is_won(jinx):
    """A won game scores no more: once every game is won, the mean points stop changing."""
    result = simulate(jinx, games=300, turns=14, seed=3)
    points = [t.points for t in result.per_turn]
    assert points == sorted(points)
    all_won = [t.turn for t in result.per_turn if t.won == 1.0]
    assert all_won, "every game of this deck is won by turn 14"
    first = all_won[0]
    assert len({round(t.points, 9) for t in result.per_turn if t.turn >= first}) == 1
    assert result.per_turn[-1].points < 10
