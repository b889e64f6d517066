"""Reviewed facts kept beside the card dump: the sets, and deck-building limits that live in card text.

Plain values read from ``sets.json`` and ``card_rules.json``; the schemas that check those files
(and name a broken field) are in :mod:`deckcheck.cards.schema`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True, slots=True, kw_only=True)
class SetInfo:
    """A Riftbound set (or product) and what the database knows of it."""

    code: str  # three capital letters
    name: str
    released: date | None = None  # global release date
    in_database: bool  # False for a set whose cards the bundle does not hold yet
    size: int | None = None  # cards in the main numbering

    @classmethod
    def from_trusted(cls, row: dict) -> SetInfo:
        """An entry of ``sets.json`` the schema passed (the bundle's checksum vouches for it); nothing is checked."""
        released = row.get("released")
        return cls(code=row["code"], name=row["name"], in_database=row["in_database"], size=row.get("size"),
                   released=None if released is None else date.fromisoformat(released))


@dataclass(frozen=True, slots=True, kw_only=True)
class CopyLimit:
    """A card whose own text changes how many copies a deck may hold (CR 002, 825.3)."""

    name: str
    ids: tuple[str, ...]  # printings whose text says so (for review)
    limit: int | None  # copies allowed; None means any number
    keyword: str  # why: "Unique" or the text that lifts the limit
    rule: str  # the rule that makes the text count, e.g. CR 825.3


@dataclass(frozen=True, slots=True, kw_only=True)
class LegendChoice:
    """A card that lets a deck holding it choose up to ``up_to`` different additional legends (CR 103.1)."""

    name: str
    ids: tuple[str, ...]  # printings whose text says so (for review)
    up_to: int  # additional legends allowed
    text: str  # what the card (as errata'd) says
    rule: str  # the rule that makes the text count, e.g. CR 103.1


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRules:
    """Deck-building facts from card text, reviewed by hand (``card_data/card_rules.json``)."""

    copy_limits: tuple[CopyLimit, ...] = ()
    additional_legends: tuple[LegendChoice, ...] = ()

    @classmethod
    def from_trusted(cls, data: dict) -> CardRules:
        """The content of ``card_rules.json`` the schema passed (the bundle's checksum vouches for it)."""
        return cls(copy_limits=tuple(CopyLimit(**{**item, "ids": tuple(item["ids"])})
                                     for item in data.get("copy_limits", ())),
                   additional_legends=tuple(LegendChoice(**{**item, "ids": tuple(item["ids"])})
                                            for item in data.get("additional_legends", ())))

    def limit_for(self, name: str) -> CopyLimit | None:
        for item in self.copy_limits:
            if item.name == name:
                return item
        return None

    def legends_allowed_by(self, name: str) -> LegendChoice | None:
        """What the card ``name`` lets its deck choose in additional legends, or None."""
        for item in self.additional_legends:
            if item.name == name:
                return item
        return None
