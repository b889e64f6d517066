"""Formats as reviewed data (``card_data/formats/*.yaml``) and what they say on a given date.

A format file gives the sizes, the sideboard limit's history, the legal sets and the dated ban
list. ``extends: other`` starts from another format; ``add_bans`` adds to its ban list.
:func:`load_format` parses a file once per process (PyYAML is imported only then) and
:func:`format_on` answers "what does this format allow on this date".
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Literal

from deckcheck.errors import DeckcheckError
from deckcheck.plain import Plain


class FormatError(DeckcheckError):
    """An unknown format, a broken format file, or a date the format does not cover."""


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class BanSpec(Plain):
    """One banned card: its exact card-data name, the first day it is banned (inclusive), how
    Riot's list writes it if different, and whether the card data lacks it yet."""

    card: str
    since: date
    riot_name: str | None = None
    unverified: bool = False


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class SetSpan(Plain):
    """A legal set that leaves the format on a date (rotation): legal from its release until the day before."""

    code: str
    leaves: date | None = None


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class SideboardStep(Plain):
    """The sideboard rule from one date until the next step: at most ``max`` cards, or only ``sizes``."""

    since: date
    max: int | None = None
    sizes: tuple[int, ...] | None = None
    note: str = ""


@dataclass(unsafe_hash=True, slots=True, kw_only=True)
class MainDeckSpec(Plain):
    """Exactly or at least this many Main Deck cards."""

    exactly: int | None = None
    at_least: int | None = None


@dataclass(slots=True, kw_only=True)
class FormatSpec(Plain):
    """A format file after ``extends`` is applied and its schema (:mod:`~deckcheck.rules.format_schema`)
    passed: sizes, the sideboard's history, legal sets, dated bans, an event's battlefield list
    (None: any), the decks a team registers (None: no teams), whether a preconstructed product
    played as sold keeps its banned cards (TR 601.2.d.2), and the file it was read from."""

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

    def __post_init__(self) -> None:
        if self.bans is None:  # given as None: no bans
            self.bans = []

    def __hash__(self) -> int:
        """By name, file and start (equal specs hash alike; two specs that differ are told apart by ``==``)."""
        return hash((self.name, self.file, self.starts))

    @property
    def has_sideboard(self) -> bool:
        return isinstance(self.sideboard, list)

    @classmethod
    def from_data(cls, data: dict) -> "FormatSpec":
        """A spec from the JSON its schema dumped (a cache entry); ValueError/TypeError/KeyError if it is not one."""
        if type(data) is not dict or data.keys() != set(cls.__slots__):
            raise ValueError("not a format")
        main, side, sets, bans, fields = data["main_deck"], data["sideboard"], data["sets"], data["bans"], {}
        for key, kind in _FIELD_TYPES.items():
            if not isinstance(data[key], kind) or data[key].__class__ is bool and bool not in _as_tuple(kind):
                raise TypeError(f"{key}: wrong type")
        if sets != "all":
            if type(sets) is not list:
                raise TypeError("sets")
            sets = [s if type(s) is str else SetSpan(code=_str(s["set"]), leaves=None if s["leaves"] is None
                                                     else date.fromisoformat(s["leaves"])) for s in sets]
        battlefields = data["battlefields"]
        if battlefields is not None and not all(type(b) is str for b in battlefields):
            raise TypeError("battlefields")
        if side in ("none", "unchecked"):
            steps: list[SideboardStep] | str = side
        elif type(side) is list:
            steps = [SideboardStep(since=date.fromisoformat(st["since"]), max=_opt_int(st["max"]),
                                   sizes=None if st["sizes"] is None else tuple(map(_int, st["sizes"])),
                                   note=_str(st["note"])) for st in side]
        else:
            raise ValueError("sideboard")
        fields.update(
            main_deck=MainDeckSpec(exactly=_opt_int(main["exactly"]), at_least=_opt_int(main["at_least"])),
            sideboard=steps,
            bans=[BanSpec(card=_str(b["card"]), since=date.fromisoformat(b["since"]),
                          riot_name=None if b["riot_name"] is None else _str(b["riot_name"]),
                          unverified=b["unverified"] is True) for b in bans],
            starts=date.fromisoformat(data["starts"]),
            sets=sets,
        )
        return cls(**{**data, **fields})


#: The types of the flat fields of a format as its schema dumps them.
_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "name": str, "title": str, "description": str, "starts": str, "tournament": bool, "best_of": int,
    "main_deck": dict, "sideboard": (list, str), "sets": (list, str), "bans": list,
    "battlefields": (list, type(None)), "team_size": (int, type(None)), "precon_exception": bool, "file": str,
}


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _str(value: object) -> str:
    if type(value) is not str:
        raise TypeError("not a string")
    return value


def _int(value: object) -> int:
    if type(value) is not int:
        raise TypeError("not an integer")
    return value


def _opt_int(value: object) -> int | None:
    return None if value is None else _int(value)


def formats_dir() -> Path:
    """The bundled formats: ``card_data/formats`` beside the card data (``$DECKCHECK_CARD_DATA``)."""
    from deckcheck.cards.bundle import default_card_data_dir

    return default_card_data_dir() / "formats"


def format_names() -> list[str]:
    """Names of the bundled formats, sorted."""
    return sorted(p.stem for p in formats_dir().glob("*.yaml"))


