"""Odds as a user reads them: exact probabilities against math.comb, and every word of the answer.

Expected values are worked out here by hand (RULES.md §6: 39 cards in the library, draw 4, one
draw a turn, 2 runes a turn and 3 on the first turn of the player going second), never taken from
the code under test.
"""

from __future__ import annotations

from math import comb, sqrt

import numpy as np
import pytest

from deckcheck.cards.model import Domain
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.odds import (
    OddsError, as_seat, card_odds, card_question, channelled_by, natural_turn, parse_rune_needs, rune_odds,
)
from deckcheck.goldfish.plan import DeckPlan, plan_deck
from deckcheck.goldfish.seat import Seat
from deckcheck.goldfish.strategy import CURVE, NONE, Strategy, hunt

from conftest import raw_from_flat, real_decks


@pytest.fixture(scope="module")
def jinx(db):
    """Jinx, Loose Cannon: 40 cards (Jinx, Demolitionist chosen, a 1-of), Sharkling x3, Gust x2,
    runes 8 Fury then 4 Chaos."""
    deck = next(d for d in real_decks() if d["slug"].startswith("jinx-loose-cannon"))
    return plan_deck(resolve_deck(raw_from_flat(deck["cards"], "jinx"), db))


def at_least(k: int, population: int, successes: int, seen: int) -> float:
    """P(at least k successes among ``seen`` of ``population``), from math.comb."""
    seen = min(seen, population)
    return sum(comb(successes, x) * comb(population - successes, seen - x)
               for x in range(max(k, 0), min(successes, seen) + 1)) / comb(population, seen)


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval, written out."""
    z = 1.959963984540054
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if hits == 0 else centre - half), (1.0 if hits == n else centre + half)


# ---------------------------------------------------------------- the question
def test_a_named_card_is_asked_by_its_own_spelling(jinx):
    asked = card_question(jinx, card="sharkling")
    assert asked.label == "Sharkling" and not asked.by_filter
    assert [jinx.cards[j].name for j in np.flatnonzero(asked.mask)] == ["Sharkling"]
    assert asked.phrase(1) == "at least 1 Sharkling"
    assert asked.phrase(2) == "at least 2 Sharkling"


def test_a_filter_question_says_card_or_cards(jinx):
    asked = card_question(jinx, filter_text="name=Sharkling or name=Gust")
    assert asked.by_filter and asked.label == "name=Sharkling or name=Gust"
    assert sorted(jinx.cards[j].name for j in np.flatnonzero(asked.mask)) == ["Gust", "Sharkling"]
    assert asked.phrase(1) == "at least 1 card matching 'name=Sharkling or name=Gust'"
    assert asked.phrase(2) == "at least 2 cards matching 'name=Sharkling or name=Gust'"


def test_unknown_card_names_get_up_to_three_suggestions_word_for_word(jinx):
    cases = {
        "Sharklin": "'Sharklin' is not in this deck's Main Deck; did you mean: Sharkling; Shakedown; Shadow Fiend?",
        "Inferno": "'Inferno' is not in this deck's Main Deck; did you mean: Inferna?",
        # Four names are close to this one; only the three closest are named.
        "Shakedown Cleave": "'Shakedown Cleave' is not in this deck's Main Deck; did you mean: "
                            "Shakedown; Shadow Fiend; Cleave?",
        "zzzz": "'zzzz' is not in this deck's Main Deck",
    }
    for name, message in cases.items():
        with pytest.raises(OddsError) as err:
            card_question(jinx, card=name)
        assert err.value.message == message


def test_a_filter_that_matches_nothing_is_refused_word_for_word(jinx):
    with pytest.raises(OddsError) as err:
        card_question(jinx, filter_text="tag=Ornn")
    assert err.value.message == "no card in this deck's Main Deck matches 'tag=Ornn'"


# ---------------------------------------------------------------- exact card odds
def test_the_answer_in_full_for_a_two_of_three_question(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), at_least=2, by_turn=3)
    assert result.method == "exact"
    assert result.question == "at least 2 Sharkling by turn 3"
    assert result.matching == {"Sharkling": 3}
    assert (result.at_least, result.by_turn) == (2, 3)
    assert result.formula == "hypergeometric: at least 2 of 3 in a 39-card library, 4 + turn cards seen"
    assert result.low is None and result.high is None and result.games is None
    assert [t.turn for t in result.per_turn] == [0, 1, 2, 3]
    for t in result.per_turn:
        assert t.probability == pytest.approx(at_least(2, 39, 3, 4 + t.turn), abs=1e-12)
        assert t.low is None and t.high is None
    assert result.probability == pytest.approx(at_least(2, 39, 3, 7), abs=1e-12)
    setup = result.setup
    assert (setup.deck, setup.library, setup.champion) == ("jinx", 39, "Jinx, Demolitionist")
    assert setup.runes == {"Fury": 8, "Chaos": 4}
    assert (setup.players, setup.seat, setup.on_the_draw, setup.seed) == (2, 1, False, None)
    assert setup.strategy == "none: keep every opening hand"
    assert setup.notes == []


def test_the_opening_hand_question_and_every_copy_asked_for(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), at_least=3)
    assert result.question == "at least 3 Sharkling in the opening hand (after the mulligan)"
    # All three in 4 of 39: C(3,3) C(36,1) / C(39,4), not 0.
    assert result.probability == pytest.approx(36 / comb(39, 4), abs=1e-15)
    assert result.probability > 0


def test_asking_for_more_copies_than_the_library_holds(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), at_least=4, by_turn=2)
    assert result.method == "exact"
    assert result.formula == "the library holds only 3 matching cards, fewer than 4"
    assert [(t.turn, t.probability) for t in result.per_turn] == [(0, 0.0), (1, 0.0), (2, 0.0)]


def test_a_filter_counts_every_matching_copy(jinx):
    asked = card_question(jinx, filter_text="name=Sharkling or name=Gust")
    result = card_odds(jinx, asked, at_least=2, by_turn=1)
    assert result.matching == {"Gust": 2, "Sharkling": 3}
    assert result.question == "at least 2 cards matching 'name=Sharkling or name=Gust' by turn 1"
    assert result.formula == "hypergeometric: at least 2 of 5 in a 39-card library, 4 + turn cards seen"
    assert result.per_turn[0].probability == pytest.approx(at_least(2, 39, 5, 4), abs=1e-12)
    assert result.probability == pytest.approx(at_least(2, 39, 5, 5), abs=1e-12)


@pytest.mark.parametrize("turn", [0, 1, 2])
def test_bad_counts_are_refused_word_for_word_and_the_limits_are_allowed(jinx, turn):
    asked = card_question(jinx, card="Sharkling")
    for kwargs in ({"at_least": 0}, {"by_turn": -1}):
        with pytest.raises(OddsError) as err:
            card_odds(jinx, asked, **kwargs)
        assert err.value.message == "--at-least must be 1 or more and --by-turn 0 or more"
    result = card_odds(jinx, asked, at_least=1, by_turn=turn)
    assert result.probability == pytest.approx(at_least(1, 39, 3, 4 + turn), abs=1e-12)


def test_going_second_draws_the_same_and_says_so(jinx):
    asked = card_question(jinx, card="Sharkling")
    second = card_odds(jinx, asked, by_turn=2, on_the_draw=True)
    assert second.setup.on_the_draw and second.setup.seat == 2
    assert second.setup.notes == ["in 1v1 both players draw on turn 1, so going second does not change card odds"]
    assert [t.probability for t in second.per_turn] == pytest.approx(
        [at_least(1, 39, 3, 4 + t) for t in range(3)], abs=1e-12)
    assert card_odds(jinx, asked, by_turn=2, seat=Seat(2, 2)).setup.notes == second.setup.notes


def test_the_first_player_of_a_free_for_all_sees_one_card_fewer(jinx):
    asked = card_question(jinx, card="Sharkling")
    first = card_odds(jinx, asked, by_turn=3, seat=Seat(3, 1))
    assert first.method == "exact"
    assert first.setup.notes == ["the first player of a free-for-all skips their first draw: one card fewer by each turn"]
    assert (first.setup.players, first.setup.seat, first.setup.on_the_draw) == (3, 1, False)
    # Turn 0: 4 cards; turn 1: still 4 (no draw); turn t: 4 + t - 1.
    assert [t.probability for t in first.per_turn] == pytest.approx(
        [at_least(1, 39, 3, n) for n in (4, 4, 5, 6)], abs=1e-12)
    # Any other seat of a free-for-all draws on turn 1, and no 1v1 note is given.
    last = card_odds(jinx, asked, by_turn=3, seat=Seat(4, 4))
    assert last.setup.notes == [] and last.setup.on_the_draw
    assert [t.probability for t in last.per_turn] == pytest.approx(
        [at_least(1, 39, 3, 4 + t) for t in range(4)], abs=1e-12)


def test_a_hunt_for_the_card_asked_about_in_full(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), by_turn=2, strategy=hunt("Sharkling"))
    assert result.method == "exact"
    assert result.formula == ("hypergeometric over the opening 4 of 39 (3 matching); when it holds fewer "
                              "than 1, up to 2 other cards go to the bottom and as many are drawn from the other 35")
    assert result.setup.strategy == ("hunt Sharkling: keep the hand if it holds Sharkling; otherwise set "
                                     "aside the 2 costliest other cards")
    assert result.setup.seed is None
    miss4 = comb(36, 4) / comb(39, 4)
    for t in result.per_turn:
        # No Sharkling in 4: set 2 aside, the next 2 + t draws come from the other 35.
        assert t.probability == pytest.approx(1 - miss4 * comb(32, 2 + t.turn) / comb(35, 2 + t.turn), abs=1e-12)


def test_a_hunt_for_two_copies_of_three(jinx):
    """want 2: a hand with one Sharkling sets 2 others aside too (only x >= want keeps it)."""
    strategy = Strategy(name="two sharks", hunt="Sharkling", want=2, set_aside=["*"])
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), at_least=2, by_turn=1, strategy=strategy)
    assert result.method == "exact"

    def p(turn: int) -> float:
        total = 0.0
        for x in range(0, 4):
            p_x = comb(3, x) * comb(36, 4 - x) / comb(39, 4)
            seen = turn if x >= 2 else 2 + turn
            total += p_x * at_least(2 - x, 35, 3 - x, seen)
        return total

    assert [t.probability for t in result.per_turn] == pytest.approx([p(0), p(1)], abs=1e-12)
    assert "when it holds fewer than 2, up to 2 other cards" in result.formula


def test_a_hunt_that_sets_aside_one_card_at_most(jinx):
    strategy = Strategy(name="one out", hunt="Sharkling", set_aside=["*"], max=1)
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), by_turn=1, strategy=strategy)
    assert result.method == "exact"
    assert "up to 1 other cards go to the bottom" in result.formula
    miss4 = comb(36, 4) / comb(39, 4)
    assert [t.probability for t in result.per_turn] == pytest.approx(
        [1 - miss4 * comb(32, 1 + t) / comb(35, 1 + t) for t in (0, 1)], abs=1e-12)


def test_a_hunt_past_the_end_of_the_library_stays_at_certainty(jinx):
    strategy = hunt("Sharkling")
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), at_least=3, by_turn=40, strategy=strategy)
    # A hand with x Sharkling: 4 + 2 (if x = 0) + t cards seen; by turn 35 the whole library has been.
    assert result.per_turn[33].probability < 1.0
    assert result.per_turn[35].probability == pytest.approx(1.0, abs=1e-12)
    assert result.per_turn[40].probability == pytest.approx(1.0, abs=1e-12)


def test_a_hunt_whose_target_also_names_the_champion_is_still_exact(jinx):
    """The Chosen Champion's only copy is in its zone, so hunting it too changes no hand."""
    strategy = hunt("name=Sharkling or name=Jinx, Demolitionist")
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), by_turn=1, strategy=strategy)
    assert result.method == "exact"
    miss4 = comb(36, 4) / comb(39, 4)
    assert result.probability == pytest.approx(1 - miss4 * comb(32, 3) / comb(35, 3), abs=1e-12)


