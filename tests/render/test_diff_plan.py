"""diff --sideboard-plan when the game-two list names no sideboard: the diff shows the sideboard the
swap leaves (as the plan check reads it), not every sideboard card removed."""

from __future__ import annotations

import json

from cli.support import run_cli
from cli.test_check import JINX


def _game_two(tmp_path):
    main, _ = JINX.read_text().split("Sideboard:")
    deck = tmp_path / "game2.txt"
    deck.write_text(main.replace("1 Blazing Scorcher\n", "").replace("2 Cleave\n", "3 Cleave\n"))
    return deck


def test_a_game_two_list_without_sideboard_shows_the_swap_not_an_emptied_sideboard(tmp_path, capsys):
    game2 = _game_two(tmp_path)
    result = run_cli(capsys, "diff", str(JINX), str(game2), "--sideboard-plan")
    text = result.stdout
    assert result.returncode == 0 and "✓ a legal sideboard plan: 1 card swapped" in text
    side = text.split("sideboard (")[1].split("\n\n")[0].splitlines()
    assert side[0] == "7 → 7) (not listed in B: what the swap leaves)"
    assert side[1:] == ["  +1 Blazing Scorcher", "  −1 Cleave"]
    data = json.loads(run_cli(capsys, "diff", str(JINX), str(game2), "--sideboard-plan", "-o", "json").stdout)
    assert data["zones"]["sideboard"] == {"before": 7, "after": 7, "in": {"Blazing Scorcher": 1},
                                          "out": {"Cleave": 1}, "not_listed": True}
    plain = run_cli(capsys, "diff", str(JINX), str(game2)).stdout  # without the plan: what B says, an empty sideboard
    assert "sideboard (7 → 0)" in plain
