"""The per-user cache holds data only: a hostile, corrupt, truncated or foreign entry never runs code,
never changes a verdict, and is rebuilt."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
from pathlib import Path

from conftest import REPO
from cli.support import run_deckcheck

from deckcheck import cache

JINX = REPO / "sample_decks" / "legal-jinx-loose-cannon.txt"
STANDARD = REPO / "card_data" / "formats" / "standard.yaml"


class _Payload:
    """Unpickling this creates the folder ``marker``: proof that code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


def _check(cache_dir: Path) -> subprocess.CompletedProcess:
    """``deckcheck check`` of the Jinx sample with this cache folder, the cache on."""
    return run_deckcheck("check", str(JINX), "--as-of", "2026-11-30",
                         env={"DECKCHECK_CACHE_DIR": str(cache_dir), "DECKCHECK_NO_CACHE": None})


def _entries(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.json"))


def test_a_hostile_pickle_and_garbage_in_the_cache_run_nothing_and_the_check_still_passes(tmp_path):
    cache_dir = tmp_path / "cache"
    assert _check(cache_dir).returncode == 0
    entries = _entries(cache_dir)
    assert entries, "the first run caches the parsed format file"
    good = {p: p.read_bytes() for p in entries}

    marker = tmp_path / "code-ran"
    hostile = pickle.dumps(_Payload(marker))
    for path in entries:  # under the very names deckcheck reads ...
        path.write_bytes(hostile)
    for name in ("cards-0123456789abcdef0123456789abcdef.pickle", "format-0123.pickle", "cards.json"):
        (cache_dir / name).write_bytes(hostile)  # ... and the names an older version used
    (cache_dir / "format-garbage.json").write_bytes(os.urandom(4096))

    proc = _check(cache_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "legal" in proc.stdout and "Traceback" not in proc.stderr
    assert not marker.exists(), "a cache file ran code"
    assert {p: p.read_bytes() for p in _entries(cache_dir) if p in good} == good, "rebuilt as before"


def test_truncated_corrupt_and_foreign_entries_are_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    key = cache.cache_key(b"some source bytes")
    cache.store("thing", key, {"bans": ["Jinx, Rebel"], "n": 3})
    path = tmp_path / f"thing-{key}.json"
    whole = path.read_bytes()
    assert cache.load("thing", key) == {"bans": ["Jinx, Rebel"], "n": 3}

    path.write_bytes(whole[:-5])  # truncated
    assert cache.load("thing", key) is None
    path.write_bytes(whole.replace(b"Jinx", b"Jinz"))  # changed without fixing the checksum
    assert cache.load("thing", key) is None
    other = cache.cache_key(b"other source bytes")
    path.write_bytes(whole.replace(key.encode(), other.encode()))  # an entry for another key
    assert cache.load("thing", key) is None
    path.write_bytes(b"\x80\x04K\x01.")  # a pickle, or anything else
    assert cache.load("thing", key) is None
    path.write_bytes(b"")
    assert cache.load("thing", key) is None

    cache.store("thing", key, {"n": 4})  # rebuilt
    assert cache.load("thing", key) == {"n": 4}


def test_an_entry_signed_without_the_users_secret_is_no_entry_and_is_rebuilt(tmp_path):
    """A cache folder is shared or restored (CI); an entry rewritten there with its checksum made
    again, by someone without the user's secret, is ignored: the format is read from its file."""
    import hashlib
    import hmac

    cache_dir = tmp_path / "cache"
    assert _check(cache_dir).returncode == 0
    good = {p: p.read_bytes() for p in _entries(cache_dir)}
    for path in good:
        header, _, payload = path.read_bytes().partition(b"\n")
        data = json.loads(payload)
        data["spec"]["bans"] = []  # an event whose bans someone wants gone
        payload = json.dumps(data).encode()
        magic, version, kind, key, _ = header.split(b" ")
        mac = hmac.new(b"a guessed secret", b"%s\0%s\0" % (kind, key) + payload, hashlib.sha256).hexdigest()
        path.write_bytes(b" ".join((magic, version, kind, key, mac.encode())) + b"\n" + payload)
    banned = REPO / "sample_decks" / "illegal-annie-banned-stacked-deck.txt"
    proc = run_deckcheck("check", str(banned), "--as-of", "2026-11-30",
                         env={"DECKCHECK_CACHE_DIR": str(cache_dir), "DECKCHECK_NO_CACHE": None})
    assert proc.returncode == 1 and "RB601" in proc.stdout, proc.stdout + proc.stderr
    assert {p: p.read_bytes() for p in _entries(cache_dir)} == good, "rebuilt as before"


def test_the_cache_can_be_switched_off_and_a_read_only_folder_is_no_error(tmp_path):
    proc = run_deckcheck("check", str(JINX),
                         env={"DECKCHECK_NO_CACHE": "1", "DECKCHECK_CACHE_DIR": str(tmp_path / "off")})
    assert proc.returncode == 0 and not (tmp_path / "off").exists()
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("a file where the cache folder should be")
    proc = _check(blocked)
    assert proc.returncode == 0 and proc.stderr == ""
