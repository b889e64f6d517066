"""Formats as reviewed data (``card_data/formats/*.yaml``) and what they say on a given date.

A format file gives the sizes, the sideboard limit's history, the legal sets and the dated ban
list. ``extends: other`` starts from another format; ``add_bans`` adds to its ban list.
:func:`load_format` reads a file once per process and again when it changes (the schema checks a
content once per user, PyYAML and pydantic are imported only then) and :func:`format_on` answers
"what does this format allow on this date".
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Literal

from deckcheck.errors import DeckcheckError


class FormatError(DeckcheckError):
    """An unknown format, a broken format file, or a date the format does not cover."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BanSpec:
    """One banned card: its exact card-data name, the first day it is banned (inclusive), how
    Riot's list writes it if different, and whether the card data lacks it yet."""

    card: str
    since: date
    riot_name: str | None = None
    unverified: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetSpan:
    """A legal set that leaves the format on a date (rotation): legal from its release until the day before."""

    code: str
    leaves: date | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SideboardStep:
    """The sideboard rule from one date until the next step: at most ``max`` cards, or only ``sizes``."""

    since: date
    max: int | None = None
    sizes: tuple[int, ...] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class MainDeckSpec:
    """Exactly or at least this many Main Deck cards."""

    exactly: int | None = None
    at_least: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FormatSpec:
    """A format file after ``extends`` is applied and its schema (:mod:`~deckcheck.rules.format_schema`)
    passed: sizes, the sideboard's history, legal sets, dated bans, an event's battlefield list
    (None: any), the decks a team registers (None: no teams), whether a preconstructed product
    played as sold keeps its banned cards (TR 601.2.d.2), and the file it was read from.
    An event's variant is a copy: ``dataclasses.replace(spec, bans=[...])``."""

    name: str
    title: str
    description: str = ""
    starts: date
    tournament: bool
    best_of: int
    main_deck: MainDeckSpec
    sideboard: list[SideboardStep] | str
    sets: list[str | SetSpan] | str
    bans: list[BanSpec] = field(default_factory=list)
    battlefields: list[str] | None = None
    team_size: int | None = None
    precon_exception: bool = False
    file: str = ""

    def __hash__(self) -> int:
        """By name, file and start (equal specs hash alike; two specs that differ are told apart by ``==``)."""
        return hash((self.name, self.file, self.starts))

    @property
    def has_sideboard(self) -> bool:
        return isinstance(self.sideboard, list)


def formats_dir() -> Path:
    """The bundled formats: ``card_data/formats`` beside the card data (``$DECKCHECK_CARD_DATA``)."""
    from deckcheck.cards.bundle import default_card_data_dir

    return default_card_data_dir() / "formats"


def format_names() -> list[str]:
    """Names of the bundled formats, sorted."""
    return sorted(p.stem for p in formats_dir().glob("*.yaml"))


def names_a_file(name: str) -> bool:
    """A format named by its file (``event.yaml``, ``./standard``) rather than a bundled name."""
    return name.endswith((".yaml", ".yml")) or os.sep in name or "/" in name


def format_files(name: str) -> list[str]:
    """The files format ``name`` is read from: the file it names and each format file it ``extends``
    (none for a bundled format), so ``--out-file`` never replaces one of them. A format that cannot
    be read gives its own file alone (its error is said where it is loaded)."""
    if not names_a_file(name) or not os.path.isfile(name):
        return []
    try:
        load_format(name)
    except DeckcheckError:
        return [name]
    return [path for path, _ in _KEPT[name][1] if path == name or not path.startswith(str(formats_dir()))]


#: The largest format file read (the bundled ones are a few KiB).
MAX_FORMAT_BYTES = 1024 * 1024
#: The most formats a process keeps (a long-running one reading many event files starts again).
MOST_KEPT = 64
#: The formats read in this process: name or path -> the spec, and each file it was read from with
#: its stamp (modification time, size, inode) taken before it was read.
_KEPT: dict[str, tuple[FormatSpec, tuple[tuple[str, tuple | None], ...]]] = {}


