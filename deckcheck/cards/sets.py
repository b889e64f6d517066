"""Reviewed facts kept beside the card dump: the sets, and deck-building limits that live in card text.

Plain dataclasses, read from ``sets.json`` and ``card_rules.json`` by :meth:`SetInfo.from_data` and
:meth:`CardRules.from_data`; the schemas that name a broken field are in :mod:`deckcheck.cards.schema`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from deckcheck.plain import Plain


@dataclass(frozen=True, slots=True, kw_only=True)
class SetInfo(Plain):
    """A Riftbound set (or product) and what the database knows of it."""

    code: str  # three capital letters
    name: str
    released: date | None = None  # global release date
    in_database: bool  # False for a set whose cards the bundle does not hold yet
    size: int | None = None  # cards in the main numbering

    @classmethod
    def from_data(cls, row: dict) -> "SetInfo":
        """One entry of ``sets.json``; ValueError/TypeError/KeyError if it is not one."""
        if type(row) is not dict or not row.keys() <= {"code", "name", "released", "in_database", "size"}:
            raise ValueError("not a set entry")
        code, name, released, size = row["code"], row["name"], row.get("released"), row.get("size")
        if type(code) is not str or len(code) != 3 or not (code.isascii() and code.isalpha() and code.isupper()):
            raise ValueError("not a set code")
        if type(name) is not str or type(row["in_database"]) is not bool:
            raise TypeError("bad set entry")
        if size is not None and type(size) is not int:
            raise TypeError("bad set size")
        return cls(code=code, name=name, in_database=row["in_database"], size=size,
                   released=None if released is None else date.fromisoformat(released))


@dataclass(frozen=True, slots=True, kw_only=True)
class CopyLimit(Plain):
    """A card whose own text changes how many copies a deck may hold (CR 002, 825.3)."""

    name: str
    ids: tuple[str, ...]  # printings whose text says so (for review)
    limit: int | None  # copies allowed; None means any number
    keyword: str  # why: "Unique" or the text that lifts the limit
    rule: str  # the rule that makes the text count, e.g. CR 825.3


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRules(Plain):
    """Deck-building facts from card text, reviewed by hand (``card_data/card_rules.json``)."""

    copy_limits: tuple[CopyLimit, ...] = ()

    @classmethod
    def from_data(cls, data: dict) -> "CardRules":
        """The content of ``card_rules.json`` (keys starting with ``_`` already dropped)."""
        if type(data) is not dict or not data.keys() <= {"copy_limits"}:
            raise ValueError("not card rules")
        limits = []
        for item in data.get("copy_limits", ()):
            if type(item) is not dict or item.keys() != {"name", "ids", "limit", "keyword", "rule"}:
                raise ValueError("not a copy limit")
            name, ids, limit, keyword, rule = (item[k] for k in ("name", "ids", "limit", "keyword", "rule"))
            if not (type(name) is str and type(keyword) is str and type(rule) is str and type(ids) is list
                    and all(type(i) is str for i in ids) and (limit is None or type(limit) is int)):
                raise TypeError("bad copy limit")
            limits.append(CopyLimit(name=name, ids=tuple(ids), limit=limit, keyword=keyword, rule=rule))
        return cls(copy_limits=tuple(limits))

    def limit_for(self, name: str) -> CopyLimit | None:
        for item in self.copy_limits:
            if item.name == name:
                return item
        return None
