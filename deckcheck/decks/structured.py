"""Our own deck files in YAML or JSON, with a pydantic schema (see docs/deck-file-format.md).

```yaml
format_version: 1
name: Jinx aggro
legend: Jinx, Loose Cannon
champion: Jinx, Rebel          # a label: its copy is counted under main
main:                          # every Main Deck card, the champion's copy included
  Jinx, Rebel: 3
  Get Excited!: 3
battlefields: [Zaun Warrens, The Grand Plaza, Hallowed Tomb]
runes: {Fury Rune: 7, Chaos Rune: 5}
sideboard: {}
```

A card is written by name or id; ``Name [OGN-007a]`` (or a list item with ``id:``) names a
printing. A section is a mapping ``card: count`` or a list of names / ``{card, count, id}``.

Reading is defensive: YAML only through the safe loader, files over 1 MiB, nesting deeper than
:data:`MAX_DEPTH` and more than :data:`MAX_ALIASES` aliases are refused before anything is built.
A bad card line (count 0, count over 99, not text) becomes a Problem with its line; a bad file
shape raises :class:`DeckReadError` with a one-line message and the line.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcheck.decks.memory import MOST, ReadMemory
from deckcheck.decks.model import MAX_COUNT, Problem, RawDeck, RawEntry, Severity, Source, Zone
from deckcheck.decks.surrogates import SURROGATE, has_surrogate
from deckcheck.decks.structured_writer import FORMAT_VERSION, deck_document, write, write_json, write_yaml  # noqa: F401
from deckcheck.errors import DeckReadError

if TYPE_CHECKING:
    from deckcheck.decks.deck_schema import DeckFile

NAME = "yaml"
MAX_BYTES = 1 << 20
MAX_DEPTH = 10
MAX_ALIASES = 8
MAX_NODES = 100_000
MAX_DIGITS = 100

SECTIONS: dict[str, Zone] = {
    "main": Zone.MAIN,
    "battlefields": Zone.BATTLEFIELDS,
    "runes": Zone.RUNES,
    "sideboard": Zone.SIDEBOARD,
}


# --------------------------------------------------------------------------- sniffing
_JSON_KEY = re.compile(r'"(format_version|legend|champion|main|battlefields|runes|sideboard)"\s*:')
_TOP_KEY = re.compile(r"^(format_version|name|legend|champion|main|battlefields|runes|sideboard|additional_legends|notes)[ \t]*:(.*)$")
_NESTED = re.compile(r"^[ \t]+(?:-[ \t]+\S|[^\s#].*:[ \t]*\d+[ \t]*(?:#.*)?$)")


def sniff(text: str) -> bool:
    """True for a JSON object or YAML mapping in our layout (lower-case keys, nested sections)."""
    head = text[:20_000].lstrip("\ufeff \t\r\n")
    if head.startswith("{"):
        return _JSON_KEY.search(head) is not None
    lines = head.splitlines()[:400]
    for i, line in enumerate(lines):
        m = _TOP_KEY.match(line)
        if m is None:
            continue
        key, rest = m[1], m[2].strip()
        if key == "format_version":
            return True
        if key in SECTIONS:
            if rest.startswith(("{", "[")):
                return True
            if not rest or rest.startswith("#"):
                following = next((x for x in lines[i + 1 :] if x.strip() and not x.lstrip().startswith("#")), "")
                if _NESTED.match(following):
                    return True
    return False


# --------------------------------------------------------------------------- reading
def read(text: str, source: str | None = None, memory: ReadMemory | None = None) -> RawDeck:
    """Read a YAML or JSON deck file. Only :class:`DeckReadError` escapes, never a traceback.

    ``memory`` holds what the batch's JSON files repeat (a new one if None: nothing is kept)."""
    if len(text) > MAX_BYTES:
        raise DeckReadError(f"deck file too large ({len(text):,} characters; the limit is 1 MiB)", file=source)
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise DeckReadError("empty deck file", file=source)
    is_json = text.lstrip().startswith(("{", "["))
    if is_json:
        data, lines, duplicates = _load_json(text, source, {} if memory is None else memory.quoted)
    else:
        data, lines, duplicates = _load_yaml(text, source)
    if not isinstance(data, dict):
        raise DeckReadError(
            "a deck file must be a mapping with legend, champion, main, battlefields, runes and sideboard",
            file=source,
            line=1,
        )
    problems = [_duplicate_problem(dup, source) for dup in duplicates]
    model, dropped = _validate(data, lines, source, problems)
    return _raw_deck(model, dropped, lines, source, "json" if is_json else "yaml", problems)


