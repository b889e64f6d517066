""":func:`clear_caches`: the one way to drop everything deckcheck remembers in a process."""

from __future__ import annotations

import sys

#: Module-level memos of the readers, until they move onto a reader object: (module, table names).
_READER_MEMOS = {
    "deckcheck.decks.text.lines": ("_CARD_LINES", "_HEADER_LINES", "_SLOW_LINES", "_QUICK_HEADERS", "_COMMENT_LINES"),
    "deckcheck.decks.structured": ("_QUOTED",),
}


def clear_caches() -> None:
    """Forget what was worked out: per card database (lookups, card facts, checkers per format and day),
    formats read by name or path, and every memo of deckcheck's modules.

    The card databases :func:`~deckcheck.cards.load_cards` gave stay loaded (the data, not a memo);
    a database built by hand drops its own with :meth:`~deckcheck.cards.CardDB.forget`.
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
    for name, tables in _READER_MEMOS.items():
        module = sys.modules.get(name)
        for table in tables if module is not None else ():
            memo = getattr(module, table, None)
            if memo is not None:
                memo.clear()
