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
from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import date
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
    """``json.dumps(check_document(...), indent=2, ensure_ascii=False)`` and a newline (:func:`json_chunks` joined)."""
    return "".join(json_chunks(reports, unreadable, strict=strict, skipped=skipped, card_data=card_data,
                               prepared=prepared))


def json_chunks(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
    skipped: Sequence = (), card_data: dict[str, Any] | None = None, prepared: Sequence | None = None,
) -> Iterator[str]:
    """:func:`render_json`'s text in pieces, one deck a piece, written as made: a batch of 100,000
    decks is never one string. Each deck is written by a :class:`DeckWriter` (``prepared[i]``, when
    given and not None, is its text written beforehand), or by ``json.dumps`` for a value of an
    unusual type; the summary counts them as they go."""
    writer = DeckWriter(strict)
    head = {"version": VERSION, "generator": generator_dict(), "card_data": card_data, "strict": strict}
    yield dumps_indented(head)[:-2] + ',\n  "decks": ' + ("[" if reports else "[]")
    verdicts: Counter = Counter()
    warned = failed = 0
    for i, report in enumerate(reports):
        written = (prepared[i] if prepared is not None else None) or writer(report)
        if written is None:  # a value of an unusual type somewhere: json.dumps writes this deck
            written = (dumps_indented(report_dict(report, strict=strict)).replace("\n", "\n    "),
                       report.verdict, bool(report.warnings), report.passes(strict))
        text, verdict, warns, passes = written
        verdicts[verdict] += 1
        warned += warns
        failed += not passes
        yield ("\n    " if i == 0 else ",\n    ") + text
    tail = {
        "unreadable": [unreadable_dict(e) for e in unreadable],
        "skipped": [{"source": s.source, "reason": s.reason} for s in skipped],
        "summary": {
            "decks": len(reports), "legal": verdicts["legal"], "illegal": verdicts["illegal"],
            "unverified": verdicts["unverified"], "with_warnings": warned, "failed": failed,
            "unreadable": len(unreadable), "skipped": len(skipped),
        },
    }
    yield ("\n  ]" if reports else "") + ",\n" + dumps_indented(tail)[2:] + "\n"


