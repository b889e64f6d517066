"""Turn facts-only card dumps (``shared/carddata/cards.json``, ``rad_preliminary.json``) into the bundle.

A dump is a JSON list of printings in the :class:`~deckcheck.cards.schema.CardSchema` fields;
each row may also carry ``_src`` (the sources behind each field) and ``_doubt`` (the fields in
doubt), which become the per-printing doubts of :mod:`deckcheck.cards.provenance`. The same
reader checks a card data update (:mod:`deckcheck.cards.overlay`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from pydantic import ValidationError

from deckcheck.cards.bundle import write_bundle
from deckcheck.cards.model import Card, CardType, Supertype
from deckcheck.cards.provenance import (
    BUNDLED, COMPLETE, DOCS_PAGE, PRELIMINARY, PROVENANCE_FILE, Doubts, Provenance, SetData, missing_numbers,
)
from deckcheck.cards.schema import CardSchema, ManifestSchema
from deckcheck.errors import CardDataError

_DUMP_FIELDS = {
    "id", "set", "number", "variant", "name", "type", "supertypes", "tags",
    "domains", "energy", "power", "power_domains", "might", "rarity",
}
#: Also accepted in a row: provenance (``_src``, ``_doubt``) and the champion tag a bundle's own
#: ``cards.json`` carries (checked against the one worked out here).
_OPTIONAL_FIELDS = {"_src", "_doubt", "champion_tag", "name_zh", "subtitle_zh"}
_CONSISTENT = ("type", "supertypes", "domains", "energy", "power", "might", "champion_tag")


@dataclass
class Dump:
    """The validated printings of one or more dumps, with their doubts."""

    cards: list[Card]
    doubts: Doubts = field(default_factory=dict)
    names_zh: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # official Chinese name, subtitle

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for card in self.cards:
            out[card.set] = out.get(card.set, 0) + 1
        return dict(sorted(out.items()))


def load_json(path: Path) -> object:
    """The JSON text of a dump file, or a :class:`CardDataError` naming the file."""
    try:
        return json.loads(path.read_bytes())
    except OSError as exc:
        raise CardDataError(f"cannot read card dump: {exc.strerror}", file=str(path)) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise CardDataError(f"card dump is not valid JSON ({exc})", file=str(path)) from None


def read_dump(path: Path) -> list[Card]:
    """Read and validate a dump; each bad row is reported with its index and id."""
    return parse_rows(load_json(path), str(path)).cards


#: What a value is not, by the schema library's error type.
_NOT_A = {"int_parsing": "a whole number", "int_type": "a whole number", "int_from_float": "a whole number",
          "string_type": "text", "list_type": "a list", "bool_type": "true or false", "bool_parsing": "true or false",
          "dict_type": "an object", "date_parsing": "a date (YYYY-MM-DD)", "date_type": "a date (YYYY-MM-DD)"}
#: The forms a pattern asks for, in words.
_FORMS = {r"^[A-Z]{3}$": "a set code of three capital letters (OGN)",
          r"^[A-Z]{2}[A-Z0-9]$": "a set code of three capital letters, or two and a digit (OGN, OP1)"}


def field_name(loc: Sequence) -> str:
    """``domains item 2`` for the schema's ``("domains", 1)``: list items counted from 1."""
    return " ".join(f"item {part + 1}" if isinstance(part, int) else str(part) for part in loc)


def field_problem(err: Mapping) -> str:
    """A schema error on one field in deckcheck's words (never "Input should be")."""
    kind = str(err.get("type", ""))
    value = err.get("input")
    shown = repr(value) if isinstance(value, str) else str(value)
    ctx = err.get("ctx") or {}
    if kind == "missing":
        return "missing (every printing needs it)"
    if kind in _NOT_A:
        return f"{shown} is not {_NOT_A[kind]}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{shown} is too small: it must be {'at least' if kind == 'greater_than_equal' else 'more than'} {ctx.get('ge', ctx.get('gt'))}"
    if kind in ("enum", "literal_error"):
        choices = str(ctx.get("expected", "")).replace("'", "")
        return f"{shown} is not one of {choices}"
    if kind == "string_pattern_mismatch":
        return f"{shown} is not {_FORMS.get(str(ctx.get('pattern')), 'in the expected form')}"
    if kind == "string_too_short":
        return "empty; it needs at least one character"
    text = str(err.get("msg", "")).removeprefix("Value error, ")
    return f"{shown} is not accepted" if text.startswith(("Input should", "String should")) else text