def load_format(name: str) -> FormatSpec:
    """The format ``name`` (bundled) or the format file at that path.

    Kept for the life of the process while its files stay as they were: each call compares the
    stamps (modification time, size) of the file and of those it ``extends``, so an edit is read
    again. The first read of a file's content checks it against the schema
    (:mod:`deckcheck.rules.format_schema`) and keeps the checked format in the per-user cache
    (:mod:`deckcheck.cache`); later processes build it from that entry without PyYAML or pydantic.
    """
    kept = _KEPT.get(name)
    if kept is not None and all(_stamp(path) == stamp for path, stamp in kept[1]):
        return kept[0]
    spec, files = _read_format(name)
    if len(_KEPT) >= MOST_KEPT:
        _KEPT.clear()
    _KEPT[name] = (spec, files)
    return spec


load_format.cache_clear = _KEPT.clear  # type: ignore[attr-defined]  # forget every format (clear_caches)


def _stamp(path: str) -> tuple | None:
    """What tells an edited file from the one read: its modification time, size and inode."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_mtime_ns, found.st_size, found.st_ino)


def _read_file(path: Path) -> tuple[tuple | None, bytes]:
    """A format file's stamp, then its bytes (a regular file within the size limit)."""
    from deckcheck.io import read_regular

    if not os.path.exists(path):
        raise FormatError(f"format file not found: {path}", file=str(path))
    stamp = _stamp(str(path))
    return stamp, read_regular(path, MAX_FORMAT_BYTES, error=FormatError, what="a format file")  # no FIFO


def _format_path(name: str) -> tuple[str, Path]:
    """The name a format goes by and its file: a path as given, a bundled name in any case."""
    path = Path(name) if names_a_file(name) else formats_dir() / f"{name}.yaml"
    if names_a_file(name) or path.is_file():
        return name, path
    known = format_names()
    same = [k for k in known if k.casefold() == name.strip().casefold()]  # --format Standard
    if not same:
        import difflib

        close = difflib.get_close_matches(name.strip().casefold(), known, n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise FormatError(f"unknown format '{name}'{hint} (known formats: {', '.join(known)}; "
                          "or give a format .yaml file)")
    return same[0], formats_dir() / f"{same[0]}.yaml"


def _read_format(name: str) -> tuple[FormatSpec, tuple[tuple[str, tuple | None], ...]]:
    """The format ``name`` and the stamps of its files: built from the per-user cache's entry for
    this content (its files unchanged), else parsed, checked by the schema and cached."""
    import deckcheck.cache as cache

    name, path = _format_path(name)
    stamp, raw = _read_file(path)
    key = cache.cache_key(b"format", str(path).encode(), str(formats_dir()).encode(), raw)
    found = _from_entry(cache.load("format", key), str(path), stamp)
    if found is not None:
        return found
    data, read = _merged(name, path, raw, stamp)
    data["file"] = str(path)
    dump = _checked(name, path, data)
    cache.store("format", key, {"spec": dump, "extends": [[str(p), _digest(r)] for p, _, r in read[1:]]}, keep=64)
    return _from_dump(dump), tuple((str(p), s) for p, s, _ in read)


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _from_entry(entry: object, path: str, stamp: tuple | None):
    """The spec in a cache entry and its files' stamps, if the files it ``extends`` are unchanged;
    None for an entry that does not hold one (it is rebuilt)."""
    if not isinstance(entry, dict):
        return None
    try:
        files = [(path, stamp)]
        for parent, digest in entry["extends"]:
            parent_stamp, raw = _read_file(Path(parent))
            if _digest(raw) != digest:
                return None
            files.append((parent, parent_stamp))
        return _from_dump(entry["spec"]), tuple(files)
    except (KeyError, TypeError, ValueError, AttributeError, FormatError):
        return None


def _from_dump(data: dict) -> FormatSpec:
    """A format from the JSON its schema dumped (signed in the cache: nothing is checked again)."""
    side, sets = data["sideboard"], data["sets"]
    return FormatSpec(
        name=data["name"], title=data["title"], description=data["description"],
        starts=date.fromisoformat(data["starts"]), tournament=data["tournament"], best_of=data["best_of"],
        main_deck=MainDeckSpec(exactly=data["main_deck"]["exactly"], at_least=data["main_deck"]["at_least"]),
        sideboard=side if isinstance(side, str) else [
            SideboardStep(since=date.fromisoformat(s["since"]), max=s["max"], note=s["note"],
                          sizes=None if s["sizes"] is None else tuple(s["sizes"])) for s in side],
        sets=sets if isinstance(sets, str) else [
            s if isinstance(s, str) else SetSpan(code=s["set"], leaves=_day(s["leaves"])) for s in sets],
        bans=[BanSpec(card=b["card"], since=date.fromisoformat(b["since"]), riot_name=b["riot_name"],
                      unverified=b["unverified"]) for b in data["bans"]],
        battlefields=data["battlefields"], team_size=data["team_size"],
        precon_exception=data["precon_exception"], file=data["file"])


def _day(value: str | None) -> date | None:
    return None if value is None else date.fromisoformat(value)


def _as_json(value):
    """YAML data with its dates as ISO text (what the schema reads either way) and every key as text
    (a key written '5:' or 'true:' is an unknown key to report)."""
    if isinstance(value, dict):
        return {k if isinstance(k, str) else str(k): _as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_json(v) for v in value]
    return value.isoformat() if isinstance(value, date) else value


def _parse_yaml(path: Path, raw: bytes) -> dict:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"format file is not UTF-8 (byte {exc.start})", file=str(path)) from None
    import deckcheck.safe_yaml as safe_yaml

    data = safe_yaml.load(text, str(path), error=FormatError,  # safe loader, bounded
                          invalid="format file is not valid YAML")
    if not isinstance(data, dict):
        raise FormatError("a format file must be a YAML mapping (name: ..., bans: ...)", file=str(path))
    return _as_json(data)


