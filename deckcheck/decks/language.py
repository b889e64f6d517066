"""The language a list was written in: the language its answer is given in unless ``--lang`` says otherwise."""

from __future__ import annotations

from itertools import islice

from deckcheck.decks.model import Deck

#: Where the CJK blocks begin: a line with a character from here on is written in Chinese characters (a
#: typographic quote or an accent, as English and European lists have, comes before).
_CJK = "\u2e80"
#: How many of a list's card lines tell its language (a list keeps to one: the first few are enough).
SAMPLE = 9


def written_language(deck: Deck) -> str:
    """``zh`` when most of the list's first card lines (legend, champion, then the zones in order) are
    written in Chinese characters, else ``en``; a line written as the card's id counts as neither, so a
    list of ids alone is ``en``."""
    entries = (e for zone in ((deck.legend, deck.champion), deck.main, deck.runes, deck.battlefields, deck.sideboard,
                              deck.extra_legends, deck.additional_legends) for e in zone if e is not None)
    written = [e.written for e in islice((e for e in entries if e.written != e.card.id), SAMPLE)]
    written += [u.text for u in deck.unknown[:SAMPLE - len(written)]] if len(written) < SAMPLE else []
    chinese = sum(1 for text in written if not text.isascii() and max(text) >= _CJK)
    return "zh" if chinese * 2 > len(written) else "en"
