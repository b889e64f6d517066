"""``deckcheck diff``'s exit code: 0 for a diff, and with ``--sideboard-plan`` 0 for a legal
game-two configuration, 1 for an illegal one (TR 403.4), 2 for bad input."""

from __future__ import annotations

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def game_two(tmp_path, *changes: tuple[str, str]) -> str:
    """The Jinx list with each (old, new) text replaced once, as deck B."""
    text = JINX.read_text(encoding="utf-8")
    for old, new in changes:
        text = text.replace(old, new, 1)
    path = tmp_path / "game2.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_legal_one_for_one_swap_exits_0(tmp_path, capsys):
    swap = game_two(tmp_path, ("2 Cleave\n", "1 Cleave\n1 Rebuke\n"), ("2 Rebuke\n", "1 Rebuke\n1 Cleave\n"))
    done = run_cli(capsys, "diff", str(JINX), swap, "--sideboard-plan")
    assert done.returncode == 0 and "✓ a legal sideboard plan: 1 card swapped" in done.stdout, done.stdout


def test_an_illegal_plan_exits_1_and_a_plain_diff_of_it_0(tmp_path, capsys):
    extra = game_two(tmp_path, ("2 Cleave\n", "3 Cleave\n"))  # 41 cards, the third Cleave from the sideboard
    done = run_cli(capsys, "diff", str(JINX), extra, "--sideboard-plan")
    assert done.returncode == 1 and "41 cards" in done.stdout, done.stdout
    assert run_cli(capsys, "diff", str(JINX), extra).returncode == 0
    assert run_cli(capsys, "diff", str(JINX), str(tmp_path / "missing.txt"), "--sideboard-plan").returncode == 2
