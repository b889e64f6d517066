"""Check results as the versioned JSON document of ``deckcheck check --output json``.

The document is described by ``docs/check-output.schema.json``. Within a version, keys are only
ever added, never renamed or removed; ``rule`` always carries the official number (``CR …`` or
``TR …``); ``line`` and ``card`` are ``null`` when unknown, never missing.

Version 2 (the third verdict): every deck has ``verdict`` (``legal``, ``illegal`` or
``unverified``) and every violation ``unverified``; ``summary.illegal`` counts only illegal decks
(version 1 counted every deck that was not legal) and ``summary.unverified`` the rest.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from json.encoder import encode_basestring as _encode
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import _SEVERITY_ORDER, Report, Violation

#: Bump only for a change that breaks a script reading the document.
VERSION = 2


def violation_dict(violation: Violation, report: Report) -> dict[str, Any]:
    return {
        "code": violation.code,
        "name": violation.name,
        "rule": violation.rule,
        "severity": violation.severity.value,
        "message": violation.message,
        "card": violation.card,
        "file": violation.file or report.source,
        "line": violation.line,
        "zone": violation.zone,
        "hint": violation.hint,
        "unverified": violation.unverified,
    }


def report_dict(report: Report, *, strict: bool = False) -> dict[str, Any]:
    violations = sorted(report.violations, key=Violation.sort_key)
    return {
        "source": report.source,
        "name": report.name,
        "player": report.player,
        "team": report.team,
        "format": report.format,
        "as_of": report.as_of.isoformat(),
        "rules_version": report.rules_version,
        "legend": report.legend,
        "champion": report.champion,
        "verdict": report.verdict,
        "legal": report.legal,
        "passed": report.passes(strict),
        "counts": dict(report.counts),
        "errors": sum(v.severity is Severity.ERROR for v in violations),
        "warnings": sum(v.severity is Severity.WARNING for v in violations),
        "violations": [violation_dict(v, report) for v in violations],
    }


def unreadable_dict(error: DeckcheckError) -> dict[str, Any]:
    return {"source": error.file, "line": error.line, "error": error.message, "player": error.player}


def generator_dict() -> dict[str, str]:
    """What wrote the document: ``{"name": "deckcheck", "version": ...}``."""
    from deckcheck import __version__

    return {"name": "deckcheck", "version": __version__}


def card_data_dict(db) -> dict[str, Any]:
    """Which card data checked the decks: its date and the sets it holds."""
    return {
        "date": db.data_as_of.isoformat() if db.data_as_of else None,
        "sets": sorted(code for code, info in db.sets.items() if getattr(info, "in_database", True)),
    }


def check_document(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
    skipped: Sequence = (), card_data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole document as plain data (``skipped``: files a folder walk did not read)."""
    verdicts = [r.verdict for r in reports]
    return {
        "version": VERSION,
        "generator": generator_dict(),
        "card_data": card_data,
        "strict": strict,
        "decks": [report_dict(r, strict=strict) for r in reports],
        "unreadable": [unreadable_dict(e) for e in unreadable],
        "skipped": [{"source": s.source, "reason": s.reason} for s in skipped],
        "summary": {
            "decks": len(reports),
            "legal": verdicts.count("legal"),
            "illegal": verdicts.count("illegal"),
            "unverified": verdicts.count("unverified"),
            "with_warnings": sum(1 for r in reports if r.warnings),
            "failed": sum(1 for r in reports if not r.passes(strict)),
            "unreadable": len(unreadable),
            "skipped": len(skipped),
        },
    }


def render_json(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
    skipped: Sequence = (), card_data: dict[str, Any] | None = None, prepared: Sequence | None = None,
) -> str:
    """The document as indented JSON text, ending in a newline: the text of
    ``dumps_indented(check_document(...))``, each deck written by :func:`deck_text` (the layout of
    one report is known, so no generic walk over a dict per deck). ``prepared[i]``, when given and
    not None, is ``deck_text(reports[i], strict)`` already written (by the process that checked it)."""
    try:
        decks, summary = _decks_text(reports, strict, prepared)
        summary["unreadable"] = len(unreadable)
        summary["skipped"] = len(skipped)
        return _indented({
            "version": VERSION,
            "generator": generator_dict(),
            "card_data": card_data,
            "strict": strict,
            "decks": decks,
            "unreadable": [unreadable_dict(e) for e in unreadable],
            "skipped": [{"source": s.source, "reason": s.reason} for s in skipped],
            "summary": summary,
        }, "\n")
    except _UNUSUAL:  # a value of another type somewhere: the generic writer decides
        document = check_document(reports, unreadable, strict=strict, skipped=skipped, card_data=card_data)
        return dumps_indented(document) + "\n"


