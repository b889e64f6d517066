"""Check results as the versioned JSON document of ``deckcheck check --output json``.

The document is described by the JSON Schema shipped in the package (``deckcheck/schemas/
check.schema.json``). Within a ``schema_version``, keys are only ever added, never renamed or removed;
``rule`` always carries the official number (``CR …`` or ``TR …``); ``line`` and ``card`` are ``null``
when unknown, never missing.

Version 3 (names scripts can compare): ``legend``, ``champion`` and each violation's ``card`` are
the card's English name, with its id beside it (``legend_id``, ``champion_id``, ``card_id``); a name
the list wrote in another language (Chinese) is in ``written`` (version 2 wrote
``Kai'Sa, Daughter of the Void (虚空之女)`` in ``legend``). ``schema_version`` is new; ``version``
holds the same number for scripts written for versions 1 and 2.

Version 2 (the third verdict): every deck has ``verdict`` (``legal``, ``illegal`` or
``unverified``) and every violation ``unverified``; ``summary.illegal`` counts only illegal decks
(version 1 counted every deck that was not legal) and ``summary.unverified`` the rest.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation

if TYPE_CHECKING:
    from deckcheck.cards.lookup import CardDB

#: Bump only for a change that breaks a script reading the document.
VERSION = 3


def violation_dict(violation: Violation, report: Report, cards: CardDB | None = None) -> dict[str, Any]:
    return {
        "code": violation.code,
        "name": violation.name,
        "rule": violation.rule,
        "severity": violation.severity.value,
        "message": violation.message,
        "card": violation.card,
        "card_id": card_id(violation.card, cards),
        "written": violation.written,
        "file": violation.file or report.source,
        "line": violation.line,
        "zone": violation.zone,
        "hint": violation.hint,
        "unverified": violation.unverified,
    }


def card_id(name: str | None, cards: CardDB | None) -> str | None:
    """The id of the card of this English name (its base printing), or None (no such card, or no card data)."""
    card = cards.by_name(name) if cards is not None and name else None
    return card.id if card is not None else None


def report_dict(report: Report, *, strict: bool = False, cards: CardDB | None = None) -> dict[str, Any]:
    """One deck's part of the document (``cards``: the card data that gives the cards' ids)."""
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
        "legend_id": card_id(report.legend, cards),
        "champion": report.champion,
        "champion_id": card_id(report.champion, cards),
        "written": {"legend": report.legend_written, "champion": report.champion_written},
        "verdict": report.verdict,
        "legal": report.legal,
        "passed": report.passes(strict),
        "counts": dict(report.counts),
        "errors": sum(v.severity is Severity.ERROR for v in violations),
        "warnings": sum(v.severity is Severity.WARNING for v in violations),
        "violations": [violation_dict(v, report, cards) for v in violations],
    }


def unreadable_dict(error: DeckcheckError) -> dict[str, Any]:
    return {"source": error.file, "line": error.line, "error": error.message, "player": error.player}


def generator_dict() -> dict[str, str]:
    """What wrote the document: ``{"name": "deckcheck", "version": ...}``."""
    from deckcheck.version import __version__

    return {"name": "deckcheck", "version": __version__}


def card_data_dict(db) -> dict[str, Any]:
    """Which card data checked the decks: its date and the sets it holds."""
    return {
        "date": db.data_as_of.isoformat() if db.data_as_of else None,
        "sets": sorted(code for code, info in db.sets.items() if getattr(info, "in_database", True)),
    }


def check_document(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
    skipped: Sequence = (), card_data: dict[str, Any] | None = None, cards: CardDB | None = None,
) -> dict[str, Any]:
    """The whole document as plain data (``skipped``: files a folder walk did not read; ``cards``:
    the card data that checked the decks, for the cards' ids, which are null without it)."""
    verdicts = [r.verdict for r in reports]
    return {
        "schema_version": VERSION,
        "version": VERSION,
        "generator": generator_dict(),
        "card_data": card_data,
        "strict": strict,
        "decks": [report_dict(r, strict=strict, cards=cards) for r in reports],
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
    skipped: Sequence = (), card_data: dict[str, Any] | None = None, cards: CardDB | None = None,
) -> str:
    """The document (:func:`check_document`) as JSON text (:func:`json_text`): :func:`json_chunks` joined."""
    return "".join(json_chunks(reports, unreadable, strict=strict, skipped=skipped, card_data=card_data, cards=cards))


def json_chunks(
    reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
    skipped: Sequence = (), card_data: dict[str, Any] | None = None, cards: CardDB | None = None,
) -> Iterator[str]:
    """:func:`render_json`'s text in pieces, one deck a piece, written as made (a batch of 100,000
    decks is never one string): ``json_text(check_document(...))`` to the byte; the summary is
    counted as the decks go."""
    head = {"schema_version": VERSION, "version": VERSION, "generator": generator_dict(), "card_data": card_data,
            "strict": strict}
    yield json_text(head)[:-3] + ',\n  "decks": ' + ("[" if reports else "[]")
    verdicts: Counter[str] = Counter()
    warned = failed = 0
    for i, report in enumerate(reports):
        verdicts[report.verdict] += 1
        warned += bool(report.warnings)
        failed += not report.passes(strict)
        deck = json_text(report_dict(report, strict=strict, cards=cards))[:-1]
        yield ("\n    " if i == 0 else ",\n    ") + deck.replace("\n", "\n    ")
    tail = {
        "unreadable": [unreadable_dict(e) for e in unreadable],
        "skipped": [{"source": s.source, "reason": s.reason} for s in skipped],
        "summary": {
            "decks": len(reports), "legal": verdicts["legal"], "illegal": verdicts["illegal"],
            "unverified": verdicts["unverified"], "with_warnings": warned, "failed": failed,
            "unreadable": len(unreadable), "skipped": len(skipped),
        },
    }
    yield ("\n  ]" if reports else "") + ",\n" + json_text(tail)[2:]


def json_text(data: Any) -> str:
    """``data`` as ``json.dumps(data, indent=2, ensure_ascii=False)`` writes it, and a newline.

    Written by orjson (eight times the standard library's indented writer, which is pure Python):
    the same text for the plain values of our documents. Text orjson refuses (a lone surrogate: a file
    name that is not UTF-8, kept as the system gave it) is left to the standard library.
    """
    import orjson

    try:
        return orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n"
    except orjson.JSONEncodeError:
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
