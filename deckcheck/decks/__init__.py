"""Decks: the deck model, one reader/writer module per format, and loading. Decks judge nothing.

``read_deck`` and ``load_deck`` are imported lazily so ``import deckcheck.decks`` stays cheap.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: they see each export's own type
if TYPE_CHECKING:
    from deckcheck.decks.load import iter_deck_files, iter_decks, load_deck, read_deck, read_file, read_text

__all__ = ["read_deck", "load_deck", "read_file", "read_text", "iter_deck_files", "iter_decks"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from deckcheck.decks import load

        return getattr(load, name)
    raise AttributeError(f"module 'deckcheck.decks' has no attribute {name!r}")
