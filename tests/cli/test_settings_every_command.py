"""One settings file for every command: run in a folder whose ``deckcheck.toml`` names a format and
a date, each command judges by them and says so; the file is read (a broken one is an error) and
never overwritten by ``-O``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

EXE = str(Path(sys.executable).with_name("deckcheck"))
JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
SETTINGS = 'format = "standard-bo1"\nas-of = 2026-08-01\n'


def run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, *args], capture_output=True, text=True, cwd=folder,
                          env={**os.environ, "NO_COLOR": "1"})


@pytest.fixture
def event(tmp_path) -> Path:
    (tmp_path / "deckcheck.toml").write_text(SETTINGS, encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    return tmp_path


def test_check_judges_by_the_settings(event):
    result = run(event, "check", "jinx.txt", "-o", "json")
    deck = json.loads(result.stdout)["decks"][0]
    assert (deck["format"], deck["as_of"]) == ("standard-bo1", "2026-08-01")
    assert "standard-bo1, 2026-08-01" in run(event, "check", "jinx.txt").stdout


def test_sheet_judges_by_the_settings(event):
    page = run(event, "sheet", "jinx.txt").stdout
    assert "Standard, best of one (no sideboard)" in page and "2026-08-01" in page


def test_report_judges_by_the_settings(event):
    page = run(event, "report", "jinx.txt", "--games", "200", "--seed", "1").stdout
    assert "format standard-bo1 on 2026-08-01" in page


def test_rules_formats_and_rule_read_the_settings(event):
    rules = json.loads(run(event, "rules", "-o", "json").stdout)
    assert (rules["format"], rules["as_of"]) == ("standard-bo1", "2026-08-01")
    assert "rules in standard-bo1 on 2026-08-01" in run(event, "rules").stdout
    formats = json.loads(run(event, "formats", "-o", "json").stdout)
    assert [(f["name"], f["as_of"]) for f in formats] == [("standard-bo1", "2026-08-01")]
    rule = json.loads(run(event, "rule", "RB101", "-o", "json").stdout)
    assert rule["references"] == rule["references_2026_07_16"]  # numbered as on 2026-08-01, before the renumbering
    assert json.loads(run(event, "rule", "RB101", "-o", "json", "--as-of", "2026-11-01").stdout)["references"] \
        != rule["references"]


def test_the_command_line_wins_over_the_settings(event):
    deck = json.loads(run(event, "check", "jinx.txt", "-o", "json", "-f", "standard",
                          "--as-of", "2026-11-01").stdout)["decks"][0]
    assert (deck["format"], deck["as_of"]) == ("standard", "2026-11-01")


COMMANDS = [
    ("check", "jinx.txt"), ("sheet", "jinx.txt"), ("report", "jinx.txt"), ("rules",), ("formats",),
    ("rule", "RB101"), ("convert", "jinx.txt", "-o", "code"), ("diff", "jinx.txt", "jinx.txt"),
    ("castable", "jinx.txt", "--games", "100"), ("clock", "jinx.txt", "--games", "10"),
    ("simulate", "jinx.txt", "--games", "10"), ("odds", "jinx.txt", "--card", "Sharkling"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_reads_the_settings_file(event, command):
    (event / "deckcheck.toml").write_text(SETTINGS + "formta = 'standard'\n", encoding="utf-8")
    result = run(event, *command)
    assert result.returncode == 2, result.stderr
    assert "deckcheck.toml" in result.stderr and "unknown setting 'formta'" in result.stderr


WRITERS = [c for c in COMMANDS if c[0] not in ("formats", "rule")]


@pytest.mark.parametrize("command", WRITERS, ids=[c[0] for c in WRITERS])
def test_no_command_writes_over_the_settings_file(event, command):
    result = run(event, *command, "-O", "deckcheck.toml")
    assert result.returncode == 2 and "would overwrite an input file" in result.stderr, result.stderr
    assert (event / "deckcheck.toml").read_text(encoding="utf-8") == SETTINGS


@pytest.mark.parametrize("args", [("check", "jinx.txt", "-o", "json"), ("rules", "-o", "json"), ("formats",),
                                  ("castable", "jinx.txt", "-o", "json")])
def test_every_command_says_which_settings_file_it_used(event, args):
    result = run(event, *args)
    said = [line for line in result.stderr.splitlines() if line.startswith("deckcheck: settings:")]
    assert said == [f"deckcheck: settings: {event / 'deckcheck.toml'}"]  # once, on stderr: stdout stays data
    assert "settings:" not in result.stdout


def test_no_settings_file_no_word(tmp_path):
    shutil.copy(JINX, tmp_path / "jinx.txt")
    assert "settings:" not in run(tmp_path, "check", "jinx.txt").stderr