def _legend_tags(rows: Iterable[object]) -> set[str]:
    return {
        str(r.get("name", "")).split(", ", 1)[0]
        for r in rows
        if isinstance(r, dict) and r.get("type") == CardType.LEGEND.value
    }


def parse_rows(rows: object, where: str, *, legend_tags: Iterable[str] = (),
               known_doubts: Mapping[str, Mapping] | None = None, fields: Sequence[str] = _CONSISTENT) -> Dump:
    """Validate the rows of a dump (``where`` names it in errors) into cards and their doubts.

    ``legend_tags`` adds the champion tags of legends held elsewhere (the bundled data, when an
    update brings a new signature card for an older legend); ``known_doubts`` adds doubts
    recorded elsewhere (the provenance beside a bundle's own ``cards.json``).
    """
    if not isinstance(rows, list) or not rows:
        raise CardDataError("card dump must be a non-empty JSON list of printings", file=where)
    tags = _legend_tags(rows) | set(legend_tags)
    cards: list[Card] = []
    doubts: Doubts = {}
    seen: set[str] = set()
    for index, row in enumerate(rows, 1):  # rows count from 1, as a person counts them
        if not isinstance(row, dict):
            raise CardDataError(f"row {index} is not an object", file=where)
        ident = row.get("id", "no id")
        unknown = set(row) - _DUMP_FIELDS - _OPTIONAL_FIELDS
        if unknown:
            raise CardDataError(f"row {index} ({ident}): unknown fields {sorted(unknown)}", file=where)
        facts = {k: v for k, v in row.items() if k in _DUMP_FIELDS}
        tag = _champion_tag(facts, tags)
        if "champion_tag" in row and row["champion_tag"] != tag:
            raise CardDataError(f"row {index} ({ident}): champion_tag {row['champion_tag']!r} does not match "
                                f"its legend and tags ({tag!r})", file=where)
        try:
            card = CardSchema.model_validate({**facts, "champion_tag": tag}).to_card()
        except ValidationError as exc:
            err = exc.errors()[0]
            raise CardDataError(f"row {index} ({ident}): {field_name(err['loc'])}: {field_problem(err)}",
                                file=where) from None
        if card.id.upper() in seen:
            raise CardDataError(f"row {index}: duplicate id {card.id}", file=where)
        seen.add(card.id.upper())
        cards.append(card)
        doubt = _doubts(row, index, where) or dict((known_doubts or {}).get(card.id, {}))
        if doubt:
            doubts[card.id] = doubt
    check_consistency(cards, where, doubts, fields)
    return Dump(sorted(cards, key=lambda c: c.id), doubts, _names_zh(rows, where))


def _names_zh(rows: list, where: str) -> dict[str, tuple[str, str | None]]:
    """The Chinese names a dump's rows carry (``name_zh``, ``subtitle_zh``), by printing id."""
    out: dict[str, tuple[str, str | None]] = {}
    for index, row in enumerate(rows):
        name, sub = row.get("name_zh"), row.get("subtitle_zh")
        if name is None and sub is None:
            continue
        if not isinstance(name, str) or not name.strip() or not (sub is None or isinstance(sub, str)):
            raise CardDataError(f"row {index} ({row.get('id')}): name_zh must be text (subtitle_zh text or null)",
                                file=where)
        out[str(row["id"])] = (name.strip(), sub.strip() if sub and sub.strip() else None)
    return out


def _doubts(row: dict, index: int, where: str) -> dict[str, tuple[str, ...]]:
    """``{field: sources}`` for the fields a row marks as in doubt (``_doubt``, sources from ``_src``)."""
    doubt = row.get("_doubt") or []
    src = row.get("_src") or {}
    if not isinstance(doubt, list) or not all(isinstance(f, str) and f in _DUMP_FIELDS for f in doubt):
        raise CardDataError(f"row {index} ({row.get('id')}): _doubt must list field names", file=where)
    if not isinstance(src, dict):
        raise CardDataError(f"row {index} ({row.get('id')}): _src must map fields to sources", file=where)
    out = {}
    for name in doubt:
        sources = src.get(name) or []
        out[name] = tuple(str(s) for s in (sources if isinstance(sources, list) else [sources]))
    return out


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


#: The facts a verdict reads: a card data update must agree on these across printings of a name.
RULE_FACTS = ("type", "supertypes", "domains", "champion_tag")