class _Written(list):
    """The items of a JSON list, each already written as JSON text at its place in the document
    (:func:`_indented` puts them in as they are)."""

    __slots__ = ()


def _decks_text(reports: Sequence[Report], strict: bool, prepared: Sequence | None = None
                ) -> tuple[_Written, dict[str, Any]]:
    """Each report's ``report_dict`` as JSON text (the items of ``decks``), and the summary's counts."""
    decks = _Written()
    add = decks.append
    verdicts = {"legal": 0, "illegal": 0, "unverified": 0}
    with_warnings = failed = 0
    for i, report in enumerate(reports):
        written = prepared[i] if prepared is not None else None
        if written is None:
            written = deck_text(report, strict)
            if written is None:
                raise _Unusual  # a value of an unusual type: the generic writer decides
        text, verdict, warned, passed = written
        add(text)
        verdicts[verdict] += 1
        with_warnings += warned
        failed += not passed
    return decks, {"decks": len(reports), **verdicts, "with_warnings": with_warnings, "failed": failed}


def _scalar(item: Any) -> str:
    """One str, None, bool or int as :func:`dumps_indented` writes it; any other type is _Unusual."""
    kind = type(item)
    if kind is str:
        return _encode(item)
    if item is None:
        return "null"
    if item is True:
        return "true"
    if item is False:
        return "false"
    if kind is int:
        return int.__repr__(item)
    raise _Unusual


#: JSON text of strings that recur across decks (card names, rule words, hints), each
#: escaped once; None is written ``null``. Emptied past _TEXT_BOUND, so a long batch cannot fill memory.
_TEXT: dict[str | None, str] = {None: "null"}
_TEXT_BOUND = 8192
_SEVERITY_TEXT = {s: _encode(s.value) for s in Severity}
_sort_key = Violation.sort_key
_ERROR, _WARNING = Severity.ERROR, Severity.WARNING
#: The verdict, legal and passed lines, by (verdict, passed); legal is the verdict "legal".
_VERDICT_TEXT = {(verdict, passed): f""""verdict": "{verdict}",
      "legal": {"true" if verdict == "legal" else "false"},
      "passed": {"true" if passed else "false"}""" for verdict in ("legal", "illegal", "unverified")
                 for passed in (True, False)}
#: Per (format, date, rule edition): a report's lines that depend only on them (one entry a batch).
_CONTEXT_TEXT: dict[tuple, str] = {}
#: The zones of the counts as the rule engine writes them, in its order.
_ZONES = ["main", "runes", "battlefields", "sideboard"]
_ZONE_KEYS = tuple(_ZONES)
_COUNTS_TEXT: dict[tuple[int, int, int, int], str] = {}  # their text, by the four whole numbers


def _known(text: str | None) -> str:
    """``_scalar(text)`` for a string that recurs (or None), remembered in :data:`_TEXT`."""
    found = _TEXT.get(text)
    if found is None:
        if type(text) is not str:
            return _scalar(text)  # raises _Unusual unless it is a str subclass, written as a str
        if len(_TEXT) >= _TEXT_BOUND:
            _TEXT.clear()
            _TEXT[None] = "null"
        found = _TEXT[text] = _encode(text)
    return found


def _context_text(report: Report) -> str:
    """The ``format``, ``as_of`` and ``rules_version`` lines of a report (the same for a whole batch)."""
    day = report.as_of
    if day.__class__ is not date:
        raise _Unusual  # a date's subclass writes its own isoformat
    key = (report.format, day, report.rules_version)
    found = _CONTEXT_TEXT.get(key)
    if found is None:
        fmt, _, edition = key
        if type(fmt) is not str or (edition is not None and type(edition) is not str):
            raise _Unusual  # only exact types are remembered: equal values of other types write otherwise
        if len(_CONTEXT_TEXT) > 256:
            _CONTEXT_TEXT.clear()
        found = _CONTEXT_TEXT[key] = (f""""format": {_encode(fmt)},
      "as_of": {_encode(day.isoformat())},
      "rules_version": {_scalar(edition)}""")
    return found


