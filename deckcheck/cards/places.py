"""Where the user's own card data lives: the data folder and the stored card data update in it."""

from __future__ import annotations

import os
from pathlib import Path

UPDATE_FILE = "cards-update.json"


def data_dir() -> Path:
    """The user's deckcheck data folder: ``$DECKCHECK_DATA_DIR``, ``$XDG_DATA_HOME/deckcheck``
    or ``~/.local/share/deckcheck``."""
    env = os.environ.get("DECKCHECK_DATA_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "deckcheck"


def update_path() -> Path:
    """The card data update ``deckcheck cards update`` stored (it may not exist)."""
    return data_dir() / UPDATE_FILE
