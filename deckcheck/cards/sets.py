"""Reviewed facts kept beside the card dump: the sets, and deck-building limits that live in card text.

Plain dataclasses, read from ``sets.json`` and ``card_rules.json`` by :meth:`SetInfo.from_data` and
:meth:`CardRules.from_data`; the schemas that name a broken field are in :mod:`deckcheck.cards.schema`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date



def is_set_code(value: object) -> bool:
    """Two ASCII capitals and a third capital or digit: ``OGN``, ``RAD``, ``PG2``."""
    return (type(value) is str and len(value) == 3 and value.isascii() and value[:2].isalpha()
            and value[:2].isupper() and (value[2].isdigit() or value[2].isupper()))


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class SetInfo:
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
        if not is_set_code(code):
            raise ValueError("not a set code")
        if type(name) is not str or type(row["in_database"]) is not bool:
            raise TypeError("bad set entry")
        if size is not None and type(size) is not int:
            raise TypeError("bad set size")
        return cls(code=code, name=name, in_database=row["in_database"], size=size,
                   released=None if released is None else date.fromisoformat(released))


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class CopyLimit:
    """A card whose own text changes how many copies a deck may hold (CR 002, 825.3)."""

    name: str
    ids: tuple[str, ...]  # printings whose text says so (for review)
    limit: int | None  # copies allowed; None means any number
    keyword: str  # why: "Unique" or the text that lifts the limit
    rule: str  # the rule that makes the text count, e.g. CR 825.3


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class LegendChoice:
    """A card that lets a deck holding it choose up to ``up_to`` different additional legends (CR 103.1)."""

    name: str
    ids: tuple[str, ...]  # printings whose text says so (for review)
    up_to: int  # additional legends allowed
    text: str  # what the card (as errata'd) says
    rule: str  # the rule that makes the text count, e.g. CR 103.1


_LIMIT_KEYS = {"name", "ids", "limit", "keyword", "rule"}
_CHOICE_KEYS = {"name", "ids", "up_to", "text", "rule"}


def _entries(data: dict, key: str, keys: set[str]) -> list[dict]:
    """The entries of ``data[key]``, each checked to be a dict of ``keys`` with a text name and rule and a list of ids."""
    out = []
    for item in data.get(key, ()):
        if type(item) is not dict or item.keys() != keys:
            raise ValueError(f"not an entry of {key}")
        name, ids = item["name"], item["ids"]
        if not (type(name) is str and type(item["rule"]) is str and type(ids) is list
                and all(type(i) is str for i in ids)):
            raise TypeError(f"bad entry of {key}")
        out.append(item)
    return out


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class CardRules:
    """Deck-building facts from card text, reviewed by hand (``card_data/card_rules.json``)."""

    copy_limits: tuple[CopyLimit, ...] = ()
    additional_legends: tuple[LegendChoice, ...] = ()

    @classmethod
    def from_data(cls, data: dict) -> "CardRules":
        """The content of ``card_rules.json`` (keys starting with ``_`` already dropped)."""
        if type(data) is not dict or not data.keys() <= {"copy_limits", "additional_legends"}:
            raise ValueError("not card rules")
        limits = []
        for item in _entries(data, "copy_limits", _LIMIT_KEYS):
            limit, keyword = item["limit"], item["keyword"]
            if not (type(keyword) is str and (limit is None or type(limit) is int)):
                raise TypeError("bad copy limit")
            limits.append(CopyLimit(name=item["name"], ids=tuple(item["ids"]), limit=limit, keyword=keyword,
                                    rule=item["rule"]))
        choices = []
        for item in _entries(data, "additional_legends", _CHOICE_KEYS):
            up_to, text = item["up_to"], item["text"]
            if not (type(up_to) is int and up_to >= 1 and type(text) is str):
                raise TypeError("bad additional legends entry")
            choices.append(LegendChoice(name=item["name"], ids=tuple(item["ids"]), up_to=up_to, text=text,
                                        rule=item["rule"]))
        return cls(copy_limits=tuple(limits), additional_legends=tuple(choices))

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
