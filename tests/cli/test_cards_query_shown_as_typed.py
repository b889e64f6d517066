"""``deckcheck cards``: what the user typed is shown as typed, never read as rich markup."""

from __future__ import annotations

from cli.support import run_cli


def test_a_query_with_square_brackets_is_shown_as_typed(capsys):
    ran = run_cli(capsys, "cards", "search", "[red]zz[/red]")
    assert ran.returncode == 1
    assert ran.stdout.splitlines()[0] == "no card matches '[red]zz[/red]'"


def test_an_english_search_is_answered_in_english(capsys):
    ran = run_cli(capsys, "cards", "search", "Jinx")
    assert ran.returncode == 0
    lines = ran.stdout.splitlines()
    assert lines[0] == "3 cards"
    assert lines[2].split("┃")[1:-1] == [f" {h} " for h in ("id     ", "name               ", "type         ",
                                                                "domains   ", "cost      ", "might", "tags      ",
                                                                "printings")]
    assert "Unit Champion" in ran.stdout and "中文" not in ran.stdout
