"""Rotation is data: a format file lists a set with the day it leaves (``{set: OGN, leaves: DATE}``), and
the set's cards are legal until the day before (Standard rotates from 2028, RULES.md §9)."""

from __future__ import annotations

from datetime import date

import pytest

from conftest import REPO
from cli.support import run_cli
from deckcheck import check_deck, load_deck
from deckcheck.rules.formats import FormatError, format_on, load_format

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"

ROTATED = """\
extends: standard
name: rotated
title: Standard after a rotation
sets:
  - {set: OGS, leaves: 2028-03-01}
  - {set: OGN, leaves: 2028-03-01}
  - SFD
  - UNL
  - VEN
  - RAD
"""


@pytest.fixture
def rotated(tmp_path) -> str:
    path = tmp_path / "rotated.yaml"
    path.write_text(ROTATED)
    return str(path)


def test_sets_leave_on_their_day(rotated, db):
    before = format_on(load_format(rotated), date(2028, 2, 29), db.sets)
    assert {"OGS", "OGN"} <= before.legal_sets.keys() and not before.left_sets
    assert before.legal_sets["OGN"].leaves == date(2028, 3, 1)
    after = format_on(load_format(rotated), date(2028, 3, 1), db.sets)
    assert sorted(after.left_sets) == ["OGN", "OGS"] and not {"OGS", "OGN"} & after.legal_sets.keys()
    assert sorted(after.legal_sets) == ["RAD", "SFD", "UNL", "VEN"]


def test_a_deck_of_a_rotated_set_is_legal_the_day_before_and_illegal_on_the_day(rotated):
    deck = load_deck(JINX)
    assert check_deck(deck, rotated, "2028-02-29").verdict == "legal"
    report = check_deck(deck, rotated, "2028-03-01")
    assert report.verdict == "illegal"
    legend = next(v for v in report.violations if v.card == "Jinx, Loose Cannon")
    assert (legend.code, legend.message) == (
        "RB602", "Jinx, Loose Cannon is from Origins (OGN), which left rotated on 2028-03-01: not legal on 2028-03-01")
    # A card reprinted in a set still legal keeps its name legal (TR 601.2.a): the basic runes, for one.
    assert not any(v.zone == "runes" for v in report.violations)


def test_the_formats_command_shows_the_rotation(rotated, capsys):
    out = run_cli(capsys, "formats", rotated, "--as-of", "2028-03-01").stdout
    assert "rotated out: OGS on 2028-03-01, OGN on 2028-03-01" in " ".join(out.split())
    out = run_cli(capsys, "formats", rotated, "--as-of", "2028-01-01").stdout
    assert "OGN (2025-10-31 until 2028-03-01)" in out and "rotated out" not in out


@pytest.mark.parametrize("entry, message", [
    ("{set: OGN, leave: 2028-03-01}", "unknown key 'leave' in format '{}'; did you mean 'leaves'?"),
    ("{set: OGN, leaves: soon}", "broken format '{}': sets.0.leaves: Input should be a valid date"),
    ("{set: ZZZ, leaves: 2028-03-01}", "format 'rotated' lists set ZZZ, which sets.json does not know"),
])
def test_a_wrong_rotation_entry_is_one_error_with_its_line(entry, message, tmp_path, db):
    path = tmp_path / "rotated.yaml"
    path.write_text(f"extends: standard\nname: rotated\nsets:\n  - {entry}\n")
    with pytest.raises(FormatError) as err:
        format_on(load_format(str(path)), date(2028, 1, 1), db.sets)
    assert err.value.message.startswith(message.format(path)) and err.value.line == 4