def _merged(name: str, path: Path, raw: bytes, stamp: tuple | None, seen: tuple[str, ...] = ()):
    """The mapping of a format file with what it ``extends`` laid under it and its ``add_bans`` added,
    and the files read for it (path, stamp, bytes; this one first)."""
    data = _parse_yaml(path, raw)
    parent = data.pop("extends", None)
    extra_bans = data.pop("add_bans", None) or []
    if not isinstance(extra_bans, list):  # 'add_bans: 5' or a single mapping: no list to add
        raise FormatError(f"broken format '{name}': add_bans: Input should be a valid list", file=str(path),
                          line=line_of(str(path), ("add_bans",)))
    read = [(path, stamp, raw)]
    if parent is not None:
        if parent in seen:
            raise FormatError(f"format '{name}' extends itself through {' -> '.join((*seen, name, parent))}",
                              file=str(path))
        parent_name, parent_path = _format_path(str(parent))
        parent_stamp, parent_raw = _read_file(parent_path)
        base, above = _merged(parent_name, parent_path, parent_raw, parent_stamp, (*seen, name))
        data = {**base, **data}
        read += above
    if extra_bans:
        data["bans"] = [*(data.get("bans") or []), *extra_bans]
    return data, read


def _checked(name: str, path: Path, data: dict) -> dict:
    """``data`` checked by the format schema: its JSON dump, or the FormatError naming the key at fault."""
    from pydantic import ValidationError

    from deckcheck.rules.format_schema import FormatSchema

    try:
        return FormatSchema.model_validate(data).model_dump(mode="json")
    except ValidationError as exc:
        errors = exc.errors()
        # a set written as a mapping is a rotation entry: its own error, not "should be a valid string"
        errors = [e for e in errors if "SetSpanSchema" in e["loc"] and e["type"] != "model_type"] + errors
        typo = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])  # 'form:' before 'from missing'
        raise _schema_error(name, path, {**typo, "loc": _as_written(path, data, tuple(typo["loc"]))}) from None


