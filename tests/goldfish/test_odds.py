"""Odds: exact answers against independent formulas, and Monte Carlo agreeing with them."""

from __future__ import annotations

import itertools
from math import comb

import pytest

from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.odds import OddsError, card_odds, card_question, parse_rune_needs, rune_odds
from deckcheck.goldfish.plan import DeckPlan, plan_deck
from deckcheck.goldfish.strategy import CURVE, hunt, parse_strategy

from conftest import raw_from_flat, real_decks


def plan_of(db, slug: str):
    deck = next(d for d in real_decks() if d["slug"].startswith(slug))
    return plan_deck(resolve_deck(raw_from_flat(deck["cards"], slug), db))


@pytest.fixture(scope="module")
def jinx(db):
    """Jinx, Loose Cannon: 40 cards, Jinx, Demolitionist chosen, Sharkling x3, 8 Fury + 4 Chaos runes."""
    return plan_of(db, "jinx-loose-cannon")


def p_none_in(seen: int, copies: int, library: int) -> float:
    """P(no copy among ``seen`` cards), written as a product of per-draw misses."""
    p = 1.0
    for i in range(seen):
        p *= (library - copies - i) / (library - i)
    return p


def test_three_of_in_the_opening_four_of_39_is_28_4_percent(jinx):
    assert jinx.library_size == 39
    result = card_odds(jinx, card_question(jinx, card="Sharkling"))
    assert result.method == "exact"
    assert result.probability == pytest.approx(1 - p_none_in(4, 3, 39), abs=1e-12)
    assert round(100 * result.probability, 1) == 28.4
    assert result.setup.strategy.startswith("none")


def test_hunting_mulligan_raises_it_to_40_3_percent(jinx):
    result = card_odds(jinx, card_question(jinx, card="Sharkling"), strategy=hunt("Sharkling"))
    # Miss in 4 of 39, then miss again in the 2 drawn from the other 35.
    independent = 1 - p_none_in(4, 3, 39) * p_none_in(2, 3, 35)
    assert result.method == "exact"
    assert result.probability == pytest.approx(independent, abs=1e-12)
    assert round(100 * result.probability, 1) == 40.3
    assert "hunt Sharkling" in result.setup.strategy


@pytest.mark.parametrize("turn", [1, 3, 6])
def test_by_turn_with_and_without_the_hunt(jinx, turn):
    asked = card_question(jinx, card="Sharkling")
    plain = card_odds(jinx, asked, by_turn=turn)
    hunted = card_odds(jinx, asked, by_turn=turn, strategy=hunt("Sharkling"))
    assert plain.probability == pytest.approx(1 - p_none_in(4 + turn, 3, 39), abs=1e-12)
    # The set-aside cards are at the bottom: every later draw comes from the other 35.
    assert hunted.probability == pytest.approx(1 - p_none_in(4, 3, 39) * p_none_in(2 + turn, 3, 35), abs=1e-12)
    assert [t.turn for t in plain.per_turn] == list(range(turn + 1))


def test_at_least_two_of_a_filter(jinx):
    asked = card_question(jinx, filter_text="type=Unit and energy<=2")
    copies = sum(asked.mask * jinx.library_copies)
    result = card_odds(jinx, asked, at_least=2, by_turn=2)
    seen = 6
    p0 = comb(39 - copies, seen) / comb(39, seen)
    p1 = copies * comb(39 - copies, seen - 1) / comb(39, seen)
    assert result.probability == pytest.approx(1 - p0 - p1, abs=1e-12)
    assert "card" in result.question and "type=Unit and energy<=2" in result.question


def test_hunting_by_filter_is_exact_and_matches_monte_carlo(jinx):
    asked = card_question(jinx, filter_text="type=Unit and energy<=2")
    strategy = parse_strategy("hunt type=Unit and energy<=2")
    exact = card_odds(jinx, asked, by_turn=1, strategy=strategy)
    mc = card_odds(jinx, asked, by_turn=1, strategy=strategy, method="monte-carlo", games=40_000, seed=11)
    assert exact.method == "exact" and mc.method == "monte-carlo"
    assert mc.low <= exact.probability <= mc.high


@pytest.mark.parametrize("strategy_spec", ["none", "hunt Sharkling"])
def test_monte_carlo_agrees_with_exact_within_its_interval(jinx, strategy_spec):
    asked = card_question(jinx, card="Sharkling")
    strategy = parse_strategy(strategy_spec)
    exact = card_odds(jinx, asked, by_turn=3, strategy=strategy)
    mc = card_odds(jinx, asked, by_turn=3, strategy=strategy, method="monte-carlo", games=40_000, seed=2024)
    assert mc.games == 40_000 and mc.setup.seed == 2024
    for e, m in zip(exact.per_turn, mc.per_turn):
        assert m.low <= e.probability <= m.high, (e.turn, e.probability, m)


