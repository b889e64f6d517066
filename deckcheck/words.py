"""Wording helpers shared by messages and renderers: the one place for words for people.

Messages are templates with named fields (:func:`say`, :func:`say_n`), put in the reader's language by a
:class:`Language` (:mod:`deckcheck.translate`, re-exported here).
"""

from __future__ import annotations

from deckcheck.translate import (ENGLISH, LANGUAGES, Card, Language, Listing, Message, N_, card, join_names,
                                 language, listing, say, say_n, word)

__all__ = ["ENGLISH", "LANGUAGES", "Card", "Language", "Listing", "Message", "N_", "card", "join_names", "language",
           "listing", "say", "say_n", "word"]
