"""The card bundle on disk (``card_data/``): reading it, checking it, writing it.

Files:
- ``cards.json``: every printing, in the :class:`~deckcheck.cards.model.Card` schema.
- ``bundle.json``: the manifest: source, data date, import date, counts, the SHA-256 of cards.json
  and (``files``) of the reviewed files as they were when it was written.
- ``provenance.json``: per set, complete or preliminary, data date, source, missing numbers; per
  printing, the fields in doubt (:mod:`deckcheck.cards.provenance`).
- ``sets.json``, ``card_rules.json``: facts reviewed by hand (sets and release dates; copy limits
  from card text).

Each file is checked by its pydantic schema (:mod:`deckcheck.cards.schema`) once: when the bundle
is written. Loading reads the files the manifest's checksums vouch for straight into plain objects,
with no cache and no schema library (:func:`load_bundle`); a file edited since is checked by its
schema on every load.
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
#: The reviewed files whose checksums the manifest keeps.
REVIEWED_FILES = (SETS_FILE, RULES_FILE)


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


def _friendly(exc, path: Path | str, what: str) -> CardDataError:
    """A pydantic ValidationError as one line naming the first field at fault."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    where = f"{loc}: " if loc else ""  # no location: the whole file has the wrong shape
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return CardDataError(f"broken {what}: {where}{err['msg']}{more}", file=str(path))


def validated(data: object, schema: str, path: Path | str, what: str, many: bool = False):
    """``data`` checked by the schema ``schema`` of :mod:`deckcheck.cards.schema` (a list of them with
    ``many``): the models, or a :class:`CardDataError` naming the field at fault."""
    from pydantic import TypeAdapter, ValidationError

    import deckcheck.cards.schema as schemas

    model = getattr(schemas, schema)
    try:
        return TypeAdapter(list[model]).validate_python(data) if many else model.model_validate(data)
    except ValidationError as exc:
        raise _friendly(exc, path, what) from None


def _read(path: Path, data: object, vouched: bool, trusted, schema: str, to_plain, what: str, many: bool = False):
    """The plain objects of the ``data`` of one bundle file. A file the manifest vouches for (its SHA-256
    matches) was checked by the schema when it was written and is built directly (``trusted(data)``);
    any other is checked by the schema, which names the field at fault (``to_plain(models)`` builds
    the objects)."""
    if vouched:
        try:
            return trusted(data)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # not the data the checksum promised: the schema says what is wrong
    return to_plain(validated(data, schema, path, what, many))