def _as_written(path: Path, merged: dict, loc: tuple) -> tuple:
    """``loc`` in the merged format as the file writes it: its ``add_bans`` entries end the merged ``bans``."""
    if len(loc) < 2 or loc[0] != "bans" or not isinstance(loc[1], int):
        return loc
    added = _parse_yaml(path, _read_file(path)[1]).get("add_bans")
    start = len(merged.get("bans") or []) - len(added) if isinstance(added, list) else loc[1] + 1
    return ("add_bans", loc[1] - start, *loc[2:]) if loc[1] >= start else loc


#: Keys a format file may have besides the FormatSpec fields.
_EXTRA_KEYS = ("extends", "add_bans")
#: How pydantic names the member of a union type in an error's place.
_UNION_TAGS = ("list[", "function-", "literal[")
#: The members of the union a legal set is (a code, or a code with the day it leaves), named the same way.
_UNION_NAMES = frozenset({"str", "SetSpanSchema"})
#: The keys of the entries of a format file's nested fields.
_BAN_KEYS = ("card", "from", "riot_name", "unverified")
_NESTED_KEYS = {"bans": _BAN_KEYS, "add_bans": _BAN_KEYS, "sideboard": ("from", "max", "sizes", "note"),
                "main_deck": ("exactly", "at_least"), "sets": ("set", "leaves")}


def _schema_error(name: str, path: Path, err: dict) -> FormatError:
    """One error for a format file that does not validate: the line, the key, did-you-mean."""
    import difflib

    # without pydantic's names of the members of a union ('list[SideboardStepSchema]'): the file's own keys
    loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and (p.startswith(_UNION_TAGS) or p in _UNION_NAMES)))
    where = ".".join(str(p) for p in loc)
    line = line_of(str(path), loc)
    if err["type"] == "extra_forbidden" and len(loc) >= 1:
        from deckcheck.rules.format_schema import FormatSchema

        if len(loc) == 1:
            known = [k for k in (*FormatSchema.model_fields, *_EXTRA_KEYS) if k != "file"]
        else:  # keys of a ban, a sideboard step, the main deck, as the file spells them ('from', not 'since')
            known = list(_NESTED_KEYS.get(str(loc[0]), ()))
        close = difflib.get_close_matches(str(loc[-1]), known, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else (f" (known keys: {', '.join(known)})" if known else "")
        return FormatError(f"unknown key '{loc[-1]}' in format '{name}'{hint}", file=str(path), line=line)
    return FormatError(f"broken format '{name}': {where}: {err['msg']}", file=str(path), line=line)


def line_of(path: str | None, loc: tuple = (), *, value: str | None = None) -> int | None:
    """The line of a format file where ``loc`` (keys and list indexes) is written, or where the
    scalar ``value`` first appears; None when the file does not say (a value from ``extends``)."""
    if not path:
        return None
    try:
        import yaml

        import deckcheck.safe_yaml as safe_yaml

        text = Path(path).read_text(encoding="utf-8")
        safe_yaml.load(text, path)  # bounded first: never compose an unchecked document
        root = yaml.compose(text, Loader=safe_yaml.loader_class(yaml))
    except Exception:  # the line is a courtesy; the error is raised anyway
        return None
    if root is None:
        return None
    if value is not None:
        stack = [root]
        while stack:
            node = stack.pop(0)
            if isinstance(node, yaml.ScalarNode) and node.value == value:
                return node.start_mark.line + 1
            if isinstance(node, yaml.MappingNode):
                stack.extend(v for pair in node.value for v in pair)
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)
        return None
    node = root
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            found = next(((k, v) for k, v in node.value if k.value == str(part)), None)
            if found is None:
                return node.start_mark.line + 1
            key, node = found
            if part == loc[-1]:
                return key.start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
        else:
            break
    return node.start_mark.line + 1