def test_other_strategies_fall_back_to_monte_carlo_and_say_so(jinx):
    asked = card_question(jinx, card="Sharkling")
    result = card_odds(jinx, asked, strategy=CURVE, games=5_000, seed=1)
    assert result.method == "monte-carlo"
    assert result.low < result.probability < result.high
    assert result.setup.seed == 1 and result.setup.strategy.startswith("curve")
    with pytest.raises(OddsError):
        card_odds(jinx, asked, strategy=CURVE, method="exact")


def test_curve_mulligan_bottoms_expensive_cards(jinx):
    """Setting aside 4+ cost cards lowers the chance of holding one and raises the cheap ones."""
    expensive = card_question(jinx, filter_text="energy>=4")
    cheap = card_question(jinx, filter_text="energy<=2")
    plain_exp, plain_cheap = card_odds(jinx, expensive), card_odds(jinx, cheap)
    curve_exp = card_odds(jinx, expensive, strategy=CURVE, games=20_000, seed=3)
    curve_cheap = card_odds(jinx, cheap, strategy=CURVE, games=20_000, seed=3)
    assert curve_exp.high < plain_exp.probability
    assert curve_cheap.low > plain_cheap.probability


def test_the_champion_in_its_zone_is_not_drawn(jinx):
    result = card_odds(jinx, card_question(jinx, card="Jinx, Demolitionist"), by_turn=5)
    assert result.matching == {"Jinx, Demolitionist": 0}
    assert result.probability == 0.0
    assert any("Champion Zone" in note for note in result.setup.notes)


def test_questions_about_cards_not_in_the_deck_are_errors(jinx):
    with pytest.raises(OddsError, match="did you mean: Sharkling"):
        card_question(jinx, card="Sharklin")
    with pytest.raises(OddsError, match="matches"):
        card_question(jinx, filter_text="tag=Ornn")


# ---------------------------------------------------------------- runes
def rune_brute_force(domains: list[str], needs: dict[str, int], channelled: int) -> float:
    """Enumerate every set of positions the first ``channelled`` runes can take."""
    hits = total = 0
    for chosen in itertools.combinations(range(len(domains)), channelled):
        picked = [domains[i] for i in chosen]
        total += 1
        hits += all(picked.count(d) >= k for d, k in needs.items())
    return hits / total


@pytest.mark.parametrize("on_the_draw", [False, True])
def test_rune_odds_are_exact_against_enumeration(jinx, on_the_draw):
    domains = [d.value for d in jinx.runes]
    for turn, needs in [(1, {"Chaos": 1}), (1, {"Fury": 2}), (2, {"Fury": 2, "Chaos": 1}), (3, {"Chaos": 3})]:
        parsed = parse_rune_needs(",".join(f"{d}:{k}" for d, k in needs.items()))
        result = rune_odds(jinx, parsed, by_turn=turn, on_the_draw=on_the_draw)
        channelled = 2 * turn + (1 if on_the_draw else 0)
        assert result.method == "exact"
        assert result.probability == pytest.approx(rune_brute_force(domains, needs, channelled), abs=1e-12)


def test_rune_odds_before_turn_one_and_after_the_deck_is_out(jinx):
    fury = parse_rune_needs("fury:2")
    assert rune_odds(jinx, fury, by_turn=0).probability == 0.0
    assert rune_odds(jinx, fury, by_turn=6).probability == 1.0
    assert rune_odds(jinx, parse_rune_needs("Chaos:5"), by_turn=9).probability == 0.0


def test_rune_needs_are_validated():
    assert parse_rune_needs("Fury") == parse_rune_needs("Fury:1")
    with pytest.raises(OddsError):
        parse_rune_needs("Furry:2")
    with pytest.raises(OddsError):
        parse_rune_needs("Fury:two")


