"""deckcheck: a linter for Riftbound decklists, with an embedded goldfish engine.

Library first; the CLI is a thin shell over these:

>>> from deckcheck import load_cards, load_deck, check_deck
>>> db = load_cards()
>>> deck = load_deck("sample_decks/legal-jinx-loose-cannon.txt", db)
>>> check_deck(deck, format="standard", as_of="2026-11-01").verdict
'legal'

Many inputs at once (files, folders, globs, registration exports), rendered by output name:

>>> from deckcheck import check_paths
>>> batch = check_paths(["sample_decks"], as_of="2026-11-01")
>>> batch.exit_code(), len(batch.reports) > 10
(1, True)
>>> print(batch.render("concise").splitlines()[-1])  # doctest: +ELLIPSIS
Found ... problems in ... decks (standard on 2026-11-01).

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
    "check_paths": "deckcheck.batch",
    "Batch": "deckcheck.batch",
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