def _load_yaml(text: str, source: str | None) -> tuple[Any, dict, list]:
    import yaml

    import deckcheck.safe_yaml as safe_yaml

    limits = safe_yaml.Limits(depth=MAX_DEPTH, aliases=MAX_ALIASES, nodes=MAX_NODES)
    try:
        safe_yaml.check_events(yaml, text, source, limits=limits, error=DeckReadError)
        loader = safe_yaml.loader_class(yaml)(text)
        try:
            node = loader.get_single_node()
            if node is None:
                raise DeckReadError("empty deck file", file=source)
            safe_yaml.check_size(yaml, node, source, limits=limits, error=DeckReadError)
            lines, duplicates = _yaml_lines(yaml, node, source)
            data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = ", ".join(part.strip() for part in (exc.context, exc.problem) if part) or "cannot be read"
        if "nesting depth" in problem:
            problem = f"nested too deeply (more than {MAX_DEPTH} levels)"
        raise DeckReadError(f"invalid YAML: {problem}", file=source, line=mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise DeckReadError(f"invalid YAML: {str(exc).splitlines()[0]}", file=source) from None
    except RecursionError:
        raise DeckReadError(f"YAML nested too deeply (the limit is {MAX_DEPTH} levels)", file=source) from None
    return data, lines, duplicates


def _yaml_lines(yaml, root, source: str | None) -> tuple[dict, list]:
    """Line numbers of top-level keys and section items (in the order the loader keeps them); repeated keys."""
    lines: dict = {}
    duplicates: list = []
    if not isinstance(root, yaml.MappingNode):
        return lines, duplicates
    for key_node, value_node in root.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        line = key_node.start_mark.line + 1
        if (key,) in lines:
            raise DeckReadError(
                f"'{key}' appears twice (lines {lines[(key,)]} and {line}); write each section once",
                file=source,
                line=line,
            )
        lines[(key,)] = line
        if isinstance(value_node, yaml.MappingNode):
            first_line: dict = {}  # a repeated card keeps its first place; the loader keeps its last count
            for k, _ in value_node.value:
                name = k.value if isinstance(k, yaml.ScalarNode) else id(k)
                if name in first_line:
                    duplicates.append((key, name, first_line[name], k.start_mark.line + 1, "last"))
                else:
                    lines[(key, len(first_line))] = first_line[name] = k.start_mark.line + 1
        elif isinstance(value_node, yaml.SequenceNode):
            for i, item in enumerate(value_node.value):
                lines[(key, i)] = item.start_mark.line + 1
    return lines, duplicates


def _load_json(text: str, source: str | None, quoted: dict[str, tuple[str, ...]]) -> tuple[Any, dict, list]:
    repeated: list[tuple[int, str]] = []  # (id of the object, key)

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict:
        out: dict = {}
        for key, value in pairs:
            if key in out:
                repeated.append((id(out), key))
            else:
                out[key] = value  # the first one counts; the repeat is reported
        return out

    def parse_int(digits: str) -> int:
        if len(digits) > MAX_DIGITS:  # Python refuses to convert 4,300 digits; no count needs 100
            raise _NumberTooLong(digits)
        return int(digits)

    try:
        # A number of more than MAX_DIGITS digits needs parse_int to say so; without one, int() is used as is.
        long_number = _LONG_DIGITS.search(text) is not None
        data = json.loads(text, object_pairs_hook=pairs_hook, parse_int=parse_int if long_number else None)
    except _NumberTooLong as exc:
        digits = exc.args[0]
        raise DeckReadError(f"number too long ({len(digits):,} digits)", file=source,
                            line=_line_at(text, text.find(digits))) from None
    except json.JSONDecodeError as exc:
        raise DeckReadError(f"invalid JSON: {exc.msg}", file=source, line=exc.lineno) from None
    except RecursionError:
        raise DeckReadError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)", file=source) from None
    if text.count("{") + text.count("[") >= MAX_DEPTH and _depth(data) > MAX_DEPTH:  # fewer: not that deep
        raise DeckReadError(f"JSON nested too deeply (more than {MAX_DEPTH} levels)", file=source)
    if ("\\u" in text or (not text.isascii() and SURROGATE.search(text))) and has_surrogate(data):
        escape = _LONE_SURROGATE_ESCAPE.search(text)
        raise DeckReadError("invalid JSON: a \\u escape names half of a UTF-16 pair (a lone surrogate)",
                            file=source, line=_line_at(text, escape.start()) if escape else None)
    lines: dict = {}
    duplicates: list = []
    if isinstance(data, dict):
        find = _Cursor(text, quoted).find  # keys and items are found in document order: one scan of the text
        for key, value in data.items():
            key_line = lines[(key,)] = find(key)
            if repeated and (id(data), key) in repeated:
                raise DeckReadError(f"'{key}' appears twice; write each section once", file=source, line=key_line)
            if isinstance(value, dict):
                for i, item in enumerate(value):  # the keys of a JSON object: always text
                    line = find(item)
                    lines[(key, i)] = line if line is not None else key_line
                for object_id, card in repeated:
                    if object_id == id(value):
                        duplicates.append((key, card, lines[(key, list(value).index(card))], None, "first"))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    needle = item if isinstance(item, str) else (item.get("card") if isinstance(item, dict) else None)
                    line = find(needle) if isinstance(needle, str) else None
                    lines[(key, i)] = line if line is not None else key_line
    return data, lines, duplicates


