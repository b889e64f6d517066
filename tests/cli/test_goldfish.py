"""``deckcheck goldfish``, ``odds`` and ``simulate`` as a user runs them."""

from __future__ import annotations

import io
from math import comb

import pytest

from deckcheck.decks.load import load_deck
from deckcheck.goldfish.game import GoldfishGame
from deckcheck.goldfish.plan import plan_deck

from conftest import real_decks
from cli.support import run_cli, run_cli_json


@pytest.fixture(scope="module")
def jinx_file(tmp_path_factory):
    """The Jinx, Loose Cannon list written as a plain id list (the champion is inferred)."""
    deck = next(d for d in real_decks() if d["slug"].startswith("jinx-loose-cannon"))
    path = tmp_path_factory.mktemp("decks") / "jinx.txt"
    path.write_text("\n".join(f"{n} {card_id}" for card_id, n in deck["cards"].items()) + "\n")
    return str(path)


# ---------------------------------------------------------------- odds
def test_odds_of_a_three_of_exact_with_and_without_a_hunt(capsys, jinx_file):
    plain = run_cli_json(capsys, "odds", jinx_file, "--card", "Sharkling")
    assert plain["method"] == "exact"
    assert plain["probability"] == pytest.approx(1 - comb(36, 4) / comb(39, 4))
    assert plain["setup"]["library"] == 39 and plain["setup"]["champion"] == "Jinx, Demolitionist"
    assert plain["setup"]["strategy"].startswith("none")
    hunted = run_cli_json(capsys, "odds", jinx_file, "--card", "sharkling", "--mulligan", "hunt Sharkling")
    assert round(hunted["probability"], 3) == 0.403
    assert hunted["setup"]["strategy"].startswith("hunt Sharkling")


def test_odds_text_says_method_and_strategy(capsys, jinx_file):
    code, out, _ = run_cli(capsys, "odds", jinx_file, "--filter", "type=Unit and energy<=2", "--by-turn", "2")
    assert code == 0
    assert "exact" in out and "hypergeometric" in out
    assert "mulligan: none" in out
    assert "█" in out  # the per-turn bars


def test_odds_monte_carlo_is_reproducible_and_has_an_interval(capsys, jinx_file):
    args = ("odds", jinx_file, "--card", "Sharkling", "--mulligan", "curve", "--by-turn", "2",
            "--games", "20000", "--seed", "7")
    first, second = run_cli_json(capsys, *args), run_cli_json(capsys, *args)
    assert first == second
    assert first["method"] == "monte-carlo" and first["games"] == 20000 and first["setup"]["seed"] == 7
    assert first["low"] < first["probability"] < first["high"]
    code, out, _ = run_cli(capsys, *args)
    assert "Monte Carlo" in out and "95% interval" in out and "seed 7" in out


def test_odds_of_runes(capsys, jinx_file):
    result = run_cli_json(capsys, "odds", jinx_file, "--runes", "Chaos:1", "--by-turn", "1")
    assert result["method"] == "exact"
    assert result["probability"] == pytest.approx(1 - comb(8, 2) / comb(12, 2))
    on_the_draw = run_cli_json(capsys, "odds", jinx_file, "--runes", "Chaos:1", "--by-turn", "1", "--on-the-draw")
    assert on_the_draw["probability"] == pytest.approx(1 - comb(8, 3) / comb(12, 3))


@pytest.mark.parametrize("args, message", [
    (["--card", "Sharklin"], "did you mean: Sharkling"),
    (["--filter", "type=Unti"], "unknown type"),
    (["--filter", "tag=Ornn"], "matches"),
    (["--card", "Sharkling", "--runes", "Fury:1"], "one thing"),
    ([], "one thing"),
    (["--runes", "Fury=2"], "DOMAIN:K"),
    (["--card", "Sharkling", "--mulligan", "aggro"], "unknown mulligan strategy"),
    (["--card", "Sharkling", "--mulligan", "curve", "--method", "exact"], "no closed form"),
    (["--card", "Sharkling", "--games", "0"], "--games"),
])
def test_odds_errors_are_one_line_and_exit_2(capsys, jinx_file, args, message):
    code, out, err = run_cli(capsys, "odds", jinx_file, *args)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.startswith("deckcheck: error:")


