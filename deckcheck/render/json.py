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
    skipped: Sequence = (), card_data: dict[str, Any] | None = None,
) -> str:
    """The document as indented JSON text, ending in a newline."""
    document = check_document(reports, unreadable, strict=strict, skipped=skipped, card_data=card_data)
    return dumps_indented(document) + "\n"


def dumps_indented(data: Any) -> str:
    """``json.dumps(data, indent=2, ensure_ascii=False)``, the same text about twice as fast.

    Python 3.11's C encoder cannot indent, so the standard library falls back to a generator
    per value; a folder of 1,000 decks spent more time here than in the rules. Strings go
    through the standard library's own C escaper. A value of any type other than dict, list,
    tuple, str, int, bool and None is left to :func:`json.dumps`.
    """
    from json.encoder import encode_basestring

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

    try:
        value(data, "")
    except _Unusual:
        return json.dumps(data, indent=2, ensure_ascii=False)
    return "".join(out)


class _Unusual(Exception):
    """A value the fast writer leaves to :func:`json.dumps` (floats, keys that are not text, ...)."""