def _counts_text(counts: dict) -> str:
    """A report's ``counts`` as written inside ``decks``."""
    if not counts:
        return "{}"
    if list(counts) == _ZONES:  # the engine's counts: its four zones, in its order
        main, runes, battlefields, sideboard = counts.values()
        if main.__class__ is int and runes.__class__ is int and battlefields.__class__ is int \
                and sideboard.__class__ is int:
            key = (main, runes, battlefields, sideboard)
            found = _COUNTS_TEXT.get(key)
            if found is None:
                if len(_COUNTS_TEXT) > 1024:
                    _COUNTS_TEXT.clear()
                found = _COUNTS_TEXT[key] = f"""{{
        "main": {main},
        "runes": {runes},
        "battlefields": {battlefields},
        "sideboard": {sideboard}
      }}"""
            return found
    parts = []
    for key, value in counts.items():
        if type(key) is not str:
            raise _Unusual
        parts.append(f"{_encode(key)}: {value if value.__class__ is int else _scalar(value)}")
    return "{\n        " + ",\n        ".join(parts) + "\n      }"


#: A violation's text around its file and line, by everything else it holds (the same note or
#: banned card recurs in deck after deck); only keys of exact str/None/bool values are entered.
_VIOLATION_TEXT: dict[tuple, tuple[str, str]] = {}
_VIOLATION_BOUND = 4096  # a few MB at most


def _violation_parts(key: tuple) -> tuple[str, str]:
    """The text of a violation before its ``file`` and after its ``line``, remembered by ``key``."""
    code, name, rule, severity, message, card, zone, hint, unverified = key
    for value in (code, name, rule, message, card, zone, hint):
        if value is not None and type(value) is not str:
            return _violation_text(key)  # equal values of another type (7 and 7.0) must not share a text
    found = _VIOLATION_TEXT.get(key)
    if found is None:
        if len(_VIOLATION_TEXT) >= _VIOLATION_BOUND:
            _VIOLATION_TEXT.clear()
        found = _VIOLATION_TEXT[key] = _violation_text(key)
    return found


def _violation_text(key: tuple) -> tuple[str, str]:
    code, name, rule, severity, message, card, zone, hint, unverified = key
    return (f"""{{
          "code": {_known(code)},
          "name": {_known(name)},
          "rule": {_known(rule)},
          "severity": {_SEVERITY_TEXT[severity]},
          "message": {_scalar(message)},
          "card": {_known(card)},""", f"""          "zone": {_known(zone)},
          "hint": {_known(hint)},
          "unverified": {"true" if unverified else "false"}
        }}""")