def test_a_hunt_for_other_cards_or_that_guards_a_card_is_monte_carlo(jinx):
    sharkling = card_question(jinx, card="Sharkling")
    both = card_question(jinx, filter_text="name=Sharkling or name=Gust")
    assert card_odds(jinx, both, strategy=hunt("Sharkling"), games=500, seed=1).method == "monte-carlo"
    guarded = Strategy(name="guarded", hunt="Sharkling", keep="Gust", set_aside=["*"])
    assert card_odds(jinx, sharkling, strategy=guarded, games=500, seed=1).method == "monte-carlo"


def test_exact_is_refused_without_a_closed_form_word_for_word(jinx):
    with pytest.raises(OddsError) as err:
        card_odds(jinx, card_question(jinx, card="Sharkling"), strategy=CURVE, method="exact")
    assert err.value.message == ("no closed form for this question (a mulligan strategy other than none or a "
                                 "hunt for these very cards); use Monte Carlo")


# ---------------------------------------------------------------- notes about the champion
def test_asking_about_the_champion_notes_its_zone_copy(jinx):
    result = card_odds(jinx, card_question(jinx, card="Jinx, Demolitionist"))
    assert result.setup.notes == ["one Jinx, Demolitionist starts in the Champion Zone and is always "
                                  "available; the odds count the 0 in the library"]
    assert result.formula == "the library holds only 0 matching cards, fewer than 1"