@dataclass(frozen=True, slots=True)
class SetOnDate:
    code: str
    name: str
    released: date | None
    in_database: bool
    leaves: date | None = None  # the day it leaves the format (rotation), if the format says


@dataclass(frozen=True, slots=True)
class FormatOnDate:
    """What a format allows on one date: the numbers every rule reads."""

    spec: FormatSpec
    as_of: date
    main_exact: int | None
    main_min: int
    sideboard: Literal["none", "unchecked", "limited"]
    sideboard_max: int | None
    sideboard_sizes: tuple[int, ...] | None
    sideboard_note: str
    legal_sets: dict[str, SetOnDate]
    pending_sets: dict[str, SetOnDate]  # legal in the format, not released yet on the date
    bans: dict[str, BanSpec]  # name -> ban, only those in force on the date
    later_bans: dict[str, BanSpec]  # bans that start after the date
    left_sets: dict[str, SetOnDate] = field(default_factory=dict)  # rotated out by the date
    runes_exact: int = 12  # the Rune Deck (CR 103.3.a)
    battlefields_exact: int = 3  # the battlefields a deck brings: every mode asks for 3 (CR 103.4.a)

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def tournament(self) -> bool:
        return self.spec.tournament

    def targets(self) -> dict[str, str]:
        """Zone sizes to show beside the counts: ``{"main": "40", "sideboard": "10", ...}``."""
        out = {"main": str(self.main_exact) if self.main_exact else f"{self.main_min}+",
               "runes": str(self.runes_exact), "battlefields": str(self.battlefields_exact)}
        if self.sideboard == "limited":
            out["sideboard"] = (str(self.sideboard_max) if self.sideboard_max is not None
                                else " or ".join(map(str, self.sideboard_sizes or ())))
        elif self.sideboard == "none":
            out["sideboard"] = "0"
        return out


def format_on(spec: FormatSpec, as_of: date, sets: dict) -> FormatOnDate:
    """Apply the dates: sideboard step, released legal sets, bans in force. ``sets``: code -> SetInfo."""
    if as_of < spec.starts:
        raise FormatError(
            f"{spec.name} starts on {spec.starts.isoformat()} (the first Riftbound release); "
            f"{as_of.isoformat()} is before any card was legal"
        )
    entries = list(sets) if spec.sets == "all" else spec.sets
    legal: dict[str, SetOnDate] = {}
    pending: dict[str, SetOnDate] = {}
    left: dict[str, SetOnDate] = {}
    for entry in entries:
        code, leaves = (entry, None) if type(entry) is str else (entry.code, entry.leaves)
        info = sets.get(code)
        if info is None:
            raise FormatError(f"format '{spec.name}' lists set {code}, which sets.json does not know",
                              file=spec.file or None, line=line_of(spec.file, value=code))
        item = SetOnDate(code, info.name, info.released, info.in_database, leaves)
        if leaves is not None and leaves <= as_of:
            left[code] = item
        else:
            (legal if info.released is not None and info.released <= as_of else pending)[code] = item
    step = None
    if isinstance(spec.sideboard, list):
        for candidate in sorted(spec.sideboard, key=lambda s: s.since):
            if candidate.since <= as_of:
                step = candidate
        mode = "limited" if step is not None else "none"
    else:
        mode = spec.sideboard
    bans = {b.card: b for b in spec.bans if b.since <= as_of}
    later = {b.card: b for b in spec.bans if b.since > as_of}
    return FormatOnDate(
        spec=spec,
        as_of=as_of,
        main_exact=spec.main_deck.exactly,
        main_min=spec.main_deck.exactly or spec.main_deck.at_least or 40,
        sideboard=mode,
        sideboard_max=step.max if step else None,
        sideboard_sizes=step.sizes if step else None,
        sideboard_note=step.note if step else "",
        legal_sets=legal,
        pending_sets=pending,
        bans=bans,
        later_bans=later,
        left_sets=left,
    )
