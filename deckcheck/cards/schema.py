"""The card-data schemas (pydantic): the one check of every card data file.

A card dump is checked on import (and a card data update when it is fetched), the reviewed files
when a bundle is written; a bundle file whose checksum the manifest vouches for is then read into
the plain classes of :mod:`deckcheck.cards.model` and :mod:`deckcheck.cards.sets` without them.
Any other file (edited since, or loaded with ``verify=False``) is checked here on every load, and
the field at fault named.
"""

from __future__ import annotations

from datetime import date

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from deckcheck.cards.model import CARD_FIELDS, Card, CardType, Domain, Supertype
from deckcheck.cards.sets import CardRules, CopyLimit, LegendChoice, SetInfo


#: What may follow "SET-NUMBER" in an id: an alt-art letter or star, or dash-separated product words.
_ID_SUFFIX = re.compile(r"[a-z*]{0,3}|(-[A-Z0-9]{2,8}){1,3}", re.IGNORECASE)


class CardSchema(BaseModel):
    """One printing, as stored in ``cards.json``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="Printed collector code without /total, e.g. OGN-007a")
    set: str = Field(pattern=r"^[A-Z]{2}[A-Z0-9]$")
    number: str = Field(pattern=r"^[A-Z]{0,3}[0-9]{1,4}$",
                        description='Collector number as printed: "007", "R02", "T03", "SP1"')
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

    @field_validator("name", "rarity", "variant", "champion_tag")
    @classmethod
    def _printable(cls, value: str | None) -> str | None:
        if value is not None and not value.isprintable():
            raise ValueError("holds a control character (a line break, an escape, ...)")
        return value

    @field_validator("tags")
    @classmethod
    def _printable_tags(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for tag in value:
            cls._printable(tag)
        return value

    @model_validator(mode="after")
    def _id_of_set_and_number(self) -> CardSchema:
        """An id is its set, its number and a variant suffix (OGN-007, OGN-007a, OGN-247-OPP-METAL)."""
        head = f"{self.set}-{self.number}"
        if not self.id.upper().startswith(head.upper()) or not _ID_SUFFIX.fullmatch(self.id[len(head):]):
            raise ValueError(f"id {self.id!r} is not set {self.set}, number {self.number} and a variant suffix "
                             f"(e.g. {self.set}-{self.number}a)")
        return self

    def to_card(self) -> Card:
        return Card(**{name: getattr(self, name) for name in CARD_FIELDS})


class SetInfoSchema(BaseModel):
    """A Riftbound set (or product) and what the database knows of it (``sets.json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(pattern=r"^[A-Z]{2}[A-Z0-9]$")
    name: str
    released: date | None = Field(default=None, description="Global release date")
    in_database: bool = Field(description="False for a set whose cards the bundle does not hold yet")
    size: int | None = Field(default=None, description="Cards in the main numbering")

    def to_plain(self) -> SetInfo:
        return SetInfo(code=self.code, name=self.name, released=self.released, in_database=self.in_database,
                       size=self.size)


class CopyLimitSchema(BaseModel):
    """A card whose own text changes how many copies a deck may hold (CR 002, 825.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    ids: tuple[str, ...] = Field(description="Printings whose text says so (for review)")
    limit: int | None = Field(description="Copies allowed; null means any number")
    keyword: str = Field(description='Why: "Unique" or the text that lifts the limit')
    rule: str = Field(description="The rule that makes the text count, e.g. CR 825.3")


class LegendChoiceSchema(BaseModel):
    """A card that lets a deck holding it choose additional legends while building (CR 103.1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    ids: tuple[str, ...] = Field(description="Printings whose text says so (for review)")
    up_to: int = Field(ge=1, description="Additional legends the deck may choose, all different")
    text: str = Field(description="What the card says, with its errata")
    rule: str = Field(description="The rule that makes the text count, e.g. CR 103.1")


class CardRulesSchema(BaseModel):
    """Deck-building facts from card text, reviewed by hand (``card_rules.json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    copy_limits: tuple[CopyLimitSchema, ...] = ()
    additional_legends: tuple[LegendChoiceSchema, ...] = ()

    def to_plain(self) -> CardRules:
        return CardRules(copy_limits=tuple(
            CopyLimit(name=c.name, ids=c.ids, limit=c.limit, keyword=c.keyword, rule=c.rule)
            for c in self.copy_limits), additional_legends=tuple(
            LegendChoice(name=c.name, ids=c.ids, up_to=c.up_to, text=c.text, rule=c.rule)
            for c in self.additional_legends))


class ManifestSchema(BaseModel):
    """What ``bundle.json`` says about the bundle."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    source: str
    data_as_of: date
    imported: date
    sha256: str
    printings: int
    names: int
    sets: dict[str, int]
    files: dict[str, str] = Field(default_factory=dict,
                                  description="SHA-256 of each reviewed file (sets.json, card_rules.json) as checked")
