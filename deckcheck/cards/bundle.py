"""The card bundle on disk (``card_data/``): reading it, checking it, writing it.

Files:
- ``cards.json``: every printing, in the :class:`~deckcheck.cards.model.Card` schema.
- ``bundle.json``: the manifest: source, data date, import date, counts, SHA-256 of cards.json.
- ``sets.json``, ``card_rules.json``: facts reviewed by hand (sets and release dates; copy limits
  from card text).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card
from deckcheck.cards.sets import CardRules, SetInfo
from deckcheck.errors import CardDataError

BUNDLE_SCHEMA = 1
CARDS_FILE = "cards.json"
MANIFEST_FILE = "bundle.json"
SETS_FILE = "sets.json"
RULES_FILE = "card_rules.json"


class Manifest(BaseModel):
    """What ``bundle.json`` says about the bundle."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int
    source: str
    data_as_of: date
    imported: date
    sha256: str
    printings: int
    names: int
    sets: dict[str, int]


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


_CARDS_ADAPTER: TypeAdapter[list[Card]] | None = None


def _cards_adapter() -> TypeAdapter[list[Card]]:
    global _CARDS_ADAPTER
    if _CARDS_ADAPTER is None:
        _CARDS_ADAPTER = TypeAdapter(list[Card])
    return _CARDS_ADAPTER


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


def _friendly(exc: ValidationError, path: Path, what: str) -> CardDataError:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return CardDataError(f"broken {what}: {where}: {err['msg']}{more}", file=str(path))


def load_bundle(
    directory: str | os.PathLike[str] | None = None, *, verify: bool = True, use_cache: bool = True
) -> CardDB:
    """Load the card database from a bundle folder; raise :class:`CardDataError` if it is broken.

    The checksum of ``cards.json`` is checked on every load. The validated, indexed database is
    cached per user (:mod:`deckcheck.cache`) under a key made of the bundle's exact bytes.
    """
    from deckcheck import cache

    folder = Path(directory) if directory is not None else default_card_data_dir()
    manifest_path = folder / MANIFEST_FILE
    cards_path = folder / CARDS_FILE
    manifest_raw = _read_bytes(manifest_path)
    raw = _read_bytes(cards_path)
    sets_raw = _read_bytes(folder / SETS_FILE)
    rules_raw = _read_bytes(folder / RULES_FILE)
    key = cache.cache_key(manifest_raw, raw, sets_raw, rules_raw, str(verify).encode())
    if use_cache:
        cached = cache.load("cards", key)
        if isinstance(cached, CardDB):
            return cached
    try:
        manifest = Manifest.model_validate(_json(manifest_path, manifest_raw))
    except ValidationError as exc:
        raise _friendly(exc, manifest_path, "bundle manifest") from None
    if manifest.schema_version != BUNDLE_SCHEMA:
        raise CardDataError(
            f"bundle schema {manifest.schema_version} is not supported (this deckcheck reads {BUNDLE_SCHEMA})",
            file=str(manifest_path),
        )
    if verify and hashlib.sha256(raw).hexdigest() != manifest.sha256:
        raise CardDataError(
            "cards.json does not match the checksum in bundle.json: the bundle was changed or "
            "corrupted; re-run 'deckcheck cards import'",
            file=str(cards_path),
        )
    try:
        cards = _cards_adapter().validate_json(raw)
    except ValidationError as exc:
        raise _friendly(exc, cards_path, "card list") from None
    if len(cards) != manifest.printings:
        raise CardDataError(
            f"bundle.json promises {manifest.printings} printings, cards.json holds {len(cards)}",
            file=str(cards_path),
        )
    db = CardDB(
        printings=tuple(cards),
        sets=parse_sets(folder / SETS_FILE, sets_raw),
        rules=parse_card_rules(folder / RULES_FILE, rules_raw),
        data_as_of=manifest.data_as_of,
        source=manifest.source,
    )
    if use_cache:
        cache.store("cards", key, db.without_caches())
    return db


def parse_sets(path: Path, raw: bytes) -> dict[str, SetInfo]:
    data = _json(path, raw)
    try:
        items = TypeAdapter(list[SetInfo]).validate_python(data.get("sets") if isinstance(data, dict) else data)
    except ValidationError as exc:
        raise _friendly(exc, path, "set list") from None
    return {s.code: s for s in items}


def parse_card_rules(path: Path, raw: bytes) -> CardRules:
    data = _json(path, raw)
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if not k.startswith("_")}
    try:
        return CardRules.model_validate(data)
    except ValidationError as exc:
        raise _friendly(exc, path, "card rules") from None


def write_bundle(cards: list[Card], folder: Path, *, source: str, data_as_of: date) -> Manifest:
    """Write ``cards.json`` and ``bundle.json`` atomically (the reviewed files are left alone)."""
    from deckcheck.io import atomic_write_bytes

    payload = [c.model_dump(mode="json", exclude_defaults=False) for c in cards]
    raw = ("[\n" + ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in payload) + "\n]\n").encode()
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.set] = counts.get(c.set, 0) + 1
    manifest = Manifest(
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