def test_a_champion_with_three_copies_counts_the_two_in_the_library(jinx):
    champion = jinx.index_of("Sharkling")
    plan = DeckPlan(label="shark", cards=jinx.cards, copies=jinx.copies, champion=champion, runes=jinx.runes)
    result = card_odds(plan, card_question(plan, card="Sharkling"), by_turn=1)
    assert result.setup.notes == ["one Sharkling starts in the Champion Zone and is always available; "
                                  "the odds count the 2 in the library"]
    assert result.matching == {"Sharkling": 2}
    assert result.setup.champion == "Sharkling" and result.setup.library == 39
    assert result.probability == pytest.approx(at_least(1, 39, 2, 5), abs=1e-12)
    # A question that does not include the champion has no such note.
    assert card_odds(plan, card_question(plan, card="Gust")).setup.notes == []


# ---------------------------------------------------------------- Monte Carlo
def test_monte_carlo_reports_its_games_seed_and_interval_per_turn(jinx):
    asked = card_question(jinx, card="Sharkling")
    result = card_odds(jinx, asked, by_turn=2, method="monte-carlo", games=3000, seed=12)
    assert result.method == "monte-carlo" and result.formula is None
    assert result.games == 3000 and result.setup.seed == 12
    assert result.question == "at least 1 Sharkling by turn 2"
    assert [t.turn for t in result.per_turn] == [0, 1, 2]
    for t in result.per_turn:
        hits = round(t.probability * 3000)
        assert t.probability == hits / 3000
        low, high = wilson(hits, 3000)
        assert (t.low, t.high) == (pytest.approx(low, abs=1e-12), pytest.approx(high, abs=1e-12))
        # 4 standard errors around the exact value.
        exact = at_least(1, 39, 3, 4 + t.turn)
        assert abs(t.probability - exact) < 4 * sqrt(exact * (1 - exact) / 3000)
    last = result.per_turn[-1]
    assert (result.probability, result.low, result.high) == (last.probability, last.low, last.high)
    again = card_odds(jinx, asked, by_turn=2, method="monte-carlo", games=3000, seed=12)
    assert again.per_turn == result.per_turn


