"""The card model: one printing of one Riftbound card, facts only."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum

from deckcheck.cards.sets import is_set_code


class Domain(str, Enum):
    """The six domains (colours) of Riftbound."""

    FURY = "Fury"
    CALM = "Calm"
    MIND = "Mind"
    BODY = "Body"
    CHAOS = "Chaos"
    ORDER = "Order"


class CardType(str, Enum):
    """Printed card types. ``Token`` covers two token cards printed without a type."""

    UNIT = "Unit"
    SPELL = "Spell"
    GEAR = "Gear"
    LEGEND = "Legend"
    BATTLEFIELD = "Battlefield"
    RUNE = "Rune"
    TOKEN = "Token"


class Supertype(str, Enum):
    CHAMPION = "Champion"
    SIGNATURE = "Signature"
    TOKEN = "Token"
    BASIC = "Basic"


#: Types a Main Deck may hold (CR 103.2 of 2026-07-16).
MAIN_DECK_TYPES = frozenset({CardType.UNIT, CardType.SPELL, CardType.GEAR})


@dataclass(slots=True, unsafe_hash=True)
class Card:
    """One printing. Every printing with the same ``name`` is the same card (CR 132.3/132.4).

    Built from checked data (:meth:`from_data`); the card-data schema that checks an import is
    :class:`deckcheck.cards.schema.CardSchema`. Never changed once built, and hashed by its fields (not
    frozen: every printing is built at start-up, and a frozen class builds each field through a call).
    """

    id: str  # printed collector code without /total, e.g. OGN-007a
    set: str  # three capital letters
    number: str  # collector number as printed: "007", "R02", "T03", "SP1"
    variant: str | None = field(default=None, kw_only=True)  # None for the base printing; alt-art, overnumbered, ...
    name: str  # full name "Short Name, Subtitle"
    type: CardType
    supertypes: tuple[Supertype, ...] = ()
    tags: tuple[str, ...] = ()
    domains: tuple[Domain, ...] = ()
    energy: int | None = None
    power: int | None = None
    power_domains: tuple[Domain, ...] = ()
    might: int | None = None
    rarity: str | None = None
    champion_tag: str | None = None  # champion tag of a legend, champion unit or signature card (set by the importer)

    @classmethod
    def from_data(cls, row: dict) -> "Card":
        """A card from one row of ``cards.json``, checked by hand (no schema).

        Raises ValueError, TypeError or KeyError on a row the schema would refuse; the caller then
        asks the schema for a friendly message.
        """
        if type(row) is not dict or not row.keys() <= _FIELD_SET:
            raise ValueError("not a card row")
        card = cls(
            id=_text(row["id"]), set=_set_code(row["set"]), number=_text(row["number"]),
            variant=_opt_text(row.get("variant")), name=_name(row["name"]), type=_TYPES[row["type"]],
            supertypes=tuple([_SUPERTYPES[s] for s in _seq(row.get("supertypes", ()))]),
            tags=tuple([_text(t) for t in _seq(row.get("tags", ()))]),
            domains=tuple([_DOMAINS[d] for d in _seq(row.get("domains", ()))]),
            energy=_opt_count(row.get("energy")), power=_opt_count(row.get("power")),
            power_domains=tuple([_DOMAINS[d] for d in _seq(row.get("power_domains", ()))]),
            might=_opt_count(row.get("might")), rarity=_opt_text(row.get("rarity")),
            champion_tag=_opt_text(row.get("champion_tag")),
        )
        return card

    @classmethod
    def from_trusted(cls, row: dict) -> "Card":
        """A card from a row of a bundle whose checksum matched: its rows passed the schema when the
        bundle was written, so only the enums are looked up (KeyError/TypeError on a broken row)."""
        get = row.get
        return cls(row["id"], row["set"], row["number"], row["name"], _TYPES[row["type"]],
                   tuple([_SUPERTYPES[s] for s in get("supertypes") or ()]), tuple(get("tags") or ()),
                   tuple([_DOMAINS[d] for d in get("domains") or ()]), get("energy"), get("power"),
                   tuple([_DOMAINS[d] for d in get("power_domains") or ()]), get("might"), get("rarity"),
                   get("champion_tag"), variant=get("variant"))

    def to_json(self) -> dict:
        """The row of ``cards.json`` holding this printing: every field, words for enums, lists for tuples."""
        return {"id": self.id, "set": self.set, "number": self.number, "variant": self.variant, "name": self.name,
                "type": self.type.value, "supertypes": [s.value for s in self.supertypes], "tags": list(self.tags),
                "domains": [d.value for d in self.domains], "energy": self.energy, "power": self.power,
                "power_domains": [d.value for d in self.power_domains], "might": self.might,
                "rarity": self.rarity, "champion_tag": self.champion_tag}

    @property
    def short_name(self) -> str:
        """The part of the name before the first comma ("Jinx" for "Jinx, Rebel")."""
        return self.name.split(", ", 1)[0]

    @property
    def subtitle(self) -> str | None:
        """The part after the first comma, or None ("Rebel" for "Jinx, Rebel")."""
        parts = self.name.split(", ", 1)
        return parts[1] if len(parts) == 2 else None

    @property
    def is_champion_unit(self) -> bool:
        return self.type is CardType.UNIT and Supertype.CHAMPION in self.supertypes

    @property
    def can_be_chosen_champion(self) -> bool:
        """A champion unit that is not Signature (CR 103.2.a, 103.2.a.2); its tag must still match the legend's."""
        return self.is_champion_unit and not self.is_signature

    @property
    def is_signature(self) -> bool:
        return Supertype.SIGNATURE in self.supertypes

    @property
    def is_token(self) -> bool:
        return self.type is CardType.TOKEN or Supertype.TOKEN in self.supertypes

    @property
    def is_main_deck_type(self) -> bool:
        """Unit, gear or spell, and not a token (CR 103.2, 185)."""
        return self.type in MAIN_DECK_TYPES and not self.is_token

    def __str__(self) -> str:  # pragma: no cover - convenience
        return f"{self.name} ({self.id})"


CARD_FIELDS = tuple(f.name for f in fields(Card))
_FIELD_SET = frozenset(CARD_FIELDS)
_TYPES = {t.value: t for t in CardType}
_SUPERTYPES = {s.value: s for s in Supertype}
_DOMAINS = {d.value: d for d in Domain}


def _text(value: object) -> str:
    if type(value) is not str:
        raise TypeError("not a string")
    return value


def _opt_text(value: object) -> str | None:
    return None if value is None else _text(value)


def _name(value: object) -> str:
    if not _text(value):
        raise ValueError("empty name")
    return value  # type: ignore[return-value]


def _set_code(value: object) -> str:
    if not is_set_code(value):
        raise ValueError("not a set code")
    return value


def _opt_count(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise ValueError("not a count")
    return value


def _seq(value: object) -> list | tuple:
    if type(value) is not list and value != ():
        raise TypeError("not a list")
    return value