def dumps_indented(data: Any) -> str:
    """``json.dumps(data, indent=2, ensure_ascii=False)``."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def deck_text(report: Report, strict: bool) -> tuple[str, str, bool, bool] | None:
    """``report_dict(report)`` as :func:`render_json` writes it inside ``decks`` (see :class:`DeckWriter`)."""
    return DeckWriter(strict)(report)


class DeckWriter:
    """Writes each report of one batch as :func:`render_json` puts it inside ``decks``.

    A call gives the text, the verdict, whether the deck has warnings and whether it passes (plain
    values: a worker process writes them and sends them back), or None when a value of an unusual type
    leaves the whole document to ``json.dumps``. The text of a violation recurring in the batch (the
    same note, the same banned card) is written once, apart from its file and line.
    """

    __slots__ = ("strict", "written")

    def __init__(self, strict: bool = False) -> None:
        self.strict = strict
        self.written: dict[tuple, tuple[str, str]] = {}

    def __call__(self, report: Report) -> tuple[str, str, bool, bool] | None:
        try:
            return self._deck(report)
        except (_Unusual, TypeError):  # TypeError: a value that cannot be a key (a list for a message)
            return None

    def _deck(self, report: Report) -> tuple[str, str, bool, bool]:
        j = _scalar
        source = report.source
        errors = warnings = 0
        unverified_only = True
        items = []
        violations = report.violations
        if len(violations) > 1:  # the engine's are sorted already: the sort only checks
            violations = sorted(violations, key=Violation.sort_key)
        for v in violations:
            severity, unverified = v.severity, v.unverified
            if severity is _ERROR:
                errors += 1
                unverified_only = unverified_only and unverified is True
            elif severity is _WARNING:
                warnings += 1
            key = (v.code, v.name, v.rule, severity, v.message, v.card, v.zone, v.hint, unverified)
            parts = self.written.get(key)
            if parts is None:
                parts = self._parts(key)
            file, line = v.file or source, v.line
            items.append(f"""{parts[0]}
          "file": {_encode(file) if file.__class__ is str else j(file)},
          "line": {line if line.__class__ is int else j(line)},
{parts[1]}""")
        day = report.as_of
        if day.__class__ is not date:
            raise _Unusual
        verdict = "legal" if not errors else "unverified" if unverified_only else "illegal"
        passed = not errors and not (self.strict and warnings)
        violations = "[\n        " + ",\n        ".join(items) + "\n      ]" if items else "[]"
        name, player, team, legend, champion = report.name, report.player, report.team, report.legend, report.champion
        text = f"""{{
      "source": {_encode(source) if source.__class__ is str else j(source)},
      "name": {_encode(name) if name.__class__ is str else j(name)},
      "player": {"null" if player is None else j(player)},
      "team": {"null" if team is None else j(team)},
      "format": {j(report.format)},
      "as_of": "{day.isoformat()}",
      "rules_version": {j(report.rules_version)},
      "legend": {_encode(legend) if legend.__class__ is str else j(legend)},
      "champion": {_encode(champion) if champion.__class__ is str else j(champion)},
      "verdict": "{verdict}",
      "legal": {"true" if verdict == "legal" else "false"},
      "passed": {"true" if passed else "false"},
      "counts": {_counts(report.counts)},
      "errors": {errors},
      "warnings": {warnings},
      "violations": {violations}
    }}"""
        return text, verdict, warnings > 0, passed

    def _parts(self, key: tuple) -> tuple[str, str]:
        """A violation's text before its file and after its line (remembered when every value is text)."""
        code, name, rule, severity, message, card, zone, hint, unverified = key
        if severity.__class__ is not Severity or unverified.__class__ is not bool:
            raise _Unusual
        j = _scalar
        parts = (f"""{{
          "code": {j(code)},
          "name": {j(name)},
          "rule": {j(rule)},
          "severity": "{severity.value}",
          "message": {j(message)},
          "card": {j(card)},""", f"""          "zone": {j(zone)},
          "hint": {j(hint)},
          "unverified": {"true" if unverified else "false"}
        }}""")
        if all(value is None or value.__class__ is str for value in (code, name, rule, message, card, zone, hint)):
            if len(self.written) >= 4096:  # equal values of other types (7 and 7.0) never share a text
                self.written.clear()
            self.written[key] = parts
        return parts


_ERROR, _WARNING = Severity.ERROR, Severity.WARNING


def _counts(counts: dict) -> str:
    """A report's ``counts`` as written inside ``decks``."""
    if counts.__class__ is not dict:
        raise _Unusual
    if list(counts) == _ZONES:  # the rule engine's four zones, in its order
        main, runes, battlefields, sideboard = counts.values()
        if main.__class__ is int and runes.__class__ is int and battlefields.__class__ is int \
                and sideboard.__class__ is int:
            return f"""{{
        "main": {main},
        "runes": {runes},
        "battlefields": {battlefields},
        "sideboard": {sideboard}
      }}"""
    if not counts:
        return "{}"
    if not all(key.__class__ is str for key in counts):
        raise _Unusual
    return "{\n        " + ",\n        ".join([f"{_encode(k)}: {_scalar(v)}" for k, v in counts.items()]) + "\n      }"


_ZONES = ["main", "runes", "battlefields", "sideboard"]


def _scalar(value: Any) -> str:
    """A str, None, bool or int as ``json.dumps`` writes it; any other type raises _Unusual."""
    if value.__class__ is str:
        return _encode(value)
    if value.__class__ is int:
        return int.__repr__(value)
    if value is None or value is True or value is False:
        return _LITERALS[value]
    raise _Unusual


_LITERALS = {None: "null", True: "true", False: "false"}


class _Unusual(Exception):
    """A value :func:`deck_text` leaves to ``json.dumps`` (a float, a list for a message, a key that is not text)."""
