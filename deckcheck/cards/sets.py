"""Reviewed facts kept beside the card dump: the sets, and deck-building limits that live in card text."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field


class SetInfo(BaseModel):
    """A Riftbound set (or product) and what the database knows of it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(pattern=r"^[A-Z]{3}$")
    name: str
    released: date | None = Field(default=None, description="Global release date")
    in_database: bool = Field(description="False for a set whose cards the bundle does not hold yet")
    size: int | None = Field(default=None, description="Cards in the main numbering")


class CopyLimit(BaseModel):
    """A card whose own text changes how many copies a deck may hold (CR 002, 825.3)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    ids: tuple[str, ...] = Field(description="Printings whose text says so (for review)")
    limit: int | None = Field(description="Copies allowed; null means any number")
    keyword: str = Field(description='Why: "Unique" or the text that lifts the limit')
    rule: str = Field(description="The rule that makes the text count, e.g. CR 825.3")


class CardRules(BaseModel):
    """Deck-building facts from card text, reviewed by hand (``card_data/card_rules.json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    copy_limits: tuple[CopyLimit, ...] = ()

    def limit_for(self, name: str) -> CopyLimit | None:
        for item in self.copy_limits:
            if item.name == name:
                return item
        return None
