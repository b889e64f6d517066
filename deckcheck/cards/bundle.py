"""The card bundle on disk (``card_data/``): reading it, checking it, writing it.

Files:
- ``cards.json``: every printing, in the :class:`~deckcheck.cards.model.Card` schema.
- ``bundle.json``: the manifest: source, data date, import date, counts, SHA-256 of cards.json.
- ``provenance.json``: per set, complete or preliminary, data date, source, missing numbers; per
  printing, the fields in doubt (:mod:`deckcheck.cards.provenance`).
- ``sets.json``, ``card_rules.json``: facts reviewed by hand (sets and release dates; copy limits
  from card text).

Loading needs no cache and no schema library: see :func:`load_bundle`. The schemas are imported
only to write a bundle or to name what is broken in one.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from datetime import date
from functools import partial
from pathlib import Path

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card
from deckcheck.cards.sets import CardRules, SetInfo
from deckcheck.errors import CardDataError

BUNDLE_SCHEMA = 1
CARDS_FILE = "cards.json"
MANIFEST_FILE = "bundle.json"
SETS_FILE = "sets.json"
RULES_FILE = "card_rules.json"



def __getattr__(name: str):
    if name == "Manifest":  # the schema of bundle.json, kept importable under its old name
        from deckcheck.cards.schema import ManifestSchema

        return ManifestSchema
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_card_data_dir() -> Path:
    """Where the card data lives.

    ``$DECKCHECK_CARD_DATA`` if set; else ``card_data/`` beside the package (a source checkout or an
    editable install); else ``<prefix>/share/deckcheck/card_data`` (a wheel install).
    """
    env = os.environ.get("DECKCHECK_CARD_DATA")
    if env:
        return Path(env)
    beside = Path(__file__).resolve().parents[2] / "card_data"
    if beside.is_dir():
        return beside
    installed = Path(sys.prefix) / "share" / "deckcheck" / "card_data"
    return installed if installed.is_dir() else beside


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CardDataError(f"card data file missing: {path}", file=str(path)) from None
    except OSError as exc:
        raise CardDataError(f"cannot read card data: {exc.strerror}", file=str(path)) from None


def _json(path: Path, raw: bytes) -> object:
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise CardDataError(f"card data is not valid JSON ({exc})", file=str(path), line=line) from None


def _friendly(exc, path: Path, what: str) -> CardDataError:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    where = f"{loc}: " if loc else ""  # no location: the whole file has the wrong shape
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return CardDataError(f"broken {what}: {where}{err['msg']}{more}", file=str(path))


def _checked(build, data, schema, path: Path, what: str):
    """``build(data)`` (plain, fast); if the data is broken, the schema's message for it as a CardDataError."""
    try:
        return build(data)
    except (ValueError, TypeError, KeyError, AttributeError):
        pass
    from pydantic import ValidationError

    try:
        schema(data)
    except ValidationError as exc:
        raise _friendly(exc, path, what) from None
    raise CardDataError(f"broken {what}", file=str(path))  # pragma: no cover - the schema and build agree


def load_bundle(directory: str | os.PathLike[str] | None = None, *, verify: bool = True) -> CardDB:
    """Load the card database from a bundle folder; raise :class:`CardDataError` if it is broken.

    Fast and cache-free (a few milliseconds): the SHA-256 of ``cards.json`` is checked against
    ``bundle.json`` on every load; the rows of a bundle whose checksum matches were checked by the
    importer that wrote it, so they are read into plain :class:`Card` objects with no per-field
    checks (``verify=False`` reads them with cheap checks of every field's type and value). Only a broken bundle meets the pydantic schemas
    (:mod:`deckcheck.cards.schema`), which name the field at fault.
    """
    folder = Path(directory) if directory is not None else default_card_data_dir()
    manifest_path = folder / MANIFEST_FILE
    cards_path = folder / CARDS_FILE
    manifest = _checked(_manifest, _json(manifest_path, _read_bytes(manifest_path)),
                        _schema("ManifestSchema"), manifest_path, "bundle manifest")
    if manifest["schema_version"] != BUNDLE_SCHEMA:
        raise CardDataError(
            f"bundle schema {manifest['schema_version']} is not supported (this deckcheck reads {BUNDLE_SCHEMA})",
            file=str(manifest_path),
        )
    raw = _read_bytes(cards_path)
    if verify and hashlib.sha256(raw).hexdigest() != manifest["sha256"]:
        raise CardDataError(
            "cards.json does not match the checksum in bundle.json: the bundle was changed or "
            "corrupted; re-run 'deckcheck cards import'",
            file=str(cards_path),
        )
    build = _trusted_cards if verify else _cards  # the checksum vouches for rows the importer checked
    cards = _checked(build, _json(cards_path, raw), _schema("CardSchema", many=True), cards_path, "card list")
    if len(cards) != manifest["printings"]:
        raise CardDataError(
            f"bundle.json promises {manifest['printings']} printings, cards.json holds {len(cards)}",
            file=str(cards_path),
        )
    return CardDB(
        printings=cards,
        sets=parse_sets(folder / SETS_FILE, _read_bytes(folder / SETS_FILE)),
        rules=parse_card_rules(folder / RULES_FILE, _read_bytes(folder / RULES_FILE)),
        data_as_of=manifest["data_as_of"],
        source=manifest["source"],
        provenance=_provenance(folder, manifest),
        names_zh=partial(_chinese_names, folder),
    )


