"""Decks: the deck model, one reader/writer module per format, and loading. Decks judge nothing.

``read_deck`` and ``load_deck`` are imported lazily so ``import deckcheck.decks`` stays cheap.
"""

from __future__ import annotations

__all__ = ["read_deck", "load_deck", "read_file", "read_text", "iter_deck_files", "iter_decks"]


def __getattr__(name: str):
    if name in __all__:
        from deckcheck.decks import load

        return getattr(load, name)
    raise AttributeError(f"module 'deckcheck.decks' has no attribute {name!r}")
