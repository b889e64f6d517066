"""The filter language and mulligan strategies (built-in and YAML), on real cards and decks."""

from __future__ import annotations

import numpy as np
import pytest

from deckcheck.decks.resolve import resolve_deck
from deckcheck.goldfish.filters import FilterError, parse_filter
from deckcheck.goldfish.plan import plan_deck
from deckcheck.goldfish.strategy import CURVE, NONE, StrategyError, bind, parse_strategy

from conftest import raw_from_flat, real_decks


@pytest.fixture(scope="module")
def jinx(db):
    deck = next(d for d in real_decks() if d["slug"].startswith("jinx-loose-cannon"))
    return plan_deck(resolve_deck(raw_from_flat(deck["cards"]), db))


def names(plan, text):
    return {c.name for c in plan.cards if parse_filter(text)(c)}


# ---------------------------------------------------------------- filters
def test_filters_on_type_cost_tag_domain_and_name(jinx):
    assert names(jinx, "type=Unit and energy<=2") == {
        "Legion Rearguard", "Pouty Poro", "Vi, Destructive", "Teemo, Scout", "Inferna", "Shadow Fiend"}
    assert names(jinx, "tag=Jinx") == {"Jinx, Demolitionist"}
    assert names(jinx, 'name="Jinx, Demolitionist"') == names(jinx, "name=jinx demolitionist")
    assert names(jinx, "name~jinx") == {"Jinx, Demolitionist"}
    fury = names(jinx, "domain=Fury")
    assert "Hextech Ray" in fury and "Gust" not in fury
    assert names(jinx, "domain=chaos") | fury == names(jinx, "*")
    assert names(jinx, "cost>=5") == names(jinx, "energy>=5") == {
        "Blazing Scorcher", "Arena Kingpin", "Morgana, Vindictive"}
    assert names(jinx, "not type=Unit") == names(jinx, "type!=Unit") == names(jinx, "type=Spell or type=Gear")
    assert names(jinx, "(type=Spell or type=Gear) and power>=1") == names(jinx, "type=Spell and power=1")
    assert len(names(jinx, "*")) == len(jinx.cards)


def test_filter_on_real_names_with_punctuation(db):
    rocket = db.by_name("Super Mega Death Rocket!")
    assert parse_filter("name=Super Mega Death Rocket!")(rocket)
    kaisa = db.by_name("Kai'Sa, Survivor")
    assert parse_filter("name=Kai'Sa, Survivor")(kaisa)
    assert parse_filter("supertype=Champion and tag=Kai'Sa")(kaisa)