def test_monte_carlo_without_a_seed_reports_the_one_it_drew(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), strategy=CURVE, games=200)
    assert isinstance(result.setup.seed, int) and 0 <= result.setup.seed < 2**31
    assert result.setup.strategy.startswith("curve: ")


def test_monte_carlo_of_an_impossible_count_and_of_a_sure_one(jinx):
    asked = card_question(jinx, card="Sharkling")
    never = card_odds(jinx, asked, at_least=4, by_turn=1, method="monte-carlo", games=300, seed=2)
    assert [(t.probability, t.low) for t in never.per_turn] == [(0.0, 0.0), (0.0, 0.0)]
    # Every card of the library has been drawn by turn 35, so all 3 are held (once each).
    sure = card_odds(jinx, asked, at_least=3, by_turn=36, method="monte-carlo", games=300, seed=2)
    assert sure.per_turn[35].probability == 1.0 and sure.per_turn[36].probability == 1.0
    assert sure.per_turn[35].high == 1.0
    assert sure.per_turn[0].probability == pytest.approx(36 / comb(39, 4), abs=0.02)


def test_monte_carlo_of_a_mulligan_with_one_card_set_aside_by_turn(jinx):
    """curve sets aside 4+ cost cards; the Monte Carlo answer counts what is kept turn by turn."""
    asked = card_question(jinx, card="Sharkling")
    result = card_odds(jinx, asked, by_turn=1, strategy=CURVE, games=4000, seed=3)
    plain = [at_least(1, 39, 3, 4 + t) for t in (0, 1)]
    # Sharkling (3 energy) is never set aside and others are replaced: the odds rise by each turn.
    assert result.per_turn[0].low > plain[0] and result.per_turn[1].low > plain[1]
    assert result.per_turn[1].probability > result.per_turn[0].probability