def deck_text(report: Report, strict: bool) -> tuple[str, str, bool, bool] | None:
    """``report_dict(report)`` as :func:`render_json` writes it inside ``decks``, with its verdict,
    whether it has warnings and whether it passes; None when a value of an unusual type leaves it
    to the generic writer. Plain values: a worker process computes it and sends it back.

    Written as :func:`dumps_indented` writes it (indent 4); recurring strings are escaped once
    (:data:`_TEXT`); a value of an unusual type raises _Unusual, or TypeError (one that cannot be
    escaped or be a dict key), inside, and gives None."""
    try:
        known = _TEXT.get
        violations = report.violations
        n = len(violations)
        if n == 2:  # as a stable sort of two orders them: mostly by severity alone (an engine report is sorted)
            first, second = violations
            a, b = _SEVERITY_ORDER[first.severity], _SEVERITY_ORDER[second.severity]
            if b < a or (b == a and _sort_key(second) < _sort_key(first)):
                violations = [second, first]
        elif n > 2:
            violations = sorted(violations, key=_sort_key)
        errors = warnings = 0
        unverified_only = True
        source = report.source
        source_text = "null" if source is None else _encode(source)
        if violations:
            items = []
            parts = _VIOLATION_TEXT
            for v in violations:
                severity = v.severity
                if severity is _ERROR:
                    errors += 1
                    if v.unverified is not True:
                        unverified_only = False
                elif severity is _WARNING:
                    warnings += 1
                elif severity.__class__ is not Severity:
                    raise _Unusual
                unverified = v.unverified
                if unverified is not True and unverified is not False:
                    raise _Unusual  # 1 and True are equal keys, written otherwise
                key = (v.code, v.name, v.rule, severity, v.message, v.card, v.zone, v.hint, unverified)
                try:
                    head, tail = parts[key]
                except KeyError:
                    head, tail = _violation_parts(key)
                file = v.file
                line = v.line
                items.append(f"""{head}
          "file": {source_text if not file or file == source else _scalar(file)},
          "line": {line if line.__class__ is int else _scalar(line)},
{tail}""")
            violations_text = "[\n        " + ",\n        ".join(items) + "\n      ]"
        else:
            violations_text = "[]"
        passed = not errors and not (strict and warnings)
        verdict = "legal" if not errors else "unverified" if unverified_only else "illegal"
        counts = report.counts
        counts_text = None
        if len(counts) == 4 and tuple(counts) == _ZONE_KEYS:  # _counts_text's common case, without the call
            main, runes, battlefields, sideboard = counts.values()
            if main.__class__ is int and runes.__class__ is int and battlefields.__class__ is int \
                    and sideboard.__class__ is int:
                counts_text = _COUNTS_TEXT.get((main, runes, battlefields, sideboard))
        name, player, team = report.name, report.player, report.team
        day = report.as_of
        context = _CONTEXT_TEXT.get((report.format, day, report.rules_version)) if day.__class__ is date else None
        text = f"""{{
      "source": {source_text},
      "name": {"null" if name is None else _encode(name)},
      "player": {"null" if player is None else _encode(player)},
      "team": {"null" if team is None else _encode(team)},
      {context or _context_text(report)},
      "legend": {known(report.legend) or _known(report.legend)},
      "champion": {known(report.champion) or _known(report.champion)},
      {_VERDICT_TEXT[verdict, passed]},
      "counts": {counts_text or _counts_text(counts)},
      "errors": {errors},
      "warnings": {warnings},
      "violations": {violations_text}
    }}"""
        return text, verdict, warnings > 0, passed
    except _UNUSUAL:
        return None


def dumps_indented(data: Any) -> str:
    """``json.dumps(data, indent=2, ensure_ascii=False)``, the same text about twice as fast.

    Python 3.11's C encoder cannot indent, so the standard library falls back to a generator
    per value; a folder of 1,000 decks spent more time here than in the rules. Strings go
    through the standard library's own C escaper. A value of any type other than dict, list,
    tuple, str, int, bool and None is left to :func:`json.dumps`.
    """
    try:
        return _indented(data)
    except _Unusual:
        return json.dumps(data, indent=2, ensure_ascii=False)


def _indented(data: Any, end: str = "") -> str:
    """:func:`dumps_indented`'s own writer (and ``end`` after it); raises _Unusual for a value it
    leaves to json.dumps."""
    encode_basestring = _encode
    out: list[str] = []
    emit = out.append

    def value(item: Any, indent: str) -> None:
        kind = type(item)
        if kind is str:
            emit(encode_basestring(item))
        elif item is None:
            emit("null")
        elif item is True:
            emit("true")
        elif item is False:
            emit("false")
        elif kind is int:
            emit(int.__repr__(item))
        elif kind is dict:
            if not item:
                emit("{}")
                return
            inner = indent + "  "
            separator = "{\n" + inner
            for key, member in item.items():
                if type(key) is not str:
                    raise _Unusual
                emit(separator + encode_basestring(key) + ": ")
                value(member, inner)
                separator = ",\n" + inner
            emit("\n" + indent + "}")
        elif kind is list or kind is tuple or kind is _Written:
            if not item:
                emit("[]")
                return
            inner = indent + "  "
            separator = "[\n" + inner
            if kind is _Written:  # the text of each item, written beforehand
                for member in item:
                    emit(separator)
                    emit(member)
                    separator = ",\n" + inner
            else:
                for member in item:
                    emit(separator)
                    value(member, inner)
                    separator = ",\n" + inner
            emit("\n" + indent + "]")
        else:
            raise _Unusual

    value(data, "")
    emit(end)
    return "".join(out)


class _Unusual(Exception):
    """A value the fast writer leaves to :func:`json.dumps` (floats, keys that are not text, ...)."""


#: What the deck writer raises for such a value (a TypeError: one it cannot escape or look up).
_UNUSUAL = (_Unusual, TypeError)
