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
    ("simulate", "jinx.txt", "--games", "10"), ("odds", "jinx.txt", "--card", "Sharkling"), ("fix", "jinx.txt"),
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


def test_cards_never_writes_over_the_settings_file(event, capsys):
    result = run_cli(capsys, "cards", "search", "Cleave", "-O", "deckcheck.toml", cwd=event)
    assert result.returncode == 2 and "would overwrite an input file" in result.stderr, result.stderr
    assert (event / "deckcheck.toml").read_text(encoding="utf-8") == SETTINGS


#: An event's format file that bans Cleave (two in the Jinx list's Main Deck, one in its sideboard).
NO_CLEAVE = "name: no-cleave\ntitle: No Cleave\nextends: standard\nadd_bans:\n  - {card: Cleave, from: 2025-01-01}\n"


@pytest.mark.parametrize("settings_file,table", [("deckcheck.toml", ""), ("pyproject.toml", "[tool.deckcheck]\n")])
def test_fix_judges_by_the_settings_as_check_does(tmp_path, settings_file, table, capsys):
    (tmp_path / settings_file).write_text(f'{table}format = "no-cleave.yaml"\nas-of = 2026-11-01\n', encoding="utf-8")
    (tmp_path / "no-cleave.yaml").write_text(NO_CLEAVE, encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    checked = json.loads(run_cli(capsys, "check", "jinx.txt", "-o", "json", cwd=tmp_path).stdout)["decks"][0]
    assert checked["verdict"] == "illegal" and {v["code"] for v in checked["violations"]} == {"RB601"}
    fixed = run_cli(capsys, "fix", "jinx.txt", "-o", "json", cwd=tmp_path)
    result = json.loads(fixed.stdout)["fixes"][0]
    assert fixed.returncode == 0 and (result["format"], result["as_of"], result["status"]) == (
        "no-cleave", "2026-11-01", "fixed")
    assert [(c["zone"], c["card"], c["delta"]) for c in result["changes"] if c["delta"] < 0] == [
        ("main", "Cleave", -2), ("sideboard", "Cleave", -1)]


@pytest.mark.parametrize("command", [("fix", "jinx.txt"), ("fix", "jinx.txt", "-o", "json"), ("check", "jinx.txt"),
                                     ("sheet", "jinx.txt"), ("report", "jinx.txt", "--games", "100")],
                         ids=["fix", "fix-json", "check", "sheet", "report"])
def test_no_command_writes_over_the_format_file_it_reads(tmp_path, command, capsys):
    (tmp_path / "no-cleave.yaml").write_text(NO_CLEAVE, encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    result = run_cli(capsys, *command, "-f", "no-cleave.yaml", "-O", "no-cleave.yaml", cwd=tmp_path)
    assert result.returncode == 2 and "would overwrite an input file" in result.stderr, result.stderr
    assert (tmp_path / "no-cleave.yaml").read_text(encoding="utf-8") == NO_CLEAVE


def test_no_command_writes_over_a_format_file_the_event_file_extends(tmp_path, capsys):
    (tmp_path / "no-cleave.yaml").write_text(NO_CLEAVE, encoding="utf-8")
    (tmp_path / "finals.yaml").write_text("name: finals\ntitle: Finals\nextends: no-cleave.yaml\n", encoding="utf-8")
    shutil.copy(JINX, tmp_path / "jinx.txt")
    for command in ("fix", "check"):
        result = run_cli(capsys, command, "jinx.txt", "-f", "finals.yaml", "-O", "no-cleave.yaml", cwd=tmp_path)
        assert result.returncode == 2 and "would overwrite an input file" in result.stderr, result.stderr
    assert (tmp_path / "no-cleave.yaml").read_text(encoding="utf-8") == NO_CLEAVE


def test_a_format_file_named_by_the_settings_is_found_beside_them_not_in_the_working_folder(tmp_path, capsys):
    (tmp_path / "deckcheck.toml").write_text('format = "event.yaml"\nas-of = 2026-11-01\n', encoding="utf-8")
    (tmp_path / "event.yaml").write_text(NO_CLEAVE, encoding="utf-8")
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "event.yaml").write_text(NO_CLEAVE.replace("no-cleave", "decoy").replace("Cleave", "Gust"),
                                                   encoding="utf-8")
    shutil.copy(JINX, tmp_path / "decks" / "jinx.txt")
    deck = json.loads(run_cli(capsys, "check", "jinx.txt", "-o", "json", cwd=tmp_path / "decks").stdout)["decks"][0]
    assert deck["format"] == "no-cleave" and {v["card"] for v in deck["violations"]} == {"Cleave"}


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