# ---------------------------------------------------------------- runes
def test_rune_odds_in_full_going_first(jinx):
    result = rune_odds(jinx, parse_rune_needs("Fury:2"), by_turn=2)
    assert result.method == "exact"
    assert result.question == "at least 2 Fury runes channelled by turn 2"
    assert result.matching == {"Fury": 8}
    assert (result.at_least, result.by_turn) == (2, 2)
    assert result.formula == "hypergeometric: 4 of 12 runes channelled by turn 2 (2 a turn)"
    assert result.setup.strategy == ("none: keep every opening hand (no effect here: the mulligan never "
                                     "touches the rune deck)")
    assert (result.setup.seed, result.setup.on_the_draw, result.setup.seat, result.setup.notes) == (None, False, 1, [])
    assert [t.probability for t in result.per_turn] == pytest.approx(
        [0.0, comb(8, 2) / comb(12, 2), at_least(2, 12, 8, 4)], abs=1e-12)


def test_rune_odds_for_two_domains_going_second(jinx):
    result = rune_odds(jinx, parse_rune_needs("Fury:2,Chaos:1"), by_turn=2, on_the_draw=True)
    assert result.question == "at least 2 Fury and 1 Chaos runes channelled by turn 2"
    assert result.matching == {"Fury": 8, "Chaos": 4}
    assert result.at_least == 3
    assert result.formula == "hypergeometric: 5 of 12 runes channelled by turn 2 (2 a turn, 3 on turn 1)"
    assert result.setup.on_the_draw and result.setup.seat == 2
    # 3 runes by turn 1: (Fury, Chaos) = (2, 1); 5 by turn 2: (2, 3), (3, 2) or (4, 1).
    turn1 = comb(8, 2) * comb(4, 1) / comb(12, 3)
    turn2 = (comb(8, 2) * comb(4, 3) + comb(8, 3) * comb(4, 2) + comb(8, 4) * comb(4, 1)) / comb(12, 5)
    assert [t.probability for t in result.per_turn] == pytest.approx([0.0, turn1, turn2], abs=1e-12)


def test_one_rune_is_singular_and_a_missing_domain_is_noted(jinx):
    chaos = rune_odds(jinx, parse_rune_needs("Chaos"), by_turn=1)
    assert chaos.question == "at least 1 Chaos rune channelled by turn 1"
    assert chaos.probability == pytest.approx(1 - comb(8, 2) / comb(12, 2), abs=1e-12)
    mind = rune_odds(jinx, parse_rune_needs("Mind"), seat=Seat(3, 3), by_turn=0)
    assert mind.question == "at least 1 Mind rune channelled in the opening hand (after the mulligan)"
    assert mind.setup.notes == ["the rune deck holds no Mind rune"]
    assert mind.matching == {"Mind": 0} and mind.probability == 0.0
    assert (mind.setup.players, mind.setup.seat) == (3, 3)


def test_rune_odds_of_free_for_all_seats(jinx):
    fury = parse_rune_needs("Fury:3")
    last = rune_odds(jinx, fury, by_turn=1, seat=Seat(3, 3))
    assert last.formula == "hypergeometric: 3 of 12 runes channelled by turn 1 (2 a turn, 3 on turn 1)"
    assert last.probability == pytest.approx(comb(8, 3) / comb(12, 3), abs=1e-12)
    middle = rune_odds(jinx, fury, by_turn=1, seat=Seat(3, 2))
    assert middle.formula == "hypergeometric: 2 of 12 runes channelled by turn 1 (2 a turn)"
    assert middle.probability == 0.0 and middle.setup.on_the_draw