@dataclass(slots=True)
class _Cursor:
    """Line numbers of JSON strings looked up in document order: the text is scanned once, forward,
    and a plain string is searched for as written (never serialised to find it). How each string
    may be written is kept in ``quoted`` (a :attr:`ReadMemory.quoted <deckcheck.decks.memory.ReadMemory.quoted>`):
    the card names a folder of deck files repeats."""

    text: str
    quoted: dict[str, tuple[str, ...]]
    pos: int = 0
    line: int = 1

    def find(self, needle: str) -> int | None:
        known = self.quoted
        candidates = known.get(needle)
        if candidates is None:
            candidates = _quoted(needle)
            if len(known) < MOST:
                known[needle] = candidates
        text, pos = self.text, self.pos
        for quoted in candidates:
            at = text.find(quoted, pos)
            if at >= 0:
                self.line += text.count("\n", pos, at)
                self.pos = at + len(quoted)
                return self.line
        return None


def _quoted(needle: str) -> tuple[str, ...]:
    """How a JSON file may write the string ``needle``: as is in quotes, else as json.dumps writes it."""
    if needle.isascii() and needle.isprintable() and '"' not in needle and "\\" not in needle and "/" not in needle:
        return (f'"{needle}"',)
    return (json.dumps(needle, ensure_ascii=False), json.dumps(needle))



_LONE_SURROGATE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


_LONG_DIGITS = re.compile(r"\d{%d}" % (MAX_DIGITS + 1))


class _NumberTooLong(ValueError):
    """A JSON integer with more than :data:`MAX_DIGITS` digits."""


def _depth(value: Any) -> int:
    stack, deepest = [(value, 1)], 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            return depth
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _line_at(text: str, pos: int) -> int | None:
    return text.count("\n", 0, pos) + 1 if pos >= 0 else None


def _duplicate_problem(dup: tuple, source: str | None) -> Problem:
    section, card, first, again, kept = dup
    where = f"lines {first} and {again}" if again else f"line {first} and again later"
    return Problem(
        severity=Severity.ERROR,
        message=f"'{card}' is listed twice under {section} ({where}); only the {kept} count was read: "
        "write it once with the total",
        source=Source(file=source, line=again or first),
        text=str(card),
    )


def _validate(data: dict, lines: dict, source: str | None, problems: list[Problem]) -> tuple[DeckFile, set]:
    """Validate; bad card lines become Problems and are left out, anything else raises.

    A document of plain values of the expected types (the common, well-formed file) is read by
    :func:`_plain_file` without building the pydantic models (~45 ms of a process's start);
    anything else goes to the schema, which decides and words every error.
    """
    plain = _plain_file(data)
    if plain is not None:
        return plain, set()  # type: ignore[return-value]  # the same attributes as a DeckFile
    from pydantic import ValidationError

    try:
        from deckcheck.decks.deck_schema import DeckFile

        return DeckFile.model_validate(data), set()
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
    structural = [e for e in errors if not _is_card_error(e)]
    if structural:
        first = structural[0]
        more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
        raise DeckReadError(_message(first, data) + more, file=source, line=_error_line(first, lines))
    dropped: set[tuple[str, int]] = set()
    for error in errors:
        key = (error["loc"][0], error["loc"][1])
        if key in dropped:
            continue  # one message per card line
        dropped.add(key)
        problems.append(
            Problem(
                severity=Severity.ERROR,
                message=_message(error, data),
                source=Source(file=source, line=lines.get(key)),
                text=_card_text(data, *key),
            )
        )
    try:
        from deckcheck.decks.deck_schema import DeckFile

        return DeckFile.model_validate(_without(data, dropped)), dropped
    except ValidationError as exc:  # pragma: no cover - leaving out bad lines leaves a valid file
        raise DeckReadError(_message(exc.errors()[0], data), file=source) from None


