"""Card data updates: a dump fetched by the user, stored in their data folder, laid over the bundle.

``deckcheck cards update SOURCE`` reads a dump (a JSON list of printings in the schema of the
bundled dump; ``_src``/``_doubt`` optional) from a file or an ``http(s)://`` URL, validates every
row with the importer's schema, and stores the result as ``cards-update.json`` in the data folder
(``$DECKCHECK_DATA_DIR``, else ``$XDG_DATA_HOME/deckcheck``, else ``~/.local/share/deckcheck``),
written atomically, with the SHA-256 of its printings: a load whose checksum matches reads them
without the schema, one edited since is checked by it again. The bundled ``card_data/`` is never
modified.

A set's data from before its release date in ``sets.json`` (a preview dump of an announced set)
is preliminary even when no number is missing: its cards are known, and legal from that date.

An update replaces the data of every set it holds and leaves the others alone; updates
accumulate (a later update of one set keeps the sets of an earlier one). Loading is
bundled data -> + update -> :class:`~deckcheck.cards.lookup.CardDB`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from functools import partial
from pathlib import Path

from deckcheck.cards.lookup import CardDB
from deckcheck.cards.model import Card, CardType
from deckcheck.cards.provenance import (
    COMPLETE, PRELIMINARY, UPDATE, Provenance, SetData, UpdateInfo, merge, missing_numbers,
)
from deckcheck.cards.places import UPDATE_FILE, data_dir, update_path  # noqa: F401 - offered here too
from deckcheck.cards.sets import SetInfo
from deckcheck.errors import CardDataError

UPDATE_SCHEMA = 1
#: No card dump comes near this (the whole bundle is ~0.4 MB); a bigger answer is not one.
MAX_BYTES = 16 * 1024 * 1024
#: Seconds one read may wait, and seconds the whole fetch may take (connection, redirects, body).
TIMEOUT = 30.0
DEADLINE = 120.0


# ------------------------------------------------------------------ fetching
@dataclass(frozen=True, slots=True)
class Fetched:
    raw: bytes
    source: str  # the URL or the file's absolute path
    data_as_of: date  # Last-Modified of a URL, the file's date, else today


def is_url(source: str) -> bool:
    return source.lower().startswith(("http://", "https://"))


def fetch(source: str, *, timeout: float = TIMEOUT, deadline: float = DEADLINE) -> Fetched:
    """The bytes of ``source`` (a regular file or an http(s) URL); :class:`CardDataError` if it cannot be read."""
    if is_url(source):
        return _fetch_url(source, timeout, deadline)
    if "://" in source:
        raise CardDataError(f"cannot read {source}: only files and http(s):// URLs are supported")
    from deckcheck.io import read_regular

    path = Path(source)
    raw = read_regular(path, MAX_BYTES, error=CardDataError, what="a card dump")
    try:
        when = date.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        when = date.today()
    return Fetched(raw, str(path.resolve()), when)


def _fetch_url(url: str, timeout: float, deadline: float) -> Fetched:
    """The answer to ``url``, in a thread of its own so that the whole fetch (name lookup, redirects,
    a server that drips its answer) ends within ``deadline`` seconds."""
    import threading

    outcome: list = []

    def work() -> None:
        try:
            outcome.append(_get(url, timeout))
        except BaseException as exc:  # handed to the caller, which words it
            outcome.append(exc)

    worker = threading.Thread(target=work, name="deckcheck-fetch", daemon=True)
    worker.start()
    worker.join(deadline)
    if not outcome:
        raise CardDataError(f"cannot fetch {url}: no complete answer within {deadline:g} s")
    result = outcome[0]
    if isinstance(result, BaseException):
        raise _fetch_error(url, result, timeout) from None
    raw, modified = result
    if len(raw) > MAX_BYTES:
        raise CardDataError(f"cannot fetch {url}: more than {MAX_BYTES:,} bytes is no card dump")
    when = date.today()
    if modified:
        import email.utils

        try:
            when = email.utils.parsedate_to_datetime(modified).date()
        except (TypeError, ValueError, IndexError, OverflowError):
            pass
    return Fetched(raw, url, when)


def _get(url: str, timeout: float) -> tuple[bytes, str | None]:
    import urllib.parse
    import urllib.request

    from deckcheck.version import __version__

    class SameScheme(urllib.request.HTTPRedirectHandler):
        """Redirects within http(s) only: never to ftp://, file:// or from https:// down to http://."""

        def redirect_request(self, req, fp, code, msg, headers, newurl):
            old = urllib.parse.urlsplit(req.full_url).scheme.lower()
            new = urllib.parse.urlsplit(urllib.parse.urljoin(req.full_url, newurl)).scheme.lower()
            if new not in ("http", "https") or (old == "https" and new == "http"):
                raise CardDataError(f"cannot fetch {url}: the server redirects to {newurl[:200]}, "
                                    "which is not an http(s) address of the same security")
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    opener = urllib.request.build_opener(SameScheme)
    request = urllib.request.Request(url, headers={"User-Agent": f"deckcheck/{__version__}",
                                                   "Accept": "application/json"})
    with opener.open(request, timeout=timeout) as answer:
        return answer.read(MAX_BYTES + 1), answer.headers.get("Last-Modified")