def test_rune_odds_count_to_the_end_of_the_rune_deck(jinx):
    result = rune_odds(jinx, parse_rune_needs("Chaos:4"), by_turn=7)
    assert result.formula == "hypergeometric: 12 of 12 runes channelled by turn 7 (2 a turn)"
    assert result.per_turn[5].probability == pytest.approx(comb(8, 6) / comb(12, 10), abs=1e-12)
    assert result.per_turn[6].probability == 1.0 and result.per_turn[7].probability == 1.0


def test_bad_rune_turns_are_refused_word_for_word_and_zero_is_allowed(jinx):
    for kwargs in ({"by_turn": -1}, {"by_turn": 2, "needs": {Domain.FURY: -1}}):
        needs = kwargs.pop("needs", {Domain.FURY: 1})
        with pytest.raises(OddsError) as err:
            rune_odds(jinx, needs, **kwargs)
        assert str(err.value) == "by_turn: must be 0 or more"
    assert rune_odds(jinx, {Domain.FURY: 0}, by_turn=0).probability == 1.0
    assert rune_odds(jinx, {Domain.FURY: 1}, by_turn=0).probability == 0.0


def test_rune_needs_are_read_in_every_spelling():
    F, C = Domain.FURY, Domain.CALM
    assert parse_rune_needs("Fury:2,Calm:1") == {F: 2, C: 1}
    assert parse_rune_needs("Fury:2 Calm:1") == {F: 2, C: 1}
    assert parse_rune_needs("  fury : 2 ,  CALM ") == {F: 2, C: 1}
    assert parse_rune_needs("Fury:1,Fury:2") == {F: 3}
    assert parse_rune_needs("Fury:0") == {F: 0}
    assert parse_rune_needs("Order:12") == {Domain.ORDER: 12}
    for bad in ("Fury:two", "Fury:2:3", "Furry", "", "2"):
        with pytest.raises(OddsError) as err:
            parse_rune_needs(bad)
        assert str(err.value) == (f"runes: '{bad}': write DOMAIN:K, e.g. Fury:2 "
                                  "(domains: Fury, Calm, Mind, Body, Chaos, Order)")


# ---------------------------------------------------------------- runes by turn, and seats
def test_runes_channelled_by_each_turn():
    assert [channelled_by(t, 12, False) for t in range(8)] == [0, 2, 4, 6, 8, 10, 12, 12]
    assert [channelled_by(t, 12, True) for t in range(8)] == [0, 3, 5, 7, 9, 11, 12, 12]
    assert [channelled_by(t, 5, Seat(4, 4)) for t in range(4)] == [0, 3, 5, 5]
    assert [channelled_by(t, 12, Seat(4, 3)) for t in range(3)] == [0, 2, 4]


