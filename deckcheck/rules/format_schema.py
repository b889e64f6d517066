"""The schema of a format file (pydantic): what a parsed YAML format is checked against.

Used only when a format file is read for the first time (or changed): the validated result is
cached as JSON (:mod:`deckcheck.cache`) and read back into the plain classes of
:mod:`deckcheck.rules.formats`, so a check builds no model.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class BanSchema(BaseModel):
    """One banned card: its exact card-data name and the first day it is banned."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    card: str = Field(description="The card's full name in the card data")
    since: date = Field(alias="from", description="First day the ban applies (inclusive)")
    riot_name: str | None = Field(default=None, description="How Riot's list writes it, if different")
    unverified: bool = Field(default=False, description="The card is not in the card data yet")


class SetSpanSchema(BaseModel):
    """A legal set that leaves the format on a date (rotation)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    set: str = Field(description="The set's code in sets.json")
    leaves: date | None = Field(default=None, description="First day the set is no longer legal (inclusive)")


class SideboardStepSchema(BaseModel):
    """The sideboard rule from one date until the next step."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    since: date = Field(alias="from")
    max: int | None = Field(default=None, ge=0)
    sizes: tuple[int, ...] | None = Field(default=None, description="Only these sizes are allowed")
    note: str = ""

    @model_validator(mode="after")
    def _one_limit(self) -> "SideboardStepSchema":
        if (self.max is None) == (self.sizes is None):
            raise ValueError("give either max or sizes")
        return self


class MainDeckSchema(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    exactly: int | None = Field(default=None, ge=1)
    at_least: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _one_size(self) -> "MainDeckSchema":
        if (self.exactly is None) == (self.at_least is None):
            raise ValueError("give either exactly or at_least")
        return self


class FormatSchema(BaseModel):
    """A format file after ``extends`` is applied."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    title: str
    description: str = ""
    starts: date = Field(description="The first date the format has legal cards")
    tournament: bool = Field(description="The Tournament Rules apply (exact sizes, main + side copy limits)")
    best_of: int = Field(ge=1)
    main_deck: MainDeckSchema
    sideboard: list[SideboardStepSchema] | Literal["none", "unchecked"]
    sets: list[str | SetSpanSchema] | Literal["all"] = Field(
        description="Legal sets, each from its release date; {set: X, leaves: DATE} for one that rotates out")
    bans: list[BanSchema] = Field(default_factory=list)
    battlefields: list[str] | None = Field(
        default=None,
        description="An event addendum's list of legal battlefields (TR 601.1.d); null: any battlefield",
    )
    team_size: int | None = Field(default=None, ge=2, description="Decks a team registers (2v2: 2); null: no teams")
    precon_exception: bool = Field(
        default=False,
        description="Low-OPL events (Nexus Nights): a preconstructed product played exactly as sold keeps the "
                    "banned cards it came with (TR 601.2.d.2)",
    )
    file: str = Field(default="", description="Where it was read from")

    @field_validator("name", "title", "description")
    @classmethod
    def _printable(cls, value: str, info) -> str:
        """Words every output shows: no control character (an escape sequence, a line break in a
        name or title; a description may run over lines)."""
        if not (value.replace("\n", " ") if info.field_name == "description" else value).isprintable():
            raise ValueError("holds a control character (a line break, an escape, ...)")
        return value