def _fetch_error(url: str, exc: BaseException, timeout: float) -> CardDataError:
    """Any failure of a fetch as one line."""
    import http.client
    import socket
    import urllib.error

    if isinstance(exc, CardDataError):
        return exc
    if isinstance(exc, urllib.error.HTTPError):
        return CardDataError(f"cannot fetch {url}: HTTP {exc.code} {exc.reason}")
    reason: object = exc.reason if isinstance(exc, urllib.error.URLError) else exc
    if isinstance(reason, (socket.timeout, TimeoutError)):
        return CardDataError(f"cannot fetch {url}: no answer within {timeout:g} s")
    if isinstance(reason, str):
        return CardDataError(f"cannot fetch {url}: {reason[:300] or 'no detail'}")
    if isinstance(reason, (OSError, ValueError, http.client.HTTPException, LookupError, UnicodeError)):
        text = str(reason)[:300] or "no detail"
        return CardDataError(f"cannot fetch {url}: {type(reason).__name__}: {text}"
                             if isinstance(reason, http.client.HTTPException) or not str(reason)
                             else f"cannot fetch {url}: {text}")
    if isinstance(exc, Exception):
        return CardDataError(f"cannot fetch {url}: {type(exc).__name__}: {str(exc)[:300]}")
    raise exc


# ------------------------------------------------------------------ the update layer
@dataclass
class Update:
    """The update layer: printings of the sets it holds, their records and doubts."""

    cards: list[Card]
    provenance: Provenance
    names_zh: dict[str, tuple[str, str | None]] = field(default_factory=dict)  # official Chinese names by id

    @property
    def sets(self) -> tuple[str, ...]:
        return tuple(sorted(self.provenance.sets))

    def to_json(self) -> dict:
        printings = [c.to_json() for c in self.cards]
        return {"schema_version": UPDATE_SCHEMA, "provenance": self.provenance.to_json(),
                "update": self.provenance.update.to_json() if self.provenance.update else None,
                "printings": printings, "printings_sha256": _digest(printings),
                **({"names_zh": {cid: list(n) for cid, n in sorted(self.names_zh.items())}} if self.names_zh else {})}


