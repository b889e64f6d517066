"""deckcheck: a linter for Riftbound decklists, with an embedded goldfish engine.

Library first; the CLI is a thin shell over these::

    from deckcheck import load_cards, load_deck, check_deck
    db = load_cards()
    deck = load_deck("sample_decks/legal-jinx.txt", db)
    report = check_deck(deck, format="standard")

Names are imported lazily, so ``import deckcheck`` stays cheap.
"""

from __future__ import annotations

__version__ = "0.2.0"

_EXPORTS = {
    "load_cards": "deckcheck.cards",
    "CardDB": "deckcheck.cards",
    "Card": "deckcheck.cards",
    "Deck": "deckcheck.decks.model",
    "RawDeck": "deckcheck.decks.model",
    "resolve_deck": "deckcheck.decks.resolve",
    "load_deck": "deckcheck.decks.load",
    "read_deck": "deckcheck.decks.load",
    "check_deck": "deckcheck.rules",
    "Report": "deckcheck.rules.report",
    "Violation": "deckcheck.rules.report",
    "DeckcheckError": "deckcheck.errors",
    "clear_caches": "deckcheck.caches",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
