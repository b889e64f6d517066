"""``deckcheck fix`` on a list with a misspelt name (issue 38), through the command line: one close
match is a correction printed as a change of its own and written into the corrected list; several
are a line to settle, exit 1."""

from __future__ import annotations

import json

from conftest import REPO
from cli.support import run_cli

SAMPLES = REPO / "sample_decks"
KAISA = (SAMPLES / "illegal-kaisa-too-many-copies.txt").read_text(encoding="utf-8")
ANNIE = (SAMPLES / "illegal-annie-banned-stacked-deck.txt").read_text(encoding="utf-8")


def _fix(capsys, tmp_path, text: str, *args: str):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return run_cli(capsys, "fix", str(path), "--as-of", "2026-11-30", *args)


def test_one_close_match_is_a_change_of_its_own_and_the_rest_is_fixed(capsys, tmp_path):
    done = _fix(capsys, tmp_path, KAISA.replace("3 Ravenbloom Student\n", "3 Ravnbloom Student\n"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("✓ legal after 1 name corrected and 3 card changes  ")
    assert lines[2] == "  'Ravnbloom Student' → Ravenbloom Student (no card of that name; one close match, RB001)"
    assert "  -1 Cleave (4th copy, RB103)" in lines
    assert "3 Ravenbloom Student" in lines[lines.index("corrected list:"):]


def test_one_close_match_and_a_banned_card_in_json(capsys, tmp_path):
    done = _fix(capsys, tmp_path, ANNIE.replace("2 Tideturner (OGN-199)\n", "2 Tidetruner\n"), "-o", "json")
    assert done.returncode == 0, done.stderr
    (fix,) = json.loads(done.stdout)["fixes"]
    assert fix["status"] == "fixed" and fix["legal_after"] is True
    assert fix["changes"][0] == {"zone": "main", "card": "Tideturner", "delta": 0, "code": "RB001",
                                 "reason": "no card of that name; one close match", "card_id": "OGN-199",
                                 "written": "Tidetruner", "line": 19}
    assert fix["changes"][1]["card"] == "Stacked Deck" and fix["changes"][1]["code"] == "RB601"
    assert "2 Tideturner\n" in fix["corrected_list"]


def test_several_close_matches_name_the_line_to_settle_and_exit_1(capsys, tmp_path):
    done = _fix(capsys, tmp_path, KAISA.replace("1 Gust\n", "1 Blood Rosh\n"))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith("? a line to settle: it could be several cards  ")
    assert "  settle: line 27: 'Blood Rosh' could be Blood Rose, Blood Rush: write the one meant (RB001)" in lines
    assert "  -1 Cleave (4th copy, RB103)" in lines
    assert "  checked: legal after the change but for the lines to settle" in lines
    assert lines[-1] == "1 list: 1 to settle"
