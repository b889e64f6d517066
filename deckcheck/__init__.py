"""deckcheck: a linter for Riftbound decklists, with an embedded goldfish engine.

Library first; the CLI is a thin shell over these:

>>> from deckcheck import load_cards, load_deck, check_deck
>>> db = load_cards()
>>> deck = load_deck("sample_decks/legal-jinx-loose-cannon.txt", cards=db)
>>> check_deck(deck, format="standard", as_of="2026-11-01", cards=db).verdict
'legal'

The smallest legal change to a list, checked (the result says what was cut and added, and why):

>>> from deckcheck import fix_deck
>>> kaisa = load_deck("sample_decks/illegal-kaisa-too-many-copies.txt", cards=db)
>>> fixed = fix_deck(kaisa, format="standard", as_of="2026-11-01", cards=db)
>>> fixed.status, fixed.legal_after
('fixed', True)

Many inputs at once (files, folders, globs, registration exports), rendered by output name:

>>> from deckcheck import check_paths
>>> batch = check_paths("sample_decks", as_of="2026-11-01")
>>> batch.exit_code(), len(batch.reports) > 10
(1, True)
>>> print(batch.render("concise").splitlines()[-1])  # doctest: +ELLIPSIS
Found ... problems in ... decks (standard on 2026-11-01).

Names are imported lazily, so ``import deckcheck`` stays cheap; type checkers see each name's own
type (docs/library.md lists them all).
"""

from __future__ import annotations

from deckcheck.version import __version__

#: True only for type checkers (mypy, pyright): the imports below show them every export's type,
#: while at run time each name is imported on first use by :func:`__getattr__`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from deckcheck.batch import Batch, check_paths
    from deckcheck.caches import clear_caches
    from deckcheck.cards import Card, CardDB, load_cards
    from deckcheck.decks.load import load_deck, read_deck
    from deckcheck.decks.model import Deck, RawDeck
    from deckcheck.decks.resolve import resolve_deck
    from deckcheck.errors import DeckcheckError
    from deckcheck.repair import Change, DeckCheck, Difference, Fix, fix_deck
    from deckcheck.rules import check_deck
    from deckcheck.rules.report import Report, Violation

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
    "fix_deck": "deckcheck.repair",
    "Fix": "deckcheck.repair",
    "Change": "deckcheck.repair",
    "Difference": "deckcheck.repair",
    "DeckCheck": "deckcheck.repair",
    "check_paths": "deckcheck.batch",
    "Batch": "deckcheck.batch",
    "Report": "deckcheck.rules.report",
    "Violation": "deckcheck.rules.report",
    "DeckcheckError": "deckcheck.errors",
    "clear_caches": "deckcheck.caches",
}

__all__ = [
    "Batch", "Card", "CardDB", "Change", "Deck", "DeckCheck", "DeckcheckError", "Difference", "Fix", "RawDeck",
    "Report", "Violation", "__version__", "check_deck", "check_paths", "clear_caches", "fix_deck", "load_cards",
    "load_deck", "read_deck", "resolve_deck",
]


def __getattr__(name: str) -> object:
    """Import an export on first use, and keep it here."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