def check_consistency(cards: Sequence[Card], where: str, doubts: Mapping[str, Mapping] = {},
                      fields: Sequence[str] = _CONSISTENT) -> None:
    """All printings of one name must agree on the facts the rules use (CR 132.3).

    A field in doubt on either printing may differ: the sources disagree, and the doubt says so.
    """
    first: dict[str, Card] = {}
    for card in cards:
        base = first.setdefault(card.name, card)
        for attr in fields:
            if getattr(card, attr) != getattr(base, attr):
                if attr in doubts.get(card.id, {}) or attr in doubts.get(base.id, {}):
                    continue
                raise CardDataError(
                    f"{card.id} and {base.id} are both '{card.name}' but differ in {attr}",
                    file=where,
                )


def set_sizes(out_dir: Path) -> dict[str, int | None]:
    """Set sizes from the ``sets.json`` of the bundle folder (else the bundled one)."""
    from deckcheck.cards.bundle import SETS_FILE, default_card_data_dir, parse_sets

    path = out_dir / SETS_FILE
    if not path.exists():
        path = default_card_data_dir() / SETS_FILE
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardDataError(f"cannot read the set list: {exc.strerror}", file=str(path)) from None
    return {code: info.size for code, info in parse_sets(path, raw).items()}


def set_records(
    cards: Sequence[Card],
    sizes: Mapping[str, int | None],
    *,
    data_as_of: date,
    sources: Mapping[str, str],
    preliminary: Mapping[str, date],
) -> dict[str, SetData]:
    """One provenance record per set: complete unless named in ``preliminary`` (code -> data date).

    A complete set must hold every collector number; a set that lacks some must be imported as
    preliminary, so its gaps are known and reported as such.
    """
    numbers: dict[str, list[str]] = {}
    for card in cards:
        numbers.setdefault(card.set, []).append(card.number)
    unknown = sorted(set(preliminary) - set(numbers))
    if unknown:
        raise CardDataError(f"--preliminary names set {', '.join(unknown)}, which no dump holds")
    records = {}
    for code, held in sorted(numbers.items()):
        if code not in sizes:
            raise CardDataError(f"set {code} is not in sets.json: add its name, release date and size first")
        missing = missing_numbers(held, sizes[code])
        if code not in preliminary and missing:
            shown = ", ".join(missing[:10]) + (" …" if len(missing) > 10 else "")
            raise CardDataError(f"set {code} lacks collector numbers {shown}: import it as preliminary "
                                f"(--preliminary {code}:DATE) or complete the dump")
        records[code] = SetData(
            code=code, state=PRELIMINARY if code in preliminary else COMPLETE,
            data_as_of=preliminary.get(code, data_as_of), source=sources[code], printings=len(held),
            missing=missing if code in preliminary else (), layer=BUNDLED,
        )
    return records


def _beside(dump: Path) -> Provenance | None:
    """The provenance of a bundle whose own ``cards.json`` is imported again (a lossless round trip)."""
    from deckcheck.cards.bundle import MANIFEST_FILE
    from deckcheck.cards.provenance import read_provenance

    folder = dump.parent
    if dump.name != "cards.json" or not (folder / MANIFEST_FILE).exists() or not (folder / PROVENANCE_FILE).exists():
        return None
    return read_provenance(folder)


