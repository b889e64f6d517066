"""A per-user cache of the loaded card database, so a CLI call does not re-validate 1,373 cards.

The cache is a pickle of the built :class:`~deckcheck.cards.lookup.CardDB`, stored under
``$DECKCHECK_CACHE_DIR`` (default ``$XDG_CACHE_HOME/deckcheck`` or ``~/.cache/deckcheck``). Its file
name is derived from the exact bytes of every bundle file plus the deckcheck and pydantic versions,
so any change to the bundle or to the code makes a new key; a stale or broken cache file is simply
ignored and rebuilt. ``DECKCHECK_NO_CACHE=1`` turns it off. Failing to write the cache is never
an error (a read-only home is fine).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from deckcheck.cards.lookup import CardDB


def cache_dir() -> Path | None:
    if os.environ.get("DECKCHECK_NO_CACHE") == "1":
        return None
    env = os.environ.get("DECKCHECK_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deckcheck"


def cache_key(*parts: bytes) -> str:
    import pydantic

    from deckcheck import __version__

    digest = hashlib.sha256()
    for part in (__version__.encode(), pydantic.VERSION.encode(), *parts):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()[:32]


def load_cached(key: str) -> CardDB | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        with open(folder / f"cards-{key}.pickle", "rb") as handle:
            db = pickle.load(handle)
    except Exception:  # missing, truncated, from another Python: rebuild
        return None
    return db if isinstance(db, CardDB) else None


def store(key: str, db: CardDB) -> None:
    folder = cache_dir()
    if folder is None:
        return
    try:
        from deckcheck.io import atomic_write_bytes

        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("cards-*.pickle"):
            if old.name != f"cards-{key}.pickle":
                old.unlink(missing_ok=True)
        atomic_write_bytes(folder / f"cards-{key}.pickle", pickle.dumps(db.without_caches(), pickle.HIGHEST_PROTOCOL))
    except Exception:
        pass
