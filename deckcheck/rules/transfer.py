"""Reports and input errors as tuples of plain values (strings, numbers, lists), and back, unchanged.

What a worker process sends its parent (:mod:`deckcheck.workers`), as JSON: a tuple travels as a list
and is read back field by field, by name. Each field is named here, not read from the class, so a field
added to :class:`~deckcheck.rules.report.Report` or ``Violation`` without being added here fails the
round-trip test instead of vanishing silently. A violation's message and hint travel with their templates
and fields (:func:`deckcheck.translate.to_plain`), so the parent can still say them in another language.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from deckcheck.decks.model import Severity
from deckcheck.errors import DeckcheckError
from deckcheck.rules.report import Report, Violation
from deckcheck.translate import from_plain, to_plain

_SEVERITIES = {s.value: s for s in Severity}


def report_to_plain(report: Report) -> tuple:
    """``report`` as plain values: its fields in the order :func:`report_from_plain` reads them, its date
    as its ordinal, each violation a tuple of its fields with its severity as its word and its message and
    hint as :func:`to_plain` gives them."""
    return (report.source, report.name, report.player, report.team, report.format, report.as_of.toordinal(),
            report.legend, report.champion, report.rules_version, report.counts,
            [(v.code, v.name, v.rule, v.severity.value, to_plain(v.message), v.card, v.file, v.line,
              to_plain(v.hint), v.zone, v.unverified, v.written) for v in report.violations],
            report.legend_written, report.champion_written, report.language)


def report_from_plain(plain: Sequence[Any]) -> Report:
    """The report :func:`report_to_plain` was given (``plain`` may be its tuple as a JSON list)."""
    (source, name, player, team, format, day, legend, champion, rules_version, counts, violations,
     legend_written, champion_written, language) = plain
    return Report(format, date.fromordinal(day), source, name, legend, champion, rules_version, counts,
                  [_violation(*v) for v in violations], player, team, legend_written, champion_written, language)


def _violation(code: str, name: str, rule: str, severity: str, message: Any, card: str | None, file: str | None,
               line: int | None, hint: Any, zone: str | None, unverified: bool, written: str | None) -> Violation:
    return Violation(code, name, rule, _SEVERITIES[severity], from_plain(message), card, file, line,
                     from_plain(hint), zone, unverified, written)


def error_to_plain(error: DeckcheckError) -> tuple:
    """An input's error as plain values: its class name, message (as :func:`to_plain` gives it), file,
    line and player."""
    return (type(error).__name__, to_plain(error.message), error.file, error.line, error.player)


def error_from_plain(plain: Sequence[Any]) -> DeckcheckError:
    """The error :func:`error_to_plain` was given (of the same class, when deckcheck defines it)."""
    kind, message, file, line, player = plain
    cls = _error_classes().get(kind, DeckcheckError)
    error = cls.__new__(cls)  # a subclass's own __init__ may ask for other arguments
    DeckcheckError.__init__(error, from_plain(message), file=file, line=line)
    if player is not None:
        error.player = player
    return error


def _error_classes() -> dict[str, type[DeckcheckError]]:
    """Every loaded subclass of DeckcheckError by name (the kinds a worker can send)."""
    found: dict[str, type[DeckcheckError]] = {}
    todo = [DeckcheckError]
    while todo:
        cls = todo.pop()
        found.setdefault(cls.__name__, cls)
        todo.extend(cls.__subclasses__())
    return found

