"""castable: exact figures against an independent computation (math.comb) for real decks, Monte Carlo
agreeing with them, rune splits, mulligan comparisons and the autopilot-free castability of simulate."""

from __future__ import annotations

import json
from math import comb

import pytest

from deckcheck.decks.load import load_deck
from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.castable import castable, rune_splits
from deckcheck.goldfish.compare import compare_castable, compare_odds, strategies_to_compare
from deckcheck.goldfish.odds import OddsError, card_question
from deckcheck.goldfish.plan import GoldfishDeckError, plan_deck
from deckcheck.goldfish.simulate import simulate
from deckcheck.goldfish.strategy import CURVE, parse_strategy

from conftest import REPO, raw_from_flat, real_decks
from cli.support import run_cli

RUNES = 12


def real_plans(db):
    plans = []
    for deck in real_decks():
        try:
            plans.append(plan_deck(resolve_deck(raw_from_flat(deck["cards"], deck["slug"]), db)))
        except GoldfishDeckError:
            continue
    for path in sorted((REPO / "sample_decks").iterdir()):
        if path.suffix in (".txt", ".yaml", ".code"):
            try:
                plans.append(plan_deck(load_deck(str(path), db)))
            except GoldfishDeckError:
                continue
    return plans


@pytest.fixture(scope="module")
def plans(db):
    found = real_plans(db)
    assert len(found) >= 40  # 32 real lists and the sample decks
    return found


@pytest.fixture(scope="module")
def jinx(db):
    deck = next(d for d in real_decks() if d["slug"].startswith("jinx-loose-cannon"))
    return plan_deck(resolve_deck(raw_from_flat(deck["cards"], "jinx"), db))


# ---------------------------------------------------------------- the independent computation
def by_hand(plan, name: str, turn: int, on_the_draw: bool) -> float:
    """P(castable on ``turn``) written out from the rules with math.comb, sharing no code with deckcheck."""
    j = [c.name for c in plan.cards].index(name)
    card = plan.cards[j]
    total_runes = len(plan.runes)
    channelled = min(total_runes, 2 * turn + (1 if on_the_draw else 0))
    energy, power = card.energy or 0, card.power or 0
    if channelled < energy:
        return 0.0
    if power:
        accepts = {d.value for d in card.power_domains} or {d.value for d in plan.runes}
        good = sum(1 for d in plan.runes if d.value in accepts)
        runes = sum(comb(good, x) * comb(total_runes - good, channelled - x)
                    for x in range(power, channelled + 1)) / comb(total_runes, channelled)
    else:
        runes = 1.0
    # Cards the database does not know stay in the library as blanks.
    library = sum(plan.copies) + plan.blanks - (1 if plan.champion is not None else 0)
    if j == plan.champion:
        hand = 1.0
    else:
        copies = plan.copies[j]
        seen = min(library, 4 + turn)
        hand = 1 - comb(library - copies, seen) / comb(library, seen)
    return hand * runes


def natural_by_hand(energy: int, total_runes: int, on_the_draw: bool, power: int = 0) -> int | None:
    """The first turn with as many runes as the energy and as the power (one rune may pay both)."""
    for turn in range(1, 20):
        if min(total_runes, 2 * turn + (1 if on_the_draw else 0)) >= max(energy, power):
            return turn
    return None


def accepted_by_hand(plan, card) -> int:
    accepts = {d.value for d in card.power_domains} or {d.value for d in plan.runes}
    return sum(1 for d in plan.runes if d.value in accepts)


#: card_data/legion.json: Noxus Hopeful costs 2 Energy less once another card was played this turn.
LEGION_CUT = {"Noxus Hopeful": 2}


def natural_with_legion(plan, card, on_the_draw: bool) -> int | None:
    """The printed-energy turn, or earlier when the cheapest other card played first turns Legion on."""
    runes = len(plan.runes)
    power = card.power or 0
    best = natural_by_hand(card.energy or 0, runes, on_the_draw, power) if accepted_by_hand(plan, card) >= power else None
    if card.name in LEGION_CUT:
        # Another card first (its power paid by its own runes; Noxus Hopeful has none).
        for c, n in zip(plan.cards, plan.copies):
            if (c.name == card.name and n < 2) or accepted_by_hand(plan, c) < (c.power or 0):
                continue
            first = c.energy or 0
            pair = natural_by_hand(max(first, first + (card.energy or 0) - LEGION_CUT[card.name]), runes,
                                   on_the_draw, c.power or 0)
            best = pair if best is None else min(best, pair)
    return best


