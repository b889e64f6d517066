"""A deck list saved by Notepad as "Unicode" (UTF-16 with its mark) stays a deck list, even when its first
line has the word "deck" in it; only a tab-separated header makes a .txt an export."""

from __future__ import annotations

import json

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


def test_a_utf16_deck_list_titled_with_deck_is_checked_as_one_deck(tmp_path, capsys):
    deck = tmp_path / "jinx.txt"
    deck.write_text("Jinx deck for Saturday\n\n" + JINX.read_text(encoding="utf-8"), encoding="utf-16")
    ran = run_cli(capsys, "check", deck, "-o", "json", "--as-of", "2026-11-01")
    decks = json.loads(ran.stdout)["decks"]
    assert ran.returncode == 0 and len(decks) == 1
    assert decks[0]["legend"] == "Jinx, Loose Cannon" and decks[0]["legal"]
