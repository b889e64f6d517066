"""The schema of ``card_data/precons.json`` (pydantic): preconstructed products, as published.

Imported only when a format with the preconstructed-deck exception (TR 601.2.d.2) first needs the
product lists; :mod:`deckcheck.rules.precons` turns the validated file into plain records.
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field


class CountSchema(BaseModel):
    """Copies of one card: its full name as the card data writes it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    count: int = Field(ge=1)
    name: str = Field(min_length=1)


class ProductSchema(BaseModel):
    """One preconstructed product: the legend, the Chosen Champion (not repeated in ``main_deck``,
    but one of its 40), the Main Deck, battlefields and runes; ``doubt`` where a count is in question."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    product: str = Field(min_length=1, description="The name printed on the box")
    set: str = Field(min_length=1)
    released: date
    legend: str = Field(min_length=1)
    champion: str = Field(min_length=1)
    main_deck: list[CountSchema]
    battlefields: list[CountSchema]
    runes: list[CountSchema]
    doubt: str | None = None


class PreconsSchema(BaseModel):
    """The whole file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = Field(ge=1, le=1)
    source: str
    precons: list[ProductSchema]