_FILE_KEYS = frozenset({"format_version", "name", "legend", "champion", "main", "battlefields", "runes",
                        "sideboard", "additional_legends", "notes"})
_ITEM_KEYS = frozenset({"card", "count", "id"})


@dataclass(frozen=True, slots=True)
class _PlainItem:
    """A card line as the schema's CardItem holds it."""

    card: str
    count: int
    id: str | None


@dataclass(frozen=True, slots=True)
class _PlainFile:
    """A deck file as the schema's DeckFile holds it (the attributes :func:`_raw_deck` reads)."""

    name: str | None
    champion: str | None
    notes: str | None
    legend: list[str]
    additional_legends: list[str]
    main: list[_PlainItem]
    battlefields: list[_PlainItem]
    runes: list[_PlainItem]
    sideboard: list[_PlainItem]
    format_version: int = 1


def _plain_file(data: dict) -> _PlainFile | None:
    """What ``DeckFile.model_validate(data)`` gives, for a document whose every value is of the
    exact type the schema asks (text, whole numbers of 1 to MAX_COUNT, lists, mappings); None for
    anything else, which the schema then decides. It accepts only what the schema accepts, with
    the same values (a test holds the two together); it never words an error."""
    if not _FILE_KEYS.issuperset(data):
        return None  # an unknown key (or one that is not text): the schema names it
    version = data.get("format_version", 1)
    if version.__class__ is not int or version != 1:
        return None
    texts = {key: data.get(key) for key in ("name", "champion", "notes")}
    if any(value is not None and value.__class__ is not str for value in texts.values()):
        return None
    legend = data.get("legend")
    if legend is None:
        legend = []
    elif legend.__class__ is str:
        legend = [legend]
    elif legend.__class__ is not list or not all(item.__class__ is str for item in legend):
        return None
    legends = data.get("additional_legends", [])
    if legends.__class__ is not list or not all(item.__class__ is str for item in legends):
        return None
    sections = {section: _plain_section(data.get(section)) for section in SECTIONS}
    if any(items is None for items in sections.values()):
        return None
    return _PlainFile(legend=list(legend), additional_legends=list(legends), **texts, **sections)  # type: ignore[arg-type]


def _plain_section(value: Any) -> list[_PlainItem] | None:
    """A section's card lines, both shapes (``card: count`` pairs, or a list of names and items),
    or None when a value is not of the exact type the schema asks."""
    if value is None:
        return []
    items: list[_PlainItem] = []
    if value.__class__ is dict:
        for card, count in value.items():
            if card.__class__ is not str or not card or not _plain_count(count):
                return None
            items.append(_PlainItem(card, count, None))
        return items
    if value.__class__ is not list:
        return None
    for item in value:
        if item.__class__ is str:
            if not item:
                return None
            items.append(_PlainItem(item, 1, None))
            continue
        if item.__class__ is not dict or not _ITEM_KEYS.issuperset(item):
            return None
        card, count, printing = item.get("card"), item.get("count", 1), item.get("id")
        if card.__class__ is not str or not card or not _plain_count(count) \
                or (printing is not None and printing.__class__ is not str):
            return None
        items.append(_PlainItem(card, count, printing))
    return items


def _plain_count(count: Any) -> bool:
    """A count the schema takes as it is: a whole number (not a truth value) of 1 to MAX_COUNT."""
    return count.__class__ is int and 1 <= count <= MAX_COUNT


def _is_card_error(error: dict) -> bool:
    loc = error["loc"]
    return len(loc) >= 2 and loc[0] in SECTIONS and isinstance(loc[1], int)


def _without(data: dict, dropped: set[tuple[str, int]]) -> dict:
    out = dict(data)
    for section in {s for s, _ in dropped}:
        value = data[section]
        items = list(value.items()) if isinstance(value, dict) else list(value)
        kept = [item for i, item in enumerate(items) if (section, i) not in dropped]
        out[section] = dict(kept) if isinstance(value, dict) else kept
    return out


def _card_text(data: dict, section: str, index: int) -> str | None:
    value = data.get(section)
    if isinstance(value, dict):
        keys = list(value)
        return str(keys[index]) if index < len(keys) else None
    if isinstance(value, list) and index < len(value):
        item = value[index]
        if isinstance(item, dict):
            return str(item.get("card", item))[:80]
        return str(item)[:80]
    return None


