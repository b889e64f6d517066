"""Copies cut from and added to one zone's lines (a new list; the deck's own lines are not changed)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from deckcheck.cards.model import Card
from deckcheck.decks.model import DeckEntry


def cut_copies(entries: list[DeckEntry], cuts: Counter) -> list[DeckEntry]:
    """The entries with ``cuts[name]`` copies taken away, from the last line of each name up."""
    left = Counter(cuts)
    kept: list[DeckEntry] = []
    for e in reversed(entries):
        take = min(left[e.card.name], e.count)
        left[e.card.name] -= take
        if take < e.count:
            kept.append(replace(e, count=e.count - take) if take else e)
    kept.reverse()
    return kept


def add_copies(entries: list[DeckEntry], card: Card, n: int) -> None:
    """``n`` more copies of ``card``: on the first line of its name, else on a new line at the end."""
    for i, e in enumerate(entries):
        if e.card.name == card.name:
            entries[i] = replace(e, count=e.count + n)
            return
    entries.append(DeckEntry(card=card, count=n, written=card.name))