@pytest.mark.parametrize("on_the_draw", [False, True], ids=["on the play", "on the draw"])
def test_exact_figures_match_math_comb_for_every_real_deck(plans, on_the_draw):
    checked = 0
    for plan in plans:
        result = castable(plan, on_the_draw=on_the_draw, games=2_000, seed=1)
        rows = {(r.card, r.turn): r for r in result.cards}
        for card in plan.cards:
            natural = natural_with_legion(plan, card, on_the_draw)
            if natural is None:
                assert not any(name == card.name for name, _ in rows), card.name
                continue
            for turn in (natural, natural + 1, natural + 2):
                row = rows[(card.name, turn)]
                assert row.natural_turn == natural
                if min(12, 2 * turn + on_the_draw) < (card.energy or 0):
                    assert row.legion and row.method == "monte-carlo"  # checked by test_legion_...
                    continue
                assert row.method == "exact" and not row.legion
                assert row.probability == pytest.approx(by_hand(plan, card.name, turn, on_the_draw), abs=1e-12)
                checked += 1
        assert result.method == ("monte-carlo" if any(r.legion for r in result.cards) else "exact")
        assert len(result.cards) == 3 * sum(1 for c in plan.cards if natural_with_legion(plan, c, on_the_draw))
    assert checked > 1500


def test_going_second_makes_a_three_cost_card_a_turn_one_play(jinx):
    play = {r.card: r for r in castable(jinx).cards if r.turn == r.natural_turn}
    draw = {r.card: r for r in castable(jinx, on_the_draw=True).cards if r.turn == r.natural_turn}
    assert play["Sharkling"].natural_turn == 2 and draw["Sharkling"].natural_turn == 1
    # On the draw the Sharkling must be found one draw earlier: 5 cards seen, not 6.
    assert draw["Sharkling"].probability == pytest.approx(1 - comb(36, 5) / comb(39, 5), abs=1e-12)


def test_the_chosen_champion_is_always_at_hand(jinx):
    rows = [r for r in castable(jinx).cards if r.card == "Jinx, Demolitionist"]
    assert [r.hand for r in rows] == [1.0, 1.0, 1.0]
    # 1 Fury among the 4 runes of turn 2, out of 8 Fury + 4 Chaos.
    assert rows[0].probability == pytest.approx(1 - comb(4, 4) / comb(12, 4), abs=1e-12)


def test_monte_carlo_agrees_with_the_exact_figures(jinx):
    exact = {(r.card, r.turn): r.probability for r in castable(jinx).cards}
    simulated = castable(jinx, method="monte-carlo", games=40_000, seed=17)
    assert simulated.method == "monte-carlo" and simulated.setup.seed == 17
    for row in simulated.cards:
        if row.low is None:
            assert row.card == "Jinx, Demolitionist"
            continue
        # ~70 rows at once: 4.5 standard errors so none fails by chance.
        band = 4.5 * ((row.hand * (1 - row.hand) / 40_000) ** 0.5) * row.runes + 1e-12
        assert abs(row.probability - exact[(row.card, row.turn)]) <= band, row
    exact_average = castable(jinx).on_curve
    assert simulated.on_curve_low <= exact_average <= simulated.on_curve_high


def test_a_mulligan_without_a_closed_form_is_monte_carlo_with_intervals(jinx):
    result = castable(jinx, strategy=CURVE, games=20_000, seed=5)
    assert result.method == "monte-carlo" and result.games == 20_000
    cheap = next(r for r in result.cards if r.card == "Cleave" and r.turn == 1)
    assert cheap.low < cheap.probability < cheap.high
    plain = next(r for r in castable(jinx).cards if r.card == "Cleave" and r.turn == 1)
    assert cheap.low > plain.probability  # curve bottoms expensive cards and digs for cheap ones
    with pytest.raises(OddsError):
        castable(jinx, strategy=CURVE, method="exact")


# ---------------------------------------------------------------- Legion
def test_legion_lets_noxus_hopeful_come_down_a_turn_early_on_the_draw(jinx):
    """Going second, turn 1 has 3 runes: Noxus Hopeful (4, or 2 with Legion) can be played after a
    1-energy card. Independently: 5 cards seen from 39 and 3 runes from 8 Fury + 4 Chaos."""
    result = castable(jinx, on_the_draw=True, games=100_000, seed=21)
    rows = [r for r in result.cards if r.card == "Noxus Hopeful"]
    assert [r.turn for r in rows] == [1, 2, 3] and rows[0].natural_turn == 1
    assert rows[0].legion and not rows[1].legion
    # Hopeful x2; Cleave x2 and Gust x2 (1 energy); Hextech Ray x2 (1 energy + 1 Fury); 31 others.
    hopeful, plain, ray, library = 2, 4, 2, 39
    other = library - hopeful - plain - ray
    p_fury = 1 - comb(4, 3) / comb(12, 3)
    total = comb(library, 5)
    p = 0.0
    for h in range(1, hopeful + 1):
        for a in range(0, plain + 1):
            for r in range(0, ray + 1):
                rest = 5 - h - a - r
                if rest < 0 or (a == 0 and r == 0):
                    continue
                ways = comb(hopeful, h) * comb(plain, a) * comb(ray, r) * comb(other, rest) / total
                p += ways * (1.0 if a else p_fury)
    assert rows[0].low <= p <= rows[0].high, (p, rows[0])
    assert rows[0].hand == pytest.approx(1 - comb(37, 5) / comb(39, 5), abs=0.005)
    # On the play turn 2 has 4 runes: the printed cost is paid, Legion changes nothing, exact.
    on_play = [r for r in castable(jinx).cards if r.card == "Noxus Hopeful"]
    assert on_play[0].natural_turn == 2 and all(r.method == "exact" for r in on_play)


