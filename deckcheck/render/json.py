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
from json.encoder import encode_basestring as _encode
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation

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
        }) + "\n"
    except _Unusual:  # a value of another type somewhere: the generic writer decides
        document = check_document(reports, unreadable, strict=strict, skipped=skipped, card_data=card_data)
        return dumps_indented(document) + "\n"


class _Written(str):
    """JSON text already written at its place in the document (:func:`dumps_indented` emits it as is)."""

    __slots__ = ()


def _decks_text(reports: Sequence[Report], strict: bool, prepared: Sequence | None = None
                ) -> tuple[list[_Written], dict[str, Any]]:
    """Each report's ``report_dict`` as JSON text (an item of ``decks``), and the summary's counts."""
    decks = []
    verdicts = {"legal": 0, "illegal": 0, "unverified": 0}
    with_warnings = failed = 0
    for i, report in enumerate(reports):
        written = prepared[i] if prepared is not None else None
        text, verdict, warned, passed = _deck_text(report, strict) if written is None else written
        decks.append(_Written(text))
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


def deck_text(report: Report, strict: bool) -> tuple[str, str, bool, bool] | None:
    """``report_dict(report)`` as :func:`render_json` writes it inside ``decks``, with its verdict,
    whether it has warnings and whether it passes; None when a value of an unusual type leaves it
    to the generic writer. Plain values: a worker process computes it and sends it back."""
    try:
        return _deck_text(report, strict)
    except _Unusual:
        return None


def _deck_text(report: Report, strict: bool) -> tuple[str, str, bool, bool]:
    """``report_dict(report)`` as :func:`dumps_indented` writes it inside ``decks`` (indent 4); with
    its verdict, whether it has warnings and whether it passes."""
    j = _scalar
    violations = sorted(report.violations, key=Violation.sort_key)
    errors = warnings = 0
    unverified_only = True
    passed = True
    for v in violations:
        severity = v.severity
        if severity is Severity.ERROR:
            errors += 1
            passed = False
            unverified_only = unverified_only and bool(v.unverified)
        elif severity is Severity.WARNING:
            warnings += 1
            if strict:
                passed = False
    verdict = "legal" if not errors else "unverified" if unverified_only else "illegal"
    counts = dict(report.counts)
    if counts:
        for key in counts:
            if type(key) is not str:
                raise _Unusual
        counts_text = "{\n        " + ",\n        ".join(
            _encode(key) + ": " + j(value) for key, value in counts.items()) + "\n      }"
    else:
        counts_text = "{}"
    if violations:
        source = report.source
        items = [
            f"""{{
          "code": {j(v.code)},
          "name": {j(v.name)},
          "rule": {j(v.rule)},
          "severity": {j(v.severity.value)},
          "message": {j(v.message)},
          "card": {j(v.card)},
          "file": {j(v.file or source)},
          "line": {j(v.line)},
          "zone": {j(v.zone)},
          "hint": {j(v.hint)},
          "unverified": {j(v.unverified)}
        }}"""
            for v in violations
        ]
        violations_text = "[\n        " + ",\n        ".join(items) + "\n      ]"
    else:
        violations_text = "[]"
    text = f"""{{
      "source": {j(report.source)},
      "name": {j(report.name)},
      "player": {j(report.player)},
      "team": {j(report.team)},
      "format": {j(report.format)},
      "as_of": {j(report.as_of.isoformat())},
      "rules_version": {j(report.rules_version)},
      "legend": {j(report.legend)},
      "champion": {j(report.champion)},
      "verdict": {j(verdict)},
      "legal": {j(not errors)},
      "passed": {j(passed)},
      "counts": {counts_text},
      "errors": {j(errors)},
      "warnings": {j(warnings)},
      "violations": {violations_text}
    }}"""
    return text, verdict, warnings > 0, passed


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


def _indented(data: Any) -> str:
    """:func:`dumps_indented`'s own writer; raises _Unusual for a value it leaves to json.dumps."""
    encode_basestring = _encode
    out: list[str] = []
    emit = out.append

    def value(item: Any, indent: str) -> None:
        kind = type(item)
        if kind is str:
            emit(encode_basestring(item))
        elif kind is _Written:
            emit(item)
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
        elif kind is list or kind is tuple:
            if not item:
                emit("[]")
                return
            inner = indent + "  "
            separator = "[\n" + inner
            for member in item:
                emit(separator)
                value(member, inner)
                separator = ",\n" + inner
            emit("\n" + indent + "]")
        else:
            raise _Unusual

    value(data, "")
    return "".join(out)


class _Unusual(Exception):
    """A value the fast writer leaves to :func:`json.dumps` (floats, keys that are not text, ...)."""
