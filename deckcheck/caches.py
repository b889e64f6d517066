""":func:`clear_caches`: the one way to drop everything deckcheck remembers in a process."""

from __future__ import annotations

import sys


def clear_caches() -> None:
    """Forget what was worked out: per card database (lookups, card facts, checkers per format and day),
    formats read by name or path, and every ``functools`` cache of deckcheck's modules.

    The card databases :func:`~deckcheck.cards.load_cards` gave stay loaded (the data, not a memo);
    a database built by hand drops its own with :meth:`~deckcheck.cards.CardDB.forget`. The lines a
    batch's readers learnt live on that batch's :class:`~deckcheck.decks.memory.ReadMemory` and go with it.
    """
    from deckcheck.cards import loaded_databases

    for db in loaded_databases():
        db.forget()
    for name, module in list(sys.modules.items()):
        if name == "deckcheck" or name.startswith("deckcheck."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)  # functools caches (load_format, name_key, ...)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()