def build_update(fetched: Fetched, bundled: CardDB, earlier: Update | None = None) -> Update:
    """Validate a fetched dump against the bundled data and lay it over ``earlier`` (if any).

    Raises :class:`CardDataError` for anything that is not a valid dump: nothing is stored then.
    """
    from deckcheck.cards.importer import RULE_FACTS, check_consistency, parse_rows

    where = fetched.source
    try:
        rows = json.loads(fetched.raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise CardDataError(f"not a card dump: not valid JSON ({exc})", file=where) from None
    legends = {c.short_name for c in bundled if c.type is CardType.LEGEND}
    dump = parse_rows(rows, where, legend_tags=legends, fields=RULE_FACTS)
    counts = dump.counts()
    kept = [c for c in (earlier.cards if earlier else ()) if c.set not in counts]
    cards = sorted([*kept, *dump.cards], key=lambda c: c.id)
    layered = {c.set for c in cards}
    merged = [c for c in bundled if c.set not in layered] + cards
    own_doubts = {cid: d for cid, d in (earlier.provenance.doubts.items() if earlier else ())
                  if cid.split("-", 1)[0] not in counts}
    own_doubts.update(dump.doubts)
    doubts = {cid: d for cid, d in bundled.provenance.doubts.items() if cid.split("-", 1)[0] not in layered}
    check_consistency(merged, where, {**doubts, **own_doubts}, fields=RULE_FACTS)
    records = {code: s for code, s in (earlier.provenance.sets.items() if earlier else ()) if code not in counts}
    for code, n in counts.items():
        info = bundled.sets.get(code)
        numbers = [c.number for c in dump.cards if c.set == code]
        missing = missing_numbers(numbers, info.size if info else None)
        doubtful = any(cid.startswith(code + "-") for cid in dump.doubts)
        preview = info is not None and info.released is not None and fetched.data_as_of < info.released
        records[code] = SetData(code=code, state=PRELIMINARY if missing or doubtful or preview else COMPLETE,
                                data_as_of=fetched.data_as_of, source=fetched.source, printings=n,
                                missing=missing, layer=UPDATE)
    path = update_path()
    fetched_at = datetime.now(timezone.utc).replace(microsecond=0).isoformat()
    info = UpdateInfo(source=fetched.source, fetched=fetched_at, path=str(path), sets=tuple(sorted(records)),
                      sha256=hashlib.sha256(fetched.raw).hexdigest())
    names_zh = {cid: n for cid, n in (earlier.names_zh.items() if earlier else ()) if cid.split("-", 1)[0] not in counts}
    names_zh.update(dump.names_zh)
    return Update(cards, Provenance(sets=records, doubts=own_doubts, update=info), names_zh)


def read_update(path: Path | None = None) -> Update | None:
    """The stored update layer, or None. A damaged file is an error that says how to recover."""
    from deckcheck.io import read_regular

    path = path or update_path()
    if not os.path.lexists(path):
        return None
    raw = read_regular(path, MAX_BYTES, error=CardDataError, what="a card data update")
    try:
        data = json.loads(raw)
        if not isinstance(data, dict) or data.get("schema_version") != UPDATE_SCHEMA:
            raise ValueError(f"not a card data update of schema {UPDATE_SCHEMA}")
        prov = Provenance.from_json(data["provenance"], layer=UPDATE)
        meta = data.get("update") or {}
        info = UpdateInfo(source=str(meta["source"]), fetched=str(meta["fetched"]), path=str(path),
                          sets=tuple(str(s) for s in meta["sets"]), sha256=str(meta.get("sha256", "")))
        cards = _stored_cards(data["printings"], data.get("printings_sha256"), path)
        names_zh = {str(cid): (str(n[0]), None if n[1] is None else str(n[1]))
                    for cid, n in (data.get("names_zh") or {}).items()}
    except (ValueError, KeyError, TypeError, AttributeError, CardDataError) as exc:
        reason = exc.message if isinstance(exc, CardDataError) else exc
        raise CardDataError(f"the card data update is damaged ({reason}); fetch it again or remove it with "
                            "'deckcheck cards update --reset'", file=str(path)) from None
    return Update(cards, Provenance(sets=prov.sets, doubts=prov.doubts, docs=prov.docs, update=info), names_zh)


def _digest(printings: list) -> str:
    """The SHA-256 of the printings of an update as stored (compact JSON)."""
    return hashlib.sha256(json.dumps(printings, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()


def _stored_cards(rows: object, digest: object, path: Path) -> list[Card]:
    """The printings of a stored update: read straight into cards when its checksum shows them as
    stored (the card schema passed them on fetching), else checked by that schema again."""
    if type(rows) is list and digest == _digest(rows):
        try:
            return [Card.from_trusted(row) for row in rows]
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    from deckcheck.cards.bundle import validated

    return [model.to_card() for model in validated(rows, "CardSchema", path, "card list", many=True)]


def store_update(update: Update, path: Path | None = None) -> Path:
    """Write the update layer atomically (the folder is made if needed)."""
    from deckcheck.io import atomic_write_bytes

    path = path or update_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardDataError(f"cannot make the data folder: {exc.strerror}", file=str(path.parent)) from None
    atomic_write_bytes(path, (json.dumps(update.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n").encode())
    return path


def reset_update(path: Path | None = None) -> bool:
    """Remove the update layer; False if there was none."""
    path = path or update_path()
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise CardDataError(f"cannot remove the card data update: {exc.strerror}", file=str(path)) from None
    return True


def apply_update(bundled: CardDB, update: Update) -> CardDB:
    """The bundled database with the update's sets replaced (a new :class:`CardDB`)."""
    layered = set(update.provenance.sets)
    printings = tuple(sorted([c for c in bundled if c.set not in layered] + update.cards, key=lambda c: c.id))
    sets = dict(bundled.sets)
    for code in sorted(layered):
        old = sets.get(code)
        if old is None:  # a set deckcheck's set list does not know yet: no name, no release date
            sets[code] = SetInfo(code=code, name=code, in_database=True, released=None, size=None)
        elif not old.in_database:
            sets[code] = replace(old, in_database=True)
    names_zh = bundled.names_zh
    if update.names_zh:
        source = update.provenance.update.source if update.provenance.update else ""
        names_zh = partial(_names_laid_over, bundled.names_zh, update.names_zh, source)
    return CardDB(printings=printings, sets=sets, rules=bundled.rules, data_as_of=bundled.data_as_of,
                  source=bundled.source, provenance=merge(bundled.provenance, update.provenance),
                  names_zh=names_zh)


def _names_laid_over(bundled, rows: dict, source: str):
    """The bundled Chinese names (``bundled()``) with an update's laid over them."""
    from deckcheck.cards.chinese import merged

    return merged(bundled() if bundled is not None else None, rows, source)


# ------------------------------------------------------------------ what changes
_FACTS = ("name", "type", "supertypes", "tags", "domains", "energy", "power", "power_domains", "might", "rarity",
          "variant", "number")


@dataclass
class Diff:
    """What an update changes, compared with the data in force."""

    new_sets: list[str] = field(default_factory=list)
    added: list[Card] = field(default_factory=list)
    changed: list[tuple[str, str, object, object]] = field(default_factory=list)  # id, field, old, new
    removed: list[Card] = field(default_factory=list)
    unknown_to_formats: list[str] = field(default_factory=list)  # sets with no release date

    @property
    def empty(self) -> bool:
        return not (self.new_sets or self.added or self.changed or self.removed)

    def to_json(self) -> dict:
        def show(value: object) -> object:
            if isinstance(value, tuple):
                return [getattr(v, "value", v) for v in value]
            return getattr(value, "value", value)

        return {"new_sets": self.new_sets, "unknown_to_formats": self.unknown_to_formats,
                "added": [c.id for c in self.added], "removed": [c.id for c in self.removed],
                "changed": [{"id": i, "field": f, "old": show(o), "new": show(n)} for i, f, o, n in self.changed]}


def diff(before: CardDB, after: CardDB, sets: Iterable[str]) -> Diff:
    """The changes from ``before`` to ``after`` in ``sets``."""
    sets = set(sets)
    old = {c.id: c for c in before if c.set in sets}
    new = {c.id: c for c in after if c.set in sets}
    out = Diff()
    out.new_sets = sorted(s for s in sets if not any(c.set == s for c in before))
    out.unknown_to_formats = sorted(s for s in sets if after.sets.get(s) is None or after.sets[s].released is None)
    out.added = [new[i] for i in sorted(new.keys() - old.keys())]
    out.removed = [old[i] for i in sorted(old.keys() - new.keys())]
    for ident in sorted(old.keys() & new.keys()):
        a, b = old[ident], new[ident]
        for name in _FACTS:
            if getattr(a, name) != getattr(b, name):
                out.changed.append((ident, name, getattr(a, name), getattr(b, name)))
    return out