# ---------------------------------------------------------------- rune splits
def test_rune_splits_rank_every_split_by_the_independent_average(jinx):
    from deckcheck.cards.model import Domain

    result = rune_splits(jinx, (Domain.FURY, Domain.CHAOS))
    assert result.method == "exact" and len(result.splits) == RUNES + 1
    assert result.current == {"Fury": 8, "Chaos": 4}
    assert [s.current for s in result.splits].count(True) == 1
    weights = sum(jinx.copies)
    for split in result.splits:
        fury = split.runes["Fury"]
        variant = jinx.__class__(label="v", cards=jinx.cards, copies=jinx.copies, champion=jinx.champion,
                                 runes=(Domain.FURY,) * fury + (Domain.CHAOS,) * (RUNES - fury))
        average = 0.0
        for j, card in enumerate(jinx.cards):
            natural = natural_by_hand(card.energy or 0, RUNES, False)
            average += jinx.copies[j] * by_hand(variant, card.name, natural, False) / weights
        assert split.on_curve == pytest.approx(average, abs=1e-12)
    values = [s.on_curve for s in result.splits]
    assert values == sorted(values, reverse=True)
    assert [s.rank for s in result.splits] == list(range(1, RUNES + 2))
    # All in one domain leaves the other domain's cards unpayable: those rank last.
    assert {tuple(s.runes.values()) for s in result.splits[-2:]} >= {(0, 12)}


# ---------------------------------------------------------------- mulligans compared
def test_compare_castable_ranks_every_bundled_strategy_and_a_yaml_one(jinx, tmp_path):
    path = tmp_path / "spells-out.yaml"
    path.write_text("set_aside: [type=Spell]\n")
    strategies = strategies_to_compare([parse_strategy(str(path))])
    assert [s.name for s in strategies] == ["none", "curve", "spells-out"]
    result = compare_castable(jinx, strategies, games=10_000, seed=3)
    assert [s.rank for s in result.strategies] == [1, 2, 3]
    values = [s.value for s in result.strategies]
    assert values == sorted(values, reverse=True)
    none = next(s for s in result.strategies if s.strategy == "none")
    assert none.method == "exact" and none.value == pytest.approx(castable(jinx).on_curve)
    curve = next(s for s in result.strategies if s.strategy == "curve")
    assert curve.value == pytest.approx(castable(jinx, strategy=CURVE, games=10_000, seed=3).on_curve)


def test_compare_odds_includes_the_hunt_for_the_card_asked(jinx):
    asked = card_question(jinx, card="Sharkling")
    result = compare_odds(jinx, asked, strategies_to_compare([], "Sharkling"), by_turn=2, games=10_000, seed=4)
    names = [s.strategy for s in result.strategies]
    assert names[0] == "hunt Sharkling" and set(names) == {"none", "curve", "hunt Sharkling"}
    hunted = result.strategies[0]
    assert hunted.method == "exact"
    # Miss in 4 of 39, then in 2 + 2 more from the other 35.
    assert hunted.value == pytest.approx(1 - comb(36, 4) / comb(39, 4) * comb(32, 4) / comb(35, 4), abs=1e-12)


# ---------------------------------------------------------------- simulate's castability (fix 4)
@pytest.mark.parametrize("autoplay", [True, False])
def test_simulate_castability_does_not_depend_on_the_autopilot(jinx, autoplay):
    """Cards it played still count as drawn, runes it recycled still count as channelled."""
    games = 20_000
    result = simulate(jinx, games=games, turns=6, seed=9, autoplay=autoplay)
    for card in result.cards:
        for turn, p in enumerate(card.by_turn, 1):
            expected = by_hand(jinx, card.name, turn, False)
            band = 4.5 * (expected * (1 - expected) / games) ** 0.5 + 1e-9
            assert abs(p - expected) <= band, (card.name, turn, p, expected)


