"""A small per-user cache of parsed data files, holding data only: nothing read from it can run code.

Used for the format YAML files, so that ``check`` never imports the YAML parser (the card data
needs no cache: :func:`deckcheck.cards.bundle.load_bundle` reads the bundle itself in a few
milliseconds). Entries live under ``$DECKCHECK_CACHE_DIR`` (default ``$XDG_CACHE_HOME/deckcheck``
or ``~/.cache/deckcheck``) as ``<kind>-<key>.json``:

- line 1: ``deckcheck-cache <format> <kind> <key> <sha256 of the rest>``;
- the rest: one JSON document (JSON decoding builds dicts, lists, strings and numbers, nothing else).

The key is derived from the exact bytes of the source files and the deckcheck version, so an edit
makes a new key. An entry whose first line, checksum or JSON is wrong (truncated, corrupt,
tampered with, written by another program) is ignored and rebuilt; the caller validates what it
gets as it would the source file. Files of any other name (a pickle an old version left, say) are
never opened. ``DECKCHECK_NO_CACHE=1`` turns the cache off; failing to write it is never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

#: Bump when the layout of an entry changes.
FORMAT = "1"
MAGIC = b"deckcheck-cache"
#: An entry larger than this is no entry of ours.
MAX_BYTES = 8 * 1024 * 1024


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
    from deckcheck import __version__

    digest = hashlib.sha256()
    for part in (__version__.encode(), FORMAT.encode(), *parts):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()[:32]


def _path(folder: Path, kind: str, key: str) -> Path:
    return folder / f"{kind}-{key}.json"


def _header(kind: str, key: str, payload: bytes) -> bytes:
    return b" ".join((MAGIC, FORMAT.encode(), kind.encode(), key.encode(),
                      hashlib.sha256(payload).hexdigest().encode())) + b"\n"


def load(kind: str, key: str) -> Any | None:
    """The JSON data stored under ``kind``/``key``, or None if there is none or it is not intact."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        with open(_path(folder, kind, key), "rb") as handle:
            blob = handle.read(MAX_BYTES + 1)
    except OSError:
        return None
    header, newline, payload = blob.partition(b"\n")
    if not newline or len(blob) > MAX_BYTES or header + newline != _header(kind, key, payload):
        return None
    try:
        return json.loads(payload)
    except (ValueError, RecursionError):
        return None


def store(kind: str, key: str, data: Any, *, keep: int = 1) -> None:
    """Store JSON-ready ``data``; older entries of ``kind`` beyond the newest ``keep`` are removed."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        from deckcheck.io import atomic_write_bytes

        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        folder.mkdir(parents=True, exist_ok=True)
        target = _path(folder, kind, key)
        atomic_write_bytes(target, _header(kind, key, payload) + payload)
        others = sorted((p for p in folder.glob(f"{kind}-*.json") if p != target),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[keep - 1:]:
            old.unlink(missing_ok=True)
    except Exception:
        pass