def import_dumps(
    dumps: Sequence[Path],
    out_dir: Path,
    *,
    data_as_of: date,
    preliminary: Mapping[str, date] | None = None,
    source: str | None = None,
    names_zh: Path | None = None,
) -> ManifestSchema:
    """Validate ``dumps`` together and write them as the bundle in ``out_dir``.

    Writes ``cards.json``, ``bundle.json`` and ``provenance.json`` (the reviewed ``sets.json`` and
    ``card_rules.json`` are left alone). ``preliminary`` maps a set code to the date of its data;
    every other set is complete as of ``data_as_of``. A bundle's own ``cards.json`` may be
    imported again: the doubts and set states of the ``provenance.json`` beside it are kept.
    """
    if not dumps:
        raise CardDataError("no card dump to import")
    preliminary = dict(preliminary or {})
    rows: list[object] = []
    per_dump: list[tuple[Path, list]] = []
    for dump in dumps:
        data = load_json(dump)
        if not isinstance(data, list) or not data:
            raise CardDataError("card dump must be a non-empty JSON list of printings", file=str(dump))
        per_dump.append((dump, data))
        rows.extend(data)
    tags = _legend_tags(rows)
    cards: list[Card] = []
    doubts: Doubts = {}
    sources: dict[str, str] = {}
    for dump, data in per_dump:
        kept = _beside(dump)
        parsed = parse_rows(data, str(dump), legend_tags=tags, known_doubts=kept.doubts if kept else None)
        cards.extend(parsed.cards)
        doubts.update(parsed.doubts)
        for code in parsed.counts():
            sources.setdefault(code, dump.name)
            if kept is not None and code in kept.sets:
                sources[code] = kept.sets[code].source
                if kept.sets[code].state == PRELIMINARY:
                    preliminary.setdefault(code, kept.sets[code].data_as_of)
    seen: dict[str, Card] = {}
    for card in cards:
        if card.id.upper() in seen:
            raise CardDataError(f"printing {card.id} is in more than one dump")
        seen[card.id.upper()] = card
    cards.sort(key=lambda c: c.id)
    check_consistency(cards, ", ".join(str(d) for d in dumps), doubts)
    records = set_records(cards, set_sizes(out_dir), data_as_of=data_as_of, sources=sources,
                          preliminary=preliminary)
    newest = max([data_as_of, *(r.data_as_of for r in records.values())])
    manifest = write_bundle(
        cards,
        out_dir,
        source=source or " + ".join(dict.fromkeys(d.name for d in dumps)) + f" (facts-only dumps; see {DOCS_PAGE})",
        data_as_of=newest,
    )
    from deckcheck.io import atomic_write_bytes

    provenance = Provenance(sets=records, doubts={cid: d for cid, d in doubts.items() if cid in seen or cid.upper() in seen})
    text = json.dumps(provenance.to_json(), indent=1, ensure_ascii=False) + "\n"
    atomic_write_bytes(out_dir / PROVENANCE_FILE, text.encode())
    if names_zh is not None:
        import_names_zh(names_zh, out_dir, cards)
    return manifest


#: The reviewed file beside the bundle that says where the Chinese names come from.
ZH_REVIEWED_FILE = "zh-reviewed.json"


def import_names_zh(dump: Path, out_dir: Path, cards: Sequence[Card]):
    """Check the Chinese names per printing of ``dump`` (``{"names": {id: {name, subtitle, src}}}``)
    against ``cards`` and write them as ``names-zh.json``, with the sources and dates of the reviewed
    ``zh-reviewed.json`` of the bundle folder and the English names that have no Chinese name."""
    from deckcheck.cards.bundle import default_card_data_dir
    from deckcheck.cards.chinese import NAMES_FILE, NamesData
    from deckcheck.io import atomic_write_bytes

    reviewed_path = out_dir / ZH_REVIEWED_FILE
    if not reviewed_path.exists():
        reviewed_path = default_card_data_dir() / ZH_REVIEWED_FILE
    reviewed = load_json(reviewed_path)
    data = load_json(dump)
    rows = data.get("names") if isinstance(data, dict) else None
    if not isinstance(rows, dict) or not isinstance(reviewed, dict):
        raise CardDataError("Chinese names must be an object with 'names' by printing id", file=str(dump))
    sources = reviewed.get("sources") or {}
    by_id = {c.id: c for c in cards}
    names: dict[str, tuple[str, str | None]] = {}
    row_sources: dict[str, str] = {}
    for cid, row in rows.items():
        if cid not in by_id:
            raise CardDataError(f"Chinese name for {cid}, which is no printing of the card data", file=str(dump))
        name, sub, src = (row.get(k) if isinstance(row, dict) else None for k in ("name", "subtitle", "src"))
        if not isinstance(name, str) or not name.strip() or not (sub is None or isinstance(sub, str)):
            raise CardDataError(f"{cid}: the Chinese name must be text", file=str(dump))
        if src not in sources:
            raise CardDataError(f"{cid}: source {src!r} is not described in {ZH_REVIEWED_FILE}", file=str(dump))
        names[cid] = (name.strip(), sub.strip() if sub and sub.strip() else None)
        row_sources[cid] = src
    named = {by_id[cid].name for cid in names}
    missing = tuple(sorted({c.name for c in cards} - named))
    result = NamesData(names, row_sources, {k: v for k, v in sources.items() if k in set(row_sources.values())},
                       missing, dict(reviewed.get("traditional") or {}))
    text = json.dumps(result.to_json(), ensure_ascii=False, indent=0)
    atomic_write_bytes(out_dir / NAMES_FILE, (text + "\n").encode())
    return result


def import_dump(
    dump: Path, out_dir: Path, *, data_as_of: date, source: str | None = None,
    preliminary: Mapping[str, date] | None = None,
) -> ManifestSchema:
    """Validate ``dump`` and write it as the bundle in ``out_dir`` (see :func:`import_dumps`)."""
    return import_dumps([dump], out_dir, data_as_of=data_as_of, preliminary=preliminary, source=source)