def _message(error: dict, data: dict) -> str:
    loc, kind, value = error["loc"], error["type"], error.get("input")
    if kind == "extra_forbidden" and len(loc) == 1:
        from deckcheck.decks.deck_schema import DeckFile

        known = list(DeckFile.model_fields)
        near = difflib.get_close_matches(str(loc[0]), known, n=1)
        hint = f"; did you mean '{near[0]}'?" if near else f" (known keys: {', '.join(known)})"
        return f"unknown key '{loc[0]}'{hint}"
    if loc == ("format_version",):
        return f"format_version {value!r} is not supported (this deckcheck reads format_version {FORMAT_VERSION})"
    if _is_card_error(error):
        section, index = loc[0], loc[1]
        card = _card_text(data, section, index) or "?"
        field = loc[2] if len(loc) > 2 else None
        if field == "count":
            if value is None:
                return (
                    f"'{card}' under {section}: no count given "
                    "(inside {...} or [...], a name with a comma must be in quotes)"
                )
            if kind in ("greater_than_equal", "less_than_equal"):
                return f"'{card}' under {section}: count {value} must be between 1 and {MAX_COUNT}"
            return f"'{card}' under {section}: count must be a whole number, not {_show(value)}"
        if field == "card":
            if kind == "string_too_short":
                return f"card #{index + 1} under {section}: the card name is empty"
            return f"card #{index + 1} under {section}: a card must be a name or id in text, not {_show(value)}"
        if kind == "extra_forbidden":
            return f"'{card}' under {section}: unknown field '{field}' (use card, count, id)"
        if kind in ("model_type", "dict_type"):
            return f"card #{index + 1} under {section}: expected a card name or {{card, count, id}}, not {_show(value)}"
        return f"'{card}' under {section}: {error['msg']}"
    where = " ".join(f"#{p + 1}" if isinstance(p, int) else str(p) for p in loc) or "the file"
    if kind in ("list_type",) and loc and loc[0] in SECTIONS:
        return f"'{loc[0]}' must be a mapping of card: count or a list of cards, not {_show(value)}"
    if kind == "string_type":
        return f"'{where}' must be text, not {_show(value)} (put it in quotes)"
    return f"'{where}': {error['msg']}"


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _error_line(error: dict, lines: dict) -> int | None:
    loc = error["loc"]
    for cut in range(min(len(loc), 2), 0, -1):
        line = lines.get(tuple(loc[:cut]))
        if isinstance(line, int):
            return line
    return None


_WITH_ID = re.compile(r"^(?P<name>.*?)\s*[\[(](?P<id>[A-Za-z]{3}[ -]?[A-Za-z]{0,2}\d[^\])]*)[\])]\s*$")


def _entry(text: str, count: int, zone: Zone | None, printing: str | None, file: str, line: int | None) -> RawEntry:
    text = text.strip()
    card_id = printing.strip() if printing else None
    if not card_id and ("[" in text or "(" in text):  # 'Name [OGN-007a]' names a printing
        m = _WITH_ID.match(text)
        if m:
            card_id = m["id"].strip()
            text = m["name"].strip() or card_id
    return RawEntry(text, count, zone, card_id, file, line)


def _raw_deck(model: DeckFile, dropped: set, lines: dict, source: str | None, reader: str, problems: list[Problem]) -> RawDeck:
    where = source or f"<{reader}>"

    def at(*key) -> tuple[str, int | None]:
        return where, lines.get(key) or lines.get(key[:1])

    entries = [_entry(text, 1, Zone.LEGEND, None, *at("legend", i)) for i, text in enumerate(model.legend)]
    get = lines.get
    for section, zone in SECTIONS.items():
        index = 0
        whole = get((section,))
        for item in getattr(model, section):
            while dropped and (section, index) in dropped:
                index += 1
            entries.append(_entry(item.card, item.count, zone, item.id, where, get((section, index)) or whole))
            index += 1
    champion = _entry(model.champion, 1, None, None, *at("champion")) if model.champion else None
    legends = [_entry(text, 1, None, None, *at("additional_legends", i)) for i, text in enumerate(model.additional_legends)]
    return RawDeck(
        name=model.name,
        source=where,
        reader=reader,
        entries=entries,
        champion=champion,
        additional_legends=legends,
        problems=problems,
    )


def __getattr__(name: str) -> Any:
    """``DeckFile`` and ``deck_json_schema`` live in :mod:`deckcheck.decks.deck_schema`."""
    if name in ("DeckFile", "CardItem", "deck_json_schema"):
        from deckcheck.decks import deck_schema

        return getattr(deck_schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
