"""A small per-user cache of checked data files, holding data only: nothing read from it can run code.

Used for the format files (:func:`deckcheck.rules.formats.load_format`), so that a check imports
neither the YAML parser nor the schema library: a format file's content is parsed and checked once
per user (a cold check without the cache takes ~1.5x the time, see docs/performance.md). The card
data needs no cache: its manifest's checksums vouch for it. Entries live under ``$DECKCHECK_CACHE_DIR`` (default ``$XDG_CACHE_HOME/deckcheck``
or ``~/.cache/deckcheck``) as ``<kind>-<key>.json``:

- line 1: ``deckcheck-cache <format> <kind> <key> <HMAC-SHA256 of the rest>``;
- the rest: one JSON document (JSON decoding builds dicts, lists, strings and numbers, nothing else).

The key is derived from the exact bytes of the source files and the deckcheck version, so an edit
makes a new key. The HMAC is keyed by a secret of the user's kept in their data folder (not in the
cache folder, which CI jobs restore and folders are shared with), so an entry someone else wrote,
even with its checksum recomputed, is no entry: it is ignored and rebuilt, like a truncated,
corrupt or foreign one. An entry that passes was written by this user's deckcheck from data its
schema passed, so the caller builds on it without checking it again.
Entries are written to a new file and renamed over the old name (a link planted there is replaced,
never followed); only regular files are read (a FIFO never hangs a run). Files of any other name
are never opened. ``DECKCHECK_NO_CACHE=1`` turns the cache off; failing to write it is never an error.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
from pathlib import Path
from typing import Any

#: Bump when the layout of an entry changes.
FORMAT = "3"
MAGIC = b"deckcheck-cache"
#: An entry larger than this is no entry of ours.
MAX_BYTES = 8 * 1024 * 1024
#: The secret's file in the data folder.
SECRET_FILE = "cache-secret"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_secret_held: list[bytes | None] = []


def cache_dir() -> Path | None:
    if os.environ.get("DECKCHECK_NO_CACHE") == "1":
        return None
    env = os.environ.get("DECKCHECK_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckcheck"


def cache_key(*parts: bytes) -> str:
    """A key for data derived from ``parts`` by this version of deckcheck."""
    from deckcheck.version import __version__

    digest = hashlib.sha256()
    for part in (__version__.encode(), FORMAT.encode(), *parts):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()[:32]


def _path(folder: Path, kind: str, key: str) -> Path:
    return folder / f"{kind}-{key}.json"


def _secret() -> bytes | None:
    """The user's cache secret (made on first use, readable by them only); None if it cannot be kept."""
    if _secret_held:
        return _secret_held[0]
    from deckcheck.cards.places import data_dir

    path = data_dir() / SECRET_FILE
    secret = _read_small(path, 64)
    if secret is None or len(secret) != 64:
        secret = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(os.urandom(32).hex().encode())
            secret = _read_small(path, 64)
        except OSError:
            secret = None
    _secret_held.append(secret)
    return secret


def _read_small(path: Path, limit: int) -> bytes | None:
    """A regular file's bytes (not through a link, never waiting on a FIFO), or None."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = handle.read(limit + 1)
    return data if len(data) <= limit else None


def _header(kind: str, key: str, payload: bytes) -> bytes:
    secret = _secret() or b""
    mac = hmac.new(secret, b"%s\0%s\0" % (kind.encode(), key.encode()) + payload, hashlib.sha256)
    return b" ".join((MAGIC, FORMAT.encode(), kind.encode(), key.encode(), mac.hexdigest().encode())) + b"\n"


def load(kind: str, key: str) -> Any | None:
    """The JSON data stored under ``kind``/``key``, or None if there is none or it is not intact."""
    folder = cache_dir()
    if folder is None or _secret() is None:
        return None
    blob = _read_small(_path(folder, kind, key), MAX_BYTES)
    if blob is None:
        return None
    header, newline, payload = blob.partition(b"\n")
    if not newline or not hmac.compare_digest(header + newline, _header(kind, key, payload)):
        return None
    try:
        return json.loads(payload)
    except (ValueError, RecursionError):
        return None


def store(kind: str, key: str, data: Any, *, keep: int = 1) -> None:
    """Store JSON-ready ``data``; older entries of ``kind`` beyond the newest ``keep`` are removed."""
    folder = cache_dir()
    if folder is None or _secret() is None:
        return
    try:
        import tempfile

        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        folder.mkdir(parents=True, exist_ok=True)
        target = _path(folder, kind, key)
        fd, tmp = tempfile.mkstemp(prefix=f".{kind}-", suffix=".tmp", dir=folder)  # O_EXCL: a new file
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(_header(kind, key, payload) + payload)
            os.replace(tmp, target)  # replaces whatever has the name (a link too), following nothing
        except BaseException:
            os.unlink(tmp)
            raise
        others = sorted((p for p in folder.glob(f"{kind}-*.json") if p != target),
                        key=lambda p: p.lstat().st_mtime, reverse=True)
        for old in others[keep - 1:]:
            old.unlink(missing_ok=True)
    except Exception:
        pass
