"""``--champion`` naming no card is a usage error (exit 2, one line) in every command that takes it,
like every other bad option; it never reaches a deck as "illegal" (RB002)."""

from __future__ import annotations

import pytest

from conftest import REPO
from cli.support import run_cli

JINX = str(REPO / "sample_decks" / "legal-jinx-loose-cannon.txt")
COMMANDS = [("check", JINX), ("fix", JINX), ("sheet", JINX), ("report", JINX), ("convert", JINX, "--to", "code"),
            ("goldfish", JINX), ("simulate", JINX), ("clock", JINX), ("castable", JINX), ("odds", JINX, "Cleave")]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_champion_naming_no_card_is_a_usage_error(capsys, tmp_path, command):
    done = run_cli(capsys, *command, "--champion", "Jinx Demolitonist", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["deckcheck: error: --champion: no card named 'Jinx Demolitonist'; did you "
                                        "mean Jinx, Demolitionist; Noxian Demolitionist; or Amateur Demolitionist?"]
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_champion_naming_a_card_still_decides_the_verdict(capsys):
    done = run_cli(capsys, "check", JINX, "--champion", "jinx demolitionist", "--as-of", "2026-11-30")
    assert done.returncode == 0 and "champion Jinx, Demolitionist" in done.stdout  # spelt loosely, still that card
    named = run_cli(capsys, "check", JINX, "--champion", "Cleave", "--as-of", "2026-11-30")
    assert named.returncode == 1 and "RB213" in named.stdout  # a card, but no champion unit: the deck's problem
