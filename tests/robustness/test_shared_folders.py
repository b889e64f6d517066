"""Caches and settings in folders others can write: a planted link is never followed, a FIFO never
hangs, a forged cache entry is not believed, and a settings file someone else planted is refused."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from conftest import REPO
from cli.support import run_deckcheck

from deckcheck import cache
from deckcheck.settings import SettingsError, find_settings

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
BANNED = REPO / "sample_decks" / "illegal-annie-banned-stacked-deck.txt"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(folder))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    return folder


def test_a_link_planted_as_an_entry_is_replaced_not_followed(cache_dir, tmp_path):
    cache_dir.mkdir()
    victim = tmp_path / "precious.txt"
    victim.write_text("the user's file")
    key = cache.cache_key(b"source")
    (cache_dir / f"format-{key}.json").symlink_to(victim)
    assert cache.load("format", key) is None  # a link is not read either
    cache.store("format", key, {"n": 1})
    assert victim.read_text() == "the user's file"
    assert not (cache_dir / f"format-{key}.json").is_symlink() and cache.load("format", key) == {"n": 1}


def test_a_fifo_entry_is_skipped_without_waiting(cache_dir):
    cache_dir.mkdir()
    key = cache.cache_key(b"source")
    os.mkfifo(cache_dir / f"format-{key}.json")
    assert cache.load("format", key) is None


def test_an_entry_forged_with_a_recomputed_checksum_is_not_believed(cache_dir):
    key = cache.cache_key(b"source")
    cache.store("spec", key, {"bans": ["Jinx, Rebel"]})
    path = cache_dir / f"spec-{key}.json"
    payload = json.dumps({"bans": []}).encode()
    forged = b" ".join((cache.MAGIC, cache.FORMAT.encode(), b"spec", key.encode(),
                        hashlib.sha256(payload).hexdigest().encode())) + b"\n"
    path.write_bytes(forged + payload)
    assert cache.load("spec", key) is None


def test_a_poisoned_cache_never_changes_a_verdict(tmp_path):
    """Every entry of a shared cache rewritten (bans emptied, checksum recomputed): the check still
    reads the bundled format's bans."""
    folder = tmp_path / "cache"
    env = {"DECKCHECK_CACHE_DIR": str(folder), "DECKCHECK_NO_CACHE": None}
    args = ("check", str(BANNED), "--as-of", "2026-11-30", "-o", "json")
    first = run_deckcheck(*args, env=env)
    for path in folder.glob("*.json"):
        header, _, payload = path.read_bytes().partition(b"\n")
        data = json.loads(payload)
        if isinstance(data, dict) and "bans" in data:
            data["bans"] = []
        payload = json.dumps(data).encode()
        magic, fmt, kind, key, _ = header.split(b" ")
        path.write_bytes(b" ".join((magic, fmt, kind, key, hashlib.sha256(payload).hexdigest().encode()))
                         + b"\n" + payload)
    again = run_deckcheck(*args, env=env)
    assert first.returncode == 1 and any(v["code"] == "RB601" for v in json.loads(first.stdout)["decks"][0][
        "violations"])
    assert again.returncode == first.returncode and json.loads(again.stdout)["summary"] == json.loads(
        first.stdout)["summary"]


# ------------------------------------------------------------------ settings
def test_a_settings_file_every_user_may_write_is_refused(tmp_path, monkeypatch):
    monkeypatch.delenv("DECKCHECK_SAFE_SETTINGS", raising=False)
    own = tmp_path / "deckcheck.toml"
    own.write_text('ignore = ["RB"]\n')
    own.chmod(0o666)
    with pytest.raises(SettingsError, match="settings file refused: every user may write to it"):
        find_settings(tmp_path)
    monkeypatch.setenv("DECKCHECK_SAFE_SETTINGS", str(own))
    assert find_settings(tmp_path).get("ignore") == ["RB"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_settings_file_of_another_user_above_is_refused_and_the_check_says_so(tmp_path):
    work = tmp_path / "decks"
    work.mkdir()
    planted = tmp_path / "deckcheck.toml"
    planted.write_text('ignore = ["RB"]\n')
    os.chown(planted, 4242, -1)
    done = run_deckcheck("check", str(JINX), cwd=work, env={"DECKCHECK_SAFE_SETTINGS": None})
    assert done.returncode == 2 and "belongs to another user (uid 4242)" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_pyproject_tables_written_any_valid_way_and_broken_files(tmp_path):
    project = tmp_path / "pyproject.toml"
    project.write_text('[tool]\ndeckcheck = { strict = true, format = "casual" }\n', encoding="utf-8")
    found = find_settings(tmp_path)
    assert found.path == project and found.get("strict") is True and found.get("format") == "casual"
    assert found.shown() == f"settings: {project}"
    project.write_bytes('[tool.deckcheck]\nformat = "casual" # Zoë\n'.encode("cp1252"))
    with pytest.raises(SettingsError, match="not UTF-8 text"):
        find_settings(tmp_path)
    project.write_text("[tool.deckcheck\nstrict = true\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="not valid TOML"):
        find_settings(tmp_path)
    project.write_text('[project]\nname = "x"\n', encoding="utf-8")  # nothing for deckcheck: the search goes on
    assert find_settings(tmp_path).path != project


def test_a_settings_file_that_is_not_a_regular_file_is_an_error_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "deckcheck.toml")
    with pytest.raises(SettingsError, match="not a regular file \\(a pipe\\)"):
        find_settings(tmp_path)
