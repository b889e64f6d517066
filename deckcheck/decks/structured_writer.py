"""Writing our own deck files (docs/deck-file-format.md): YAML with comments, or JSON."""

from __future__ import annotations

import json
import re
from typing import Any

from deckcheck.decks.model import Deck, DeckEntry, Zone
from deckcheck.errors import DeckcheckError

FORMAT_VERSION = 1


def deck_document(deck: Deck, db=None) -> dict:
    """The deck as a plain dict in the file layout: names, printing ids where not the base one."""
    if db is None:
        from deckcheck.cards import load_cards

        db = load_cards()

    def label(entry: DeckEntry) -> str:
        printing = _printing_id(entry)
        base = db.canonical(entry.card) if db.by_name(entry.card.name) is not None else entry.card
        return entry.card.name if printing.upper() == base.id.upper() else f"{entry.card.name} [{printing}]"

    def section(entries: list[DeckEntry], zone: Zone) -> dict[str, int]:
        out: dict[str, int] = {}
        for entry in entries:
            out[label(entry)] = out.get(label(entry), 0) + entry.count
        for unknown in deck.unknown:
            if unknown.zone is zone or (zone is Zone.MAIN and unknown.zone in (None, Zone.CHAMPION)):
                out[unknown.text] = out.get(unknown.text, 0) + unknown.count
        return out

    doc: dict[str, Any] = {"format_version": FORMAT_VERSION}
    if deck.name:
        doc["name"] = deck.name
    from deckcheck.decks.deckcode import is_additional_legend

    legends = [label(e) for e in deck.zone(Zone.LEGEND)]
    legends += [u.text for u in deck.unknown if u.zone is Zone.LEGEND and not is_additional_legend(deck, u)]
    doc["legend"] = legends[0] if len(legends) == 1 else (legends or None)
    doc["champion"] = label(deck.champion) if deck.champion else None
    doc["main"] = section(deck.main, Zone.MAIN)
    battlefields = section(deck.battlefields, Zone.BATTLEFIELDS)
    doc["battlefields"] = [name for name, count in battlefields.items() for _ in range(count)]
    doc["runes"] = section(deck.runes, Zone.RUNES)
    doc["sideboard"] = section(deck.sideboard, Zone.SIDEBOARD)
    extra = [label(e) for e in deck.additional_legends]
    extra += [u.text for u in deck.unknown if is_additional_legend(deck, u)]
    if extra:
        doc["additional_legends"] = extra
    return doc


def _printing_id(entry: DeckEntry) -> str:
    """The printing written, kept even when the database lacks it (``OGN-103s`` stays signed)."""
    from deckcheck.cards.ids import parse_id

    card = entry.card
    written = parse_id(entry.written) if entry.written else None
    if (
        written is not None
        and written.base_id == f"{card.set}-{card.number}"
        and not written.extra
        and not written.promo
        and written.variant in (None, "a", "b", "*")
    ):
        return written.printed_id
    return card.id


def write(deck: Deck, fmt: str = "yaml", *, db=None) -> str:
    """The deck as a YAML (default) or JSON deck file."""
    if fmt == "json":
        return write_json(deck, db=db)
    if fmt != "yaml":
        raise DeckcheckError(f"structured decks are written as yaml or json, not {fmt}")
    return write_yaml(deck, db=db)


def write_json(deck: Deck, *, db=None) -> str:
    return json.dumps(deck_document(deck, db), indent=2, ensure_ascii=False) + "\n"


def write_yaml(deck: Deck, *, db=None) -> str:
    doc = deck_document(deck, db)
    out = ["# Riftbound deck (deckcheck deck file, docs/deck-file-format.md)"]
    for key, value in doc.items():
        if key == "champion" and value and deck.champion_inferred:
            out.append("# the source did not name the Chosen Champion; deckcheck chose this one")
        if key == "main":
            out.append("# main counts include the Chosen Champion's copy")
        if isinstance(value, dict):
            out.append(f"{key}:" + ("" if value else " {}"))
            out += [f"  {_scalar(name)}: {count}" for name, count in value.items()]
        elif isinstance(value, list):
            out.append(f"{key}:" + ("" if value else " []"))
            out += [f"  - {_scalar(name)}" for name in value]
        else:
            out.append(f"{key}: {_scalar(value)}")
    return "\n".join(out) + "\n"


_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 ,'.!&\-]*[A-Za-z0-9.!']$|^[A-Za-z]$")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "none", "~"}


def _scalar(value: Any) -> str:
    """A YAML scalar: plain when unambiguous, else double-quoted (JSON strings are valid YAML)."""
    if value is None:
        return "null"
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if _PLAIN.match(value) and value.lower() not in _YAML_WORDS and "  " not in value:
        return value
    return json.dumps(value, ensure_ascii=False)
