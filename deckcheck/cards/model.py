"""The card model: one printing of one Riftbound card, facts only."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict, Field


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


class Card(BaseModel):
    """One printing. Every printing with the same ``name`` is the same card (CR 132.3/132.4)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Printed collector code without /total, e.g. OGN-007a")
    set: str = Field(pattern=r"^[A-Z]{3}$")
    number: str = Field(description='Collector number as printed: "007", "R02", "T03", "SP1"')
    variant: str | None = Field(
        default=None,
        description="null for the base printing; alt-art, overnumbered, signature, ultimate, special, promo, promo-metal",
    )
    name: str = Field(min_length=1, description='Full name "Short Name, Subtitle"')
    type: CardType
    supertypes: tuple[Supertype, ...] = ()
    tags: tuple[str, ...] = ()
    domains: tuple[Domain, ...] = ()
    energy: int | None = Field(default=None, ge=0)
    power: int | None = Field(default=None, ge=0)
    power_domains: tuple[Domain, ...] = ()
    might: int | None = Field(default=None, ge=0)
    rarity: str | None = None
    champion_tag: str | None = Field(
        default=None,
        description="Champion tag of a legend, champion unit or signature card (set by the importer)",
    )

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
