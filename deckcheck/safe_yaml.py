"""Bounded, safe YAML for everything a user hands deckcheck: deck files, format files, strategies.

Only the safe loader is used, and the event stream is checked before any object is built:
nesting deeper than ``Limits.depth``, more than ``Limits.aliases`` aliases, an explicit tag other
than the core ones (``!!python/object`` ...), or a number too long to convert are refused with
the line. :func:`check_size` then refuses documents whose aliases would expand to more than
``Limits.nodes`` values (a "billion laughs" bomb), so nothing downstream can blow up walking them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from deckcheck.errors import DeckcheckError

_CORE = "tag:yaml.org,2002:"
#: The only explicit tags allowed: plain values, lists and mappings.
CORE_TAGS = frozenset(_CORE + name for name in ("str", "int", "float", "bool", "null", "seq", "map"))
#: A plain number longer than this many digits is refused (Python refuses to convert 4,300).
MAX_DIGITS = 100
_LONG_NUMBER = re.compile(r"[-+]?[0-9_]{%d,}" % (MAX_DIGITS + 1))


@dataclass(frozen=True, slots=True)
class Limits:
    """How deep, how many aliases and how many values (aliases expanded) a document may have."""

    depth: int = 20
    aliases: int = 8
    nodes: int = 100_000


def loader_class(yaml) -> type:
    """The C safe loader when PyYAML has it (~8x faster), else the pure-Python safe loader."""
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str, source: str | None = None, *, limits: Limits = Limits(),
         error: type[DeckcheckError] = DeckcheckError, invalid: str = "not valid YAML") -> Any:
    """The one document in ``text``, read safely within ``limits``.

    A limit broken raises ``error`` (with file and line); so does malformed YAML, as
    ``"{invalid}: {the parser's problem}"`` with the line where the parser says it is.
    """
    import yaml

    try:
        check_events(yaml, text, source, limits=limits, error=error)
        loader = loader_class(yaml)(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            check_size(yaml, node, source, limits=limits, error=error)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise error(f"{invalid}: {problem}", file=source, line=mark.line + 1 if mark else None) from None


def check_events(yaml, text: str, source: str | None, *, limits: Limits,
                 error: type[DeckcheckError] = DeckcheckError) -> None:
    """Refuse deep nesting, many aliases, foreign tags and huge numbers from the event stream."""
    depth = aliases = 0
    for event in yaml.parse(text, Loader=loader_class(yaml)):
        line = event.start_mark.line + 1
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent, yaml.ScalarEvent)):
            _check_tag(event, source, line, error)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > limits.depth:
                raise error(f"YAML nested too deeply (more than {limits.depth} levels)", file=source, line=line)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > limits.aliases:
                raise error(f"too many YAML aliases (more than {limits.aliases})", file=source, line=line)
        elif isinstance(event, yaml.ScalarEvent) and not event.style and _LONG_NUMBER.fullmatch(event.value):
            raise error(f"number too long ({len(event.value):,} digits)", file=source, line=line)


def _check_tag(event, source: str | None, line: int, error: type[DeckcheckError]) -> None:
    tag = event.tag
    if tag is None or tag == "!" or tag in CORE_TAGS:
        return
    shown = "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag
    raise error(f"YAML tag {shown} is not allowed (only plain values, lists and mappings)",
                file=source, line=line)


def check_size(yaml, root, source: str | None, *, limits: Limits,
               error: type[DeckcheckError] = DeckcheckError) -> None:
    """Refuse a composed document whose aliases would expand to more than ``limits.nodes`` values."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()  # on the current path: meeting one again is a cycle
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_nodes.discard(key)
            sizes[key] = 1 + sum(sizes[id(c)] for c in _children(yaml, node))
            if sizes[key] > limits.nodes:
                raise error(f"YAML document too large once aliases are expanded (over {limits.nodes:,} values)",
                            file=source)
            continue
        if key in sizes:
            continue
        if key in open_nodes:
            raise error("YAML alias refers to a node that contains it (a cycle)", file=source,
                        line=node.start_mark.line + 1)
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in _children(yaml, node))


def _children(yaml, node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []
