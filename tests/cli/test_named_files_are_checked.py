"""A file named on the command line is always checked, whatever the settings' ``exclude`` says
(``--force-exclude``, a pre-commit hook's option, leaves it out and says so); a run that the settings
leave with nothing to check is an error (exit 2), never a quiet "0 decks checked"."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import REPO
from cli.support import run_cli

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"


@pytest.fixture
def repo(tmp_path):
    (tmp_path / "drafts").mkdir()
    shutil.copy(JINX, tmp_path / "drafts" / "draft.txt")
    shutil.copy(JINX, tmp_path / "deck.txt")
    (tmp_path / "deckcheck.toml").write_text('exclude = ["drafts", "deck.txt"]\n', encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("named", ["drafts/draft.txt", "./drafts/draft.txt", "deck.txt"])
def test_a_file_named_explicitly_is_checked_though_excluded(repo, named, capsys):
    done = run_cli(capsys, "check", named, "--as-of", "2026-11-01", "-o", "json", cwd=repo)
    doc = json.loads(done.stdout)
    assert done.returncode == 0 and [d["source"] for d in doc["decks"]] == [named] and not doc["skipped"]


def test_sheet_writes_a_sheet_for_a_file_named_explicitly(repo, capsys):
    done = run_cli(capsys, "sheet", "drafts/draft.txt", "--as-of", "2026-11-01", cwd=repo)
    assert done.returncode == 0 and "Jinx, Loose Cannon" in done.stdout


def test_a_folder_the_settings_exclude_whole_is_an_error_not_a_pass(repo, capsys):
    done = run_cli(capsys, "check", "drafts", "--as-of", "2026-11-01", cwd=repo)
    assert done.returncode == 2 and done.stdout == ""
    settings = repo / "deckcheck.toml"
    assert done.stderr.splitlines()[-1] == ("deckcheck: error: nothing to check: every deck file in drafts is "
                                            f"excluded by 'drafts' in {settings} (name a file to check it)")


def test_a_folder_walk_still_leaves_out_what_the_settings_exclude(repo, capsys):
    shutil.copy(JINX, repo / "kept.txt")
    doc = json.loads(run_cli(capsys, "check", ".", "--as-of", "2026-11-01", "-o", "json", cwd=repo).stdout)
    assert [d["source"] for d in doc["decks"]] == ["./kept.txt"]
    assert {s["source"] for s in doc["skipped"]} >= {"./drafts/draft.txt", "./deck.txt"}


def test_force_exclude_leaves_out_a_named_file_and_says_so(repo, capsys):
    shutil.copy(JINX, repo / "kept.txt")
    done = run_cli(capsys, "check", "--force-exclude", "drafts/draft.txt", "kept.txt", "--as-of", "2026-11-01",
                   "-o", "json", cwd=repo)
    assert done.returncode == 0 and [d["source"] for d in json.loads(done.stdout)["decks"]] == ["kept.txt"]
    assert f"deckcheck: drafts/draft.txt: excluded by 'drafts' in {repo / 'deckcheck.toml'}" in done.stderr
    alone = run_cli(capsys, "check", "--force-exclude", "drafts/draft.txt", cwd=repo)
    assert (alone.returncode, alone.stdout) == (0, "")
    assert "nothing to check: every file named is excluded by the settings (--force-exclude)" in alone.stderr


def test_sheet_of_a_folder_leaves_out_what_the_settings_exclude(repo, capsys):
    shutil.copy(JINX, repo / "kept.txt")
    page = run_cli(capsys, "sheet", ".", "--as-of", "2026-11-01", cwd=repo).stdout
    assert page.count('<section class="sheet ') == 1 and "kept.txt" in page
    assert "draft.txt" not in page and "deck.txt" not in page
