"""deckcheck.goldfish as a library: one call per question, the same answer the command prints."""

from __future__ import annotations

import doctest
import json
import re

import pytest

import deckcheck.goldfish as goldfish
from conftest import REPO
from deckcheck.errors import DeckcheckError
from deckcheck.goldfish import api
from cli.support import run_cli_json

JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")


@pytest.fixture(scope="module")
def plan():
    return goldfish.load_plan(JINX)


def test_the_module_docstring_example_runs(monkeypatch):
    monkeypatch.chdir(REPO)
    result = doctest.testmod(api, raise_on_error=False)
    assert result.attempted >= 5 and result.failed == 0


def test_the_package_exports_typed_functions_with_one_line_docstrings():
    for name in goldfish.__all__:
        value = getattr(goldfish, name)
        assert value.__doc__ and value.__doc__.strip(), name
        if callable(value) and value.__module__ == api.__name__:
            assert "\n" not in value.__doc__.strip(), name
            assert "return" in value.__annotations__, name
    with pytest.raises(AttributeError):
        goldfish.no_such_thing  # noqa: B018


def test_each_command_prints_what_its_library_call_returns(plan, capsys):
    def same(result, *args):
        assert run_cli_json(capsys, *args) == json.loads(result.model_dump_json())

    same(goldfish.castable_table(plan, on_the_draw=True, seed=1, games=5000), "castable", JINX, "--on-the-draw",
         "--seed", "1", "-n", "5000")
    same(goldfish.rune_split_ranking(plan, seed=1, games=5000), "castable", JINX, "--runes-compare", "--seed", "1",
         "-n", "5000")
    same(goldfish.mulligan_comparison(plan, seed=4, games=2000), "castable", JINX, "-m", "compare", "--seed", "4",
         "-n", "2000")
    same(goldfish.deck_odds(plan, card="Sharkling", by_turn=3), "odds", JINX, "--card", "Sharkling", "--by-turn", "3")
    same(goldfish.deck_odds(plan, runes="Chaos:2", by_turn=2), "odds", JINX, "--runes", "Chaos:2", "--by-turn", "2")
    same(goldfish.simulate_games(plan, games=500, turns=4, seed=2), "simulate", JINX, "-n", "500", "-t", "4",
         "--seed", "2")
    same(goldfish.win_clock(plan, games=500, seed=3, players=3), "clock", JINX, "-n", "500", "--seed", "3",
         "--players", "3")
    same(goldfish.play_game(plan, seed=9, mulligan="curve"), "goldfish", JINX, "--seed", "9", "-m", "curve")


def test_the_clock_reports_every_game_to_its_progress_callback(plan):
    steps: list[int] = []
    goldfish.win_clock(plan, games=3000, seed=1, progress=steps.append)
    assert sum(steps) == 3000 and len(steps) > 1
    steps.clear()
    goldfish.policy_comparison(plan, games=1000, seed=1, progress=steps.append)
    assert sum(steps) == 2000


@pytest.mark.parametrize("options, message", [
    ({"games": 0}, "games: must be between 1 and 10,000,000, not 0"),
    ({"seed": -1}, "seed: must be 0 or more"),
    ({"by_turn": -2}, "by_turn: must be between 0 and 100"),
])
def test_options_out_of_range_are_refused_by_name(plan, options, message):
    with pytest.raises(DeckcheckError, match=re.escape(message)):
        goldfish.deck_odds(plan, card="Sharkling", **options)


def test_the_python_example_of_the_goldfish_guide_runs(monkeypatch):
    monkeypatch.chdir(REPO)
    guide = (REPO / "docs" / "goldfish.md").read_text(encoding="utf-8")
    section = guide.split("## From Python", 1)[1]
    code = section.split("```python", 1)[1].split("```", 1)[0]
    exec(compile(code, "docs/goldfish.md", "exec"), {})