# ---------------------------------------------------------------- the command
JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")


def test_castable_json_has_one_row_per_card_and_turn(capsys):
    code, out, err = run_cli(capsys, "castable", JINX, "--on-the-draw", "--output", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["setup"]["on_the_draw"] is True
    # Going second, Noxus Hopeful's turn 1 needs Legion (simulated); every other row is exact.
    assert data["method"] == "monte-carlo"
    assert {r["card"] for r in data["cards"] if r["method"] != "exact"} == {"Noxus Hopeful"}
    assert [r["legion"] for r in data["cards"] if r["card"] == "Noxus Hopeful"] == [True, False, False]
    row = data["cards"][0]
    for key in ("card", "copies", "energy", "power", "turn", "probability", "method", "natural_turn"):
        assert key in row
    turns = {}
    for r in data["cards"]:
        turns.setdefault(r["card"], []).append(r["turn"])
    assert all(t == [t[0], t[0] + 1, t[0] + 2] for t in turns.values())


def test_castable_text_names_the_method_and_what_it_ignores(capsys):
    code, out, _ = run_cli(capsys, "castable", JINX)
    assert code == 0
    assert "exact" in out and "on curve" in out and "ignores:" in out and "mulligan: none" in out


def test_castable_runes_compare_and_mulligan_compare(capsys):
    code, out, _ = run_cli(capsys, "castable", JINX, "--runes-compare")
    assert code == 0 and "<- this deck" in out and "Rune splits" in out
    code, out, _ = run_cli(capsys, "castable", JINX, "--mulligan", "compare", "--games", "2000", "--seed", "1",
                           "-o", "json")
    data = json.loads(out)
    assert code == 0 and {s["strategy"] for s in data["strategies"]} == {"none", "curve"}
    code, out, _ = run_cli(capsys, "odds", JINX, "--card", "Sharkling", "--mulligan", "compare", "--games", "2000",
                           "--seed", "1")
    assert code == 0 and "hunt Sharkling" in out and "ranked" in out


@pytest.mark.parametrize("args, message", [
    (["--mulligan", "curve", "--mulligan", "none"], "give one strategy"),
    (["--mulligan", "compare", "--runes-compare"], "--runes-compare"),
    (["--games", "0"], "--games"),
])
def test_castable_errors_are_one_line_and_exit_2(capsys, args, message):
    code, out, err = run_cli(capsys, "castable", JINX, *args)
    assert code == 2 and message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_odds_compare_refuses_rune_questions(capsys):
    code, _, err = run_cli(capsys, "odds", JINX, "--runes", "Fury:2", "--mulligan", "compare")
    assert code == 2 and "rune deck" in err


# ---------------------------------------------------------------- three and four players
@pytest.mark.parametrize("players, seat, draws_turn_one, first_runes", [
    (3, 1, 0, 2), (3, 2, 1, 2), (3, 3, 1, 3), (4, 1, 0, 2), (4, 4, 1, 3),
])
def test_free_for_all_seats_change_draws_and_runes(jinx, players, seat, draws_turn_one, first_runes):
    from deckcheck.goldfish.seat import Seat

    result = castable(jinx, seat=Seat(players, seat))
    assert result.setup.players == players and result.setup.seat == seat
    library = 39
    for row in result.cards:
        if row.legion:
            assert row.card == "Noxus Hopeful" and first_runes == 3 and row.turn == 1
            continue
        channelled = min(12, first_runes + 2 * (row.turn - 1))
        seen = 4 + draws_turn_one + (row.turn - 1)
        champion = row.card == "Jinx, Demolitionist"
        hand = 1.0 if champion else 1 - comb(library - row.copies, seen) / comb(library, seen)
        assert row.hand == pytest.approx(hand, abs=1e-12), row
        assert channelled >= row.energy
        assert min(12, first_runes + 2 * (row.natural_turn - 2)) < row.energy or row.natural_turn == 1


def test_players_on_the_command_line(capsys):
    code, out, err = run_cli(capsys, "odds", JINX, "--card", "Sharkling", "--by-turn", "1", "--players", "3",
                             "--output", "json")
    data = json.loads(out)
    assert code == 0, err
    assert data["setup"]["players"] == 3 and data["setup"]["seat"] == 1
    assert data["probability"] == pytest.approx(1 - comb(36, 4) / comb(39, 4), abs=1e-12)  # no draw on turn 1
    code, out, err = run_cli(capsys, "castable", JINX, "--players", "4", "--on-the-draw")
    assert code == 0 and "seat 4 of 4" in out
    code, _, err = run_cli(capsys, "castable", JINX, "--players", "5")
    assert code == 2 and "--players" in err