def _provenance(folder: Path, manifest: dict):
    """``provenance.json`` of the bundle; without one, every set counts as complete as of the manifest's date."""
    from deckcheck.cards.provenance import COMPLETE, SetData, read_provenance

    counts = manifest.get("sets") if isinstance(manifest.get("sets"), dict) else {}
    fallback = [SetData(code=code, state=COMPLETE, data_as_of=manifest["data_as_of"], source=manifest["source"],
                        printings=n) for code, n in counts.items() if isinstance(n, int)]
    return read_provenance(folder, fallback)


def _manifest(data: dict) -> dict:
    """The manifest's fields that loading reads, checked by hand (the schema checks the rest on import)."""
    if type(data) is not dict:
        raise ValueError("not a manifest")
    version, source, sha, printings = (data[k] for k in ("schema_version", "source", "sha256", "printings"))
    if not (type(version) is int and type(source) is str and type(sha) is str and type(printings) is int):
        raise TypeError("bad manifest")
    date.fromisoformat(data["imported"])
    return {**data, "data_as_of": date.fromisoformat(data["data_as_of"])}


def _cards(rows: list) -> tuple[Card, ...]:
    if type(rows) is not list:
        raise TypeError("not a list")
    return tuple([Card.from_data(row) for row in rows])


def _trusted_cards(rows: list) -> tuple[Card, ...]:
    if type(rows) is not list:
        raise TypeError("not a list")
    return tuple([Card.from_trusted(row) for row in rows])


def _schema(name: str, many: bool = False):
    """A function that validates data against the schema ``name`` (imported only when called)."""
    def validate(data: object) -> None:
        from deckcheck.cards import schema

        model = getattr(schema, name)
        if many:
            from pydantic import TypeAdapter

            TypeAdapter(list[model]).validate_python(data)
        else:
            model.model_validate(data)

    return validate


def parse_sets(path: Path, raw: bytes) -> dict[str, SetInfo]:
    data = _json(path, raw)
    items = data.get("sets") if isinstance(data, dict) else data

    def build(items: list) -> dict[str, SetInfo]:
        if type(items) is not list:
            raise TypeError("not a list")
        return {s.code: s for s in map(SetInfo.from_data, items)}

    return _checked(build, items, _schema("SetInfoSchema", many=True), path, "set list")


def parse_card_rules(path: Path, raw: bytes) -> CardRules:
    data = _json(path, raw)
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if not k.startswith("_")}
    return _checked(CardRules.from_data, data, _schema("CardRulesSchema"), path, "card rules")


def write_bundle(cards: list[Card], folder: Path, *, source: str, data_as_of: date):
    """Write ``cards.json`` and ``bundle.json`` atomically (the reviewed files are left alone);
    returns the manifest (a :class:`~deckcheck.cards.schema.ManifestSchema`)."""
    from deckcheck.cards.schema import ManifestSchema
    from deckcheck.io import atomic_write_bytes

    payload = [c.to_json() for c in cards]
    raw = ("[\n" + ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in payload) + "\n]\n").encode()
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.set] = counts.get(c.set, 0) + 1
    manifest = ManifestSchema(
        schema_version=BUNDLE_SCHEMA,
        source=source,
        data_as_of=data_as_of,
        imported=date.today(),
        sha256=hashlib.sha256(raw).hexdigest(),
        printings=len(cards),
        names=len({c.name for c in cards}),
        sets=dict(sorted(counts.items())),
    )
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(folder / CARDS_FILE, raw)
    atomic_write_bytes(folder / MANIFEST_FILE, (manifest.model_dump_json(indent=2) + "\n").encode())
    return manifest


def _chinese_names(folder: Path):
    """The bundle's Chinese names, read the first time one is asked for."""
    from deckcheck.cards.chinese import read_names

    return read_names(folder)
