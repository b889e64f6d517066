"""One settings file for every command: run in a folder whose ``deckcheck.toml`` names a format and
a date, each command judges by them and says so; the file is read (a broken one is an error) and
never overwritten by ``-O``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
SETTINGS = 'format = "standard-bo1"\nas-of = 2026-08-01\n'


@pytest.fixture
def event(tmp_path) -> Path:
    (tmp_path / "deckcheck.toml").write_text(SETTINGS, encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    return tmp_path


def test_check_judges_by_the_settings(event, capsys):
    result = run_cli(capsys, "check", "jinx.txt", "-o", "json", cwd=event)
    deck = json.loads(result.stdout)["decks"][0]
    assert (deck["format"], deck["as_of"]) == ("standard-bo1", "2026-08-01")
    assert "standard-bo1, 2026-08-01" in run_cli(capsys, "check", "jinx.txt", cwd=event).stdout


def test_sheet_judges_by_the_settings(event, capsys):
    page = run_cli(capsys, "sheet", "jinx.txt", cwd=event).stdout
    assert "Standard, best of one (no sideboard)" in page and "2026-08-01" in page


def test_report_judges_by_the_settings(event, capsys):
    page = run_cli(capsys, "report", "jinx.txt", "--games", "200", "--seed", "1", cwd=event).stdout
    assert "format standard-bo1 on 2026-08-01" in page


def test_rules_formats_and_rule_read_the_settings(event, capsys):
    rules = json.loads(run_cli(capsys, "rules", "-o", "json", cwd=event).stdout)
    assert (rules["format"], rules["as_of"]) == ("standard-bo1", "2026-08-01")
    assert "rules in standard-bo1 on 2026-08-01" in run_cli(capsys, "rules", cwd=event).stdout
    formats = json.loads(run_cli(capsys, "formats", "-o", "json", cwd=event).stdout)
    assert [(f["name"], f["as_of"]) for f in formats] == [("standard-bo1", "2026-08-01")]
    rule = json.loads(run_cli(capsys, "rule", "RB101", "-o", "json", cwd=event).stdout)
    assert rule["references"] == rule["references_2026_07_16"]  # numbered as on 2026-08-01, before the renumbering
    renumbered = json.loads(run_cli(capsys, "rule", "RB101", "-o", "json", "--as-of", "2026-11-01", cwd=event).stdout)
    assert renumbered["references"] != rule["references"]


def test_the_command_line_wins_over_the_settings(event, capsys):
    result = run_cli(capsys, "check", "jinx.txt", "-o", "json", "-f", "standard", "--as-of", "2026-11-01", cwd=event)
    deck = json.loads(result.stdout)["decks"][0]
    assert (deck["format"], deck["as_of"]) == ("standard", "2026-11-01")


COMMANDS = [
    ("check", "jinx.txt"), ("sheet", "jinx.txt"), ("report", "jinx.txt"), ("rules",), ("formats",),
    ("rule", "RB101"), ("convert", "jinx.txt", "-o", "code"), ("diff", "jinx.txt", "jinx.txt"),
    ("castable", "jinx.txt", "--games", "100"), ("clock", "jinx.txt", "--games", "10"),
    ("simulate", "jinx.txt", "--games", "10"), ("odds", "jinx.txt", "--card", "Sharkling"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_reads_the_settings_file(event, command, capsys):
    (event / "deckcheck.toml").write_text(SETTINGS + "formta = 'standard'\n", encoding="utf-8")
    result = run_cli(capsys, *command, cwd=event)
    assert result.returncode == 2, result.stderr
    assert "deckcheck.toml" in result.stderr and "unknown setting 'formta'" in result.stderr


WRITERS = [c for c in COMMANDS if c[0] not in ("formats", "rule")]


@pytest.mark.parametrize("command", WRITERS, ids=[c[0] for c in WRITERS])
def test_no_command_writes_over_the_settings_file(event, command, capsys):
    result = run_cli(capsys, *command, "-O", "deckcheck.toml", cwd=event)
    assert result.returncode == 2 and "would overwrite an input file" in result.stderr, result.stderr
    assert (event / "deckcheck.toml").read_text(encoding="utf-8") == SETTINGS


@pytest.mark.parametrize("args", [("check", "jinx.txt", "-o", "json"), ("rules", "-o", "json"), ("formats",),
                                  ("castable", "jinx.txt", "-o", "json")])
def test_every_command_says_which_settings_file_it_used(event, args, capsys):
    result = run_cli(capsys, *args, cwd=event)
    said = [line for line in result.stderr.splitlines() if line.startswith("deckcheck: settings:")]
    assert said == [f"deckcheck: settings: {event / 'deckcheck.toml'}"]  # once, on stderr: stdout stays data
    assert "settings:" not in result.stdout


def test_no_settings_file_no_word(tmp_path, capsys):
    shutil.copy(JINX, tmp_path / "jinx.txt")
    assert "settings:" not in run_cli(capsys, "check", "jinx.txt", cwd=tmp_path).stderr
