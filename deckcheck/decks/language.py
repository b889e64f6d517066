"""The language a list was written in: the language its answer is given in unless ``--lang`` says otherwise."""

from __future__ import annotations

from deckcheck.cards.chinese import has_han
from deckcheck.decks.model import Deck


def written_language(deck: Deck) -> str:
    """``zh`` when most of the list's card lines are written in Chinese characters, else ``en``
    (a line written as the card's id counts as neither: a list of ids alone is ``en``)."""
    written = [e.written for zone in (deck.main, deck.runes, deck.battlefields, deck.sideboard, deck.extra_legends,
                                      deck.additional_legends) for e in zone if e.written != e.card.id]
    written += [e.written for e in (deck.legend, deck.champion) if e is not None and e.written != e.card.id]
    written += [u.text for u in deck.unknown]
    chinese = sum(1 for text in written if not text.isascii() and has_han(text))
    return "zh" if chinese * 2 > len(written) else "en"
