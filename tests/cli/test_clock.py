"""``deckcheck clock`` and the board in ``deckcheck goldfish``, through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli.support import run_cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_decks"
JINX = str(SAMPLES / "legal-jinx-loose-cannon.txt")


@pytest.fixture(scope="module")
def two_drops(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("decks") / "two-drops.txt"
    path.write_text("40 Pouty Poro\n12 Fury Rune\n")
    return str(path)


def test_clock_json_gives_the_distribution_and_summary(two_drops, capsys):
    done = run_cli(capsys, "clock", two_drops, "--games", "300", "--seed", "4", "--output", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["distribution"] == [{"turn": 6, "probability": 1.0, "low": data["distribution"][0]["low"],
                                     "high": 1.0, "by_turn": 1.0}]
    assert data["mean"] == 6.0 and data["median"] == 6 and data["won"] == 1.0
    assert data["points_by_conquer"] == 2.0 and data["drew_out"] == 0.0 and data["held_back"] == 0.0
    assert data["setup"]["seed"] == 4 and data["games"] == 300 and data["battlefields"] == 2
    assert any("combat" in item for item in data["ignores"])
    assert data["policy"].startswith("most-energy")


def test_clock_is_reproducible_and_takes_the_shared_options(capsys):
    args = ("clock", JINX, "--games", "2000", "--seed", "9", "--mulligan", "curve", "--on-the-draw", "--output", "json")
    first, second = run_cli(capsys, *args), run_cli(capsys, *args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["setup"]["on_the_draw"] and data["setup"]["strategy"].startswith("curve")
    assert abs(sum(t["probability"] for t in data["distribution"]) - data["won"]) < 1e-9
    low, high = data["mean_low"], data["mean_high"]
    assert low <= data["mean"] <= high


def test_clock_text_says_what_it_ignores(two_drops, capsys):
    done = run_cli(capsys, "clock", two_drops, "--games", "200", "--seed", "1")
    assert done.returncode == 0, done.stderr
    for text in ("200 games", "median", "P(win on exactly this turn)", "by conquer", "held back", "drew out first",
                 "ignores: combat"):
        assert text in done.stdout, text


def test_clock_with_three_players_has_three_battlefields(two_drops, capsys):
    done = run_cli(capsys, "clock", two_drops, "--games", "200", "--seed", "1", "--players", "3", "--output", "json")
    data = json.loads(done.stdout)
    assert data["battlefields"] == 3 and data["median"] == 5 and data["setup"]["players"] == 3


@pytest.mark.parametrize("args, message", [
    (("--players", "5"), "--players"),
    (("--players", "3", "--seat", "4"), "--seat"),
    (("--policy", "random"), "--policy"),
    (("--games", "0"), "--games"),
])
def test_clock_bad_options_are_one_line_and_exit_2(two_drops, args, message, capsys):
    done = run_cli(capsys, "clock", two_drops, *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_goldfish_shows_the_board_and_the_result(two_drops, capsys):
    done = run_cli(capsys, "goldfish", two_drops, "--seed", "3", "--mulligan", "none")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for text in ("move: Pouty Poro → your battlefield: conquered: +1 point", "beginning: hold +1", "board",
                 "the opponent's battlefield", "Legion on", "won on turn 6", "ignores:"):
        assert text in out, text


def test_goldfish_json_has_the_board_each_turn(two_drops, capsys):
    done = run_cli(capsys, "goldfish", two_drops, "--seed", "3", "--mulligan", "none", "--output", "json")
    data = json.loads(done.stdout)
    assert data["result"].startswith("won on turn 6") and len(data["turns"]) == 6
    turn3 = data["turns"][2]
    assert turn3["points"] == 3 and turn3["held"] == 1 and turn3["conquered"] == 1
    assert [b["scored"] for b in turn3["battlefields"]] == ["held", "conquered"]
    assert turn3["plays"][0] == {"name": "Pouty Poro", "source": "hand", "energy": 2, "power": 0,
                                 "legion": False, "note": None}


def test_simulate_reports_points_and_the_policy(two_drops, capsys):
    done = run_cli(capsys, "simulate", two_drops, "--games", "300", "--turns", "6", "--seed", "2", "--output", "json")
    data = json.loads(done.stdout)
    assert [t["points"] for t in data["per_turn"]] == [0.0, 1.0, 3.0, 5.0, 7.0, 9.0]
    assert [t["won"] for t in data["per_turn"]] == [0.0] * 5 + [1.0]
    assert data["policy"].startswith("most-energy") and data["ignores"]


def test_clock_compares_the_play_policies_on_the_same_games(capsys):
    done = run_cli(capsys, "clock", JINX, "--policy", "compare", "--games", "3000", "--seed", "5", "--output", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    names = [p["policy"].split(":")[0] for p in data["policies"]]
    assert sorted(names) == ["costliest-first", "most-energy"] and data["seed"] == 5
    assert all(p["setup"]["seed"] == 5 and p["games"] == 3000 for p in data["policies"])
    # Spending the most energy puts units down sooner: it wins sooner on average than costliest-first.
    means = {p["policy"].split(":")[0]: p["mean"] for p in data["policies"]}
    assert means["most-energy"] < means["costliest-first"] and names[0] == "most-energy"
