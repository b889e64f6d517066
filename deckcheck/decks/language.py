"""The language a list was written in: the language its answer is given in unless ``--lang`` says otherwise."""

from __future__ import annotations

from deckcheck.cards.chinese import has_han
from deckcheck.decks.model import Deck


def written_language(deck: Deck) -> str:
    """``zh`` when most of the list's card lines are written in Chinese characters, else ``en``
    (ids and deck codes count as neither: a list of ids alone is ``en``)."""
    chinese = other = 0
    for zone in (deck.main, deck.runes, deck.battlefields, deck.sideboard, deck.extra_legends,
                 deck.additional_legends, (deck.legend, deck.champion)):
        for entry in zone:
            if entry is None:
                continue
            written = entry.written
            if not written.isascii() and has_han(written):
                chinese += 1
            elif written != entry.card.id:
                other += 1
    for unknown in deck.unknown:
        if not unknown.text.isascii() and has_han(unknown.text):
            chinese += 1
        else:
            other += 1
    return "zh" if chinese > other else "en"
