"""The language a list was written in: the language its answer is given in unless ``--lang`` says otherwise."""

from __future__ import annotations

from deckcheck.decks.model import Deck

#: Where the CJK blocks begin: a line with a character from here on is written in Chinese characters (a
#: typographic quote or an accent, as English and European lists have, comes before).
_CJK = "\u2e80"


def written_language(deck: Deck) -> str:
    """``zh`` when most of the list's card lines are written in Chinese characters, else ``en``
    (a line written as the card's id counts as neither: a list of ids alone is ``en``). Read until the
    lines left cannot change the answer."""
    written = [e.written for zone in (deck.main, deck.runes, deck.battlefields, deck.sideboard, deck.extra_legends,
                                      deck.additional_legends) for e in zone if e.written != e.card.id]
    written += [e.written for e in (deck.legend, deck.champion) if e is not None and e.written != e.card.id]
    written += [u.text for u in deck.unknown]
    half = len(written) // 2
    chinese = other = 0
    for text in written:
        if not text.isascii() and max(text) >= _CJK:
            chinese += 1
            if chinese > half:
                return "zh"
        else:
            other += 1
            if other >= len(written) - half:
                return "en"
    return "en"
