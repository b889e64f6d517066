"""A small per-user cache of parsed data files, so a CLI call does not re-parse what has not changed.

Used for the built card database (validating 1,373 cards costs ~30 ms, unpickling ~8 ms) and for
the format YAML files (so ``check`` never imports the YAML parser). Entries are pickles stored
under ``$DECKCHECK_CACHE_DIR`` (default ``$XDG_CACHE_HOME/deckcheck`` or ``~/.cache/deckcheck``).
A key is derived from the exact bytes of the source files plus the deckcheck and pydantic
versions, so any change makes a new key; a stale or broken entry is simply ignored and rebuilt.
``DECKCHECK_NO_CACHE=1`` turns the cache off. Failing to write it is never an error (a
read-only home is fine). Only files deckcheck itself wrote there are ever read.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any


def cache_dir() -> Path | None:
    if os.environ.get("DECKCHECK_NO_CACHE") == "1":
        return None
    env = os.environ.get("DECKCHECK_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckcheck"


def cache_key(*parts: bytes) -> str:
    """A key for data derived from ``parts`` by this version of deckcheck and pydantic."""
    import pydantic

    from deckcheck import __version__

    digest = hashlib.sha256()
    for part in (__version__.encode(), pydantic.VERSION.encode(), *parts):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()[:32]


def _path(folder: Path, kind: str, key: str) -> Path:
    return folder / f"{kind}-{key}.pickle"


def load(kind: str, key: str) -> Any | None:
    """The object stored under ``kind``/``key``, or None."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        with open(_path(folder, kind, key), "rb") as handle:
            return pickle.load(handle)
    except Exception:  # missing, truncated, written by another Python: rebuild
        return None


def store(kind: str, key: str, obj: Any, *, keep: int = 1) -> None:
    """Store ``obj``; older entries of ``kind`` beyond the newest ``keep`` are removed."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        from deckcheck.io import atomic_write_bytes

        folder.mkdir(parents=True, exist_ok=True)
        target = _path(folder, kind, key)
        atomic_write_bytes(target, pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))
        others = sorted((p for p in folder.glob(f"{kind}-*.pickle") if p != target),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[keep - 1:]:
            old.unlink(missing_ok=True)
    except Exception:
        pass
