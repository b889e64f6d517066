"""Legion (CR 812): which cards have it and what their Legion ability does, from ``card_data/legion.json``.

"[Legion] text" means "if a card other than this one has been played (finalized) this turn, this has
[text]" (CR 812.1.c): no Legion card counts itself. One card played this turn turns on every other
Legion ability you control; tokens and abilities are not cards.
The reviewed data classifies each ability (see ``docs/legion-data.md``):

- ``cost_reduction``: the card costs ``energy`` less (Noxus Hopeful: 4, so 2 with Legion on);
- ``play_from_trash``: the card may be played from the trash for ``energy`` plus ``power`` of
  ``power_domain`` (Undying Legion: 3 Energy and 1 Fury);
- ``other``: an effect that does not change when the card can be paid for, except the legend
  Darius, Hand of Noxus, whose ability adds ``extra_energy`` (1) once a card was played this turn.

``board`` says what an ability does on the board that matters to how fast units score: Darius,
Executioner readies himself when played; Vanguard Captain creates two unit tokens (which enter
exhausted, CR 179.1.d in the numbering of the rule pages); Sun Disc exhausts to make the next unit
played this turn enter ready.

A card not in the file has no Legion.
"""

from __future__ import annotations

import os
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from deckcheck.cards.model import Card, Domain
from deckcheck.errors import CardDataError

LEGION_FILE = "legion.json"

#: The ability's condition: a card other than the Legion card itself played this turn (every card that is
#: played, Sun Disc included, CR 812.1.c), or any card played this turn (the legend, which is never played).
Condition = Literal["another_main_deck_card_played_earlier_this_turn", "any_main_deck_card_played_this_turn"]


class LegionKind(str, Enum):
    COST_REDUCTION = "cost_reduction"
    PLAY_FROM_TRASH = "play_from_trash"
    OTHER = "other"


class LegionBoard(BaseModel):
    """What a Legion ability does on the board that changes how fast units can score."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enters_ready: bool = Field(default=False, description="The unit readies itself when played (Darius, Executioner)")
    unit_tokens: int = Field(default=0, ge=0, description="Unit tokens created at its location; they enter exhausted")
    readies_next_unit: bool = Field(default=False, description="Exhaust: the next unit played this turn enters ready")


class LegionAbility(BaseModel):
    """What the Legion ability does, classified for payment."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    kind: LegionKind = Field(alias="class")
    summary: str
    energy: int | None = Field(default=None, ge=0, description="Energy less (cost_reduction) or the trash cost")
    power: int | None = Field(default=None, ge=0, description="Power of the trash cost (play_from_trash)")
    power_domain: Domain | None = None
    extra_energy: int = Field(default=0, ge=0, description="Energy the ability adds to the pool (Darius's legend)")
    board: LegionBoard = Field(default_factory=LegionBoard)

    @model_validator(mode="after")
    def _complete(self) -> LegionAbility:
        if self.kind is LegionKind.COST_REDUCTION and not self.energy:
            raise ValueError("a cost_reduction needs the energy it takes off")
        if self.kind is LegionKind.PLAY_FROM_TRASH and (self.energy is None or self.power is None):
            raise ValueError("a play_from_trash needs its energy and power cost")
        return self


class LegionCard(BaseModel):
    """One reviewed entry of ``legion.json``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    ids: tuple[str, ...]
    type: str
    supertypes: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    domains: tuple[Domain, ...] = ()
    legion: LegionAbility
    legion_condition: Condition
    legion_ability_kind: str
    notes: tuple[str, ...] = ()
    sources: dict[str, tuple[str, ...]]

    @property
    def kind(self) -> LegionKind:
        return self.legion.kind

    @property
    def needs_another_card(self) -> bool:
        """True if a card played *before this one* is needed (not one played later, nor itself)."""
        return self.legion_condition == "another_main_deck_card_played_earlier_this_turn"


class LegionFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cards: tuple[LegionCard, ...]


class LegionData:
    """Lookups over the reviewed Legion cards (by full card name)."""

    def __init__(self, cards: tuple[LegionCard, ...]) -> None:
        self.cards = cards
        self._by_name = {c.name: c for c in cards}

    def __len__(self) -> int:
        return len(self.cards)

    def of(self, card: Card | str) -> LegionCard | None:
        """The card's Legion entry, or None if it has no Legion."""
        return self._by_name.get(card if isinstance(card, str) else card.name)

    def cost_reduction(self, card: Card | str) -> int:
        """Energy the card costs less once Legion is on (0 if none)."""
        entry = self.of(card)
        if entry is None or entry.kind is not LegionKind.COST_REDUCTION:
            return 0
        return entry.legion.energy or 0

    def legion_energy(self, card: Card) -> int | None:
        """The card's energy cost once Legion is on (None if Legion does not change it)."""
        cut = self.cost_reduction(card)
        return max(0, (card.energy or 0) - cut) if cut else None

    def trash_cost(self, card: Card | str) -> tuple[int, int, Domain | None] | None:
        """(energy, power, power domain) to play the card from the trash with Legion on, or None."""
        entry = self.of(card)
        if entry is None or entry.kind is not LegionKind.PLAY_FROM_TRASH:
            return None
        return entry.legion.energy or 0, entry.legion.power or 0, entry.legion.power_domain

    def board(self, card: Card | str) -> LegionBoard:
        """What the card's Legion ability does on the board (nothing for most cards)."""
        entry = self.of(card)
        return entry.legion.board if entry else LegionBoard()

    def extra_energy(self, legend: Card | str | None) -> int:
        """Energy the legend's Legion ability adds once a card was played this turn (Darius: 1)."""
        if legend is None:
            return 0
        entry = self.of(legend)
        return entry.legion.extra_energy if entry else 0


def parse_legion(path: Path, raw: bytes) -> LegionData:
    """Validate the bytes of a ``legion.json``; raise :class:`CardDataError` naming the field."""
    from deckcheck.cards.bundle import _friendly, _json

    data = _json(path, raw)
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if not k.startswith("_")}
    try:
        parsed = LegionFile.model_validate(data)
    except ValidationError as exc:
        raise _friendly(exc, path, "Legion data") from None
    names = [c.name for c in parsed.cards]
    if len(set(names)) != len(names):
        raise CardDataError("Legion data lists a card twice", file=str(path))
    return LegionData(parsed.cards)


@lru_cache(maxsize=4)
def _load(path: str) -> LegionData:
    from deckcheck.cards.bundle import _read_bytes

    return parse_legion(Path(path), _read_bytes(Path(path)))


def load_legion(directory: str | os.PathLike[str] | None = None) -> LegionData:
    """The Legion data of the card bundle (``card_data/legion.json`` by default), read once."""
    from deckcheck.cards.bundle import default_card_data_dir

    folder = Path(directory) if directory is not None else default_card_data_dir()
    return _load(str((folder / LEGION_FILE).resolve()))