def test_a_bad_yaml_strategy_names_its_file_and_line(capsys, jinx_file, tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\nset_aside:\n  - energy>=x\n")
    code, _, err = run_cli(capsys, "odds", jinx_file, "--card", "Sharkling", "--mulligan", str(path))
    assert code == 2 and f"{path}:3:" in err


def test_a_yaml_strategy_is_used_and_named(capsys, jinx_file, tmp_path):
    path = tmp_path / "spells-out.yaml"
    path.write_text("description: bottom spells\nset_aside: [type=Spell]\n")
    result = run_cli_json(capsys, "simulate", jinx_file, "--games", "2000", "--turns", "2", "--seed", "1",
                          "--mulligan", str(path))
    assert result["setup"]["strategy"] == "spells-out: bottom spells"
    assert result["opening"]["mulligan_rate"] > 0.5
    plain = run_cli_json(capsys, "simulate", jinx_file, "--games", "2000", "--turns", "2", "--seed", "1")
    assert result["opening"]["types"]["Spell"] < plain["opening"]["types"]["Spell"]


def test_missing_deck_file(capsys, tmp_path):
    code, _, err = run_cli(capsys, "odds", str(tmp_path / "nope.txt"), "--card", "Sharkling")
    assert code == 2 and "nope.txt" in err


# ---------------------------------------------------------------- simulate
def test_simulate_json(capsys, jinx_file):
    result = run_cli_json(capsys, "simulate", jinx_file, "--games", "3000", "--turns", "5", "--seed", "3",
                          "--mulligan", "curve")
    assert result["games"] == 3000 and result["turns"] == 5 and result["setup"]["seed"] == 3
    assert result["setup"]["strategy"].startswith("curve")
    assert sum(result["opening"]["types"].values()) == pytest.approx(4.0)
    turns = result["per_turn"]
    assert [t["turn"] for t in turns] == [1, 2, 3, 4, 5]
    assert turns[0]["energy"] == 2.0
    assert turns[0]["power"]["Fury"] + turns[0]["power"]["Chaos"] == pytest.approx(2.0)
    assert all(0 <= t["hand_empty"] <= 1 for t in turns)
    cards = {c["name"]: c for c in result["cards"]}
    assert cards["Jinx, Demolitionist"]["on_curve_turn"] == 2
    assert cards["Sharkling"]["by_turn"][0] == 0.0  # 3 energy: never castable with 2 runes
    assert cards["Gust"]["on_curve_turn"] == 1
    assert result == run_cli_json(capsys, "simulate", jinx_file, "--games", "3000", "--turns", "5", "--seed", "3",
                                  "--mulligan", "curve")


def test_simulate_on_the_draw_has_three_energy_on_turn_one(capsys, jinx_file):
    result = run_cli_json(capsys, "simulate", jinx_file, "--games", "500", "--turns", "2", "--seed", "1",
                          "--on-the-draw")
    assert result["per_turn"][0]["energy"] == 3.0
    assert result["setup"]["on_the_draw"] is True


def test_simulate_text_has_tables_and_bars(capsys, jinx_file):
    code, out, _ = run_cli(capsys, "simulate", jinx_file, "--games", "1000", "--turns", "3", "--seed", "2")
    assert code == 0
    for text in ("1,000 games", "mulligan: none", "cards per energy cost", "P(hand empty)", "on curve",
                 "Sharkling", "█"):
        assert text in out
    # Every probability comes with its 95% interval, and no column is cut short at 100 characters.
    assert out.count("95%") >= 4 and "…" not in out
    probabilities = out.split("Per turn, probabilities")[1].split("P(castable)")[0]
    rows = [line.split() for line in probabilities.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 3 and all(len(row) == 7 for row in rows)
    assert all("–" in cell for row in rows for cell in row[2::2])


# ---------------------------------------------------------------- goldfish
def test_goldfish_json_is_reproducible(capsys, jinx_file):
    args = ("goldfish", jinx_file, "--seed", "42", "--turns", "4", "--mulligan", "curve")
    first = run_cli_json(capsys, *args)
    assert first == run_cli_json(capsys, *args)
    assert first["setup"]["seed"] == 42 and first["mulligan_by"] == "curve"
    turns = first["turns"]
    assert len(turns) == 4
    assert len(turns[0]["channelled"]) == 2 and turns[0]["energy"] == 2
    assert turns[0]["drew"] is not None
    assert len(first["opening_hand"]) == 4 and len(first["kept_hand"]) == 4
    assert turns[0]["champion_zone"]["name"] == "Jinx, Demolitionist"


def test_goldfish_on_the_draw_channels_three_runes_first(capsys, jinx_file):
    game = run_cli_json(capsys, "goldfish", jinx_file, "--seed", "1", "--turns", "2", "--on-the-draw")
    assert [len(t["channelled"]) for t in game["turns"]] == [3, 2]


def test_goldfish_text_panels(capsys, jinx_file):
    code, out, _ = run_cli(capsys, "goldfish", jinx_file, "--seed", "5", "--turns", "3", "--no-autoplay")
    assert code == 0
    for text in ("Opening hand", "Turn 1", "Turn 3", "runes in play", "energy", "castable", "mulligan (none)"):
        assert text in out


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_goldfish_asks_in_a_terminal(capsys, jinx_file, monkeypatch):
    answers = iter(["7", "1 1", "1 3"])
    monkeypatch.setattr("sys.stdin", _Terminal())
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run_cli(capsys, "goldfish", jinx_file, "--seed", "9", "--turns", "1")
    assert code == 0
    opening = GoldfishGame(plan_deck(load_deck(jinx_file)), seed=9).opening
    chosen = [opening[0].name, opening[2].name]  # the log lists them in hand order too
    assert "choose from 1 to 4" in out and "at most 2 different cards" in out
    assert f"mulligan (you): set aside {', '.join(chosen)}" in out
    assert "chosen by you" in out


def test_goldfish_does_not_ask_when_a_strategy_is_given(capsys, jinx_file, monkeypatch):
    monkeypatch.setattr("sys.stdin", _Terminal())
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("asked"))
    code, out, _ = run_cli(capsys, "goldfish", jinx_file, "--seed", "9", "--turns", "1", "--mulligan", "none")
    assert code == 0 and "mulligan (none): kept all 4" in out


def test_goldfish_prompt_in_a_real_terminal(jinx_file):
    """Through a pseudo-terminal, as a player would see it: the prompt, then the game."""
    import os
    import pty
    import select
    import sys
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child runs deckcheck with the terminal as stdin and stdout
        os.execv(sys.executable, [sys.executable, "-m", "deckcheck", "goldfish", jinx_file,
                                  "--seed", "9", "--turns", "1"])
    seen = b""

    def read_until(marker: bytes, timeout: float = 20.0) -> None:
        nonlocal seen
        deadline = time.time() + timeout
        while marker not in seen and time.time() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    return
                if not chunk:
                    return
                seen += chunk

    read_until(b"Enter to keep")
    os.write(fd, b"2\n")
    read_until(b"opponent points")
    deadline = time.time() + 20
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        if time.time() > deadline:  # never leave a stuck child behind
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            break
        time.sleep(0.05)
    os.close(fd)
    text = seen.decode(errors="replace")
    assert "Set aside which cards?" in text
    assert "mulligan (you): set aside" in text and "Turn 1" in text
