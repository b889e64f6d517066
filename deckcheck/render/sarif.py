"""Check results as SARIF 2.1.0 (``--output sarif``), for GitHub code scanning and other viewers.

One run: ``tool.driver`` lists deckcheck's rules (id, name, short and full description, help with
the fix, default level, official references as numbered on the date checked); each violation is a
result with ``ruleId``, ``ruleIndex``, ``level`` (error, warning, note) and a physical location
(the deck file relative to the working folder, which is the repository root in CI, and the line).
An input that could not be read is a result of the extra rule ``unreadable-input`` (id ``RB000``)
on that file, so code scanning shows it too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import date
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation
from deckcheck.words import with_written

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_NOT_FILES = {"<stdin>", "<code>", "-"}
UNREADABLE: dict[str, Any] = {
    "id": "RB000", "name": "unreadable-input",
    "shortDescription": {"text": "An input deckcheck could not read as a deck"},
    "fullDescription": {"text": "The file is not a decklist deckcheck can read (binary data, a broken "
                                "deck code, an unknown format), so its deck was not checked."},
    "help": {"text": "Fix the file or leave it out of the check (exclude in the settings).",
             "markdown": "Fix the file or leave it out of the check (`exclude` in the settings)."},
    "defaultConfiguration": {"level": "error"}}


def _rules(as_of: date, codes: set[str] | None) -> list[dict[str, Any]]:
    from deckcheck.rules.describe import rule_info
    from deckcheck.rules.registry import all_rules

    out = []
    for rule in all_rules():
        if codes is not None and rule.code not in codes:
            continue
        info = rule_info(rule, as_of)
        text = f"{info['explanation']}\n\nReferences: {info['references']}.\nExample: {info['example']}.\n" \
               f"Fix: {info['hint']}."
        markdown = (f"{info['explanation']}\n\n**References:** {info['references']}  \n"
                    f"**Example:** {info['example']}  \n**Fix:** {info['hint']}\n\n"
                    f"`deckcheck rule {rule.code}` explains it in the terminal.")
        out.append({
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": info["summary"]},
            "fullDescription": {"text": info["explanation"]},
            "help": {"text": text, "markdown": markdown},
            "defaultConfiguration": {"level": _LEVELS[rule.severity]},
            "properties": {"references": info["references"], "tags": ["riftbound", "deck-construction"]},
        })
    return out


def _location(file: str | None, line: int | None) -> list[dict[str, Any]]:
    from deckcheck.render.github import repo_path

    if not file or file in _NOT_FILES or file.startswith("<"):
        return []
    region = {"startLine": line} if line else {"startLine": 1}
    return [{"physicalLocation": {"artifactLocation": {"uri": repo_path(file), "uriBaseId": "%SRCROOT%"},
                                  "region": region}}]


def _result(violation: Violation, report: Report, index: dict[str, int]) -> dict[str, Any]:
    message = violation.message
    card = with_written(violation.card, violation.written)
    if card and card not in message:
        message += f" [{card}]"
    if violation.hint:
        message += f". Fix: {violation.hint}"
    file = violation.file or report.source
    if not _location(file, violation.line):
        message = f"{report.name or report.source or 'deck'}: {message}"
    result = {"ruleId": violation.code, "ruleIndex": index[violation.code], "level": _LEVELS[violation.severity],
              "message": {"text": message}, "locations": _location(file, violation.line),
              "properties": {"rule": violation.rule, "card": violation.card, "deck": report.name}}
    return result


def sarif_document(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                   selected: set[str] | None = None, as_of: date | None = None) -> dict[str, Any]:
    """The SARIF log as a dict; ``selected`` limits the rules listed to those the run reported."""
    rules, index = _rules_of(reports, unreadable, selected, as_of)
    return _log(rules, list(_results(reports, unreadable, index)))


def sarif_chunks(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *,
                 selected: set[str] | None = None, as_of: date | None = None) -> Iterator[str]:
    """``json.dumps(sarif_document(...), indent=2)`` and a newline in pieces, one result a piece,
    written as made: the results of 100,000 decks are never one string."""
    rules, index = _rules_of(reports, unreadable, selected, as_of)
    head, tail = json.dumps(_log(rules, None), indent=2, ensure_ascii=False).split('"results": null', 1)
    yield head + '"results": ['
    first = True
    for result in _results(reports, unreadable, index):
        yield ("\n        " if first else ",\n        ") + json.dumps(result, indent=2, ensure_ascii=False).replace(
            "\n", "\n        ")
        first = False
    yield ("]" if first else "\n      ]") + tail + "\n"


def _rules_of(reports: Sequence[Report], unreadable: Sequence[DeckcheckError], selected: set[str] | None,
              as_of: date | None) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The rules the log describes (those ``selected``, those reported, the unreadable input's), and
    each one's index."""
    day = as_of or (reports[0].as_of if reports else date.today())
    rules = _rules(day, selected)
    index = {r["id"]: i for i, r in enumerate(rules)}
    for report in reports:  # a library caller may pass reports with rules outside ``selected``
        for v in report.violations:
            if v.code not in index:
                rules.extend(_rules(day, {v.code}))
                index[v.code] = len(rules) - 1
    if unreadable:
        rules.append(UNREADABLE)
        index[UNREADABLE["id"]] = len(rules) - 1
    return rules, index


def _results(reports: Sequence[Report], unreadable: Sequence[DeckcheckError], index: dict[str, int]
             ) -> Iterator[dict[str, Any]]:
    """Each result: every violation of every report, then each input that could not be read."""
    for report in reports:
        for violation in sorted(report.violations, key=Violation.sort_key):
            yield _result(violation, report, index)
    for error in unreadable:
        yield {"ruleId": UNREADABLE["id"], "ruleIndex": index[UNREADABLE["id"]], "level": "error",
               "message": {"text": error.message if _location(error.file, error.line) else str(error)},
               "locations": _location(error.file, error.line)}


def _log(rules: list[dict[str, Any]], results: list[dict[str, Any]] | None) -> dict[str, Any]:
    from deckcheck.version import __version__

    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "deckcheck", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "The folder deckcheck ran in"}}},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def render_sarif(reports: Sequence[Report], unreadable: Sequence[DeckcheckError] = (), *, strict: bool = False,
                 selected: set[str] | None = None) -> str:
    return json.dumps(sarif_document(reports, unreadable, selected=selected), indent=2, ensure_ascii=False) + "\n"
