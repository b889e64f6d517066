"""The language a list was written in: the language its answer is given in unless ``--lang`` says otherwise."""

from __future__ import annotations

from deckcheck.decks.model import Deck

#: Where the CJK blocks begin: a line with a character from here on is written in Chinese characters (a
#: typographic quote or an accent, as English and European lists have, comes before).
_CJK = "\u2e80"
#: How many of a list's card lines tell its language (a list keeps to one: the first few are enough).
SAMPLE = 9


def written_language(deck: Deck) -> str:
    """``zh`` when most of the list's first card lines (legend, champion, then the zones in order) are
    written in Chinese characters, else ``en``; a line written as the card's id counts as neither, so a
    list of ids alone is ``en``. Decided as soon as the sample's majority is known (a loop, not
    generators: every list of a folder asks)."""
    seen = chinese = 0
    for zone in ((deck.legend, deck.champion), deck.main, deck.runes, deck.battlefields, deck.sideboard,
                 deck.extra_legends, deck.additional_legends):
        for entry in zone:
            if entry is None or entry.written == entry.card.id:
                continue
            seen += 1
            if _chinese(entry.written):
                chinese += 1
            if chinese * 2 > SAMPLE or (seen - chinese) * 2 >= SAMPLE:
                return "zh" if chinese * 2 > SAMPLE else "en"
    for unknown in deck.unknown[:SAMPLE - seen]:
        seen += 1
        chinese += _chinese(unknown.text)
    return "zh" if chinese * 2 > seen else "en"


def _chinese(text: str) -> bool:
    return not text.isascii() and max(text) >= _CJK
