"""Where the card data comes from, set by set, and which facts of which printing are in doubt.

A set in the data is **complete** (every collector number from 1 to its size is held, and every
overnumbered number up to the highest one) or **preliminary** (assembled before release: some
numbers are missing, some facts are in doubt). ``card_data/provenance.json`` records, per set,
its state, the date of its data, where it comes from and the numbers known to be missing; and,
per printing, the fields in doubt with the sources behind them. The importer writes it; a card
data update (:mod:`deckcheck.cards.overlay`) carries the same records for the sets it holds.
The documents behind the records ship in ``docs/card-data.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from deckcheck.errors import CardDataError

PROVENANCE_FILE = "provenance.json"
PROVENANCE_SCHEMA = 1
DOCS_PAGE = "docs/card-data.md"
COMPLETE, PRELIMINARY = "complete", "preliminary"
STATES = (COMPLETE, PRELIMINARY)
BUNDLED, UPDATE = "bundled", "update"

#: Fields whose doubt can change a verdict (the rules read them); the others (rarity, might,
#: energy, power_domains) matter only to a reader or a simulator.
RULE_FIELDS = ("type", "supertypes", "tags", "domains")


@dataclass(frozen=True, slots=True)
class SetData:
    """What the data holds of one set: its state, its date, its source, the numbers it lacks."""

    code: str
    state: str
    data_as_of: date
    source: str
    printings: int
    missing: tuple[str, ...] = ()
    layer: str = BUNDLED

    def to_json(self) -> dict:
        return {"state": self.state, "data_as_of": self.data_as_of.isoformat(), "source": self.source,
                "printings": self.printings, "missing": list(self.missing)}

    @classmethod
    def from_json(cls, code: str, data: Mapping, layer: str = BUNDLED) -> "SetData":
        state = data["state"]
        if state not in STATES:
            raise ValueError(f"set {code}: state must be one of {', '.join(STATES)}, not {state!r}")
        missing = data.get("missing", [])
        if not isinstance(missing, list) or not all(isinstance(m, str) for m in missing):
            raise ValueError(f"set {code}: missing must be a list of collector numbers")
        printings = data["printings"]
        if type(printings) is not int or printings < 0:
            raise ValueError(f"set {code}: printings must be a whole number")
        return cls(code=code, state=state, data_as_of=date.fromisoformat(data["data_as_of"]),
                   source=str(data["source"]), printings=printings, missing=tuple(missing), layer=layer)


Doubts = dict[str, dict[str, tuple[str, ...]]]  # printing id -> field -> the sources behind its value


@dataclass(frozen=True, slots=True)
class UpdateInfo:
    """Where the update layer came from: its source (file or URL), when it was fetched, where it is stored."""

    source: str
    fetched: str  # ISO date and time, UTC
    path: str
    sets: tuple[str, ...]
    sha256: str = ""

    def to_json(self) -> dict:
        return {"source": self.source, "fetched": self.fetched, "path": self.path, "sets": list(self.sets),
                "sha256": self.sha256}


@dataclass(frozen=True, slots=True)
class Provenance:
    """Per-set records and per-printing doubts of a card database, and the update layer if any."""

    sets: dict[str, SetData] = field(default_factory=dict)
    doubts: Doubts = field(default_factory=dict)
    docs: str = DOCS_PAGE
    update: UpdateInfo | None = None

    def set_data(self, code: str) -> SetData | None:
        return self.sets.get(code)

    def missing(self, code: str) -> tuple[str, ...]:
        """Collector numbers of ``code`` that the data is known to lack (preliminary sets only)."""
        info = self.sets.get(code)
        return info.missing if info is not None else ()

    def doubts_of(self, card_id: str) -> dict[str, tuple[str, ...]]:
        """The fields of one printing that are in doubt, each with its sources (empty if none)."""
        return self.doubts.get(card_id, {})

    @property
    def preliminary(self) -> list[SetData]:
        return [s for s in self.sets.values() if s.state == PRELIMINARY]

    def to_json(self) -> dict:
        return {
            "schema_version": PROVENANCE_SCHEMA,
            "docs": self.docs,
            "sets": {code: s.to_json() for code, s in sorted(self.sets.items())},
            "doubts": {cid: {f: list(src) for f, src in fields.items()} for cid, fields in sorted(self.doubts.items())},
        }

    @classmethod
    def from_json(cls, data: object, layer: str = BUNDLED) -> "Provenance":
        """Read the JSON form; ValueError/KeyError/TypeError if it is not one."""
        if not isinstance(data, dict) or data.get("schema_version") != PROVENANCE_SCHEMA:
            raise ValueError(f"not a provenance record of schema {PROVENANCE_SCHEMA}")
        sets = {str(code): SetData.from_json(str(code), item, layer) for code, item in data["sets"].items()}
        doubts: Doubts = {}
        for cid, fields in data.get("doubts", {}).items():
            if not isinstance(fields, dict):
                raise ValueError(f"doubts of {cid} must be an object")
            doubts[str(cid)] = {str(f): tuple(str(s) for s in (src or ())) for f, src in fields.items()}
        return cls(sets=sets, doubts=doubts, docs=str(data.get("docs", DOCS_PAGE)))


def read_provenance(folder: Path, fallback: Iterable[SetData] = ()) -> Provenance:
    """``provenance.json`` of a bundle folder; a bundle without one has only ``fallback`` records."""
    path = folder / PROVENANCE_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Provenance(sets={s.code: s for s in fallback})
    except OSError as exc:
        raise CardDataError(f"cannot read card data provenance: {exc.strerror}", file=str(path)) from None
    try:
        return Provenance.from_json(json.loads(raw))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CardDataError(f"broken card data provenance: {exc}", file=str(path)) from None


def _numeric(number: str) -> int | None:
    """A plain collector number's value (ASCII digits, at most 4: no "²", no billion-card set)."""
    return int(number) if number.isascii() and number.isdigit() and len(number) <= 4 else None


def missing_numbers(numbers: Iterable[str], size: int | None) -> tuple[str, ...]:
    """Collector numbers absent from ``numbers``: every number from 1 to the set's ``size``, and
    every overnumbered number up to the highest one held (runes, tokens and specials aside)."""
    held = {n for n in map(_numeric, numbers) if n is not None}
    top = max([*held, size or 0], default=0)
    return tuple(f"{n:03d}" for n in range(1, top + 1) if n not in held)


def merge(base: Provenance, update: Provenance) -> Provenance:
    """``update``'s sets replace ``base``'s; doubts of the replaced sets go with them."""
    replaced = set(update.sets)
    doubts = {cid: f for cid, f in base.doubts.items() if cid.split("-", 1)[0] not in replaced}
    doubts.update(update.doubts)
    return Provenance(sets={**base.sets, **update.sets}, doubts=doubts, docs=base.docs, update=update.update)


def number_runs(numbers, sep: str = " ") -> str:
    """Collector numbers with runs of three or more written as one range: ``011 022 003–346``."""
    out: list[str] = []
    run: list[str] = []
    for n in [*numbers, None]:
        if n is not None and run and n.isdigit() and run[-1].isdigit() and int(n) == int(run[-1]) + 1:
            run.append(n)
            continue
        out.extend([f"{run[0]}–{run[-1]}"] if len(run) >= 3 else run)
        run = [n] if n is not None else []
    return sep.join(out)