def test_the_natural_turn_for_each_energy():
    assert [natural_turn(e, 12, False) for e in range(0, 13)] == [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert [natural_turn(e, 12, True) for e in range(0, 13)] == [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]
    assert natural_turn(13, 12, False) is None and natural_turn(13, 12, True) is None
    assert natural_turn(6, 5, False) is None
    assert natural_turn(5, 5, False) == 3
    assert natural_turn(3, 12, Seat(3, 3)) == 1 and natural_turn(3, 12, Seat(3, 2)) == 2


def test_a_seat_from_on_the_draw():
    assert as_seat(False) == Seat(2, 1) and as_seat(True) == Seat(2, 2)
    seat = Seat(4, 2)
    assert as_seat(seat) is seat
    assert NONE.describe() == "none: keep every opening hand"


def test_a_hunt_for_all_but_three_cards_keeps_every_hand(jinx):
    """36 of the 39 cards are hunted: every opening hand holds one (only 3 others exist), so
    nothing is set aside and the answer is the plain hypergeometric one."""
    strategy = hunt("name!=Sharkling")
    asked = card_question(jinx, filter_text="name!=Sharkling")
    result = card_odds(jinx, asked, at_least=4, by_turn=2, strategy=strategy)
    assert result.method == "exact"
    assert "(36 matching)" in result.formula
    assert [t.probability for t in result.per_turn] == pytest.approx(
        [at_least(4, 39, 36, 4 + t) for t in range(3)], abs=1e-12)


def test_a_hunt_for_one_card_asked_with_a_one_of_is_monte_carlo(jinx):
    """Vi, Destructive is a 1-of: asking about it too is another question than the hunt answers."""
    asked = card_question(jinx, filter_text="name=Sharkling or name=Vi, Destructive")
    assert card_odds(jinx, asked, strategy=hunt("Sharkling"), games=300, seed=1).method == "monte-carlo"


def test_rune_odds_by_default_ask_about_turn_one_going_first(jinx):
    result = rune_odds(jinx, parse_rune_needs("Chaos:1"))
    assert result.by_turn == 1 and [t.turn for t in result.per_turn] == [0, 1]
    assert not result.setup.on_the_draw
    assert result.probability == pytest.approx(1 - comb(8, 2) / comb(12, 2), abs=1e-12)


def test_card_odds_by_default_ask_about_one_copy_in_the_opening_hand(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"))
    assert (result.at_least, result.by_turn, result.method) == (1, 0, "exact")
    assert not result.setup.on_the_draw and result.setup.seat == 1
    assert result.probability == pytest.approx(1 - comb(36, 4) / comb(39, 4), abs=1e-12)


def test_a_hunt_for_four_sets_aside_only_the_cards_that_are_not_hunted(jinx):
    """want 4 of the 5 Sharkling and Gust: a hand with 3 of them has one other card, so only one
    card goes to the bottom and one is drawn (not 2)."""
    spec = "name=Sharkling or name=Gust"
    strategy = Strategy(name="four", hunt=spec, want=4, set_aside=["*"])
    result = card_odds(jinx, card_question(jinx, filter_text=spec), at_least=4, by_turn=1, strategy=strategy)
    assert result.method == "exact"

    def p(turn: int) -> float:
        total = 0.0
        for x in range(0, 5):
            p_x = comb(5, x) * comb(34, 4 - x) / comb(39, 4)
            seen = turn if x >= 4 else min(2, 4 - x) + turn
            total += p_x * at_least(4 - x, 35, 5 - x, seen)
        return total

    assert [t.probability for t in result.per_turn] == pytest.approx([p(0), p(1)], abs=1e-12)


def test_monte_carlo_for_the_first_seat_of_a_free_for_all(jinx):
    """No draw on turn 1: in every game the cards held by turn 1 are the opening hand's, so the
    counts of the two turns are equal; the seat and its note are reported."""
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), by_turn=2, seat=Seat(3, 1),
                       method="monte-carlo", games=2000, seed=4)
    assert result.per_turn[1].probability == result.per_turn[0].probability
    assert result.per_turn[2].probability > result.per_turn[1].probability
    assert (result.setup.players, result.setup.seat) == (3, 1)
    assert result.setup.notes == ["the first player of a free-for-all skips their first draw: one card fewer by each turn"]
    second = card_odds(jinx, card_question(jinx, card="Sharkling"), on_the_draw=True, method="monte-carlo",
                       games=200, seed=4)
    assert second.setup.notes == ["in 1v1 both players draw on turn 1, so going second does not change card odds"]
    assert second.setup.on_the_draw and second.setup.seat == 2


def test_rune_needs_split_before_a_lower_case_domain():
    assert parse_rune_needs("Fury:2, calm") == {Domain.FURY: 2, Domain.CALM: 1}


def test_each_batch_of_a_long_monte_carlo_run_plays_other_games(jinx, monkeypatch):
    """Batches of one game each: batch k is seeded with (seed, k) and its opening hand is the top 4
    of that shuffle of the 39-card library (RULES.md §6), so the answer counts those 60 hands."""
    from deckcheck.goldfish import engine
    from deckcheck.goldfish.shuffle import fisher_yates, make_rng

    monkeypatch.setattr(engine, "BATCH_GAMES", 1)
    shark = jinx.index_of("Sharkling")
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), method="monte-carlo", games=60, seed=5)
    holding = 0
    for part in range(60):
        library = jinx.library_cards[None, :].copy()
        fisher_yates(library, make_rng(5, part))
        holding += shark in library[0, :4]
    assert result.games == 60
    assert 0 < holding < 60
    assert result.probability == holding / 60