def _sha256(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def load_bundle(directory: str | os.PathLike[str] | None = None, *, verify: bool = True) -> CardDB:
    """Load the card database from a bundle folder; raise :class:`CardDataError` if it is broken.

    The SHA-256 of ``cards.json`` is checked against ``bundle.json`` on every load. The files whose
    checksum the manifest vouches for (``cards.json``, and ``sets.json`` and ``card_rules.json``
    unless edited since) were checked by the schemas when the bundle was written, so they are read
    straight into plain objects; any other is checked by its pydantic schema
    (:mod:`deckcheck.cards.schema`), which names the field at fault. ``verify=False`` skips the
    checksum of ``cards.json`` and checks every file by its schema instead.
    """
    folder = Path(directory) if directory is not None else default_card_data_dir()
    manifest_path, cards_path = folder / MANIFEST_FILE, folder / CARDS_FILE
    manifest = _json(manifest_path, _read_bytes(manifest_path))
    facts = _manifest(manifest, manifest_path)
    raw = _read_bytes(cards_path)
    if verify and _sha256(raw) != facts["sha256"]:
        raise _broken_manifest(manifest, manifest_path) or CardDataError(
            "cards.json does not match the checksum in bundle.json: the bundle was changed or "
            "corrupted; re-run 'deckcheck cards import'", file=str(cards_path))
    cards = _read(cards_path, _json(cards_path, raw), verify, _trusted_cards, "CardSchema",
                  lambda models: tuple([m.to_card() for m in models]), "card list", many=True)
    if len(cards) != facts["printings"]:
        raise _broken_manifest(manifest, manifest_path) or CardDataError(
            f"bundle.json promises {facts['printings']} printings, cards.json holds {len(cards)}",
            file=str(cards_path))
    vouched = facts["files"] if verify else {}
    return CardDB(
        printings=cards,
        sets=parse_sets(folder / SETS_FILE, _read_bytes(folder / SETS_FILE), vouched.get(SETS_FILE)),
        rules=parse_card_rules(folder / RULES_FILE, _read_bytes(folder / RULES_FILE), vouched.get(RULES_FILE)),
        data_as_of=facts["data_as_of"],
        source=facts["source"],
        provenance=_provenance(folder, facts),
        names_zh=partial(_chinese_names, folder),
    )


def _manifest(data: object, path: Path) -> dict:
    """What loading reads of ``bundle.json`` (read as written: whenever loading fails, the schema is
    asked first whether the manifest is what is broken)."""
    try:
        facts = {"schema_version": data["schema_version"], "sha256": data["sha256"],  # type: ignore[index]
                 "printings": data["printings"], "source": data["source"],  # type: ignore[index]
                 "data_as_of": date.fromisoformat(data["data_as_of"]),  # type: ignore[index]
                 "sets": data.get("sets") or {}, "files": data.get("files") or {}}  # type: ignore[union-attr]
    except (KeyError, TypeError, ValueError, AttributeError):
        raise _broken_manifest(data, path) or CardDataError("broken bundle manifest", file=str(path)) from None
    if facts["schema_version"] != BUNDLE_SCHEMA:
        raise CardDataError(
            f"bundle schema {facts['schema_version']!r} is not supported (this deckcheck reads {BUNDLE_SCHEMA})",
            file=str(path))
    return facts


def _broken_manifest(data: object, path: Path) -> CardDataError | None:
    """The schema's words for a manifest it refuses, or None if it passes."""
    try:
        validated(data, "ManifestSchema", path, "bundle manifest")
    except CardDataError as exc:
        return exc
    return None


def _provenance(folder: Path, facts: dict):
    """``provenance.json`` of the bundle; without one, every set counts as complete as of the manifest's date."""
    from deckcheck.cards.provenance import COMPLETE, SetData, read_provenance

    counts = facts["sets"] if isinstance(facts["sets"], dict) else {}
    fallback = [SetData(code=code, state=COMPLETE, data_as_of=facts["data_as_of"], source=facts["source"],
                        printings=n) for code, n in counts.items() if isinstance(n, int)]
    return read_provenance(folder, fallback)


def _trusted_cards(rows: list) -> tuple[Card, ...]:
    if type(rows) is not list:
        raise TypeError("not a list")
    return tuple([Card.from_trusted(row) for row in rows])


def parse_sets(path: Path, raw: bytes, checksum: str | None = None) -> dict[str, SetInfo]:
    """The sets of a ``sets.json`` (``{"sets": [...]}`` or a bare list), checked by the schema unless
    ``checksum`` (the manifest's) vouches for these bytes."""
    data = _json(path, raw)
    items = data.get("sets") if isinstance(data, dict) else data

    def trusted(items: list) -> dict[str, SetInfo]:
        return {s.code: s for s in map(SetInfo.from_trusted, items)}

    return _read(path, items, checksum == _sha256(raw), trusted, "SetInfoSchema",
                 lambda models: {m.code: m.to_plain() for m in models}, "set list", many=True)


def parse_card_rules(path: Path, raw: bytes, checksum: str | None = None) -> CardRules:
    """The rules of a ``card_rules.json`` (keys starting with ``_`` are comments), checked by the schema
    unless ``checksum`` (the manifest's) vouches for these bytes."""
    data = _json(path, raw)
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if not k.startswith("_")}
    return _read(path, data, checksum == _sha256(raw), CardRules.from_trusted,
                 "CardRulesSchema", lambda model: model.to_plain(), "card rules")


def write_bundle(cards: list[Card], folder: Path, *, source: str, data_as_of: date):
    """Write ``cards.json`` and ``bundle.json`` atomically (the reviewed files are left alone, each
    checked by its schema and its checksum kept in the manifest); returns the manifest (a
    :class:`~deckcheck.cards.schema.ManifestSchema`)."""
    from deckcheck.cards.schema import ManifestSchema
    from deckcheck.io import atomic_write_bytes

    payload = [c.to_json() for c in cards]
    raw = ("[\n" + ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in payload) + "\n]\n").encode()
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.set] = counts.get(c.set, 0) + 1
    files = {}
    for name in REVIEWED_FILES:
        if (folder / name).is_file():
            reviewed = _read_bytes(folder / name)
            (parse_sets if name == SETS_FILE else parse_card_rules)(folder / name, reviewed)  # the schema passes it
            files[name] = _sha256(reviewed)
    manifest = ManifestSchema(
        schema_version=BUNDLE_SCHEMA,
        source=source,
        data_as_of=data_as_of,
        imported=date.today(),
        sha256=hashlib.sha256(raw).hexdigest(),
        printings=len(cards),
        names=len({c.name for c in cards}),
        sets=dict(sorted(counts.items())),
        files=files,
    )
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(folder / CARDS_FILE, raw)
    atomic_write_bytes(folder / MANIFEST_FILE, (manifest.model_dump_json(indent=2) + "\n").encode())
    return manifest


def _chinese_names(folder: Path):
    """The bundle's Chinese names, read the first time one is asked for."""
    from deckcheck.cards.chinese import read_names

    return read_names(folder)