@pytest.mark.parametrize("text, message", [
    ("typ=Unit", "unknown field"),
    ("type=Unti", "unknown type"),
    ("energy<=two", "whole number"),
    ("name<3", "compares numbers"),
    ("type=Unit and", "ends too early"),
    ("(type=Unit", "missing ')'"),
    ("type=Unit tag=Jinx", "join conditions"),
    ('name="Jinx', "unclosed quote"),
    ("", "empty"),
])
def test_bad_filters_say_what_is_wrong(text, message):
    with pytest.raises(FilterError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_filter(text)


# ---------------------------------------------------------------- strategies
def hand_of(plan, *cards: str) -> np.ndarray:
    hand = np.zeros((1, len(plan.cards)), dtype=np.int64)
    for name in cards:
        hand[0, plan.index_of(name)] += 1
    return hand


def set_aside_names(plan, strategy, *cards: str) -> list[str]:
    out = bind(strategy, plan).decide(hand_of(plan, *cards))[0]
    return sorted(plan.cards[j].name for j in np.flatnonzero(out) for _ in range(out[j]))


def test_none_keeps_everything(jinx):
    assert set_aside_names(jinx, NONE, "Arena Kingpin", "Arena Kingpin", "Blazing Scorcher", "Gust") == []


def test_curve_sets_aside_the_costliest_cards_above_three(jinx):
    assert set_aside_names(jinx, CURVE, "Arena Kingpin", "Noxus Hopeful", "Blazing Scorcher", "Gust") == [
        "Arena Kingpin", "Blazing Scorcher"]
    assert set_aside_names(jinx, CURVE, "Noxus Hopeful", "Sharkling", "Gust", "Cleave") == ["Noxus Hopeful"]
    assert set_aside_names(jinx, CURVE, "Sharkling", "Gust", "Cleave", "Inferna") == []


def test_hunt_keeps_a_hand_with_the_card_and_digs_otherwise(jinx):
    hunt = parse_strategy("hunt Sharkling")
    assert set_aside_names(jinx, hunt, "Sharkling", "Arena Kingpin", "Gust", "Cleave") == []
    assert set_aside_names(jinx, hunt, "Gust", "Arena Kingpin", "Sharkling", "Sharkling") == []
    assert set_aside_names(jinx, hunt, "Gust", "Arena Kingpin", "Cleave", "Noxus Hopeful") == [
        "Arena Kingpin", "Noxus Hopeful"]
    by_filter = parse_strategy("hunt type=Unit and energy<=2")
    assert set_aside_names(jinx, by_filter, "Gust", "Arena Kingpin", "Cleave", "Shadow Fiend") == []
    assert "hunt Sharkling" in hunt.describe()


def test_a_hunt_for_a_card_not_in_the_deck_is_an_error(jinx):
    with pytest.raises(StrategyError, match="did you mean: Sharkling"):
        bind(parse_strategy("hunt Sharklin"), jinx)
    with pytest.raises(StrategyError, match="unknown mulligan strategy"):
        parse_strategy("aggressive")


def test_yaml_strategy(jinx, tmp_path):
    path = tmp_path / "dig-for-units.yaml"
    path.write_text(
        "description: keep a hand with a cheap unit, else bottom spells first\n"
        "hunt: type=Unit and energy<=2\n"
        "set_aside:\n"
        "  - type=Spell\n"
        "  - energy>=5\n"
        "max: 2\n"
    )
    strategy = parse_strategy(str(path))
    assert strategy.name == "dig-for-units"
    assert "cheap unit" in strategy.describe()
    assert set_aside_names(jinx, strategy, "Shadow Fiend", "Gust", "Cleave", "Arena Kingpin") == []
    # Spells first (the costliest spell first), then expensive cards.
    assert set_aside_names(jinx, strategy, "Sharkling", "Gust", "Perfect Execution", "Arena Kingpin") == [
        "Gust", "Perfect Execution"]
    assert set_aside_names(jinx, strategy, "Sharkling", "Gust", "Arena Kingpin", "Twilight Reveler") == [
        "Arena Kingpin", "Gust"]


def test_yaml_keep_and_max(jinx, tmp_path):
    path = tmp_path / "one.yml"
    path.write_text("name: bottom one\nkeep: name=Arena Kingpin\nset_aside: energy>=4\nmax: 1\n")
    strategy = parse_strategy(str(path))
    assert set_aside_names(jinx, strategy, "Arena Kingpin", "Noxus Hopeful", "Morgana, Vindictive", "Gust") == [
        "Morgana, Vindictive"]
    assert "never name=Arena Kingpin" in strategy.describe()


@pytest.mark.parametrize("text, message, line", [
    ("set_aside: [energy>=4\n", "not valid YAML", 2),
    ("set_aside:\n  - energy>=four\n", "whole number", 2),
    ("max: 3\n", "max", 1),
    ("bottom: energy>=4\n", "bottom", 1),
    ("- energy>=4\n", "YAML mapping", None),
])
def test_bad_yaml_strategies_name_file_and_line(tmp_path, text, message, line):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(StrategyError) as info:
        parse_strategy(str(path))
    assert message in info.value.message
    assert info.value.file == str(path)
    assert info.value.line == line


def test_a_missing_yaml_file_is_an_error(tmp_path):
    with pytest.raises(StrategyError, match="cannot read"):
        parse_strategy(str(tmp_path / "missing.yaml"))


def test_a_hunt_that_matches_nothing_in_the_deck_is_an_error(jinx):
    with pytest.raises(StrategyError, match="no card in this deck matches"):
        bind(parse_strategy("hunt tag=Ornn"), jinx)
