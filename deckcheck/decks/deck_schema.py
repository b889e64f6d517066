"""The pydantic schema of deckcheck's own YAML/JSON deck files (format version 1).

Kept apart from the reader (:mod:`deckcheck.decks.structured`) so that sniffing a file's format
does not build these models; the reader imports this module only when it reads or writes one.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from deckcheck.decks.model import MAX_COUNT

Count = Annotated[int, Field(strict=True, ge=1, le=MAX_COUNT, description="Copies, 1 to 99")]


class CardItem(BaseModel):
    """One card line in list form."""

    model_config = ConfigDict(extra="forbid")

    card: str = Field(min_length=1, description="A card name or id; 'Name [OGN-007a]' names a printing")
    count: Count = 1
    id: str | None = Field(default=None, description="The printing, e.g. OGN-007a (decides the card)")


def _as_items(value: Any) -> Any:
    """Both section shapes -> a list of CardItem inputs (``card: count`` pairs keep their order)."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [{"card": key, "count": count} for key, count in value.items()]
    if isinstance(value, list):
        return [{"card": item} if isinstance(item, str) else item for item in value]
    return value


_CARD_ITEM_MARK = {"x-deckcheck": "CardItem"}  # replaced by a $ref in deck_json_schema()
_SECTION_SCHEMA = {
    "description": "A mapping of card: count, or a list of card names and {card, count, id} items",
    "anyOf": [
        {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
        },
        {
            "type": "array",
            "items": {"anyOf": [{"type": "string", "minLength": 1}, _CARD_ITEM_MARK]},
        },
        {"type": "null"},
    ],
}
Section = Annotated[list[CardItem], BeforeValidator(_as_items), WithJsonSchema(_SECTION_SCHEMA)]
Legend = Annotated[
    list[str],
    BeforeValidator(lambda v: [v] if isinstance(v, str) else ([] if v is None else v)),
    WithJsonSchema(
        {
            "description": "The Champion Legend (a list if a deck lists more than one)",
            "anyOf": [{"type": "string", "minLength": 1}, {"type": "array", "items": {"type": "string"}}, {"type": "null"}],
        }
    ),
]


class DeckFile(BaseModel):
    """A deckcheck deck file (YAML or JSON), format version 1."""

    model_config = ConfigDict(extra="forbid", title="deckcheck deck file")

    format_version: Literal[1] = Field(default=1, description="Always 1 for this layout")
    name: str | None = Field(default=None, description="The deck's name")
    legend: Legend = Field(default_factory=list)
    champion: str | None = Field(default=None, description="The Chosen Champion: a label, its copy is counted under main")
    main: Section = Field(default_factory=list, description="Every Main Deck card, the Chosen Champion's copy included (40)")
    battlefields: Section = Field(default_factory=list, description="The three battlefields")
    runes: Section = Field(default_factory=list, description="The rune deck (12)")
    sideboard: Section = Field(default_factory=list, description="Sideboard cards")
    additional_legends: list[str] = Field(default_factory=list, description="Legends carried outside the main list (deck code v6)")
    notes: str | None = Field(default=None, description="Free text, ignored by deckcheck")


def deck_json_schema() -> dict:
    """The JSON Schema of a deck file (for editors and other tools)."""
    def link(node: Any) -> Any:
        if node == _CARD_ITEM_MARK:
            return {"$ref": "#/$defs/CardItem"}
        if isinstance(node, dict):
            return {key: link(value) for key, value in node.items()}
        if isinstance(node, list):
            return [link(value) for value in node]
        return node

    schema = link(DeckFile.model_json_schema())
    item = CardItem.model_json_schema()
    schema.setdefault("$defs", {})["CardItem"] = item
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