def _looks_like_path(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or os.sep in name or "/" in name


#: The largest format file read (the bundled ones are a few KiB).
MAX_FORMAT_BYTES = 1024 * 1024


def _read_yaml(path: Path, use_cache: bool = True) -> dict:
    """The mapping in a format file; parsed once per content and cached (:mod:`deckcheck.cache`)."""
    from deckcheck import cache

    from deckcheck.io import read_regular

    if not os.path.exists(path):
        raise FormatError(f"format file not found: {path}", file=str(path))
    raw = read_regular(path, MAX_FORMAT_BYTES, error=FormatError, what="a format file")  # no FIFO, no device
    key = cache.cache_key(b"format-yaml", raw)
    data = cache.load("format", key) if use_cache else None  # JSON data only; validated like the file
    if not isinstance(data, dict):
        data = _as_json(_parse_yaml(path, raw))
        cache.store("format", key, data, keep=64)
    return data


def _as_json(value):
    """YAML data with its dates as ISO text (what the schema reads either way) and every key as text
    (a key written '5:' or 'true:' is an unknown key to report), so JSON can hold it."""
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
    from deckcheck import safe_yaml

    data = safe_yaml.load(text, str(path), error=FormatError,  # safe loader, bounded
                          invalid="format file is not valid YAML")
    if not isinstance(data, dict):
        raise FormatError("a format file must be a YAML mapping (name: ..., bans: ...)", file=str(path))
    return data


def _raw_format(name: str, seen: tuple[str, ...] = (), use_cache: bool = True) -> tuple[dict, Path]:
    path = Path(name) if _looks_like_path(name) else formats_dir() / f"{name}.yaml"
    if not _looks_like_path(name) and not path.is_file():
        known = format_names()
        same = [k for k in known if k.casefold() == name.strip().casefold()]  # --format Standard
        if not same:
            import difflib

            close = difflib.get_close_matches(name.strip().casefold(), known, n=2, cutoff=0.6)
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            raise FormatError(f"unknown format '{name}'{hint} (known formats: {', '.join(known)}; "
                              "or give a format .yaml file)")
        name, path = same[0], formats_dir() / f"{same[0]}.yaml"
    data = _read_yaml(path, use_cache)
    parent = data.pop("extends", None)
    extra_bans = data.pop("add_bans", None) or []
    if not isinstance(extra_bans, list):  # 'add_bans: 5' or a single mapping: no list to add
        raise FormatError(f"broken format '{name}': add_bans: Input should be a valid list", file=str(path),
                          line=line_of(str(path), ("add_bans",)))
    if parent is not None:
        if parent in seen:
            raise FormatError(f"format '{name}' extends itself through {' -> '.join((*seen, name, parent))}",
                              file=str(path))
        base, _ = _raw_format(str(parent), (*seen, name), use_cache)  # load_format sets "file"
        data = {**base, **data}
    if extra_bans:
        data["bans"] = [*(data.get("bans") or []), *extra_bans]
    return data, path


@lru_cache(maxsize=64)
def load_format(name: str) -> FormatSpec:
    """The format ``name`` (bundled) or the format file at that path, parsed once and cached.

    The first read of a file (or of a changed one) checks it against the schema
    (:mod:`deckcheck.rules.format_schema`) and caches the result as JSON; later reads build the
    plain :class:`FormatSpec` from that entry without importing the schema library or PyYAML.
    """
    from deckcheck import cache

    for use_cache in (True, False):  # a cache entry that does not validate is read again from the files
        data, path = _raw_format(name, use_cache=use_cache)
        data["file"] = str(path)
        key = cache.cache_key(b"format-spec", json.dumps(data, sort_keys=True, default=str).encode())
        checked = cache.load("spec", key) if use_cache else None
        if checked is not None:
            try:
                return FormatSpec.from_data(checked)
            except (ValueError, TypeError, KeyError, AttributeError):
                pass
        checked, error = _validate(data)
        if checked is not None:
            cache.store("spec", key, checked, keep=64)
            return FormatSpec.from_data(checked)
    errors = error.errors()
    # a set written as a mapping is a rotation entry: its own error, not "should be a valid string"
    errors = [e for e in errors if "SetSpanSchema" in e["loc"] and e["type"] != "model_type"] + errors
    typo = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])  # 'form:' before 'from missing'
    raise _schema_error(name, path, {**typo, "loc": _as_written(path, data, tuple(typo["loc"]))}) from None


def _as_written(path: Path, merged: dict, loc: tuple) -> tuple:
    """``loc`` in the merged format as the file writes it: its ``add_bans`` entries end the merged ``bans``."""
    if len(loc) < 2 or loc[0] != "bans" or not isinstance(loc[1], int):
        return loc
    added = _read_yaml(path, use_cache=False).get("add_bans")
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

        from deckcheck import safe_yaml

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


def _validate(data: dict):
    """(the schema's JSON dump of ``data``, None), or (None, the ValidationError)."""
    from pydantic import ValidationError

    from deckcheck.rules.format_schema import FormatSchema

    try:
        return FormatSchema.model_validate(data).model_dump(mode="json"), None
    except ValidationError as exc:
        return None, exc


@dataclass(unsafe_hash=True, slots=True)
class SetOnDate:
    code: str
    name: str
    released: date | None
    in_database: bool
    leaves: date | None = None  # the day it leaves the format (rotation), if the format says


@dataclass(unsafe_hash=True, slots=True)
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
