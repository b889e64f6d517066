"""The card model: one printing of one Riftbound card, facts only."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum


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


@dataclass(frozen=True, slots=True)
class Card:
    """One printing. Every printing with the same ``name`` is the same card (CR 132.3/132.4).

    The card-data schema :class:`deckcheck.cards.schema.CardSchema` checks a row before it becomes a
    card (on import, on a card data update, and whenever a bundle's checksum does not vouch for it).
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
    def from_trusted(cls, row: dict) -> "Card":
        """A card from a row the schema passed when it was written (a bundle or an update whose checksum
        matches): nothing is checked, the enums are looked up (KeyError/TypeError on a broken row)."""
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
_TYPES = {t.value: t for t in CardType}
_SUPERTYPES = {s.value: s for s in Supertype}
_DOMAINS = {d.value: d for d in Domain}