def test_a_yaml_hunt_for_two_with_one_card_out_is_still_exact(jinx, tmp_path):
    path = tmp_path / "two-cheap.yaml"
    path.write_text("hunt: energy<=2\nwant: 2\nset_aside: ['*']\nmax: 1\n")
    strategy = parse_strategy(str(path))
    asked = card_question(jinx, filter_text="energy<=2")
    exact = card_odds(jinx, asked, at_least=2, by_turn=2, strategy=strategy)
    mc = card_odds(jinx, asked, at_least=2, by_turn=2, strategy=strategy, method="monte-carlo",
                   games=40_000, seed=5)
    assert exact.method == "exact"
    for e, m in zip(exact.per_turn, mc.per_turn):
        assert m.low <= e.probability <= m.high
    # Protecting some other cards (keep: energy=3) breaks the closed form: then it is Monte Carlo.
    path.write_text("hunt: energy<=2\nwant: 2\nkeep: energy=3\nset_aside: ['*']\nmax: 1\n")
    guarded = card_odds(jinx, asked, at_least=2, strategy=parse_strategy(str(path)), games=2000, seed=1)
    assert guarded.method == "monte-carlo"


# ---------------------------------------------------------------- past the end of the library
def test_more_copies_than_the_deck_holds_is_exactly_zero_even_after_burn_outs(jinx):
    """A 3-of can never be held 4 times: burn-out reshuffles the same copies, they count once."""
    asked = card_question(jinx, card="Sharkling")
    result = card_odds(jinx, asked, at_least=4, by_turn=60)
    assert result.method == "exact"
    assert all(t.probability == 0.0 for t in result.per_turn)
    simulated = card_odds(jinx, asked, at_least=4, by_turn=60, method="monte-carlo", games=2_000, seed=7)
    assert all(t.probability == 0.0 for t in simulated.per_turn)


@pytest.mark.parametrize("strategy_spec", ["none", "hunt Sharkling"])
def test_past_the_end_of_the_library_every_copy_has_been_seen(jinx, strategy_spec):
    asked = card_question(jinx, card="Sharkling")
    strategy = parse_strategy(strategy_spec)
    result = card_odds(jinx, asked, at_least=3, by_turn=60, strategy=strategy)
    assert result.method == "exact"
    # 39 cards: 4 in the opening hand, 35 more by turn 35; from then on all three have been seen.
    assert result.per_turn[35].probability == pytest.approx(1.0, abs=1e-12)
    assert result.per_turn[60].probability == pytest.approx(1.0, abs=1e-12)
    assert result.per_turn[34].probability < 1.0
    simulated = card_odds(jinx, asked, at_least=3, by_turn=60, strategy=strategy, method="monte-carlo",
                          games=4_000, seed=8)
    # 61 turns at once: a band of 4.5 standard errors, so no turn fails by chance (p < 1e-4 in all).
    for e, m in zip(result.per_turn, simulated.per_turn):
        band = 4.5 * (e.probability * (1 - e.probability) / 4_000) ** 0.5
        assert abs(m.probability - e.probability) <= band, (e.turn, e.probability, m)


def test_a_strategy_with_nothing_to_set_aside_keeps_the_exact_method(jinx):
    """curve sets aside 4+ cards; here the only one is the Chosen Champion, which is in its zone."""
    keep = [j for j, c in enumerate(jinx.cards) if (c.energy or 0) < 4]
    champion = jinx.index_of("Twisted Fate, Gambler")
    assert jinx.copies[champion] == 1 and jinx.cards[champion].energy >= 4
    cards = [jinx.cards[j] for j in keep] + [jinx.cards[champion]]
    copies = [jinx.copies[j] for j in keep] + [1]
    plan = DeckPlan(label="cheap", cards=tuple(cards), copies=tuple(copies), champion=len(cards) - 1,
                    runes=jinx.runes)
    asked = card_question(plan, card="Sharkling")
    with_curve = card_odds(plan, asked, by_turn=2, strategy=CURVE)
    assert with_curve.method == "exact"
    assert with_curve.probability == pytest.approx(1 - p_none_in(6, 3, plan.library_size), abs=1e-12)


# ----------------------------------------------------------------------------- exact messages
def test_a_question_about_nothing_or_two_things_is_refused(jinx):
    for card, filt in ((None, None), ("Cleave", "type:unit")):
        with pytest.raises(OddsError) as err:
            card_question(jinx, card, filt)
        assert err.value.message == "ask about one thing: --card NAME, --filter EXPR or --runes DOMAIN:K"


def test_an_unknown_rune_domain_lists_every_domain():
    with pytest.raises(OddsError) as err:
        parse_rune_needs("Furry:2")
    assert str(err.value) == ("runes: 'Furry:2': write DOMAIN:K, e.g. Fury:2 "
                              "(domains: Fury, Calm, Mind, Body, Chaos, Order)")
    assert {d.value: k for d, k in parse_rune_needs("Fury:2, calm").items()} == {"Fury": 2, "Calm": 1}
