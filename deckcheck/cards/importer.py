"""Turn a facts-only card dump (``shared/carddata/cards.json``) into the project's bundle."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from pydantic import ValidationError

from deckcheck.cards.bundle import write_bundle
from deckcheck.cards.model import Card, CardType, Supertype
from deckcheck.cards.schema import CardSchema, ManifestSchema
from deckcheck.errors import CardDataError

_DUMP_FIELDS = {
    "id", "set", "number", "variant", "name", "type", "supertypes", "tags",
    "domains", "energy", "power", "power_domains", "might", "rarity",
}


def read_dump(path: Path) -> list[Card]:
    """Read and validate a dump; each bad row is reported with its index and id."""
    try:
        rows = json.loads(path.read_bytes())
    except OSError as exc:
        raise CardDataError(f"cannot read card dump: {exc.strerror}", file=str(path)) from None
    except ValueError as exc:
        raise CardDataError(f"card dump is not valid JSON ({exc})", file=str(path)) from None
    if not isinstance(rows, list) or not rows:
        raise CardDataError("card dump must be a non-empty JSON list of printings", file=str(path))
    legend_tags = {
        str(r.get("name", "")).split(", ", 1)[0]
        for r in rows
        if isinstance(r, dict) and r.get("type") == CardType.LEGEND.value
    }
    cards: list[Card] = []
    seen: set[str] = set()
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise CardDataError(f"row {index} is not an object", file=str(path))
        ident = row.get("id", f"#{index}")
        unknown = set(row) - _DUMP_FIELDS
        if unknown:
            raise CardDataError(f"row {index} ({ident}): unknown fields {sorted(unknown)}", file=str(path))
        try:
            card = CardSchema.model_validate({**row, "champion_tag": _champion_tag(row, legend_tags)}).to_card()
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise CardDataError(f"row {index} ({ident}): {where}: {err['msg']}", file=str(path)) from None
        if card.id.upper() in seen:
            raise CardDataError(f"row {index}: duplicate id {card.id}", file=str(path))
        seen.add(card.id.upper())
        cards.append(card)
    _check_consistency(cards, path)
    return sorted(cards, key=lambda c: c.id)


def _champion_tag(row: dict, legend_tags: set[str]) -> str | None:
    name = str(row.get("name", ""))
    short = name.split(", ", 1)[0]
    tags = [str(t) for t in row.get("tags") or ()]
    supertypes = row.get("supertypes") or ()
    if row.get("type") == CardType.LEGEND.value:
        return short
    if Supertype.SIGNATURE.value in supertypes or Supertype.CHAMPION.value in supertypes:
        for tag in tags:
            if tag in legend_tags:
                return tag
        if Supertype.CHAMPION.value in supertypes:
            return short if short in tags or not tags else tags[0]
    return None


def _check_consistency(cards: list[Card], path: Path) -> None:
    """All printings of one name must agree on the facts the rules use (CR 132.3)."""
    first: dict[str, Card] = {}
    for card in cards:
        base = first.setdefault(card.name, card)
        for attr in ("type", "supertypes", "domains", "energy", "power", "might", "champion_tag"):
            if getattr(card, attr) != getattr(base, attr):
                raise CardDataError(
                    f"{card.id} and {base.id} are both '{card.name}' but differ in {attr}",
                    file=str(path),
                )


def import_dump(
    dump: Path, out_dir: Path, *, data_as_of: date, source: str | None = None
) -> ManifestSchema:
    """Validate ``dump`` and write it as the bundle in ``out_dir``."""
    cards = read_dump(dump)
    return write_bundle(
        cards,
        out_dir,
        source=source or f"{dump.name} (facts-only dump; see shared/carddata/SOURCE.md)",
        data_as_of=data_as_of,
    )
